/**
 * Comments and replies as GitBook's Comment and CommentReply. Presenting a page of them reads their authors,
 * reactions, repliers and target pages in a few queries, whatever the page size.
 */
import type { OperationContext } from '../operation'
import type { SpaceRow } from '../../store/tables/space.table'
import type { ChangeRequestRow } from '../../store/tables/change-request.table'
import type { CommentReactionRow, CommentRow } from '../../store/tables/comment.table'
import type { UserRow } from '../../store/tables/user.table'
import { listReactions, listRepliers } from '../../store/comments'
import { findUsersByIds } from '../../store/users'
import { contentOfRevision } from '../../domain/change-requests/change-requests'
import { pagePaths, type ContentSnapshot } from '../../domain/revisions/content'
import { documentConverter } from './page'
import { presentUser } from './user'
import { apiUrl } from './urls'

/** Where comments live: a space's content, or one of its change requests. */
export interface Thread {
  space: SpaceRow
  cr?: ChangeRequestRow
}

/** API path of the thread's comments. */
function commentsPath(thread: Thread): string {
  return thread.cr ? `/spaces/${thread.space.id}/change-requests/${thread.cr.id}/comments` : `/spaces/${thread.space.id}/comments`
}

/** What every post (comment or reply) shows: author, dates, reactions, body, permissions. */
async function postPresenter(ctx: OperationContext, thread: Thread, posts: CommentRow[], format: string | undefined, extraUserIds: string[] = []) {
  const reactions = await listReactions(ctx.db, posts.map((p) => p.id))
  const users = await findUsersByIds(ctx.db, [...posts.map((p) => p.posted_by), ...reactions.map((r) => r.user_id), ...extraUserIds])
  const byPost = groupBy(reactions, (r) => r.comment_id)
  const toDocument = await documentConverter(format)
  const user = (id: string) => presentUser(users.get(id) as UserRow, ctx.baseUrl)
  return {
    user,
    users,
    async present(post: CommentRow, location: string) {
      return {
        id: post.id,
        postedBy: user(post.posted_by),
        postedAt: post.posted_at,
        ...(post.edited_at ? { editedAt: post.edited_at } : {}),
        reactions: groupReactions(byPost.get(post.id) ?? [], user),
        body: toDocument ? { document: toDocument(post.body) } : { markdown: post.body },
        urls: { location: apiUrl(ctx.baseUrl, location) },
        permissions: await ctx.access.commentPermissionsOf(thread.space, post.posted_by),
      }
    },
  }
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const item of items) {
    const group = groups.get(key(item))
    if (group) group.push(item)
    else groups.set(key(item), [item])
  }
  return groups
}

/** Reactions grouped by emoji, in the order each emoji first appeared. */
function groupReactions(reactions: CommentReactionRow[], user: (id: string) => unknown) {
  return [...groupBy(reactions, (r) => r.emoji)].map(([emoji, rows]) => ({
    emoji,
    count: rows.length,
    users: rows.map((r) => ({ user: user(r.user_id), reactedAt: r.reacted_at })),
  }))
}

export async function presentComments(ctx: OperationContext, thread: Thread, comments: CommentRow[], format?: string) {
  const repliers = await listRepliers(ctx.db, comments.map((c) => c.id))
  const repliersOf = groupBy(repliers, (r) => r.parent_id)
  const resolvers = comments.flatMap((c) => (c.resolved_by ? [c.resolved_by] : []))
  const posts = await postPresenter(ctx, thread, comments, format, [...repliers.map((r) => r.posted_by), ...resolvers])
  const pages = await pageTargets(ctx, thread, comments)
  const path = commentsPath(thread)
  return Promise.all(
    comments.map(async (comment) => {
      const own = repliersOf.get(comment.id) ?? []
      return {
        object: 'comment' as const,
        ...(await posts.present(comment, `${path}/${comment.id}`)),
        replies: own.reduce((sum, r) => sum + r.n, 0),
        repliers: own.map((r) => ({ user: posts.user(r.posted_by), count: r.n, updatedAt: r.last })),
        target: {
          space: comment.space_id,
          revision: comment.revision_id,
          ...(comment.change_request_id ? { changeRequest: comment.change_request_id } : {}),
          ...(comment.review_id ? { review: comment.review_id } : {}),
          ...(pages.has(comment.id) ? { page: pages.get(comment.id) } : {}),
          ...(comment.node_id ? { node: { id: comment.node_id, preview: comment.node_preview ?? '' } } : {}),
          ...(comment.table_record !== null ? { tableCell: { record: comment.table_record, definition: comment.table_definition } } : {}),
        },
        status: comment.status as 'open' | 'resolved',
        ...(comment.status === 'resolved' && comment.resolved_at && comment.resolved_by && posts.users.has(comment.resolved_by)
          ? { resolvedAt: comment.resolved_at, resolvedBy: posts.user(comment.resolved_by) }
          : {}),
      }
    }),
  )
}

export async function presentReplies(ctx: OperationContext, thread: Thread, comment: CommentRow, replies: CommentRow[], format?: string) {
  const posts = await postPresenter(ctx, thread, replies, format)
  const path = `${commentsPath(thread)}/${comment.id}/replies`
  return Promise.all(replies.map(async (reply) => ({ object: 'comment-reply' as const, ...(await posts.present(reply, `${path}/${reply.id}`)) })))
}

/**
 * The page each comment points at, as it is now: read from the thread's current revision (the space's active one,
 * or the change request's head), so a moved or renamed page shows its new path and title. A page a later
 * revision deleted is read from the revision the comment was posted on, with `outdated: true`.
 */
async function pageTargets(ctx: OperationContext, thread: Thread, comments: CommentRow[]) {
  const targets = new Map<string, Record<string, unknown>>()
  const onPages = comments.filter((c) => c.page_id)
  if (onPages.length === 0) return targets
  const contents = new Map<string, Promise<{ content: ContentSnapshot; paths: Map<string, string> }>>()
  const read = (revisionId: string) => {
    let loaded = contents.get(revisionId)
    if (!loaded) contents.set(revisionId, (loaded = contentOfRevision(ctx.db, revisionId).then((content) => ({ content, paths: pagePaths(content) }))))
    return loaded
  }
  const head = await read(thread.cr?.revision_id ?? thread.space.revision_id)
  for (const comment of onPages) {
    const id = comment.page_id!
    const outdated = !head.content.pages.has(id)
    const { content, paths } = outdated ? await read(comment.revision_id) : head
    const page = content.pages.get(id)
    if (!page) {
      targets.set(comment.id, { id, outdated: true })
      continue
    }
    targets.set(comment.id, {
      id,
      title: page.title,
      ...(typeof page.meta.emoji === 'string' ? { emoji: page.meta.emoji } : {}),
      ...(typeof page.meta.icon === 'string' ? { icon: page.meta.icon } : {}),
      createdAt: page.createdAt,
      updatedAt: page.updatedAt,
      path: paths.get(id) ?? page.slug,
      outdated,
    })
  }
  return targets
}
