import type { Db } from '../../store/database'
import type { CollectionRow } from '../../store/tables/collection.table'
import { listAllCollectionsOfOrganization, updateCollection } from '../../store/collections'
import { nowIso } from '../../store/ids'
import { BadRequestError } from '../../errors'
import { sortOrderAt } from '../ordering/place-content'
import type { PositionInput } from '../ordering/place-among-siblings'
import { descendantIds } from './collection-tree'

/**
 * Moves a collection under `parent` (null: the root; absent: where it is) at `position` (default: the end).
 * A collection cannot move into itself or into a collection nested in it.
 */
export async function moveCollection(db: Db, collection: CollectionRow, move: { parent?: string | null; position?: PositionInput }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const parentId = move.parent === undefined ? collection.parent_id : move.parent
    if (parentId) {
      const all = await listAllCollectionsOfOrganization(trx, collection.organization_id)
      if (!all.some((c) => c.id === parentId)) throw new BadRequestError(`body.parent: collection "${parentId}" is not in this organization.`)
      if (descendantIds(all, collection.id).includes(parentId)) {
        throw new BadRequestError('body.parent: a collection cannot move into itself or into a collection nested in it.')
      }
    }
    const sortOrder = await sortOrderAt(trx, { kind: 'collection', ...collection }, parentId, collection.organization_id, move.position)
    await updateCollection(trx, collection.id, { parent_id: parentId, sort_order: sortOrder, updated_at: nowIso() })
  })
}
