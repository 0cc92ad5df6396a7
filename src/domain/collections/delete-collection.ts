import type { Db } from '../../store/database'
import type { CollectionRow } from '../../store/tables/collection.table'
import { deleteCollections, listAllCollectionsOfOrganization } from '../../store/collections'
import { softDeleteSpacesInCollections } from '../../store/spaces'
import { nowIso } from '../../store/ids'
import { descendantIds } from './collection-tree'

/**
 * Deletes a collection and its nested collections in one transaction. Their spaces are not lost: they move to
 * the deleted state (restorable for 7 days, to the organization's root) before the collections go.
 */
export async function deleteCollectionTree(db: Db, collection: CollectionRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const ids = descendantIds(await listAllCollectionsOfOrganization(trx, collection.organization_id), collection.id)
    await softDeleteSpacesInCollections(trx, ids, nowIso())
    await deleteCollections(trx, ids)
  })
}
