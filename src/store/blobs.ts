import { createHash } from 'node:crypto'
import { deflateRawSync, inflateRawSync } from 'node:zlib'
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
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data
  const hash = hashBytes(bytes)
  const key = Buffer.from(hash, 'hex')
  if (await trx.selectFrom('blobs').select('depth').where('hash', '=', key).executeTakeFirst()) return hash
  let stored = bytes
  let encoding = 0
  let base: Buffer | null = null
  let depth = 0
  if (bytes.length >= DEFLATE_MIN_BYTES) {
    const deflated = deflateRawSync(bytes)
    if (deflated.length <= bytes.length * 0.9) {
      stored = deflated
      encoding = 1
    }
    const delta = like && like.hash !== hash ? await deltaAgainst(trx, bytes, like) : undefined
    if (delta && delta.data.length < stored.length * 0.8) {
      stored = delta.data
      encoding = 2
      base = Buffer.from(like!.hash, 'hex')
      depth = delta.depth
    }
  }
  await trx.insertInto('blobs').values({ hash: key, data: stored, size: bytes.length, encoding, base, depth }).onConflict((oc) => oc.column('hash').doNothing()).execute()
  return hash
}

/** The delta of `bytes` against `like`, when `like` is stored, is what its hash says, and its chain has room. */
async function deltaAgainst(trx: Db | Trx, bytes: Buffer, like: DeltaBase): Promise<{ data: Buffer; depth: number } | undefined> {
  const dictionary = typeof like.bytes === 'string' ? Buffer.from(like.bytes, 'utf8') : like.bytes
  if (hashBytes(dictionary) !== like.hash) return undefined
  const row = await trx.selectFrom('blobs').select('depth').where('hash', '=', Buffer.from(like.hash, 'hex')).executeTakeFirst()
  if (!row || row.depth >= MAX_DELTA_DEPTH) return undefined
  return { data: deflateRawSync(bytes, { dictionary }), depth: row.depth + 1 }
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
