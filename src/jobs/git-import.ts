/**
 * The git import job: reads the repository at the ref, converts its GitBook-format files into content, and makes
 * that the space's new revision (or, with `standalone`, a revision that does not replace the space's content).
 * All or nothing: a failure leaves the space as it was. A sync older than the last one applied is skipped.
 */
import type { Engine } from '../engine'
import type { JobRow } from '../store/tables/job.table'
import { updateSpace } from '../store/spaces'
import { findRevisionById } from '../store/revisions'
import { putBlob } from '../store/blobs'
import { nowIso } from '../store/ids'
import { loadContent } from '../domain/revisions/content'
import { writeRevision } from '../domain/revisions/write-revision'
import { TransientJobError } from './worker'
import { recordSync, startSync, type GitSyncPayload } from './git-sync-state'

export interface GitImportPayload extends GitSyncPayload {
  standalone?: boolean
}

export async function runGitImport(engine: Engine, job: JobRow, payload: GitImportPayload) {
  const start = await startSync(engine, job, payload, 'import')
  if ('skipped' in start) return { skipped: true, result: start.skipped }
  const { space, sync } = start
  const { readRepository } = await import('../git/read-repository')
  const { readSpace } = await import('../git/format/read-space')
  let repository
  try {
    repository = await readRepository(start.url, payload.ref)
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
    if (!payload.standalone) await updateSpace(trx, space.id, { revision_id: id, updated_at: nowIso() })
    await recordSync(trx, space.id, payload, sync, repository.oid)
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
