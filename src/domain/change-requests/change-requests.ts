/**
 * Change requests: proposed edits with their own head revision. Created from the space's active revision; edited
 * by batches of content changes; merged back, or updated from the space, by a three-way merge.
 */
import type { Db, Trx } from '../../store/database'
import type { SpaceRow } from '../../store/tables/space.table'
import type { ChangeRequestRow } from '../../store/tables/change-request.table'
import { addContributor, findChangeRequest, insertChangeRequest, nextChangeRequestNumber, updateChangeRequest } from '../../store/change-requests'
import { findSpaceById, updateSpace } from '../../store/spaces'
import { findRevisionById } from '../../store/revisions'
import { newId, nowIso } from '../../store/ids'
import { BadRequestError, ConflictError, NotFoundError } from '../../errors'
import { loadContent, type ContentSnapshot, type FileSnapshot } from '../revisions/content'
import { prepareFile, type PreparedFile } from '../files/file-source'
import { putBlobs } from '../../store/blobs'
import { mergeSnapshots } from '../revisions/three-way-merge'
import { refreshSearchIndex } from '../search/search-index'
import { writeRevision } from '../revisions/write-revision'
import { applyContentChanges, type ChangeOutcome, type ContentChange } from './apply-content-changes'
import { REQUIRE_APPROVED_REVIEW, requiresApprovedReview } from './merge-rules'
import { hasCurrentReview } from '../../store/reviews'

export async function createChangeRequest(db: Db, space: SpaceRow, userId: string, subject: string): Promise<ChangeRequestRow> {
  return db.transaction().execute(async (trx) => {
    const at = nowIso()
    const row: ChangeRequestRow = {
      id: newId(),
      space_id: space.id,
      number: await nextChangeRequestNumber(trx, space.id),
      status: 'open',
      subject,
      created_by: userId,
      revision_id: space.revision_id,
      revision_initial: space.revision_id,
      revision_merged_ancestor: null,
      revision_merged: null,
      created_at: at,
      updated_at: at,
      contributors: JSON.stringify([userId]),
    }
    await insertChangeRequest(trx, row)
    return row
  })
}

/** The revision a change request diverged from: the last space revision merged into it, else its initial one. */
export function baseRevisionOf(cr: ChangeRequestRow): string {
  return cr.revision_merged_ancestor ?? cr.revision_initial
}

/** True when the space moved on since the change request's base (and it is not merged). */
export function isOutdated(cr: ChangeRequestRow, space: Pick<SpaceRow, 'revision_id'>): boolean {
  return cr.status !== 'merged' && space.revision_id !== baseRevisionOf(cr)
}

export async function contentOfRevision(db: Db | Trx, revisionId: string): Promise<ContentSnapshot> {
  const revision = await findRevisionById(db, revisionId)
  if (!revision) throw new NotFoundError(`Revision "${revisionId}" does not exist.`)
  return loadContent(db, revision.content_hash)
}

function assertEditable(cr: ChangeRequestRow) {
  if (cr.status === 'merged') throw new ConflictError(`Change request #${cr.number} is merged: its content can no longer change.`)
  if (cr.status === 'archived') throw new ConflictError(`Change request #${cr.number} is archived: set its status to "open" to edit it.`)
}

/** Applies a batch of changes as one new revision of the change request (files are fetched first). */
export async function updateContent(
  db: Db,
  space: SpaceRow,
  cr: ChangeRequestRow,
  userId: string,
  changes: ContentChange[],
  /** Files already in hand (an import's images), by change index: those are not fetched again. */
  prepared = new Map<number, PreparedFile[]>(),
): Promise<{ cr: ChangeRequestRow; outcomes: ChangeOutcome[]; insertedFiles: FileSnapshot[] }> {
  assertEditable(cr)
  for (const [index, change] of changes.entries()) {
    if (change.operation === 'insert_files' && !prepared.has(index)) {
      prepared.set(index, await Promise.all(change.files.map((file, i) => prepareFile(file, `body.changes[${index}].files[${i}]`))))
    }
  }
  const content = await contentOfRevision(db, cr.revision_id)
  const revertSource = async (revisionId: string | undefined, where: string) => {
    if (revisionId === undefined) return contentOfRevision(db, baseRevisionOf(cr))
    const revision = await findRevisionById(db, revisionId)
    if (!revision || revision.space_id !== space.id) throw new BadRequestError(`${where}: revision "${revisionId}" does not exist in this space.`)
    return loadContent(db, revision.content_hash)
  }
  const { content: next, outcomes, insertedFiles } = await applyContentChanges(content, changes, revertSource, prepared)
  return db.transaction().execute(async (trx) => {
    await putBlobs(trx, [...prepared.values()].flat().map((file) => ({ data: file.bytes })))
    const revision = await writeRevision(trx, { spaceId: space.id, content: next, parents: [cr.revision_id], type: 'edits' })
    const at = nowIso()
    await updateChangeRequest(trx, cr.id, { revision_id: revision, updated_at: at })
    await addContributor(trx, cr.id, userId)
    return { cr: { ...cr, revision_id: revision, updated_at: at }, outcomes, insertedFiles }
  })
}

/**
 * Merges a change request into its space: base = its base revision, ours = the space head, theirs = its head.
 * On success the space gets a new revision with both heads as parents and the change request is merged; on a
 * conflict nothing changes and a ConflictError lists every conflict. The space's merge rules are checked first.
 */
export async function mergeChangeRequest(db: Db, space: SpaceRow, cr: ChangeRequestRow): Promise<string> {
  assertEditable(cr)
  const merged = await db.transaction().execute(async (trx) => {
    // Read the space inside the transaction: a merge racing another sees the other's result.
    const current = (await findSpaceById(trx, space.id))!
    await assertMergeRules(trx, current, cr)
    const head = current.revision_id
    const [base, ours, theirs] = await Promise.all([baseRevisionOf(cr), head, cr.revision_id].map((id) => contentOfRevision(trx, id)))
    const result = head === baseRevisionOf(cr) ? { ok: true as const, merged: theirs } : mergeSnapshots(base, ours, theirs)
    if (!result.ok) {
      throw new ConflictError(`Change request #${cr.number} conflicts with the space's content: ${result.conflicts.map((c) => c.message).join(' ')}`, {
        conflicts: result.conflicts,
      })
    }
    // Stored as a change of the space head: only what the change request brings is written.
    const merged = { ...result.merged, source: head === baseRevisionOf(cr) ? theirs.source : ours.source }
    const revision = await writeRevision(trx, { spaceId: space.id, content: merged, parents: [head, cr.revision_id], type: 'merge' })
    const at = nowIso()
    await updateSpace(trx, space.id, { revision_id: revision, updated_at: at })
    await updateChangeRequest(trx, cr.id, { status: 'merged', revision_merged: revision, updated_at: at })
    return revision
  })
  await refreshSearchIndex(db, { id: space.id, revision_id: merged })
  return merged
}

/** Refuses (409) to merge a change request its space's rules do not let merge yet. */
async function assertMergeRules(trx: Trx, space: { id: string; merge_rules: string }, cr: ChangeRequestRow): Promise<void> {
  if (!requiresApprovedReview(JSON.parse(space.merge_rules))) return
  // The author's own approval does not count: the rule asks for a second pair of eyes.
  if (await hasCurrentReview(trx, cr.id, cr.revision_id, 'approved', cr.created_by)) return
  throw new ConflictError(
    `Change request #${cr.number} needs an approved review of its current revision before it can merge: space "${space.id}" requires one (merge rule ${REQUIRE_APPROVED_REVIEW}). ` +
      `Reviews of earlier revisions are outdated, and the author's own approval does not count. Ask a reviewer (someone with the "review" role) to approve it: POST …/reviews with status "approved", or \`docsctl cr review <number> --approve\`.`,
  )
}

/** Brings the space's current content into the change request by the same three-way merge. */
export async function updateFromSpace(db: Db, space: SpaceRow, cr: ChangeRequestRow): Promise<string> {
  assertEditable(cr)
  return db.transaction().execute(async (trx) => {
    const head = (await findSpaceById(trx, space.id))!.revision_id
    const [base, spaceContent, crContent] = await Promise.all([baseRevisionOf(cr), head, cr.revision_id].map((id) => contentOfRevision(trx, id)))
    const result = mergeSnapshots(base, crContent, spaceContent)
    if (!result.ok) {
      throw new ConflictError(`The space's content conflicts with change request #${cr.number}: ${result.conflicts.map((c) => c.message).join(' ')}`, {
        conflicts: result.conflicts,
      })
    }
    const merged = { ...result.merged, source: crContent.source }
    const revision = head === baseRevisionOf(cr) ? cr.revision_id : await writeRevision(trx, { spaceId: space.id, content: merged, parents: [cr.revision_id, head], type: 'update' })
    await updateChangeRequest(trx, cr.id, { revision_id: revision, revision_merged_ancestor: head, updated_at: nowIso() })
    return revision
  })
}

export { findChangeRequest }
