import type { Insertable, Selectable, Updateable } from 'kysely'

/** A comment on a space's or a change request's content, or a reply to one (`parent_id` set). */
export interface CommentTable {
  id: string
  space_id: string
  /** Null: on the space's content. */
  change_request_id: string | null
  /** Null: a comment; else the comment this replies to. */
  parent_id: string | null
  posted_by: string
  posted_at: string
  edited_at: string | null
  /** Markdown. */
  body: string
  /** The revision the comment was posted on (the space's, or the change request's head). */
  revision_id: string
  page_id: string | null
  /** Anchor of a heading of the page, and the heading's text when posted. */
  node_id: string | null
  node_preview: string | null
  table_record: string | null
  table_definition: string | null
  /** The review this comment was posted with. */
  review_id: string | null
  /** `open` or `resolved` (replies: always `open`). */
  status: string
  resolved_at: string | null
  resolved_by: string | null
}
export type CommentRow = Selectable<CommentTable>
export type NewCommentRow = Insertable<CommentTable>
export type CommentUpdate = Updateable<CommentTable>

/** One user's reaction with one emoji to a comment or reply. */
export interface CommentReactionTable {
  comment_id: string
  user_id: string
  emoji: string
  reacted_at: string
}
export type CommentReactionRow = Selectable<CommentReactionTable>
