import type { Db } from '../../store/database'
import { deleteSpacesForGood, listExpiredSpaceIds } from '../../store/spaces'
import { deleteContentInstallationsOn } from '../../store/integrations'
import { dropSpaceFromIndex } from '../../store/search'
import { Limits } from '../../api/schemas/limits'

/**
 * Removes for good the spaces deleted more than the retention period ago, with what does not go by cascade: their
 * rows of the search index and the integrations installed on them. Answers how many. (Runs at every start: a
 * lookup that finds nothing takes no write lock.)
 */
export async function purgeExpiredSpaces(db: Db, now = Date.now()): Promise<number> {
  const ids = await listExpiredSpaceIds(db, new Date(now - Limits.deletedSpaceRetentionMs).toISOString())
  if (ids.length === 0) return 0
  return db.transaction().execute(async (trx) => {
    for (const id of ids) await dropSpaceFromIndex(trx, id)
    await deleteContentInstallationsOn(trx, 'space', ids)
    return deleteSpacesForGood(trx, ids)
  })
}
