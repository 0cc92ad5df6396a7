import { sql, type Kysely } from 'kysely'

/**
 * Full-text search (SQLite FTS5). `search_sections` is a contentless index (the text lives in the pages; the index
 * keeps only its terms) of one row per section of a page of a space's current revision; `search_rows` says which
 * space, page and section each row is, with a hash of its text so that an edit rewrites only the sections that
 * changed; `search_indexed` records the revision each space's index holds. store/search.ts is the one module that
 * speaks FTS5.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE VIRTUAL TABLE search_sections USING fts5(
    page_title, section_title, body, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2'
  )`.execute(db)
  // Merge index segments as soon as two of a level exist: small edits then leave little behind.
  await sql`INSERT INTO search_sections (search_sections, rank) VALUES ('automerge', 2)`.execute(db)
  await db.schema
    .createTable('search_rows')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('space_id', 'text', (c) => c.notNull())
    .addColumn('page_id', 'text', (c) => c.notNull())
    .addColumn('anchor', 'text', (c) => c.notNull())
    .addColumn('section_title', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('search_rows_page').on('search_rows').columns(['space_id', 'page_id']).execute()
  await db.schema
    .createTable('search_indexed')
    .addColumn('space_id', 'text', (c) => c.primaryKey().references('spaces.id').onDelete('cascade'))
    .addColumn('revision_id', 'text', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('search_indexed').execute()
  await db.schema.dropTable('search_rows').execute()
  await sql`DROP TABLE search_sections`.execute(db)
}
