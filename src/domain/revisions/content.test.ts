import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { sameJson } from './content'

/** JSON with object keys sorted: equal texts for values that mean the same. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v))

const reversedKeys = (value: unknown): unknown =>
  Array.isArray(value) ? value.map(reversedKeys) : value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).reverse().map(([k, v]) => [k, reversedKeys(v)])) : value

describe('sameJson (an unchanged page keeps its stored record)', () => {
  it('never calls two values the same when their JSON differs', () => {
    fc.assert(fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => !sameJson(a, b) || canonical(a) === canonical(b)), { numRuns: 2000 })
    // Near misses, which random values rarely are.
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), fc.string(), fc.jsonValue(), (object, key, value) => {
        const changed = { ...object, [key]: value }
        expect(sameJson(object, changed)).toBe(canonical(object) === canonical(changed))
      }),
      { numRuns: 2000 },
    )
  })

  it('sees through key order and undefined keys', () => {
    fc.assert(fc.property(fc.jsonValue(), (a) => sameJson(a, reversedKeys(a))), { numRuns: 1000 })
    expect(sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(true)
    expect(sameJson({ at: new Date(0) }, { at: new Date(1) })).toBe(false)
  })
})
