/** Change request reviews and requested reviewers, as GitBook's ChangeRequestReview and ChangeRequestRequestedReviewer. */
import type { OperationContext } from '../operation'
import type { RequestedReviewerRow, ReviewRow } from '../../store/tables/review.table'
import type { UserRow } from '../../store/tables/user.table'
import type { CommentRow } from '../../store/tables/comment.table'
import { findUsersByIds } from '../../store/users'
import { presentComments, type Thread } from './comment'
import { presentUser } from './user'
import { apiUrl } from './urls'

/** Presents reviews of `thread.cr`; `comments` are the comments posted with them (by id). */
export async function presentReviews(ctx: OperationContext, thread: Required<Thread>, reviews: ReviewRow[], comments: CommentRow[], format?: string) {
  const users = await findUsersByIds(ctx.db, reviews.flatMap((r) => (r.requested_by ? [r.reviewer_id, r.requested_by] : [r.reviewer_id])))
  const presented = await presentComments(ctx, thread, comments, format)
  const commentById = new Map(presented.map((c) => [c.id, c]))
  const user = (id: string) => presentUser(users.get(id) as UserRow, ctx.baseUrl)
  return reviews.map((review) => ({
    object: 'change-request-review' as const,
    id: review.id,
    revision: review.revision_id,
    reviewer: user(review.reviewer_id),
    ...(review.requested_by && users.has(review.requested_by) ? { requestedBy: user(review.requested_by) } : {}),
    status: review.status,
    outdated: review.superseded === 1 || review.revision_id !== thread.cr.revision_id,
    ...(review.comment_id && commentById.has(review.comment_id) ? { comment: commentById.get(review.comment_id) } : {}),
    createdAt: review.created_at,
    updatedAt: review.updated_at,
    urls: { location: apiUrl(ctx.baseUrl, `/spaces/${thread.space.id}/change-requests/${thread.cr.id}/reviews/${review.id}`) },
  }))
}

export async function presentRequestedReviewers(ctx: OperationContext, rows: RequestedReviewerRow[]) {
  const users = await findUsersByIds(ctx.db, rows.flatMap((r) => [r.user_id, r.requested_by]))
  const user = (id: string) => presentUser(users.get(id) as UserRow, ctx.baseUrl)
  return rows.map((row) => ({
    object: 'change-request-requested-reviewer' as const,
    kind: 'user' as const,
    user: user(row.user_id),
    requestedBy: user(row.requested_by),
    revision: row.revision_id,
    createdAt: row.created_at,
  }))
}
