import type { Db } from './database'

export interface SpaceActivityCounts {
  comments: number
  changeRequests: number
  changeRequestsOpen: number
  changeRequestsDraft: number
}

/**
 * Counters shown on spaces, for many spaces at once (a list page costs one query per counter, not per space).
 * The store has no comments or change requests yet (they arrive with the content engine and discussions), so
 * every count is zero by construction; those issues add their grouped counts here.
 */
export async function countSpaceActivity(_db: Db, spaceIds: string[]): Promise<Map<string, SpaceActivityCounts>> {
  return new Map(spaceIds.map((id) => [id, { comments: 0, changeRequests: 0, changeRequestsOpen: 0, changeRequestsDraft: 0 }]))
}
