import { sql, type Kysely } from 'kysely'

/**
 * Blobs move from one WITHOUT ROWID table keyed by their hash to two tables: `blobs`, an ordinary table of the
 * stored bytes with an integer key, and `blob_hashes`, a WITHOUT ROWID table from each hash to that key.
 *
 * Why: SQLite keeps the rows of a WITHOUT ROWID table in an index b-tree, which holds at most about a quarter of a
 * page of each row and spills the rest into overflow pages of its own. A page record of 1–4 KB took a whole 4 KB
 * overflow page for its last few hundred bytes, and inserting at random hashes left leaf pages part empty: two
 * thirds of the blob table's pages were unused space. Rows appended by an increasing integer key fill their pages.
 * The hash is kept once, in `blob_hashes` (36 bytes a blob), and a delta names its base by its integer key.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE blobs_v3 (
    id INTEGER PRIMARY KEY,
    size INTEGER NOT NULL,
    encoding INTEGER NOT NULL DEFAULT 0,
    base INTEGER,
    depth INTEGER NOT NULL DEFAULT 0,
    data BLOB NOT NULL
  )`.execute(db)
  await sql`CREATE TABLE blob_hashes (hash BLOB PRIMARY KEY, id INTEGER NOT NULL) WITHOUT ROWID`.execute(db)
  // Numbered bases first (by depth), so a delta's base always has the smaller key.
  await sql`INSERT INTO blob_hashes (hash, id) SELECT hash, row_number() OVER (ORDER BY depth, hash) FROM blobs`.execute(db)
  await sql`INSERT INTO blobs_v3 (id, size, encoding, base, depth, data)
    SELECT k.id, o.size, o.encoding, b.id, o.depth, o.data FROM blobs o JOIN blob_hashes k ON k.hash = o.hash LEFT JOIN blob_hashes b ON b.hash = o.base
    ORDER BY k.id`.execute(db)
  await sql`DROP TABLE blobs`.execute(db)
  await sql`ALTER TABLE blobs_v3 RENAME TO blobs`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE blobs_v2 (
    hash BLOB PRIMARY KEY,
    data BLOB NOT NULL,
    size INTEGER NOT NULL,
    encoding INTEGER NOT NULL DEFAULT 0,
    base BLOB,
    depth INTEGER NOT NULL DEFAULT 0
  ) WITHOUT ROWID`.execute(db)
  await sql`INSERT INTO blobs_v2 (hash, data, size, encoding, base, depth)
    SELECT k.hash, n.data, n.size, n.encoding, b.hash, n.depth FROM blobs n JOIN blob_hashes k ON k.id = n.id LEFT JOIN blob_hashes b ON b.id = n.base`.execute(db)
  await sql`DROP TABLE blobs`.execute(db)
  await sql`DROP TABLE blob_hashes`.execute(db)
  await sql`ALTER TABLE blobs_v2 RENAME TO blobs`.execute(db)
}
