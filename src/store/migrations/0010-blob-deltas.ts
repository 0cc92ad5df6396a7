import { sql, type Kysely } from 'kysely'

/**
 * Blobs are rebuilt into a WITHOUT ROWID table keyed by the 32 bytes of their sha256 (the key was stored twice as
 * 64 hex characters: in the row and in its unique index). A blob may now be stored as a delta against a similar
 * blob (`encoding` 2: raw deflate with the base's bytes as the dictionary), as git packs an object against an
 * earlier version of it; `depth` bounds the chain of bases.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE blobs_v2 (
    hash BLOB PRIMARY KEY,
    data BLOB NOT NULL,
    size INTEGER NOT NULL,
    encoding INTEGER NOT NULL DEFAULT 0,
    base BLOB,
    depth INTEGER NOT NULL DEFAULT 0
  ) WITHOUT ROWID`.execute(db)
  await sql`INSERT INTO blobs_v2 (hash, data, size, encoding) SELECT unhex(hash), data, size, encoding FROM blobs`.execute(db)
  await sql`DROP TABLE blobs`.execute(db)
  await sql`ALTER TABLE blobs_v2 RENAME TO blobs`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  const deltas = await sql<{ n: number }>`SELECT count(*) AS n FROM blobs WHERE encoding = 2`.execute(db)
  if (deltas.rows[0].n > 0) throw new Error('Blobs stored as deltas cannot be converted back by SQL alone; restore a backup instead.')
  await sql`CREATE TABLE blobs_v1 (hash TEXT PRIMARY KEY, data BLOB NOT NULL, size INTEGER NOT NULL, encoding INTEGER NOT NULL DEFAULT 0)`.execute(db)
  await sql`INSERT INTO blobs_v1 SELECT lower(hex(hash)), data, size, encoding FROM blobs`.execute(db)
  await sql`DROP TABLE blobs`.execute(db)
  await sql`ALTER TABLE blobs_v1 RENAME TO blobs`.execute(db)
}
