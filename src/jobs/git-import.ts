/**
 * The git import job: reads the repository at the ref, converts its GitBook-format files into content, and makes
 * that the space's new revision (or, with `standalone`, a revision that does not replace the space's content).
 * All or nothing: a failure leaves the space as it was. A sync older than the last one applied is skipped.
 */
import type { Engine } from '../engine'
import type { JobRow } from '../store/tables/job.table'
import type { Trx } from '../store/database'
import { findSpaceById, updateSpace } from '../store/spaces'
import { deleteUnusedRevision, findRevisionById } from '../store/revisions'
import { putBlobs } from '../store/blobs'
import { nowIso } from '../store/ids'
import { loadContent } from '../domain/revisions/content'
import { writeRevision } from '../domain/revisions/write-revision'
import { TransientJobError, type JobProgress } from './worker'
import { recordSync, startSync, type GitSyncPayload } from './git-sync-state'

export interface GitImportPayload extends GitSyncPayload {
  standalone?: boolean
}

/**
 * Makes a set of GitBook-format files the space's new revision (all or nothing), reusing page ids by git path.
 * Shared by git import and `docsctl dev`. Answers the revision (null when the content did not change) and what
 * was read, with its problems.
 */
export async function importFiles(
  engine: Engine,
  spaceId: string,
  files: Map<string, Buffer>,
  options: {
    projectDirectory?: string
    standalone?: boolean
    git?: Record<string, unknown>
    /** `repoTreeURL`: the prefix of each imported page's `git.url` (followed by its path in the repository). */
    treeUrl?: string
    also?: (trx: Trx) => Promise<void>
    skipUnchanged?: boolean
    requireClean?: boolean
  } = {},
) {
  const { readSpace } = await import('../git/format/read-space')
  const space = (await findSpaceById(engine.db, spaceId))!
  const current = await findRevisionById(engine.db, space.revision_id)
  const previous = await loadContent(engine.db, current?.content_hash ?? null)
  const read = readSpace(files, { projectDirectory: options.projectDirectory, previous, treeUrl: options.treeUrl })
  // With requireClean (docsctl dev), content with problems is not applied: the last good content stays.
  if (options.requireClean && read.problems.length) return { revision: null, read }
  const revision = await engine.db.transaction().execute(async (trx) => {
    await putBlobs(trx, [...read.blobs.values()].map((data) => ({ data })))
    const id = await writeRevision(trx, { spaceId: space.id, content: { ...read.content, source: previous.source }, parents: [space.revision_id], type: 'edits', git: options.git })
    const written = await findRevisionById(trx, id)
    if (options.skipUnchanged && written?.content_hash === current?.content_hash) {
      await deleteUnusedRevision(trx, id)
      return null
    }
    if (!options.standalone) await updateSpace(trx, space.id, { revision_id: id, updated_at: nowIso() })
    await options.also?.(trx)
    return id
  })
  return { revision, read }
}

export async function runGitImport(engine: Engine, job: JobRow, payload: GitImportPayload, report: (progress: JobProgress) => void = () => {}) {
  const start = await startSync(engine, job, payload, 'import')
  if ('skipped' in start) return { skipped: true, result: start.skipped }
  const { space, sync } = start
  const { readRepository } = await import('../git/read-repository')
  let repository
  try {
    let files = 0
    let bytes = 0
    repository = await readRepository(start.url, payload.ref, (size) => report({ phase: 'read', files: ++files, bytes: (bytes += size) }))
  } catch (error) {
    if ((error as { status?: number }).status === 404 || (error as { status?: number }).status === 400) throw error
    throw new TransientJobError((error as Error).message)
  }
  const git = {
    oid: repository.oid,
    message: repository.message,
    createdByService: false,
    url: payload.repoCommitURL ? payload.repoCommitURL + repository.oid : payload.url,
    ref: payload.ref,
  }
  const { revision, read } = await importFiles(engine, space.id, repository.files, {
    projectDirectory: payload.repoProjectDirectory,
    standalone: payload.standalone,
    git,
    treeUrl: payload.repoTreeURL,
    also: (trx) => recordSync(trx, space.id, payload, sync, repository.oid),
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
