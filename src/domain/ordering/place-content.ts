import type { Trx } from '../../store/database'
import { listSiblingOrders, updateSpace } from '../../store/spaces'
import { updateCollection } from '../../store/collections'
import { sortOrderFor, spreadOrders, type PositionInput } from './place-among-siblings'

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
