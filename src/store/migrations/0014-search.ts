import { sql, type Kysely } from 'kysely'

/**
 * Full-text search (SQLite FTS5): one row per section of a page of a space's current revision, and for each
 * space the revision the index holds. store/search.ts is the one module that speaks FTS5.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE VIRTUAL TABLE search_sections USING fts5(
    space_id UNINDEXED, page_id UNINDEXED, anchor UNINDEXED, page_title, section_title, body,
    tokenize = 'unicode61 remove_diacritics 2'
  )`.execute(db)
  await db.schema
    .createTable('search_indexed')
    .addColumn('space_id', 'text', (c) => c.primaryKey().references('spaces.id').onDelete('cascade'))
    .addColumn('revision_id', 'text', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('search_indexed').execute()
  await sql`DROP TABLE search_sections`.execute(db)
}
