/** Change request reviews and requested reviewers: GitBook's review operations (the spec does not list them). */
import { Type } from '@sinclair/typebox/type'
import { defineOperation, type OperationContext } from './operation'
import { Id } from './schemas/common'
import { Limits } from './schemas/limits'
import { ListOf, PageQuery, listEnvelope } from './schemas/pagination'
import { loadChangeRequest } from './change-requests'
import { presentRequestedReviewers, presentReviews } from './presenters/review'
import { deleteRequestedReviewer, findReview, listRequestedReviewers, listReviews } from '../store/reviews'
import { findCommentsByIds } from '../store/comments'
import { REVIEW_STATUSES, requestReviewers, submitReview, type ReviewStatus } from '../domain/change-requests/reviews'
import { NotFoundError } from '../errors'
import type { ReviewRow } from '../store/tables/review.table'
import type { ChangeRequestRow } from '../store/tables/change-request.table'
import type { SpaceRow } from '../store/tables/space.table'

const CrParams = { spaceId: Id('Id of the space'), changeRequestId: Id('Id or number of the change request') }
const Format = Type.Unsafe<'markdown' | 'document'>({ type: 'string', enum: ['markdown', 'document'], description: 'Format of the review comments\' bodies.' })
const Review = Type.Object({ object: Type.Literal('change-request-review'), id: Type.String() }, { additionalProperties: true })
const RequestedReviewer = Type.Object({ object: Type.Literal('change-request-requested-reviewer') }, { additionalProperties: true })

async function present(ctx: OperationContext, space: SpaceRow, cr: ChangeRequestRow, reviews: ReviewRow[], format?: string) {
  const comments = await findCommentsByIds(ctx.db, reviews.flatMap((r) => (r.comment_id ? [r.comment_id] : [])))
  return presentReviews(ctx, { space, cr }, reviews, comments, format)
}

export const getReviewsByChangeRequestId = defineOperation({
  id: 'getReviewsByChangeRequestId',
  method: 'GET',
  path: '/spaces/{spaceId}/change-requests/{changeRequestId}/reviews',
  tag: 'reviews',
  summary: 'List the reviews of a change request, newest first',
  description: '`outdated=false`: only current reviews (of the head revision, not superseded by the same reviewer); `true`: only outdated ones.',
  params: Type.Object(CrParams),
  query: Type.Object({ ...PageQuery, format: Type.Optional(Format), outdated: Type.Optional(Type.Boolean()) }),
  success: 200,
  response: ListOf(Review),
  async handler(ctx, { params, query }) {
    const { space, cr } = await loadChangeRequest(ctx, params.spaceId, params.changeRequestId)
    const page = await listReviews(ctx.db, cr.id, { outdated: query.outdated, revisionId: cr.revision_id }, { page: query.page, limit: query.limit! })
    return listEnvelope({ ...page, items: await present(ctx, space, cr, page.items, query.format) })
  },
})

export const submitChangeRequestReview = defineOperation({
  id: 'submitChangeRequestReview',
  method: 'POST',
  path: '/spaces/{spaceId}/change-requests/{changeRequestId}/reviews',
  tag: 'reviews',
  summary: "Approve a change request's current revision or request changes (the `review` role)",
  description: 'An optional `comment` (`{markdown}`) is posted as a comment of the change request, with `target.review`.',
  params: Type.Object(CrParams),
  body: Type.Object({
    status: Type.Unsafe<ReviewStatus>({ type: 'string', enum: [...REVIEW_STATUSES] }),
    comment: Type.Optional(Type.Object({ markdown: Type.String({ maxLength: Limits.comment.body }) })),
  }),
  bodyRequired: true,
  success: 201,
  response: Review,
  async handler(ctx, { params, body }) {
    const { space, cr } = await loadChangeRequest(ctx, params.spaceId, params.changeRequestId)
    await ctx.access.authorize('space', 'review', { kind: 'space', row: space })
    const review = await submitReview(ctx.db, { space, cr, reviewerId: ctx.actor.user.id, status: body.status, message: body.comment?.markdown })
    return (await present(ctx, space, cr, [review]))[0]
  },
})

export const getChangeRequestReviewById = defineOperation({
  id: 'getChangeRequestReviewById',
  method: 'GET',
  path: '/spaces/{spaceId}/change-requests/{changeRequestId}/reviews/{reviewId}',
  tag: 'reviews',
  summary: 'Get a review of a change request',
  params: Type.Object({ ...CrParams, reviewId: Id('Id of the review') }),
  query: Type.Object({ format: Type.Optional(Format) }),
  success: 200,
  response: Review,
  async handler(ctx, { params, query }) {
    const { space, cr } = await loadChangeRequest(ctx, params.spaceId, params.changeRequestId)
    const review = await findReview(ctx.db, cr.id, params.reviewId)
    if (!review) throw new NotFoundError(`Review "${params.reviewId}" does not exist in change request #${cr.number}.`)
    return (await present(ctx, space, cr, [review], query.format))[0]
  },
})

export const getRequestedReviewersByChangeRequestId = defineOperation({
  id: 'getRequestedReviewersByChangeRequestId',
  method: 'GET',
  path: '/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers',
  tag: 'reviews',
  summary: 'List the users asked to review a change request, in the order they were asked',
  params: Type.Object(CrParams),
  query: Type.Object({ ...PageQuery }),
  success: 200,
  response: ListOf(RequestedReviewer),
  async handler(ctx, { params, query }) {
    const { cr } = await loadChangeRequest(ctx, params.spaceId, params.changeRequestId)
    const page = await listRequestedReviewers(ctx.db, cr.id, { page: query.page, limit: query.limit! })
    return listEnvelope({ ...page, items: await presentRequestedReviewers(ctx, page.items) })
  },
})

export const requestReviewersForChangeRequest = defineOperation({
  id: 'requestReviewersForChangeRequest',
  method: 'POST',
  path: '/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers',
  tag: 'reviews',
  summary: 'Ask users (with the `review` role on the space) to review a change request (the `edit` role)',
  description: 'Asking again renews the request. `subject` optionally renames the change request at the same time.',
  params: Type.Object(CrParams),
  body: Type.Object({
    users: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: Limits.review.requestedUsers, description: 'Ids of the users.' }),
    subject: Type.Optional(Type.String({ maxLength: Limits.changeRequest.subject })),
  }),
  bodyRequired: true,
  success: 200,
  async handler(ctx, { params, body }) {
    const { space, cr } = await loadChangeRequest(ctx, params.spaceId, params.changeRequestId)
    await ctx.access.authorize('space', 'edit', { kind: 'space', row: space })
    const rows = await requestReviewers(ctx.db, { space, cr, userIds: body.users, requestedBy: ctx.actor.user.id, subject: body.subject })
    return { users: await presentRequestedReviewers(ctx, rows) }
  },
})

export const removeRequestedReviewerFromChangeRequest = defineOperation({
  id: 'removeRequestedReviewerFromChangeRequest',
  method: 'DELETE',
  path: '/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers/{userId}',
  tag: 'reviews',
  summary: 'Withdraw the request for a user to review a change request (the `edit` role)',
  params: Type.Object({ ...CrParams, userId: Id('Id of the user') }),
  success: 204,
  async handler(ctx, { params }) {
    const { space, cr } = await loadChangeRequest(ctx, params.spaceId, params.changeRequestId)
    await ctx.access.authorize('space', 'edit', { kind: 'space', row: space })
    await deleteRequestedReviewer(ctx.db, cr.id, params.userId)
  },
})
