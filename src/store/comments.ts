/** Comments, replies and reactions. A reply is a comment row with `parent_id`; a thread is a space or a change request. */
import type { ExpressionBuilder } from 'kysely'
import type { Database, Db, Trx } from './database'
import type { CommentReactionRow, CommentRow, CommentUpdate, NewCommentRow } from './tables/comment.table'
import { paginate, type Page, type PageRequest } from './pagination'
import { runCachedRead } from './prepared-reads'
import { nextTimestamp } from './ids'

/** Where comments live: a space's content (`changeRequestId` null) or a change request's. */
export interface ThreadKey {
  spaceId: string
  changeRequestId: string | null
}

function inThread(eb: ExpressionBuilder<Database, 'comments'>, thread: ThreadKey) {
  return eb.and([
    eb('comments.space_id', '=', thread.spaceId),
    thread.changeRequestId === null ? eb('comments.change_request_id', 'is', null) : eb('comments.change_request_id', '=', thread.changeRequestId),
  ])
}

/** A comment (not a reply) of the thread. */
export function findComment(db: Db | Trx, thread: ThreadKey, id: string): Promise<CommentRow | undefined> {
  return db.selectFrom('comments').selectAll().where((eb) => inThread(eb, thread)).where('id', '=', id).where('parent_id', 'is', null).executeTakeFirst()
}

/** A reply to a comment. */
export function findReply(db: Db | Trx, commentId: string, id: string): Promise<CommentRow | undefined> {
  return db.selectFrom('comments').selectAll().where('id', '=', id).where('parent_id', '=', commentId).executeTakeFirst()
}

export interface CommentFilter {
  status?: 'open' | 'resolved'
  pageId?: string
  /** Only comments posted by these users. */
  authors?: string[]
}

/** The comments of a thread, by posting time (`desc`: newest first). */
export function listComments(db: Db, thread: ThreadKey, filter: CommentFilter, order: 'asc' | 'desc', request: PageRequest): Promise<Page<CommentRow>> {
  let query = db.selectFrom('comments').selectAll().where((eb) => inThread(eb, thread)).where('parent_id', 'is', null)
  if (filter.status) query = query.where('status', '=', filter.status)
  if (filter.pageId) query = query.where('page_id', '=', filter.pageId)
  if (filter.authors?.length) query = query.where('posted_by', 'in', filter.authors)
  return paginate(db, query, [{ column: 'posted_at', direction: order }, { column: 'id', direction: order }], request)
}

/** The replies to a comment, oldest first (the order of the conversation). */
export function listReplies(db: Db, commentId: string, request: PageRequest): Promise<Page<CommentRow>> {
  const query = db.selectFrom('comments').selectAll().where('parent_id', '=', commentId)
  return paginate(db, query, [{ column: 'posted_at', direction: 'asc' }, { column: 'id', direction: 'asc' }], request)
}

export async function insertComment(trx: Db | Trx, row: NewCommentRow): Promise<void> {
  await trx.insertInto('comments').values(row).execute()
}

export async function updateComment(trx: Db | Trx, id: string, update: CommentUpdate): Promise<void> {
  await trx.updateTable('comments').set(update).where('id', '=', id).execute()
}

/** Deletes a comment or reply; a comment's replies and every reaction go with it (foreign keys cascade). */
export async function deleteComment(db: Db | Trx, id: string): Promise<void> {
  await db.deleteFrom('comments').where('id', '=', id).execute()
}

/** Adds the user's reactions, in this order; one already there stays as it was. */
export async function addReactions(trx: Db | Trx, commentId: string, userId: string, emojis: string[]): Promise<void> {
  if (emojis.length === 0) return
  await trx
    .insertInto('comment_reactions')
    .values(emojis.map((emoji) => ({ comment_id: commentId, user_id: userId, emoji, reacted_at: nextTimestamp() })))
    .onConflict((oc) => oc.columns(['comment_id', 'emoji', 'user_id']).doNothing())
    .execute()
}

/** Removes the user's reactions (those absent are ignored). */
export async function removeReactions(trx: Db | Trx, commentId: string, userId: string, emojis: string[]): Promise<void> {
  if (emojis.length === 0) return
  await trx.deleteFrom('comment_reactions').where('comment_id', '=', commentId).where('user_id', '=', userId).where('emoji', 'in', emojis).execute()
}

/** Reactions to these comments or replies, oldest first. */
export async function listReactions(db: Db, commentIds: string[]): Promise<CommentReactionRow[]> {
  if (commentIds.length === 0) return []
  return db.selectFrom('comment_reactions').selectAll().where('comment_id', 'in', commentIds).orderBy('reacted_at').orderBy('emoji').orderBy('user_id').execute()
}

/** Who replied to these comments: per comment and author, how many replies and when the last one was posted. */
export async function listRepliers(db: Db, commentIds: string[]): Promise<{ parent_id: string; posted_by: string; n: number; last: string }[]> {
  if (commentIds.length === 0) return []
  const rows = await db
    .selectFrom('comments')
    .select(['parent_id', 'posted_by', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.max('posted_at').as('last')])
    .where('parent_id', 'in', commentIds)
    .groupBy(['parent_id', 'posted_by'])
    .orderBy('last')
    .execute()
  return rows.map((row) => ({ parent_id: row.parent_id!, posted_by: row.posted_by, n: Number(row.n), last: String(row.last) }))
}

/** Open comments on the content of each space (not those of its change requests); cached until the next write. */
export async function countOpenSpaceComments(db: Db, spaceIds: string[]): Promise<Map<string, number>> {
  if (spaceIds.length === 0) return new Map()
  const rows = await runCachedRead(
    db,
    db
      .selectFrom('comments')
      .select(['space_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('space_id', 'in', spaceIds)
      .where('change_request_id', 'is', null)
      .where('parent_id', 'is', null)
      .where('status', '=', 'open')
      .groupBy('space_id'),
  )
  return new Map(rows.map((row) => [row.space_id, Number(row.n)]))
}

/** Open comments of each change request; cached until the next write. */
export async function countOpenChangeRequestComments(db: Db, changeRequestIds: string[]): Promise<Map<string, number>> {
  if (changeRequestIds.length === 0) return new Map()
  const rows = await runCachedRead(
    db,
    db
      .selectFrom('comments')
      .select(['change_request_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('change_request_id', 'in', changeRequestIds)
      .where('parent_id', 'is', null)
      .where('status', '=', 'open')
      .groupBy('change_request_id'),
  )
  return new Map(rows.map((row) => [row.change_request_id!, Number(row.n)]))
}

/** Members of the organization who posted a comment or a reply in the thread, by name, with their users. */
export function listCommenters(db: Db, organizationId: string, thread: ThreadKey, request: PageRequest) {
  const query = db
    .selectFrom('members')
    .innerJoin('users', 'users.id', 'members.user_id')
    .selectAll('members')
    .select(['users.id as id', 'users.display_name', 'users.email', 'users.photo_url', 'users.created_at'])
    .where('members.organization_id', '=', organizationId)
    .where((eb) => eb.exists(eb.selectFrom('comments').select('comments.id').whereRef('comments.posted_by', '=', 'users.id').where((c) => inThread(c, thread))))
  return paginate(db, query, [{ column: 'users.display_name', direction: 'asc' }, { column: 'users.id', direction: 'asc' }], request)
}

/** Comments or replies by id (ids not found are absent). */
export async function findCommentsByIds(db: Db, ids: string[]): Promise<CommentRow[]> {
  if (ids.length === 0) return []
  return db.selectFrom('comments').selectAll().where('id', 'in', ids).execute()
}
