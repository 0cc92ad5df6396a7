/**
 * The git export job: writes the space's current content as one commit on the ref (the caller as author, the
 * current tip as parent, the branch created when absent), in GitBook's format, leaving files outside the space's
 * root as they are, and pushes it. When the tip moved since the last sync and `force` is false, it fails and says so.
 */
import type { Engine } from '../engine'
import type { JobRow } from '../store/tables/job.table'
import { findRevisionById } from '../store/revisions'
import { getBlobs } from '../store/blobs'
import { loadContent } from '../domain/revisions/content'
import { ApiError } from '../errors'
import { TransientJobError, type JobProgress } from './worker'
import { recordSync, startSync, type GitSyncPayload } from './git-sync-state'

export interface GitExportPayload extends GitSyncPayload {
  commitMessage: string
  author: { name: string; email: string }
}

export async function runGitExport(engine: Engine, job: JobRow, payload: GitExportPayload, report: (progress: JobProgress) => void = () => {}) {
  const start = await startSync(engine, job, payload, 'export')
  if ('skipped' in start) return { skipped: true, result: start.skipped }
  const { space, sync } = start
  const revision = await findRevisionById(engine.db, space.revision_id)
  const content = await loadContent(engine.db, revision?.content_hash ?? null)
  const blobs = await getBlobs(engine.db, [...(content.files?.values() ?? [])].map((f) => f.blob))
  const [{ writeCommit }, { readSpace }, { writeSpace }] = await Promise.all([import('../git/write-commit'), import('../git/format/read-space'), import('../git/format/write-space')])
  let written
  try {
    written = await writeCommit({
      url: start.url,
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
        let files = 0
        let size = 0
        for (const [path, bytes] of writeSpace(content, (hash) => blobs.get(hash), { layout: read.layout, preserved: read.preserved })) {
          next.set(path, bytes)
          report({ phase: 'write', files: ++files, bytes: (size += bytes.length) })
        }
        return next
      },
    })
  } catch (error) {
    if (error instanceof ApiError) throw error
    throw new TransientJobError((error as Error).message)
  }
  await recordSync(engine.db, space.id, payload, sync, written.oid)
  engine.secrets.delete(job.id)
  return { result: { commit: written.oid, changedFiles: written.changed } }
}
