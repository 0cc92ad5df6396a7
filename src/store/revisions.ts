import type { Db, Trx } from './database'
import type { NewRevisionRow, RevisionRow } from './tables/revision.table'

export function findRevisionById(db: Db | Trx, id: string): Promise<RevisionRow | undefined> {
  return db.selectFrom('revisions').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function insertRevision(trx: Db | Trx, row: NewRevisionRow): Promise<void> {
  await trx.insertInto('revisions').values({ content_hash: null, git: null, ...row }).execute()
}

/** Removes a revision nothing points at (the placeholder first revision of a duplicated space). */
export async function deleteUnusedRevision(trx: Db | Trx, id: string): Promise<void> {
  await trx.deleteFrom('revisions').where('id', '=', id).execute()
}
