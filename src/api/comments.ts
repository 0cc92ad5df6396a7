/**
 * Comments and replies: the spec's "Space comments" and "Change request comments" tables, plus the reply
 * operations GitBook's API has that the spec leaves out. Each operation exists once per thread — the space's
 * content (`…InSpace`) and a change request's (`…InChangeRequest`) — built here from one definition.
 */
import { Type, type TString } from '@sinclair/typebox/type'
import { defineOperation, type OperationContext } from './operation'
import { Emoji, Id } from './schemas/common'
import { Limits } from './schemas/limits'
import { ListOf, PageQuery, listEnvelope } from './schemas/pagination'
import { loadLiveSpace } from './spaces'
import { loadChangeRequest } from './change-requests'
import { presentMembers } from './members'
import { presentComments, presentReplies, type Thread } from './presenters/comment'
import { deleteComment, findComment, findReply, listCommenters, listComments, listReplies, type ThreadKey } from '../store/comments'
import { postComment, postReply, updatePost, type PostChanges } from '../domain/discussions/comments'
import { contentOfRevision } from '../domain/change-requests/change-requests'
import { NotFoundError } from '../errors'
import type { CommentRow } from '../store/tables/comment.table'

/** One of the two places comments live, and how operations on it are named and reached. */
interface Scope {
  /** End of GitBook's operationIds: `listCommentsInSpace`, `listCommentsInChangeRequest`. */
  suffix: 'InSpace' | 'InChangeRequest'
  /** Path of the thread, under /v1. */
  path: string
  params: { spaceId: TString; changeRequestId?: TString }
  /** "the space" / "a change request", for summaries. */
  noun: string
  load(ctx: OperationContext, params: { spaceId: string; changeRequestId?: string }): Promise<Thread>
}

const SPACE: Scope = {
  suffix: 'InSpace',
  path: '/spaces/{spaceId}',
  params: { spaceId: Id('Id of the space') },
  noun: "the space's content",
  load: async (ctx, params) => ({ space: await loadLiveSpace(ctx, params.spaceId) }),
}

const CHANGE_REQUEST: Scope = {
  suffix: 'InChangeRequest',
  path: '/spaces/{spaceId}/change-requests/{changeRequestId}',
  params: { spaceId: Id('Id of the space'), changeRequestId: Id('Id or number of the change request') },
  noun: 'a change request',
  load: (ctx, params) => loadChangeRequest(ctx, params.spaceId, params.changeRequestId!),
}

/** The thread's path parameters (typed as both: `changeRequestId` is only there, and only read, for change requests). */
const ThreadParams = (scope: Scope) => scope.params as { spaceId: TString; changeRequestId: TString }
const CommentParams = (scope: Scope) => Type.Object({ ...ThreadParams(scope), commentId: Id('Id of the comment') })
const ReplyParams = (scope: Scope) => Type.Object({ ...ThreadParams(scope), commentId: Id('Id of the comment'), commentReplyId: Id('Id of the reply') })

const Format = Type.Unsafe<'markdown' | 'document'>({
  type: 'string',
  enum: ['markdown', 'document'],
  description: '`markdown` (default): bodies as `{markdown}`; `document`: as `{document}`, GitBook\'s JSON document.',
})
const FormatQuery = Type.Object({ format: Type.Optional(Format) })
const Body = Type.Object(
  { markdown: Type.String({ maxLength: Limits.comment.body, description: 'What the comment says, in Markdown (not empty).' }) },
  { description: 'The content of the comment: `{markdown}`.' },
)
const Reactions = (what: string) => Type.Optional(Type.Array(Emoji, { maxItems: Limits.comment.reactions, description: `Emojis (one each) ${what}; idempotent.` }))
const ReplyChanges = {
  body: Type.Optional(Body),
  addedReactions: Reactions("the caller reacts with"),
  removedReactions: Reactions("whose reaction by the caller is taken back"),
}
const Comment = Type.Object({ object: Type.Literal('comment'), id: Type.String() }, { additionalProperties: true })
const CommentReply = Type.Object({ object: Type.Literal('comment-reply'), id: Type.String() }, { additionalProperties: true })

const keyOf = (thread: Thread): ThreadKey => ({ spaceId: thread.space.id, changeRequestId: thread.cr?.id ?? null })

async function loadComment(ctx: OperationContext, scope: Scope, params: { spaceId: string; changeRequestId?: string; commentId: string }) {
  const thread = await scope.load(ctx, params)
  const comment = await findComment(ctx.db, keyOf(thread), params.commentId)
  if (!comment) throw new NotFoundError(`Comment "${params.commentId}" does not exist in ${thread.cr ? `change request #${thread.cr.number}` : `space "${thread.space.id}"`} (or was deleted).`)
  return { thread, comment }
}

async function loadReply(ctx: OperationContext, scope: Scope, params: { spaceId: string; changeRequestId?: string; commentId: string; commentReplyId: string }) {
  const { thread, comment } = await loadComment(ctx, scope, params)
  const reply = await findReply(ctx.db, comment.id, params.commentReplyId)
  if (!reply) throw new NotFoundError(`Reply "${params.commentReplyId}" to comment "${comment.id}" does not exist (or was deleted).`)
  return { thread, comment, reply }
}

const presentComment = async (ctx: OperationContext, thread: Thread, row: CommentRow, format?: string) => (await presentComments(ctx, thread, [row], format))[0]
const presentReply = async (ctx: OperationContext, thread: Thread, comment: CommentRow, row: CommentRow, format?: string) =>
  (await presentReplies(ctx, thread, comment, [row], format))[0]

/** Authorizes what a PUT asks for: the body is its author's to edit; resolving and reacting need `comment`. */
async function authorizeChanges(ctx: OperationContext, thread: Thread, post: CommentRow, changes: PostChanges) {
  if (changes.markdown !== undefined) await ctx.access.authorizeComment('edit', thread.space, post.posted_by)
  if (changes.resolved !== undefined || changes.addedReactions?.length || changes.removedReactions?.length) {
    await ctx.access.authorizeComment('reply', thread.space, post.posted_by)
  }
}

const listCommentsOf = (scope: Scope) =>
  defineOperation({
    id: `listComments${scope.suffix}`,
    method: 'GET',
    path: `${scope.path}/comments`,
    tag: 'comments',
    summary: `List the comments on ${scope.noun} (newest first by default)`,
    params: Type.Object(ThreadParams(scope)),
    query: Type.Object({
      ...PageQuery,
      order: Type.Optional(Type.Unsafe<'asc' | 'desc'>({ type: 'string', enum: ['asc', 'desc'], default: 'desc', description: 'By posting time.' })),
      status: Type.Optional(Type.Unsafe<'all' | 'open' | 'resolved'>({ type: 'string', enum: ['all', 'open', 'resolved'], default: 'all' })),
      format: Type.Optional(Format),
      targetPage: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Only comments on this page.' })),
      authors: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 100, description: 'Only comments posted by these users (ids).' })),
    }),
    success: 200,
    response: ListOf(Comment),
    async handler(ctx, { params, query }) {
      const thread = await scope.load(ctx, params)
      const status = query.status === 'all' ? undefined : query.status
      const page = await listComments(ctx.db, keyOf(thread), { status, pageId: query.targetPage, authors: query.authors }, query.order ?? 'desc', { page: query.page, limit: query.limit! })
      return listEnvelope({ ...page, items: await presentComments(ctx, thread, page.items, query.format) })
    },
  })

const postCommentOn = (scope: Scope) =>
  defineOperation({
    id: `postComment${scope.suffix}`,
    method: 'POST',
    path: `${scope.path}/comments`,
    tag: 'comments',
    summary: `Post a comment on ${scope.noun}, optionally on a page and a heading of it`,
    description:
      '`page` is a page of the current revision; `node` the anchor of one of its headings (the slug of the heading text, as in the page address `#anchor`); `tableCell` is stored as given. Needs the `comment` role.',
    params: Type.Object(ThreadParams(scope)),
    body: Type.Object({
      body: Body,
      page: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Id of the page the comment is about.' })),
      node: Type.Optional(Type.String({ minLength: 1, maxLength: Limits.comment.node, description: 'Anchor of a heading of the page.' })),
      tableCell: Type.Optional(
        Type.Object({ record: Type.String({ minLength: 1, maxLength: Limits.comment.tableCell }), definition: Type.String({ minLength: 1, maxLength: Limits.comment.tableCell }) }),
      ),
    }),
    bodyRequired: true,
    success: 200,
    response: Comment,
    async handler(ctx, { params, body }) {
      const thread = await scope.load(ctx, params)
      await ctx.access.authorize('space', 'comment', { kind: 'space', row: thread.space })
      const revisionId = thread.cr?.revision_id ?? thread.space.revision_id
      const row = await postComment(ctx.db, {
        thread: keyOf(thread),
        revisionId,
        content: await contentOfRevision(ctx.db, revisionId),
        authorId: ctx.actor.user.id,
        markdown: body.body.markdown,
        target: { page: body.page, node: body.node, tableCell: body.tableCell },
      })
      return presentComment(ctx, thread, row)
    },
  })

const getCommentOf = (scope: Scope) =>
  defineOperation({
    id: `getComment${scope.suffix}`,
    method: 'GET',
    path: `${scope.path}/comments/{commentId}`,
    tag: 'comments',
    summary: `Get a comment on ${scope.noun}`,
    params: CommentParams(scope),
    query: FormatQuery,
    success: 200,
    response: Comment,
    async handler(ctx, { params, query }) {
      const { thread, comment } = await loadComment(ctx, scope, params)
      return presentComment(ctx, thread, comment, query.format)
    },
  })

const updateCommentOf = (scope: Scope) =>
  defineOperation({
    id: `updateComment${scope.suffix}`,
    method: 'PUT',
    path: `${scope.path}/comments/{commentId}`,
    tag: 'comments',
    summary: `Resolve or reopen a comment on ${scope.noun}, edit its body, or react to it`,
    description:
      '`resolved` true/false sets `status` (and `resolvedAt`/`resolvedBy`); `body` (its author only) sets `editedAt`; `addedReactions`/`removedReactions` add or take back the caller\'s reactions. All or nothing.',
    params: CommentParams(scope),
    body: Type.Object({ resolved: Type.Optional(Type.Boolean()), ...ReplyChanges }),
    bodyRequired: true,
    success: 200,
    response: Comment,
    async handler(ctx, { params, body }) {
      const { thread, comment } = await loadComment(ctx, scope, params)
      const changes: PostChanges = { resolved: body.resolved, markdown: body.body?.markdown, addedReactions: body.addedReactions, removedReactions: body.removedReactions }
      await authorizeChanges(ctx, thread, comment, changes)
      await updatePost(ctx.db, comment, ctx.actor.user.id, changes)
      return presentComment(ctx, thread, (await findComment(ctx.db, keyOf(thread), comment.id))!)
    },
  })

const deleteCommentOf = (scope: Scope) =>
  defineOperation({
    id: `deleteComment${scope.suffix}`,
    method: 'DELETE',
    path: `${scope.path}/comments/{commentId}`,
    tag: 'comments',
    summary: `Delete a comment on ${scope.noun} with its replies (its author, or an admin of the space)`,
    params: CommentParams(scope),
    success: 204,
    async handler(ctx, { params }) {
      const thread = await scope.load(ctx, params)
      const comment = await findComment(ctx.db, keyOf(thread), params.commentId)
      if (!comment) return
      await ctx.access.authorizeComment('delete', thread.space, comment.posted_by)
      await deleteComment(ctx.db, comment.id)
    },
  })

const listRepliesOf = (scope: Scope) =>
  defineOperation({
    id: `listCommentReplies${scope.suffix}`,
    method: 'GET',
    path: `${scope.path}/comments/{commentId}/replies`,
    tag: 'comments',
    summary: `List the replies to a comment on ${scope.noun}, oldest first`,
    params: CommentParams(scope),
    query: Type.Object({ ...PageQuery, format: Type.Optional(Format) }),
    success: 200,
    response: ListOf(CommentReply),
    async handler(ctx, { params, query }) {
      const { thread, comment } = await loadComment(ctx, scope, params)
      const page = await listReplies(ctx.db, comment.id, { page: query.page, limit: query.limit! })
      return listEnvelope({ ...page, items: await presentReplies(ctx, thread, comment, page.items, query.format) })
    },
  })

const postReplyTo = (scope: Scope) =>
  defineOperation({
    id: `postCommentReply${scope.suffix}`,
    method: 'POST',
    path: `${scope.path}/comments/{commentId}/replies`,
    tag: 'comments',
    summary: `Reply to a comment on ${scope.noun} (the \`comment\` role)`,
    params: CommentParams(scope),
    query: FormatQuery,
    body: Type.Object({ body: Body }),
    bodyRequired: true,
    success: 200,
    response: CommentReply,
    async handler(ctx, { params, query, body }) {
      const { thread, comment } = await loadComment(ctx, scope, params)
      await ctx.access.authorizeComment('reply', thread.space, comment.posted_by)
      const reply = await postReply(ctx.db, comment, ctx.actor.user.id, body.body.markdown)
      return presentReply(ctx, thread, comment, reply, query.format)
    },
  })

const getReplyOf = (scope: Scope) =>
  defineOperation({
    id: `getCommentReply${scope.suffix}`,
    method: 'GET',
    path: `${scope.path}/comments/{commentId}/replies/{commentReplyId}`,
    tag: 'comments',
    summary: `Get a reply to a comment on ${scope.noun}`,
    params: ReplyParams(scope),
    query: FormatQuery,
    success: 200,
    response: CommentReply,
    async handler(ctx, { params, query }) {
      const { thread, comment, reply } = await loadReply(ctx, scope, params)
      return presentReply(ctx, thread, comment, reply, query.format)
    },
  })

const updateReplyOf = (scope: Scope) =>
  defineOperation({
    id: `updateCommentReply${scope.suffix}`,
    method: 'PUT',
    path: `${scope.path}/comments/{commentId}/replies/{commentReplyId}`,
    tag: 'comments',
    summary: `Edit a reply to a comment on ${scope.noun} (its author), or react to it`,
    params: ReplyParams(scope),
    body: Type.Object(ReplyChanges),
    bodyRequired: true,
    success: 200,
    response: CommentReply,
    async handler(ctx, { params, body }) {
      const { thread, comment, reply } = await loadReply(ctx, scope, params)
      const changes: PostChanges = { markdown: body.body?.markdown, addedReactions: body.addedReactions, removedReactions: body.removedReactions }
      await authorizeChanges(ctx, thread, reply, changes)
      await updatePost(ctx.db, reply, ctx.actor.user.id, changes)
      return presentReply(ctx, thread, comment, (await findReply(ctx.db, comment.id, reply.id))!)
    },
  })

const deleteReplyOf = (scope: Scope) =>
  defineOperation({
    id: `deleteCommentReply${scope.suffix}`,
    method: 'DELETE',
    path: `${scope.path}/comments/{commentId}/replies/{commentReplyId}`,
    tag: 'comments',
    summary: `Delete a reply to a comment on ${scope.noun} (its author, or an admin of the space)`,
    params: ReplyParams(scope),
    success: 204,
    async handler(ctx, { params }) {
      const thread = await scope.load(ctx, params)
      const comment = await findComment(ctx.db, keyOf(thread), params.commentId)
      const reply = comment && (await findReply(ctx.db, comment.id, params.commentReplyId))
      if (!reply) return
      await ctx.access.authorizeComment('delete', thread.space, reply.posted_by)
      await deleteComment(ctx.db, reply.id)
    },
  })

const listCommentersOf = (scope: Scope) =>
  defineOperation({
    id: `listCommenters${scope.suffix}`,
    method: 'GET',
    path: `${scope.path}/commenters`,
    tag: 'comments',
    summary: `List the members who posted comments or replies on ${scope.noun}, by name`,
    params: Type.Object(ThreadParams(scope)),
    query: Type.Object({ ...PageQuery }),
    success: 200,
    async handler(ctx, { params, query }) {
      const thread = await scope.load(ctx, params)
      const page = await listCommenters(ctx.db, thread.space.organization_id, keyOf(thread), { page: query.page, limit: query.limit! })
      return listEnvelope({ ...page, items: await presentMembers(ctx, thread.space.organization_id, page.items) })
    },
  })

export const listCommentsInSpace = listCommentsOf(SPACE)
export const postCommentInSpace = postCommentOn(SPACE)
export const getCommentInSpace = getCommentOf(SPACE)
export const updateCommentInSpace = updateCommentOf(SPACE)
export const deleteCommentInSpace = deleteCommentOf(SPACE)
export const listCommentRepliesInSpace = listRepliesOf(SPACE)
export const postCommentReplyInSpace = postReplyTo(SPACE)
export const getCommentReplyInSpace = getReplyOf(SPACE)
export const updateCommentReplyInSpace = updateReplyOf(SPACE)
export const deleteCommentReplyInSpace = deleteReplyOf(SPACE)
export const listCommentersInSpace = listCommentersOf(SPACE)

export const listCommentsInChangeRequest = listCommentsOf(CHANGE_REQUEST)
export const postCommentInChangeRequest = postCommentOn(CHANGE_REQUEST)
export const getCommentInChangeRequest = getCommentOf(CHANGE_REQUEST)
export const updateCommentInChangeRequest = updateCommentOf(CHANGE_REQUEST)
export const deleteCommentInChangeRequest = deleteCommentOf(CHANGE_REQUEST)
export const listCommentRepliesInChangeRequest = listRepliesOf(CHANGE_REQUEST)
export const postCommentReplyInChangeRequest = postReplyTo(CHANGE_REQUEST)
export const getCommentReplyInChangeRequest = getReplyOf(CHANGE_REQUEST)
export const updateCommentReplyInChangeRequest = updateReplyOf(CHANGE_REQUEST)
export const deleteCommentReplyInChangeRequest = deleteReplyOf(CHANGE_REQUEST)
export const listCommentersInChangeRequest = listCommentersOf(CHANGE_REQUEST)
