import type { Db } from '../../store/database'
import { purgeDeletedSpaces } from '../../store/spaces'
import { Limits } from '../../api/schemas/limits'

/** Removes for good the spaces deleted more than the retention period ago; answers how many. */
export function purgeExpiredSpaces(db: Db, now = Date.now()): Promise<number> {
  return purgeDeletedSpaces(db, new Date(now - Limits.deletedSpaceRetentionMs).toISOString())
}
