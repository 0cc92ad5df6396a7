import type { Db } from '../../store/database'
import type { CollectionRow } from '../../store/tables/collection.table'
import { listAllCollectionsOfOrganization, updateCollection, updateCollectionsOrganization } from '../../store/collections'
import { moveSpacesToOrganization } from '../../store/spaces'
import { nowIso } from '../../store/ids'
import { sortOrderAt } from '../ordering/place-content'
import { descendantIds } from './collection-tree'

/** Moves a collection with its nested collections and their spaces to another organization, at its root's end. */
export async function transferCollection(db: Db, collection: CollectionRow, organizationId: string): Promise<void> {
  if (collection.organization_id === organizationId) return
  await db.transaction().execute(async (trx) => {
    const at = nowIso()
    const ids = descendantIds(await listAllCollectionsOfOrganization(trx, collection.organization_id), collection.id)
    await updateCollectionsOrganization(trx, ids, organizationId, at)
    await moveSpacesToOrganization(trx, ids, organizationId, at)
    const sortOrder = await sortOrderAt(trx, { kind: 'collection', ...collection }, null, organizationId)
    await updateCollection(trx, collection.id, { parent_id: null, sort_order: sortOrder })
  })
}
