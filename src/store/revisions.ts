import type { Db, Trx } from './database'
import type { NewRevisionRow, RevisionRow } from './tables/revision.table'

export async function findRevisionById(db: Db | Trx, id: string): Promise<RevisionRow | undefined> {
  const row = await db.selectFrom('revisions').selectAll().where('id', '=', id).executeTakeFirst()
  return row && { ...row, content_hash: row.content_hash ? row.content_hash.toString('hex') : null }
}

export async function insertRevision(trx: Db | Trx, row: NewRevisionRow): Promise<void> {
  await trx.insertInto('revisions').values({ git: null, ...row, content_hash: row.content_hash ? Buffer.from(row.content_hash, 'hex') : null }).execute()
}

/** Removes a revision nothing points at (the placeholder first revision of a duplicated space). */
export async function deleteUnusedRevision(trx: Db | Trx, id: string): Promise<void> {
  await trx.deleteFrom('revisions').where('id', '=', id).execute()
}

/** The content hash of every revision of every space, each once. */
export async function listContentHashes(db: Db | Trx): Promise<string[]> {
  const rows = await db.selectFrom('revisions').select('content_hash').distinct().where('content_hash', 'is not', null).execute()
  return rows.map((row) => row.content_hash!.toString('hex'))
}
