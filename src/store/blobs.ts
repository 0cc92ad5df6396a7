import { createHash } from 'node:crypto'
import type { Db, Trx } from './database'

export function hashBytes(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex')
}

/** Stores bytes under their hash (once: equal content is stored one time) and answers the hash. */
export async function putBlob(trx: Db | Trx, data: Buffer | string): Promise<string> {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data
  const hash = hashBytes(bytes)
  await trx.insertInto('blobs').values({ hash, data: bytes, size: bytes.length }).onConflict((oc) => oc.column('hash').doNothing()).execute()
  return hash
}

export async function getBlobs(db: Db | Trx, hashes: string[]): Promise<Map<string, Buffer>> {
  const result = new Map<string, Buffer>()
  for (let i = 0; i < hashes.length; i += 500) {
    const rows = await db.selectFrom('blobs').select(['hash', 'data']).where('hash', 'in', hashes.slice(i, i + 500)).execute()
    for (const row of rows) result.set(row.hash, row.data)
  }
  return result
}
