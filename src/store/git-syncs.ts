import type { Db, Trx } from './database'
import type { GitSyncRow } from './tables/git-sync.table'

export function findGitSync(db: Db | Trx, spaceId: string): Promise<GitSyncRow | undefined> {
  return db.selectFrom('git_syncs').selectAll().where('space_id', '=', spaceId).executeTakeFirst()
}

export async function upsertGitSync(trx: Db | Trx, row: GitSyncRow): Promise<void> {
  await trx
    .insertInto('git_syncs')
    .values(row)
    .onConflict((oc) => oc.column('space_id').doUpdateSet(row))
    .execute()
}

export async function deleteGitSync(db: Db, spaceId: string): Promise<void> {
  await db.deleteFrom('git_syncs').where('space_id', '=', spaceId).execute()
}
