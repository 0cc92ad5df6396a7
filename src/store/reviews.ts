/** Change request reviews and requested reviewers. */
import type { Db, Trx } from './database'
import type { NewReviewRow, RequestedReviewerRow, ReviewRow } from './tables/review.table'
import { paginate, type Page, type PageRequest } from './pagination'

export function findReview(db: Db | Trx, changeRequestId: string, id: string): Promise<ReviewRow | undefined> {
  return db.selectFrom('change_request_reviews').selectAll().where('change_request_id', '=', changeRequestId).where('id', '=', id).executeTakeFirst()
}

/**
 * Reviews of a change request, newest first. `outdated`: only those (not) outdated at `revisionId`, the change
 * request's head — a review is outdated when it reviewed another revision or its reviewer reviewed again since.
 */
export function listReviews(db: Db, changeRequestId: string, filter: { outdated?: boolean; revisionId: string }, request: PageRequest): Promise<Page<ReviewRow>> {
  let query = db.selectFrom('change_request_reviews').selectAll().where('change_request_id', '=', changeRequestId)
  if (filter.outdated === false) query = query.where('superseded', '=', 0).where('revision_id', '=', filter.revisionId)
  if (filter.outdated === true) query = query.where((eb) => eb.or([eb('superseded', '=', 1), eb('revision_id', '!=', filter.revisionId)]))
  return paginate(db, query, [{ column: 'created_at', direction: 'desc' }, { column: 'id', direction: 'desc' }], request)
}

/** Inserts a review; the reviewer's earlier reviews of the change request are superseded by it. */
export async function insertReview(trx: Trx, row: NewReviewRow): Promise<void> {
  await trx.updateTable('change_request_reviews').set({ superseded: 1 }).where('change_request_id', '=', row.change_request_id).where('reviewer_id', '=', row.reviewer_id).execute()
  await trx.insertInto('change_request_reviews').values(row).execute()
}

/** Whether a current (not outdated) review of `revisionId` has this status. */
/** Whether someone other than `notBy` left a current review with `status` on the revision. */
export async function hasCurrentReview(db: Db | Trx, changeRequestId: string, revisionId: string, status: string, notBy: string): Promise<boolean> {
  const row = await db
    .selectFrom('change_request_reviews')
    .select('id')
    .where('change_request_id', '=', changeRequestId)
    .where('revision_id', '=', revisionId)
    .where('superseded', '=', 0)
    .where('status', '=', status)
    .where('reviewer_id', '!=', notBy)
    .executeTakeFirst()
  return row !== undefined
}

export function findRequestedReviewer(db: Db | Trx, changeRequestId: string, userId: string): Promise<RequestedReviewerRow | undefined> {
  return db.selectFrom('change_request_reviewers').selectAll().where('change_request_id', '=', changeRequestId).where('user_id', '=', userId).executeTakeFirst()
}

/** Users asked to review the change request, in the order they were asked. */
export function listRequestedReviewers(db: Db, changeRequestId: string, request: PageRequest): Promise<Page<RequestedReviewerRow>> {
  const query = db.selectFrom('change_request_reviewers').selectAll().where('change_request_id', '=', changeRequestId)
  return paginate(db, query, [{ column: 'created_at', direction: 'asc' }, { column: 'user_id', direction: 'asc' }], request)
}

/** Asks users for a review; asking again renews the request (who asked, at which revision, when). */
export async function upsertRequestedReviewers(trx: Trx, rows: RequestedReviewerRow[]): Promise<void> {
  for (const row of rows) {
    await trx
      .insertInto('change_request_reviewers')
      .values(row)
      .onConflict((oc) => oc.columns(['change_request_id', 'user_id']).doUpdateSet({ requested_by: row.requested_by, revision_id: row.revision_id, created_at: row.created_at }))
      .execute()
  }
}

export async function deleteRequestedReviewer(db: Db, changeRequestId: string, userId: string): Promise<void> {
  await db.deleteFrom('change_request_reviewers').where('change_request_id', '=', changeRequestId).where('user_id', '=', userId).execute()
}
