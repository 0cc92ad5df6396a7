import fc from 'fast-check'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
import { simpleMapping } from './front-matter'

describe('simpleMapping (front matter read without the YAML parser)', () => {
  it('reads the usual GitBook front matter', () => {
    expect(simpleMapping('description: Page 5 of the guide.\nhidden: true\nicon: book-open\n')).toEqual({ description: 'Page 5 of the guide.', hidden: true, icon: 'book-open' })
  })

  it('leaves everything outside its subset to the YAML parser', () => {
    for (const text of ['order: 3', 'description: "quoted"', 'a: b # comment', 'a: b: c', 'a:', 'a: null', 'a: ~', 'a: x\na: y', 'cover:\n  url: x', 'a: 2024-01-01', 'a: .inf', 'a: >-\n  folded', 'a: [1, 2]', '- item', 'a: b\r']) {
      expect(simpleMapping(text), text).toBeUndefined()
    }
  })

  // The fast path must never answer something YAML would not: wherever it answers, the two agree.
  it('agrees with the YAML parser wherever it answers', () => {
    const key = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_-]{0,12}$/)
    const value = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.constantFrom('true', 'false', 'True', 'null', 'yes', 'no', 'Hello: world', 'a #b', 'A\u2028B', 'Ünïcödé text', "It's fine", 'x, [y] {z}', 'end  '))
    const document = fc.array(fc.tuple(key, value), { maxLength: 6 }).map((lines) => lines.map(([k, v]) => `${k}: ${v}`).join('\n'))
    fc.assert(
      fc.property(document, (text) => {
        const fast = simpleMapping(text)
        if (fast === undefined) return
        expect(fast).toEqual(parse(text) ?? {})
      }),
      { numRuns: 3000 },
    )
  })
})
