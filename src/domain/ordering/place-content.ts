import type { Trx } from '../../store/database'
import { findLastSiblingOrder, listSiblingOrders, updateSpace } from '../../store/spaces'
import { updateCollection } from '../../store/collections'
import { ORDER_STEP, sortOrderFor, spreadOrders, type PositionInput } from './place-among-siblings'

export interface ContentItem {
  kind: 'space' | 'collection'
  id: string
  organization_id: string
}

/**
 * The sort order that puts `item` at `position` under `parentId` (null: the organization's root), renumbering
 * the siblings first when two neighbours left no room between them.
 */
export async function sortOrderAt(trx: Trx, item: ContentItem | null, parentId: string | null, organizationId: string, position?: PositionInput): Promise<number> {
  if (!position?.before && !position?.after) {
    // At the end: one MAX per table instead of reading every sibling (a root can hold thousands of spaces).
    const last = await findLastSiblingOrder(trx, organizationId, parentId)
    return (last ?? 0) + ORDER_STEP
  }
  const siblings = (await listSiblingOrders(trx, organizationId, parentId)).filter((s) => s.id !== item?.id)
  let order = sortOrderFor(siblings, position)
  if (order === 'renumber') {
    const spread = spreadOrders(siblings)
    for (const sibling of spread) {
      await updateSpace(trx, sibling.id, { sort_order: sibling.sort_order })
      await updateCollection(trx, sibling.id, { sort_order: sibling.sort_order })
    }
    order = sortOrderFor(spread, position) as number
  }
  return order
}
