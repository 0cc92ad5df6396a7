/**
 * Sibling order: spaces and collections under one parent share a `sort_order` number. A move computes a number
 * between its new neighbours; when no room is left between two floats, the siblings are renumbered.
 */
import { BadRequestError } from '../../errors'

export interface Sibling {
  id: string
  sort_order: number
}

/**
 * A reference to a sibling: `{type, <field>}` where the field is named after the type (`space`, `collection`,
 * `siteSpace`, `siteSection`) or is `id` (site structure items).
 */
export interface Pointer {
  type: string
  id?: string
  space?: string
  collection?: string
  siteSpace?: string
  siteSection?: string
}

export interface PositionInput {
  before?: Pointer
  after?: Pointer
}

/** The id a pointer refers to. */
export function pointerId(pointer: Pointer): string | undefined {
  return pointer.id ?? pointer.space ?? pointer.collection ?? pointer.siteSpace ?? pointer.siteSection
}

export const ORDER_STEP = 1024

/**
 * The sort order for an item placed at `position` among `siblings` (ascending, without the item itself).
 * Returns `renumber` when the siblings must be spread out first: pass them to `spreadOrders` and call again.
 */
export function sortOrderFor(siblings: Sibling[], position: PositionInput | undefined): number | 'renumber' {
  if (!position || (!position.before && !position.after)) {
    return siblings.length ? siblings[siblings.length - 1].sort_order + ORDER_STEP : ORDER_STEP
  }
  const pointer = position.before ?? position.after!
  const field = position.before ? 'position.before' : 'position.after'
  const refId = pointerId(pointer)
  const index = siblings.findIndex((s) => s.id === refId)
  if (index < 0) {
    throw new BadRequestError(`body.${field}: ${pointer.type} "${refId}" is not among the siblings at the destination; position relative to an item of the same parent.`)
  }
  let low: number
  let high: number
  if (position.before) {
    high = siblings[index].sort_order
    low = index > 0 ? siblings[index - 1].sort_order : high - 2 * ORDER_STEP
  } else {
    low = siblings[index].sort_order
    high = index < siblings.length - 1 ? siblings[index + 1].sort_order : low + 2 * ORDER_STEP
  }
  const middle = (low + high) / 2
  return middle > low && middle < high ? middle : 'renumber'
}

/** Evenly spaced orders for the siblings, in their current order. */
export function spreadOrders(siblings: Sibling[]): Sibling[] {
  return siblings.map((s, i) => ({ id: s.id, sort_order: (i + 1) * ORDER_STEP }))
}
