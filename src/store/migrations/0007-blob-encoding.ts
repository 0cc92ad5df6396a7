import type { Kysely } from 'kysely'

/**
 * Blobs may be stored deflated (`encoding` 1) when that saves space, as git stores its objects: pages and
 * page-table nodes (hex hashes) shrink by half or more. Existing rows stay as they are (`encoding` 0).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('blobs').addColumn('encoding', 'integer', (c) => c.notNull().defaultTo(0)).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('blobs').dropColumn('encoding').execute()
}
