import { describe, expect, it } from 'vitest'
import { ORDER_STEP, sortOrderFor, spreadOrders } from './place-among-siblings'

const siblings = [
  { id: 'a', sort_order: 1024 },
  { id: 'b', sort_order: 2048 },
  { id: 'c', sort_order: 3072 },
]

describe('sortOrderFor', () => {
  it('appends at the end without a position', () => {
    expect(sortOrderFor(siblings, undefined)).toBe(3072 + ORDER_STEP)
    expect(sortOrderFor([], undefined)).toBe(ORDER_STEP)
  })

  it('places between neighbours, before the first and after the last', () => {
    expect(sortOrderFor(siblings, { before: { type: 'space', space: 'b' } })).toBe(1536)
    expect(sortOrderFor(siblings, { after: { type: 'space', space: 'b' } })).toBe(2560)
    expect(sortOrderFor(siblings, { before: { type: 'collection', collection: 'a' } })).toBeLessThan(1024)
    expect(sortOrderFor(siblings, { after: { type: 'space', space: 'c' } })).toBeGreaterThan(3072)
  })

  it('asks for renumbering when two neighbours leave no room, and the spread makes room', () => {
    const tight = [
      { id: 'a', sort_order: 1 },
      { id: 'b', sort_order: 1 + Number.EPSILON },
    ]
    expect(sortOrderFor(tight, { before: { type: 'space', space: 'b' } })).toBe('renumber')
    const spread = spreadOrders(tight)
    expect(sortOrderFor(spread, { before: { type: 'space', space: 'b' } })).toBe(1536)
  })

  it('names the position field when the reference is not a sibling', () => {
    expect(() => sortOrderFor(siblings, { after: { type: 'space', space: 'zz' } })).toThrow(/body\.position\.after/)
  })
})
