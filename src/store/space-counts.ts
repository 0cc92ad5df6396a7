import type { Db } from './database'
import { countChangeRequestsBySpace } from './change-requests'
import { countOpenSpaceComments } from './comments'
import { cachedRead } from './prepared-reads'

export interface SpaceActivityCounts {
  comments: number
  changeRequests: number
  changeRequestsOpen: number
  changeRequestsDraft: number
}

/** The counters of one space, kept in the read cache as computed (every space answer shows them). */
export function countActivityOfSpace(db: Db, spaceId: string): Promise<SpaceActivityCounts> {
  return cachedRead(db, 'space-activity', spaceId, async () => (await countSpaceActivity(db, [spaceId])).get(spaceId)!)
}

/**
 * Counters shown on spaces, for many spaces at once (a list page costs one query per counter, not per space).
 * `comments` counts the open comments on the space's content (those of its change requests count on them).
 */
export async function countSpaceActivity(db: Db, spaceIds: string[]): Promise<Map<string, SpaceActivityCounts>> {
  const counts = new Map(spaceIds.map((id) => [id, { comments: 0, changeRequests: 0, changeRequestsOpen: 0, changeRequestsDraft: 0 }]))
  for (const row of await countChangeRequestsBySpace(db, spaceIds)) {
    const entry = counts.get(row.space_id)!
    const n = Number(row.n)
    entry.changeRequests += n
    if (row.status === 'open') entry.changeRequestsOpen += n
    if (row.status === 'draft') entry.changeRequestsDraft += n
  }
  for (const [spaceId, n] of await countOpenSpaceComments(db, spaceIds)) counts.get(spaceId)!.comments = n
  return counts
}
