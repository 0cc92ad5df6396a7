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
export async function putBlobs(trx: Db | Trx, items: { data: Buffer | string; like?: DeltaBase }[]): Promise<string[]> {
  const blobs = items.map(({ data, like }) => {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data
    return { bytes, hash: hashBytes(bytes), like }
  })
  const stored = await storedDepths(trx, [...blobs.map((b) => b.hash), ...blobs.flatMap((b) => (b.like && b.like.hash !== b.hash ? [b.like.hash] : []))])
  const rows: BlobRow[] = []
  for (const { bytes, hash, like } of blobs) {
    if (stored.has(hash)) continue
    let row: BlobRow = { hash: Buffer.from(hash, 'hex'), data: bytes, size: bytes.length, encoding: 0, base: null, depth: 0 }
    if (bytes.length >= DEFLATE_MIN_BYTES) {
      const deflated = deflate(bytes)
      if (deflated.length <= bytes.length * 0.9) row = { ...row, data: deflated, encoding: 1 }
      // A delta when the base is stored, is what its hash says, and its chain has room.
      const baseDepth = like && like.hash !== hash ? stored.get(like.hash) : undefined
      if (baseDepth !== undefined && baseDepth < MAX_DELTA_DEPTH) {
        const dictionary = typeof like!.bytes === 'string' ? Buffer.from(like!.bytes, 'utf8') : like!.bytes
        if (hashBytes(dictionary) === like!.hash) {
          const delta = deflate(bytes, dictionary)
          if (delta.length < row.data.length * 0.8) row = { ...row, data: delta, encoding: 2, base: Buffer.from(like!.hash, 'hex'), depth: baseDepth + 1 }
        }
      }
    }
    stored.set(hash, row.depth)
    rows.push(row)
  }
  // Written as plain SQL with a fixed text per batch size: kysely would build a query tree of every value first.
  for (let i = 0; i < rows.length; i += 100) {
    const batch = rows.slice(i, i + 100)
    const text = `INSERT INTO blobs (hash, data, size, encoding, base, depth) VALUES ${batch.map(() => '(?, ?, ?, ?, ?, ?)').join(', ')} ON CONFLICT (hash) DO NOTHING`
    await trx.executeQuery(CompiledQuery.raw(text, batch.flatMap((r) => [r.hash, r.data, r.size, r.encoding, r.base, r.depth])))
  }
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

type BlobRow = { hash: Buffer; data: Buffer; size: number; encoding: number; base: Buffer | null; depth: number }

/** The delta depth of each of the hashes that is stored. */
async function storedDepths(trx: Db | Trx, hashes: string[]): Promise<Map<string, number>> {
  const depths = new Map<string, number>()
  const unique = [...new Set(hashes)]
  for (let i = 0; i < unique.length; i += 500) {
    const keys = unique.slice(i, i + 500).map((hash) => Buffer.from(hash, 'hex'))
    const text = `SELECT hash, depth FROM blobs WHERE hash IN (${keys.map(() => '?').join(', ')})`
    const { rows } = await trx.executeQuery<{ hash: Buffer; depth: number }>(CompiledQuery.raw(text, keys))
    for (const row of rows) depths.set(row.hash.toString('hex'), row.depth)
  }
  return depths
}

type StoredRow = { data: Buffer; encoding: number; base: string | null }

/** The bytes of each found hash (missing hashes are absent from the map). Bases of deltas are read as needed. */
export async function getBlobs(db: Db | Trx, hashes: string[]): Promise<Map<string, Buffer>> {
  const rows = new Map<string, StoredRow>()
  // Read the asked rows, then the bases they stand on, a level at a time.
  for (let wanted = [...new Set(hashes)]; wanted.length; ) {
    const next: string[] = []
    for (let i = 0; i < wanted.length; i += 500) {
      const keys = wanted.slice(i, i + 500).map((hash) => Buffer.from(hash, 'hex'))
      const found = await db.selectFrom('blobs').select(['hash', 'data', 'encoding', 'base']).where('hash', 'in', keys).execute()
      for (const row of found) {
        const base = row.base ? row.base.toString('hex') : null
        rows.set(row.hash.toString('hex'), { data: row.data, encoding: row.encoding, base })
        if (base && !rows.has(base)) next.push(base)
      }
    }
    wanted = [...new Set(next)].filter((hash) => !rows.has(hash))
  }
  const decoded = new Map<string, Buffer>()
  const decode = (hash: string): Buffer | undefined => {
    let bytes = decoded.get(hash)
    if (bytes) return bytes
    const row = rows.get(hash)
    if (!row) return undefined
    if (row.encoding === 0) bytes = row.data
    else if (row.encoding === 1) bytes = inflateRawSync(row.data)
    else {
      const dictionary = decode(row.base!)
      if (!dictionary) throw new Error(`Blob ${hash} is a delta against ${row.base}, which is missing from the store.`)
      bytes = inflateRawSync(row.data, { dictionary })
    }
    decoded.set(hash, bytes)
    return bytes
  }
  const result = new Map<string, Buffer>()
  for (const hash of hashes) {
    const bytes = decode(hash)
    if (bytes) result.set(hash, bytes)
  }
  return result
}
