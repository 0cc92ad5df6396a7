/**
 * The git export job: writes the space's current content as one commit on the ref (the caller as author, the
 * current tip as parent, the branch created when absent), in GitBook's format, leaving files outside the space's
 * root as they are, and pushes it. When the tip moved since the last sync and `force` is false, it fails and says so.
 */
import type { Engine } from '../engine'
import type { JobRow } from '../store/tables/job.table'
import { findSpaceById } from '../store/spaces'
import { findRevisionById } from '../store/revisions'
import { findGitSync, upsertGitSync } from '../store/git-syncs'
import { getBlobs } from '../store/blobs'
import { nowIso } from '../store/ids'
import { loadContent } from '../domain/revisions/content'
import { ApiError, NotFoundError } from '../errors'
import { TransientJobError } from './worker'
import type { GitImportPayload } from './git-import'

export interface GitExportPayload extends GitImportPayload {
  commitMessage: string
  author: { name: string; email: string }
}

export async function runGitExport(engine: Engine, job: JobRow, payload: GitExportPayload) {
  const space = await findSpaceById(engine.db, payload.spaceId)
  if (!space || space.deleted_at) throw new NotFoundError(`Space "${payload.spaceId}" no longer exists.`)
  const sync = await findGitSync(engine.db, space.id)
  if (payload.timestamp && sync?.last_timestamp && payload.timestamp < sync.last_timestamp && !payload.force) {
    return { skipped: true, result: { reason: `An operation of ${sync.last_timestamp} was applied already; this one is of ${payload.timestamp}.` } }
  }
  const secretUrl = engine.secrets.get(job.id)
  if (payload.hasCredentials && secretUrl === undefined) {
    throw new Error('The repository credentials are only kept in memory and were lost in a restart: start the export again.')
  }
  const revision = await findRevisionById(engine.db, space.revision_id)
  const content = await loadContent(engine.db, revision?.content_hash ?? null)
  const blobs = await getBlobs(engine.db, [...(content.files?.values() ?? [])].map((f) => f.blob))
  const [{ writeCommit }, { readSpace }, { writeSpace }] = await Promise.all([import('../git/write-commit'), import('../git/format/read-space'), import('../git/format/write-space')])
  let written
  try {
    written = await writeCommit({
      url: secretUrl ?? payload.url,
      ref: payload.ref,
      message: payload.commitMessage,
      author: payload.author,
      expectedTip: sync?.url === payload.url ? sync.last_commit : null,
      force: payload.force,
      build: (current) => {
        const read = readSpace(current, { projectDirectory: payload.repoProjectDirectory })
        const root = read.layout.root
        const inRoot = (path: string) => !root || path.startsWith(root + '/')
        const next = new Map([...current].filter(([path]) => !inRoot(path)))
        for (const [path, bytes] of writeSpace(content, (hash) => blobs.get(hash), { layout: read.layout, preserved: read.preserved })) next.set(path, bytes)
        return next
      },
    })
  } catch (error) {
    if (error instanceof ApiError) throw error
    throw new TransientJobError((error as Error).message)
  }
  const at = nowIso()
  await upsertGitSync(engine.db, {
    space_id: space.id,
    url: payload.url,
    ref: payload.ref,
    repo_name: sync?.repo_name ?? payload.url.replace(/\/+$/, '').replace(/\.git$/, '').split(/[/:]/).slice(-2).join('/'),
    provider: payload.gitInfo?.provider ?? sync?.provider ?? 'git',
    tree_url: payload.repoTreeURL ?? sync?.tree_url ?? null,
    commit_url: payload.repoCommitURL ?? sync?.commit_url ?? null,
    project_directory: payload.repoProjectDirectory ?? null,
    last_timestamp: payload.timestamp ?? at,
    last_commit: written.oid,
    updated_at: at,
  })
  engine.secrets.delete(job.id)
  return { result: { commit: written.oid, changedFiles: written.changed } }
}
