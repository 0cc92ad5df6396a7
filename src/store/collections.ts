import type { Db, Trx } from './database'
import type { CollectionRow, CollectionUpdate, NewCollectionRow } from './tables/collection.table'
import { paginate, type Page, type PageRequest } from './pagination'
import { preparedRead } from './prepared-reads'

const collectionById = preparedRead((db, id: string) => db.selectFrom('collections').selectAll().where('id', '=', id))

export async function findCollectionById(db: Db | Trx, id: string): Promise<CollectionRow | undefined> {
  return (await collectionById(db, id))[0]
}

/** Every collection of an organization (they are few): used to resolve inherited levels and nesting. */
export function listAllCollectionsOfOrganization(db: Db | Trx, organizationId: string): Promise<CollectionRow[]> {
  return db.selectFrom('collections').selectAll().where('organization_id', '=', organizationId).execute()
}

/** Collections of an organization in tree order of siblings; `nested: false` keeps only top-level ones. */
export function listCollectionsOfOrganization(
  db: Db,
  organizationId: string,
  options: { nested: boolean; visibleIds?: string[] },
  request: PageRequest,
): Promise<Page<CollectionRow>> {
  let query = db.selectFrom('collections').selectAll().where('organization_id', '=', organizationId)
  if (!options.nested) query = query.where('parent_id', 'is', null)
  if (options.visibleIds) query = query.where('id', 'in', options.visibleIds.length ? options.visibleIds : [''])
  return paginate(db, query, [{ column: 'sort_order', direction: 'asc' }, { column: 'id', direction: 'asc' }], request)
}

export async function insertCollection(trx: Db | Trx, row: NewCollectionRow): Promise<void> {
  await trx.insertInto('collections').values(row).execute()
}

export async function updateCollection(trx: Db | Trx, id: string, update: CollectionUpdate): Promise<void> {
  await trx.updateTable('collections').set(update).where('id', '=', id).execute()
}

export async function updateCollectionsOrganization(trx: Trx, ids: string[], organizationId: string, at: string): Promise<void> {
  if (ids.length === 0) return
  await trx.updateTable('collections').set({ organization_id: organizationId, updated_at: at }).where('id', 'in', ids).execute()
}

export async function deleteCollections(trx: Trx, ids: string[]): Promise<void> {
  if (ids.length === 0) return
  await trx.deleteFrom('collections').where('id', 'in', ids).execute()
}
