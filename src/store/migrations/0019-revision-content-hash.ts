import { sql, type Kysely } from 'kysely'

/** A revision's content hash is kept as its 32 bytes rather than 64 hex characters (store/revisions.ts converts). */
export async function up(db: Kysely<any>): Promise<void> {
  // (A value that is not hex, which docsctl never wrote, is left as it is rather than lost.)
  await sql`UPDATE revisions SET content_hash = unhex(content_hash) WHERE typeof(content_hash) = 'text' AND unhex(content_hash) IS NOT NULL`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`UPDATE revisions SET content_hash = lower(hex(content_hash)) WHERE typeof(content_hash) = 'blob'`.execute(db)
}
