/**
 * Reviews of change requests: a reviewer approves or requests changes against the change request's head revision,
 * optionally with a message (posted as a comment of the change request that names the review). A review is
 * outdated once the change request moves to another revision or its reviewer reviews again.
 */
import type { Db } from '../../store/database'
import type { SpaceRow } from '../../store/tables/space.table'
import type { ChangeRequestRow } from '../../store/tables/change-request.table'
import type { RequestedReviewerRow, ReviewRow } from '../../store/tables/review.table'
import { findRequestedReviewer, insertReview, upsertRequestedReviewers } from '../../store/reviews'
import { updateChangeRequest } from '../../store/change-requests'
import { findUsersByIds } from '../../store/users'
import { newId, nextTimestamp, nowIso } from '../../store/ids'
import { BadRequestError, ConflictError } from '../../errors'
import { emptyContent } from '../revisions/content'
import { commentBody, postComment } from '../discussions/comments'
import { PermissionResolver } from '../permissions/resolve-permissions'
import { LEVEL } from '../permissions/roles'

export const REVIEW_STATUSES = ['approved', 'changes-requested'] as const
export type ReviewStatus = (typeof REVIEW_STATUSES)[number]

/** A review can only be given while the change request's content may still change. */
function assertReviewable(cr: ChangeRequestRow) {
  if (cr.status === 'merged') throw new ConflictError(`Change request #${cr.number} is merged: it can no longer be reviewed.`)
  if (cr.status === 'archived') throw new ConflictError(`Change request #${cr.number} is archived: set its status to "open" to review it.`)
}

/** Records a review of the change request's head revision by `reviewerId` (authorized to review). */
export async function submitReview(
  db: Db,
  args: { space: SpaceRow; cr: ChangeRequestRow; reviewerId: string; status: ReviewStatus; message?: string },
): Promise<ReviewRow> {
  assertReviewable(args.cr)
  const message = args.message === undefined ? undefined : commentBody(args.message, 'body.comment.markdown')
  return db.transaction().execute(async (trx) => {
    const at = nextTimestamp()
    const id = newId()
    const request = await findRequestedReviewer(trx, args.cr.id, args.reviewerId)
    const comment =
      message === undefined
        ? null
        : await postComment(trx, {
            thread: { spaceId: args.space.id, changeRequestId: args.cr.id },
            revisionId: args.cr.revision_id,
            content: emptyContent(),
            authorId: args.reviewerId,
            markdown: message,
            reviewId: id,
          })
    const row: ReviewRow = {
      id,
      change_request_id: args.cr.id,
      reviewer_id: args.reviewerId,
      requested_by: request?.requested_by ?? null,
      status: args.status,
      revision_id: args.cr.revision_id,
      superseded: 0,
      comment_id: comment?.id ?? null,
      created_at: at,
      updated_at: at,
    }
    await insertReview(trx, row)
    return row
  })
}

/**
 * Asks users to review the change request (asking again renews the request); optionally renames it. Every user
 * must be able to review the space, or nothing is requested.
 */
export async function requestReviewers(
  db: Db,
  args: { space: SpaceRow; cr: ChangeRequestRow; userIds: string[]; requestedBy: string; subject?: string },
): Promise<RequestedReviewerRow[]> {
  assertReviewable(args.cr)
  const userIds = [...new Set(args.userIds)]
  const users = await findUsersByIds(db, userIds)
  for (const [index, userId] of args.userIds.entries()) {
    const user = users.get(userId)
    if (!user) throw new BadRequestError(`body.users[${index}]: user "${userId}" does not exist.`)
    const level = await new PermissionResolver(db, { user, tokenId: null }).levelOf({ kind: 'space', row: args.space })
    if (level < LEVEL.review) {
      throw new BadRequestError(`body.users[${index}]: ${user.display_name} (${userId}) may not review this space: reviewing needs the "review" role or higher.`)
    }
  }
  const rows = userIds.map((userId) => ({ change_request_id: args.cr.id, user_id: userId, requested_by: args.requestedBy, revision_id: args.cr.revision_id, created_at: nextTimestamp() }))
  const at = nowIso()
  await db.transaction().execute(async (trx) => {
    await upsertRequestedReviewers(trx, rows)
    if (args.subject !== undefined) await updateChangeRequest(trx, args.cr.id, { subject: args.subject.trim(), updated_at: at })
  })
  return rows
}
