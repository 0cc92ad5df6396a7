/**
 * The git import job: reads the repository at the ref, converts its GitBook-format files into content, and makes
 * that the space's new revision (or, with `standalone`, a revision that does not replace the space's content).
 * All or nothing: a failure leaves the space as it was. A sync older than the last one applied is skipped.
 */
import type { Engine } from '../engine'
import type { JobRow } from '../store/tables/job.table'
import { findSpaceById, updateSpace } from '../store/spaces'
import { findRevisionById } from '../store/revisions'
import { findGitSync, upsertGitSync } from '../store/git-syncs'
import { putBlob } from '../store/blobs'
import { nowIso } from '../store/ids'
import { loadContent } from '../domain/revisions/content'
import { writeRevision } from '../domain/revisions/write-revision'
import { NotFoundError } from '../errors'
import { TransientJobError } from './worker'

export interface GitImportPayload {
  spaceId: string
  /** Without credentials; those stay in memory (engine.secrets) under the job id. */
  url: string
  ref: string
  repoProjectDirectory?: string
  repoTreeURL?: string
  repoCommitURL?: string
  timestamp?: string
  force?: boolean
  standalone?: boolean
  gitInfo?: { provider?: string; url?: string }
  /** The address had credentials (kept in memory only). */
  hasCredentials?: boolean
}

export async function runGitImport(engine: Engine, job: JobRow, payload: GitImportPayload) {
  const space = await findSpaceById(engine.db, payload.spaceId)
  if (!space || space.deleted_at) throw new NotFoundError(`Space "${payload.spaceId}" no longer exists.`)
  const sync = await findGitSync(engine.db, space.id)
  if (payload.timestamp && sync?.last_timestamp && payload.timestamp < sync.last_timestamp && !payload.force) {
    return { skipped: true, result: { reason: `An operation of ${sync.last_timestamp} was applied already; this one is of ${payload.timestamp}.` } }
  }
  const secretUrl = engine.secrets.get(job.id)
  if (payload.hasCredentials && secretUrl === undefined) {
    throw new Error('The repository credentials are only kept in memory and were lost in a restart: start the import again.')
  }
  const { readRepository } = await import('../git/read-repository')
  const { readSpace } = await import('../git/format/read-space')
  let repository
  try {
    repository = await readRepository(secretUrl ?? payload.url, payload.ref)
  } catch (error) {
    if ((error as { status?: number }).status === 404 || (error as { status?: number }).status === 400) throw error
    throw new TransientJobError((error as Error).message)
  }
  const current = await findRevisionById(engine.db, space.revision_id)
  const previous = await loadContent(engine.db, current?.content_hash ?? null)
  const read = readSpace(repository.files, { projectDirectory: payload.repoProjectDirectory, previous })
  const revision = await engine.db.transaction().execute(async (trx) => {
    for (const bytes of read.blobs.values()) await putBlob(trx, bytes)
    const git = {
      oid: repository.oid,
      message: repository.message,
      createdByService: false,
      url: payload.repoCommitURL ? payload.repoCommitURL + repository.oid : payload.url,
      ref: payload.ref,
    }
    const id = await writeRevision(trx, { spaceId: space.id, content: { ...read.content, source: previous.source }, parents: [space.revision_id], type: 'edits', git })
    const at = nowIso()
    if (!payload.standalone) await updateSpace(trx, space.id, { revision_id: id, updated_at: at })
    await upsertGitSync(trx, {
      space_id: space.id,
      url: payload.url,
      ref: payload.ref,
      repo_name: repoName(payload.url),
      provider: payload.gitInfo?.provider ?? 'git',
      tree_url: payload.repoTreeURL ?? null,
      commit_url: payload.repoCommitURL ?? null,
      project_directory: payload.repoProjectDirectory ?? null,
      last_timestamp: payload.timestamp ?? at,
      last_commit: repository.oid,
      updated_at: at,
    })
    return id
  })
  engine.secrets.delete(job.id)
  return {
    result: {
      revision,
      commit: repository.oid,
      pages: read.content.pages.size,
      files: read.content.files?.size ?? 0,
      problems: read.problems,
      skippedEntries: repository.skipped,
    },
  }
}

function repoName(url: string): string {
  return url.replace(/\/+$/, '').replace(/\.git$/, '').split(/[/:]/).slice(-2).join('/')
}
