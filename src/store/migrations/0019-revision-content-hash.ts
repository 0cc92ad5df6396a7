import { sql, type Kysely } from 'kysely'

/** A revision's content hash is kept as its 32 bytes rather than 64 hex characters (store/revisions.ts converts). */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`UPDATE revisions SET content_hash = unhex(content_hash) WHERE content_hash IS NOT NULL`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`UPDATE revisions SET content_hash = lower(hex(content_hash)) WHERE content_hash IS NOT NULL`.execute(db)
}
