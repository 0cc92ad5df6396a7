import type { Db, Trx } from './database'
import type { GitSyncRow } from './tables/git-sync.table'
import { cachedRead, preparedRead, runCachedRead } from './prepared-reads'

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

const syncOfSpace = preparedRead((db, spaceId: string) => db.selectFrom('git_syncs').selectAll().where('space_id', '=', spaceId))

/** The git sync row of one space (cached until the next write). */
export async function findGitSyncOf(db: Db, spaceId: string): Promise<GitSyncRow | undefined> {
  return (await cachedRead(db, 'git-sync', spaceId, () => syncOfSpace(db, spaceId)))[0]
}

/** The git sync rows of many spaces (cached until the next write): one query for a page of spaces. */
export async function findGitSyncsOf(db: Db, spaceIds: string[]): Promise<Map<string, GitSyncRow>> {
  if (spaceIds.length === 0) return new Map()
  const rows = await runCachedRead(db, db.selectFrom('git_syncs').selectAll().where('space_id', 'in', spaceIds))
  return new Map(rows.map((row) => [row.space_id, row]))
}
