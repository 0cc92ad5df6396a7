import type { Db } from '../../store/database'
import { deleteSpacesForGood, listExpiredSpaceIds } from '../../store/spaces'
import { deleteContentInstallationsOn } from '../../store/integrations'
import { dropSpaceFromIndex } from '../../store/search'
import { Limits } from '../../api/schemas/limits'
import { collectGarbage } from '../revisions/collect-garbage'

/**
 * Removes for good the spaces deleted more than the retention period ago, with what does not go by cascade: their
 * rows of the search index, the integrations installed on them, and the blobs only they held (a garbage
 * collection). Answers how many. (Runs at every start: a lookup that finds nothing takes no write lock.)
 */
export async function purgeExpiredSpaces(db: Db, now = Date.now()): Promise<number> {
  const ids = await listExpiredSpaceIds(db, new Date(now - Limits.deletedSpaceRetentionMs).toISOString())
  if (ids.length === 0) return 0
  const purged = await db.transaction().execute(async (trx) => {
    for (const id of ids) await dropSpaceFromIndex(trx, id)
    await deleteContentInstallationsOn(trx, 'space', ids)
    return deleteSpacesForGood(trx, ids)
  })
  try {
    await collectGarbage(db)
  } catch (error) {
    // The spaces are gone either way; their blobs stay until a later collection succeeds.
    process.emitWarning(`docsctl: the blobs of purged spaces were not collected: ${(error as Error).message}`)
  }
  return purged
}
