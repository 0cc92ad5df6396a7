import type { Kysely } from 'kysely'

/** Content-addressed blobs, revision content, and change requests. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('blobs')
    .addColumn('hash', 'text', (c) => c.primaryKey())
    .addColumn('data', 'blob', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .execute()

  // The revision's content: hash of its manifest blob (page entries), variables as JSON. Rows stay immutable.
  await db.schema.alterTable('revisions').addColumn('content_hash', 'text').execute()

  await db.schema
    .createTable('change_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('space_id', 'text', (c) => c.notNull().references('spaces.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('revision_id', 'text', (c) => c.notNull())
    .addColumn('revision_initial', 'text', (c) => c.notNull())
    .addColumn('revision_merged_ancestor', 'text')
    .addColumn('revision_merged', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('change_requests_number', ['space_id', 'number'])
    .execute()
  await db.schema.createIndex('change_requests_space_status').on('change_requests').columns(['space_id', 'status', 'number']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('change_requests').execute()
  await db.schema.alterTable('revisions').dropColumn('content_hash').execute()
  await db.schema.dropTable('blobs').execute()
}
