import { createHash } from 'node:crypto'
import { deflateRawSync, inflateRawSync } from 'node:zlib'
import { CompiledQuery } from 'kysely'
import type { Db, Trx } from './database'

export function hashBytes(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex')
}

/** Blobs smaller than this are stored as they are: deflate cannot win much on them. */
const DEFLATE_MIN_BYTES = 64
/** The longest chain of deltas a blob may sit on: reading one decodes at most this many bases first. */
const MAX_DELTA_DEPTH = 24

/** A blob the new one resembles (an earlier version of the same page, trie node or manifest), with its bytes. */
export interface DeltaBase {
  hash: string
  bytes: Buffer | string
}

/**
 * Stores bytes under their hash (once: equal content is stored one time) and answers the hash. The hash is of the
 * bytes themselves. As git keeps its objects, they are stored in the smallest of three forms: as they are,
 * deflated, or — given `like`, an earlier version — as a delta against it (deflated with its bytes as the
 * dictionary), so that a one-line edit of a page, or one changed entry of a page table, costs bytes in
 * proportion to the change.
 */
export async function putBlob(trx: Db | Trx, data: Buffer | string, like?: DeltaBase): Promise<string> {
  return (await putBlobs(trx, [{ data, like }]))[0]
}

/**
 * putBlob for many blobs at once (an import writes thousands): the stored ones and the delta bases are looked up
 * in a few queries, the new ones written in batches. Answers the hashes in order.
 */
export async function putBlobs(db: Db | Trx, items: { data: Buffer | string; like?: DeltaBase }[]): Promise<string[]> {
  const blobs = items.map(({ data, like }) => {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data
    return { bytes, hash: hashBytes(bytes), like }
  })
  // Keys are numbered here, so the lookups and the writes go in one transaction.
  const write = async (trx: Trx) => {
    const stored = await storedRows(trx, [...blobs.map((b) => b.hash), ...blobs.flatMap((b) => (b.like && b.like.hash !== b.hash ? [b.like.hash] : []))])
    const rows: BlobRow[] = []
    const adding = new Set<string>()
    for (const { bytes, hash, like } of blobs) {
      if (stored.has(hash) || adding.has(hash)) continue
      let row: BlobRow = { id: 0, hash: Buffer.from(hash, 'hex'), data: bytes, size: bytes.length, encoding: 0, base: null, depth: 0 }
      if (bytes.length >= DEFLATE_MIN_BYTES) {
        const deflated = deflate(bytes)
        if (deflated.length <= bytes.length * 0.9) row = { ...row, data: deflated, encoding: 1 }
        // A delta when the base is stored, is what its hash says, and its chain has room.
        const base = like && like.hash !== hash ? stored.get(like.hash) : undefined
        if (base && base.depth < MAX_DELTA_DEPTH) {
          const dictionary = typeof like!.bytes === 'string' ? Buffer.from(like!.bytes, 'utf8') : like!.bytes
          if (hashBytes(dictionary) === like!.hash) {
            const delta = deflate(bytes, dictionary)
            if (delta.length < row.data.length * 0.8) row = { ...row, data: delta, encoding: 2, base: base.id, depth: base.depth + 1 }
          }
        }
      }
      adding.add(hash)
      rows.push(row)
    }
    if (rows.length === 0) return
    let last = Number((await trx.executeQuery<{ id: number | null }>(CompiledQuery.raw('SELECT max(id) AS id FROM blobs'))).rows[0].id ?? 0)
    for (const row of rows) row.id = ++last
    // Written as plain SQL with a fixed text per batch size: kysely would build a query tree of every value first.
    for (let i = 0; i < rows.length; i += 100) {
      const batch = rows.slice(i, i + 100)
      const data = `INSERT INTO blobs (id, size, encoding, base, depth, data) VALUES ${batch.map(() => '(?, ?, ?, ?, ?, ?)').join(', ')}`
      await trx.executeQuery(CompiledQuery.raw(data, batch.flatMap((r) => [r.id, r.size, r.encoding, r.base, r.depth, r.data])))
      const keys = `INSERT INTO blob_hashes (hash, id) VALUES ${batch.map(() => '(?, ?)').join(', ')}`
      await trx.executeQuery(CompiledQuery.raw(keys, batch.flatMap((r) => [r.hash, r.id])))
    }
  }
  if (db.isTransaction) await write(db as Trx)
  else await db.transaction().execute(write)
  return blobs.map((b) => b.hash)
}

/**
 * Raw deflate with a window and hash table sized to the bytes (and the dictionary before them): as small as zlib's
 * defaults make them (32 KiB window, 64 KiB of hash table) on page-sized blobs — byte for byte the same on the
 * bench's pages and edits — but without setting up and clearing a quarter megabyte of state for each: the first
 * thousand records of an import deflate in half the time. Inflating needs no setting: the default window reads any
 * smaller one.
 */
function deflate(bytes: Buffer, dictionary?: Buffer): Buffer {
  const span = bytes.length + (dictionary?.length ?? 0)
  // 262: zlib's lookahead; a window of at least the data plus it finds every match the default one finds.
  const windowBits = Math.min(15, Math.max(9, Math.ceil(Math.log2(span + 262))))
  return deflateRawSync(bytes, { windowBits, memLevel: Math.min(8, windowBits - 6), ...(dictionary ? { dictionary } : {}) })
}

type BlobRow = { id: number; hash: Buffer; data: Buffer; size: number; encoding: number; base: number | null; depth: number }

/** The row id and delta depth of each of the hashes that is stored. */
async function storedRows(trx: Db | Trx, hashes: string[]): Promise<Map<string, { id: number; depth: number }>> {
  const found = new Map<string, { id: number; depth: number }>()
  const unique = [...new Set(hashes)]
  for (let i = 0; i < unique.length; i += 500) {
    const keys = unique.slice(i, i + 500).map((hash) => Buffer.from(hash, 'hex'))
    const text = `SELECT k.hash, b.id, b.depth FROM blob_hashes k JOIN blobs b ON b.id = k.id WHERE k.hash IN (${keys.map(() => '?').join(', ')})`
    const { rows } = await trx.executeQuery<{ id: number; hash: Buffer; depth: number }>(CompiledQuery.raw(text, keys))
    for (const row of rows) found.set(row.hash.toString('hex'), { id: row.id, depth: row.depth })
  }
  return found
}

type StoredRow = { id: number; data: Buffer; encoding: number; base: number | null }

/** The bytes of each found hash (missing hashes are absent from the map). Bases of deltas are read as needed. */
export async function getBlobs(db: Db | Trx, hashes: string[]): Promise<Map<string, Buffer>> {
  const byHash = new Map<string, StoredRow>()
  const byId = new Map<number, StoredRow>()
  // Read the asked rows by hash, then the bases they stand on by id, a level at a time.
  const asked = [...new Set(hashes)]
  for (let i = 0; i < asked.length; i += 500) {
    const keys = asked.slice(i, i + 500).map((hash) => Buffer.from(hash, 'hex'))
    const text = `SELECT k.hash, b.id, b.data, b.encoding, b.base FROM blob_hashes k JOIN blobs b ON b.id = k.id WHERE k.hash IN (${keys.map(() => '?').join(', ')})`
    for (const row of (await db.executeQuery<StoredRow & { hash: Buffer }>(CompiledQuery.raw(text, keys))).rows) {
      byHash.set(row.hash.toString('hex'), row)
      byId.set(row.id, row)
    }
  }
  for (let wanted = [...byId.values()]; wanted.length; ) {
    const missing = [...new Set(wanted.flatMap((row) => (row.base !== null && !byId.has(row.base) ? [row.base] : [])))]
    wanted = []
    for (let i = 0; i < missing.length; i += 500) {
      for (const row of await db.selectFrom('blobs').select(['id', 'data', 'encoding', 'base']).where('id', 'in', missing.slice(i, i + 500)).execute()) {
        byId.set(row.id, row)
        wanted.push(row)
      }
    }
  }
  const decoded = new Map<number, Buffer>()
  const decode = (row: StoredRow): Buffer => {
    let bytes = decoded.get(row.id)
    if (bytes) return bytes
    if (row.encoding === 0) bytes = row.data
    else if (row.encoding === 1) bytes = inflateRawSync(row.data)
    else {
      const base = byId.get(row.base!)
      if (!base) throw new Error(`Blob ${row.id} is a delta against blob ${row.base}, which is missing from the store.`)
      bytes = inflateRawSync(row.data, { dictionary: decode(base) })
    }
    decoded.set(row.id, bytes)
    return bytes
  }
  const result = new Map<string, Buffer>()
  for (const hash of hashes) {
    const row = byHash.get(hash)
    if (row) result.set(hash, decode(row))
  }
  return result
}

/**
 * Deletes every blob but those whose hash is in `keep` and the bases their deltas stand on (a garbage collection's
 * sweep: call it in the transaction that marked them, so that nothing new can come to use a blob in between).
 * Answers how many blobs went.
 */
export async function sweepBlobs(trx: Trx, keep: Set<string>): Promise<number> {
  const run = (text: string, parameters: unknown[] = []) => trx.executeQuery(CompiledQuery.raw(text, parameters))
  await run('CREATE TEMP TABLE IF NOT EXISTS blob_sweep_keep (id INTEGER PRIMARY KEY)')
  await run('DELETE FROM blob_sweep_keep')
  const hashes = [...keep].map((hash) => Buffer.from(hash, 'hex'))
  for (let i = 0; i < hashes.length; i += 500) {
    const chunk = hashes.slice(i, i + 500)
    await run(`INSERT OR IGNORE INTO blob_sweep_keep (id) SELECT id FROM blob_hashes WHERE hash IN (${chunk.map(() => '?').join(', ')})`, chunk)
  }
  // The bases under the kept deltas, a level at a time (chains are at most MAX_DELTA_DEPTH long).
  for (;;) {
    const added = await run('INSERT OR IGNORE INTO blob_sweep_keep (id) SELECT b.base FROM blobs b JOIN blob_sweep_keep k ON k.id = b.id WHERE b.base IS NOT NULL AND b.base NOT IN (SELECT id FROM blob_sweep_keep)')
    if (!added.numAffectedRows) break
  }
  const removed = await run('DELETE FROM blobs WHERE id NOT IN (SELECT id FROM blob_sweep_keep)')
  await run('DELETE FROM blob_hashes WHERE id NOT IN (SELECT id FROM blob_sweep_keep)')
  await run('DROP TABLE blob_sweep_keep')
  return Number(removed.numAffectedRows ?? 0)
}
