import type { Db, Trx } from './database'
import type { NewSpaceRow, SpaceRow, SpaceUpdate } from './tables/space.table'
import { paginate, type Page, type PageRequest } from './pagination'
import { cachedRead, preparedRead } from './prepared-reads'

const spaceById = preparedRead((db, id: string) => db.selectFrom('spaces').selectAll().where('id', '=', id))

/**
 * A space by id, deleted or not: callers decide what a deleted space means for them. Outside transactions the row
 * is kept in the read cache (emptied by every write), as it is read on nearly every request; treat it as read-only.
 */
export async function findSpaceById(db: Db | Trx, id: string): Promise<SpaceRow | undefined> {
  return (await cachedRead(db, 'space', id, () => spaceById(db, id)))[0]
}

export interface SpaceFilter {
  organizationId: string
  /** Only spaces directly in this collection. */
  parentId?: string
  /** Only these spaces (the ones a guest may see). */
  visibleIds?: string[]
}

/** Live (not deleted) spaces, in sibling order. */
export function listSpaces(db: Db, filter: SpaceFilter, request: PageRequest): Promise<Page<SpaceRow>> {
  let query = db.selectFrom('spaces').selectAll().where('organization_id', '=', filter.organizationId).where('deleted_at', 'is', null)
  if (filter.parentId !== undefined) query = query.where('parent_id', '=', filter.parentId)
  if (filter.visibleIds) query = query.where('id', 'in', filter.visibleIds.length ? filter.visibleIds : [''])
  return paginate(db, query, [{ column: 'sort_order', direction: 'asc' }, { column: 'id', direction: 'asc' }], request)
}

/** Every live space of an organization, newest first (or oldest with `asc`). */
export function listLiveSpacesOfOrganization(db: Db, organizationId: string, order: 'asc' | 'desc' = 'desc'): Promise<SpaceRow[]> {
  return db.selectFrom('spaces').selectAll().where('organization_id', '=', organizationId).where('deleted_at', 'is', null).orderBy('created_at', order).orderBy('id', order).execute()
}

/** Every live space of an organization, id, parent and levels only: enough to resolve who sees what. */
export function listSpaceAccessRows(db: Db, organizationId: string) {
  return db
    .selectFrom('spaces')
    .select(['id', 'parent_id', 'default_level', 'visibility', 'title', 'revision_id'])
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .execute()
}

export async function insertSpace(trx: Db | Trx, row: NewSpaceRow): Promise<void> {
  await trx.insertInto('spaces').values(row).execute()
}

export async function updateSpace(trx: Db | Trx, id: string, update: SpaceUpdate): Promise<void> {
  await trx.updateTable('spaces').set(update).where('id', '=', id).execute()
}

/** Soft-deletes the live spaces of these collections (when the collections are deleted). */
export async function softDeleteSpacesInCollections(trx: Trx, collectionIds: string[], at: string): Promise<void> {
  if (collectionIds.length === 0) return
  await trx
    .updateTable('spaces')
    .set({ deleted_at: at, updated_at: at })
    .where('parent_id', 'in', collectionIds)
    .where('deleted_at', 'is', null)
    .execute()
}

export async function moveSpacesToOrganization(trx: Trx, collectionIds: string[], organizationId: string, at: string): Promise<void> {
  if (collectionIds.length === 0) return
  await trx.updateTable('spaces').set({ organization_id: organizationId, updated_at: at }).where('parent_id', 'in', collectionIds).execute()
}

/** The spaces deleted before `before` (to be removed for good). */
export async function listExpiredSpaceIds(db: Db, before: string): Promise<string[]> {
  const rows = await db.selectFrom('spaces').select('id').where('deleted_at', 'is not', null).where('deleted_at', '<', before).execute()
  return rows.map((row) => row.id)
}

/** Removes spaces for good (their revisions, change requests and the rest by cascade); answers how many. */
export async function deleteSpacesForGood(trx: Trx, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0
  const result = await trx.deleteFrom('spaces').where('id', 'in', ids).executeTakeFirst()
  return Number(result.numDeletedRows)
}

/**
 * Sort orders of the children of one parent (spaces and collections share one order), ascending.
 * `parentId` null: the organization's root.
 */
export async function listSiblingOrders(db: Db | Trx, organizationId: string, parentId: string | null) {
  const spaces = db
    .selectFrom('spaces')
    .select(['id', 'sort_order'])
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .where('parent_id', parentId === null ? 'is' : '=', parentId)
  const collections = db
    .selectFrom('collections')
    .select(['id', 'sort_order'])
    .where('organization_id', '=', organizationId)
    .where('parent_id', parentId === null ? 'is' : '=', parentId)
  const rows = await spaces.unionAll(collections).execute()
  return rows.sort((a, b) => a.sort_order - b.sort_order)
}

/** The largest sort order among the children of one parent (null when it has none): appending needs only this. */
export async function findLastSiblingOrder(db: Db | Trx, organizationId: string, parentId: string | null): Promise<number | null> {
  const space = await db
    .selectFrom('spaces')
    .select((eb) => eb.fn.max('sort_order').as('last'))
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .where('parent_id', parentId === null ? 'is' : '=', parentId)
    .executeTakeFirst()
  const collection = await db
    .selectFrom('collections')
    .select((eb) => eb.fn.max('sort_order').as('last'))
    .where('organization_id', '=', organizationId)
    .where('parent_id', parentId === null ? 'is' : '=', parentId)
    .executeTakeFirst()
  const values = [space?.last, collection?.last].filter((v): v is number => typeof v === 'number')
  return values.length ? Math.max(...values) : null
}

export async function countLiveSpaces(db: Db | Trx, organizationId: string): Promise<number> {
  const row = await db
    .selectFrom('spaces')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Spaces by id, deleted or not (the ones that exist). */
export async function findSpacesByIds(db: Db | Trx, ids: string[]): Promise<SpaceRow[]> {
  if (ids.length === 0) return []
  return db.selectFrom('spaces').selectAll().where('id', 'in', ids).execute()
}
