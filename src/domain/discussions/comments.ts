/**
 * Comments and replies: posting one against the revision it is read on (its target checked there), and the
 * changes a PUT makes — resolution, body, the caller's reactions — applied together or not at all.
 * Callers authorize first (PermissionResolver.authorizeComment); these functions only check the input.
 */
import type { Db, Trx } from '../../store/database'
import type { CommentRow, CommentUpdate } from '../../store/tables/comment.table'
import { addReactions, insertComment, removeReactions, updateComment, type ThreadKey } from '../../store/comments'
import { newId, nextTimestamp, nowIso } from '../../store/ids'
import { BadRequestError } from '../../errors'
import type { ContentSnapshot } from '../revisions/content'
import { pageNodes } from './page-nodes'

export interface CommentTargetInput {
  /** Id of a page of the revision. */
  page?: string
  /** Anchor of a heading of that page (see page-nodes.ts). */
  node?: string
  tableCell?: { record: string; definition: string }
}

export interface PostCommentArgs {
  thread: ThreadKey
  /** The revision the comment is posted on: the space's active one, or the change request's head. */
  revisionId: string
  content: ContentSnapshot
  authorId: string
  markdown: string
  target?: CommentTargetInput
  reviewId?: string
}

/** A body's Markdown, trimmed; an empty one is refused. */
export function commentBody(markdown: string, field = 'body.body.markdown'): string {
  const body = markdown.trim()
  if (!body) throw new BadRequestError(`${field}: must not be empty; write what you want to say.`)
  return body
}

/** The target columns of a comment, checked against the revision's content. */
function targetOf(content: ContentSnapshot, target: CommentTargetInput = {}) {
  const { page: pageId, node, tableCell } = target
  if ((node !== undefined || tableCell !== undefined) && pageId === undefined) {
    throw new BadRequestError(`body.${node !== undefined ? 'node' : 'tableCell'}: give body.page too, the page it is in.`)
  }
  if (pageId === undefined) return {}
  const page = content.pages.get(pageId)
  if (!page) throw new BadRequestError(`body.page: page "${pageId}" does not exist in this revision; list the pages with GET …/content/pages.`)
  let preview: string | null = null
  if (node !== undefined) {
    const nodes = pageNodes(page.markdown)
    const found = nodes.find((n) => n.id === node)
    if (!found) {
      const known = nodes.length ? `its headings' anchors are ${nodes.map((n) => `"${n.id}"`).join(', ')}` : 'it has no headings'
      throw new BadRequestError(`body.node: page "${pageId}" has no node "${node}": a node is the anchor of a heading of the page, and ${known}.`)
    }
    preview = found.preview
  }
  return {
    page_id: pageId,
    node_id: node ?? null,
    node_preview: preview,
    table_record: tableCell?.record ?? null,
    table_definition: tableCell?.definition ?? null,
  }
}

/** Posts a comment (status `open`) on the thread; answers its row. */
export async function postComment(db: Db | Trx, args: PostCommentArgs): Promise<CommentRow> {
  const row: CommentRow = {
    id: newId(),
    space_id: args.thread.spaceId,
    change_request_id: args.thread.changeRequestId,
    parent_id: null,
    posted_by: args.authorId,
    posted_at: nextTimestamp(),
    edited_at: null,
    body: commentBody(args.markdown),
    revision_id: args.revisionId,
    page_id: null,
    node_id: null,
    node_preview: null,
    table_record: null,
    table_definition: null,
    ...targetOf(args.content, args.target),
    review_id: args.reviewId ?? null,
    status: 'open',
    resolved_at: null,
    resolved_by: null,
  }
  await insertComment(db, row)
  return row
}

/** Posts a reply to a comment; it lives in the comment's thread, on the comment's revision. */
export async function postReply(db: Db, comment: CommentRow, authorId: string, markdown: string): Promise<CommentRow> {
  const row: CommentRow = {
    ...comment,
    id: newId(),
    parent_id: comment.id,
    posted_by: authorId,
    posted_at: nextTimestamp(),
    edited_at: null,
    body: commentBody(markdown),
    review_id: null,
    status: 'open',
    resolved_at: null,
    resolved_by: null,
  }
  await insertComment(db, row)
  return row
}

export interface PostChanges {
  /** Comments only: true resolves, false reopens. */
  resolved?: boolean
  /** New Markdown of the body (the author's alone: authorize `edit` first). */
  markdown?: string
  /** Emojis the caller reacts with, and those whose reaction the caller takes back; each idempotent. */
  addedReactions?: string[]
  removedReactions?: string[]
}

/** Applies a PUT to a comment or reply in one transaction: everything, or nothing when the input is refused. */
export async function updatePost(db: Db, post: CommentRow, userId: string, changes: PostChanges): Promise<void> {
  const added = [...new Set(changes.addedReactions ?? [])]
  const removed = [...new Set(changes.removedReactions ?? [])]
  const both = added.find((emoji) => removed.includes(emoji))
  if (both) throw new BadRequestError(`body.removedReactions: "${both}" is also in body.addedReactions; send it in one of them.`)
  const at = nowIso()
  const update: CommentUpdate = {}
  if (changes.markdown !== undefined) Object.assign(update, { body: commentBody(changes.markdown), edited_at: at })
  if (changes.resolved === true && post.status !== 'resolved') Object.assign(update, { status: 'resolved', resolved_at: at, resolved_by: userId })
  if (changes.resolved === false && post.status !== 'open') Object.assign(update, { status: 'open', resolved_at: null, resolved_by: null })
  await db.transaction().execute(async (trx) => {
    if (Object.keys(update).length) await updateComment(trx, post.id, update)
    await addReactions(trx, post.id, userId, added)
    await removeReactions(trx, post.id, userId, removed)
  })
}
