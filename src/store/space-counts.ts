import type { Db } from './database'

export interface SpaceActivityCounts {
  comments: number
  changeRequests: number
  changeRequestsOpen: number
  changeRequestsDraft: number
}

/**
 * Counters shown on a space. The store has no comments or change requests yet (they arrive with the content
 * engine and discussions), so every count is zero by construction; those issues replace this with their queries.
 */
export async function countSpaceActivity(_db: Db, _spaceId: string): Promise<SpaceActivityCounts> {
  return { comments: 0, changeRequests: 0, changeRequestsOpen: 0, changeRequestsDraft: 0 }
}
