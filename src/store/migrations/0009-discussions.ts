import type { Kysely } from 'kysely'

/**
 * Discussions and reviews: comments and their replies (one table: a reply is a comment with a parent), reactions
 * to either, change request reviews and requested reviewers.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('space_id', 'text', (c) => c.notNull().references('spaces.id').onDelete('cascade'))
    // Null: a comment on the space's content; else on the change request's.
    .addColumn('change_request_id', 'text', (c) => c.references('change_requests.id').onDelete('cascade'))
    // Null: a comment; else a reply to that comment (deleting the comment deletes its replies).
    .addColumn('parent_id', 'text', (c) => c.references('comments.id').onDelete('cascade'))
    .addColumn('posted_by', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('posted_at', 'text', (c) => c.notNull())
    .addColumn('edited_at', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    // The revision the comment was posted on, and what it points at there.
    .addColumn('revision_id', 'text', (c) => c.notNull())
    .addColumn('page_id', 'text')
    .addColumn('node_id', 'text')
    .addColumn('node_preview', 'text')
    .addColumn('table_record', 'text')
    .addColumn('table_definition', 'text')
    .addColumn('review_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('resolved_at', 'text')
    .addColumn('resolved_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute()
  // Lists seek by thread (space or change request) in posting order; replies by parent.
  await db.schema.createIndex('comments_space').on('comments').columns(['space_id', 'change_request_id', 'posted_at', 'id']).execute()
  await db.schema.createIndex('comments_change_request').on('comments').columns(['change_request_id', 'posted_at', 'id']).execute()
  await db.schema.createIndex('comments_parent').on('comments').columns(['parent_id', 'posted_at', 'id']).execute()

  await db.schema
    .createTable('comment_reactions')
    .addColumn('comment_id', 'text', (c) => c.notNull().references('comments.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('emoji', 'text', (c) => c.notNull())
    .addColumn('reacted_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('comment_reactions_pk', ['comment_id', 'emoji', 'user_id'])
    .execute()

  await db.schema
    .createTable('change_request_reviews')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('change_request_id', 'text', (c) => c.notNull().references('change_requests.id').onDelete('cascade'))
    .addColumn('reviewer_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('requested_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull())
    // The change request's revision when reviewed: the review is outdated once the change request moves on.
    .addColumn('revision_id', 'text', (c) => c.notNull())
    // 1 once the same reviewer submitted a newer review.
    .addColumn('superseded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('comment_id', 'text', (c) => c.references('comments.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('change_request_reviews_cr').on('change_request_reviews').columns(['change_request_id', 'created_at', 'id']).execute()

  await db.schema
    .createTable('change_request_reviewers')
    .addColumn('change_request_id', 'text', (c) => c.notNull().references('change_requests.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('requested_by', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('revision_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('change_request_reviewers_pk', ['change_request_id', 'user_id'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['change_request_reviewers', 'change_request_reviews', 'comment_reactions', 'comments']) await db.schema.dropTable(table).execute()
}
