import { createHash } from 'node:crypto'
import { deflateRawSync, inflateRawSync } from 'node:zlib'
import type { Db, Trx } from './database'

export function hashBytes(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex')
}

/** Blobs smaller than this are stored as they are: deflate cannot win much on them. */
const DEFLATE_MIN_BYTES = 64

/**
 * Stores bytes under their hash (once: equal content is stored one time) and answers the hash. The hash is of the
 * bytes themselves; they are kept deflated when that saves at least a tenth, as git keeps its objects.
 */
export async function putBlob(trx: Db | Trx, data: Buffer | string): Promise<string> {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data
  const hash = hashBytes(bytes)
  let stored = bytes
  let encoding = 0
  if (bytes.length >= DEFLATE_MIN_BYTES) {
    const deflated = deflateRawSync(bytes)
    if (deflated.length <= bytes.length * 0.9) {
      stored = deflated
      encoding = 1
    }
  }
  await trx
    .insertInto('blobs')
    .values({ hash, data: stored, size: bytes.length, encoding })
    .onConflict((oc) => oc.column('hash').doNothing())
    .execute()
  return hash
}

/** The bytes of each found hash (missing hashes are absent from the map). */
export async function getBlobs(db: Db | Trx, hashes: string[]): Promise<Map<string, Buffer>> {
  const result = new Map<string, Buffer>()
  for (let i = 0; i < hashes.length; i += 500) {
    const rows = await db.selectFrom('blobs').select(['hash', 'data', 'encoding']).where('hash', 'in', hashes.slice(i, i + 500)).execute()
    for (const row of rows) result.set(row.hash, row.encoding === 1 ? inflateRawSync(row.data) : row.data)
  }
  return result
}
