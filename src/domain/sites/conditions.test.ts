import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ConditionSyntaxError, evaluateCondition, parseCondition } from './conditions'

const claims = {
  plan: 'pro',
  seats: 12,
  beta: true,
  roles: ['admin', 'editor'],
  unsigned: { region: 'eu', trial: false },
  'odd-name': 'yes',
  nested: { deeper: { value: 3 } },
}

function positionOf(source: string): number {
  try {
    parseCondition(source)
  } catch (error) {
    expect(error).toBeInstanceOf(ConditionSyntaxError)
    return (error as ConditionSyntaxError).position
  }
  throw new Error(`"${source}" parsed`)
}

describe('evaluateCondition', () => {
  it('reads claims by name, bracket and index, nested and unsigned', () => {
    expect(evaluateCondition('visitor.claims.beta', claims)).toBe(true)
    expect(evaluateCondition('visitor.claims.unsigned.trial', claims)).toBe(false)
    expect(evaluateCondition('visitor.claims["odd-name"] == "yes"', claims)).toBe(true)
    expect(evaluateCondition("visitor.claims.roles[1] === 'editor'", claims)).toBe(true)
    expect(evaluateCondition('visitor.claims.nested.deeper.value == 3', claims)).toBe(true)
    expect(evaluateCondition('visitor.claims.missing.deeper', claims)).toBe(false)
    expect(evaluateCondition('visitor.claims.missing == undefined', claims)).toBe(true)
  })

  it('compares strictly, orders numbers and strings only, and combines with && || ! and parentheses', () => {
    expect(evaluateCondition('visitor.claims.plan == "pro" && visitor.claims.seats >= 10', claims)).toBe(true)
    expect(evaluateCondition('visitor.claims.seats == "12"', claims)).toBe(false)
    expect(evaluateCondition('visitor.claims.seats != "12"', claims)).toBe(true)
    expect(evaluateCondition('visitor.claims.seats < 12.5 && visitor.claims.plan > "basic"', claims)).toBe(true)
    expect(evaluateCondition('visitor.claims.seats > "1"', claims)).toBe(false)
    expect(evaluateCondition('!visitor.claims.beta || (visitor.claims.unsigned.region == "eu" && !visitor.claims.unsigned.trial)', claims)).toBe(true)
    expect(evaluateCondition('!(visitor.claims.beta)', claims)).toBe(false)
    expect(evaluateCondition('true && null', claims)).toBe(false)
  })

  it('tests membership with includes() on lists and text', () => {
    expect(evaluateCondition('visitor.claims.roles.includes("admin")', claims)).toBe(true)
    expect(evaluateCondition('visitor.claims.roles.includes("owner")', claims)).toBe(false)
    expect(evaluateCondition('visitor.claims.plan.includes("r")', claims)).toBe(true)
    expect(evaluateCondition('visitor.claims.seats.includes(1)', claims)).toBe(false)
  })

  it('never reads outside the claims: prototypes and inherited properties are undefined', () => {
    expect(evaluateCondition('visitor.claims.constructor', claims)).toBe(false)
    expect(evaluateCondition('visitor.claims.__proto__', claims)).toBe(false)
    expect(evaluateCondition('visitor.claims.roles.length == 2', claims)).toBe(false)
    expect(evaluateCondition('visitor.claims.plan.length', claims)).toBe(false)
    expect(evaluateCondition('visitor.claims["toString"]', {})).toBe(false)
  })
})

describe('parseCondition', () => {
  it('names the position of the first syntax error', () => {
    expect(positionOf('visitor.claims.plan ==')).toBe(23)
    expect(positionOf('visitor.claims.plan == "pro" &&& true')).toBe(32)
    expect(positionOf('(visitor.claims.beta')).toBe(21)
    expect(positionOf('visitor.claims.plan == "pro')).toBe(24)
    expect(positionOf('visitor.secrets')).toBe(9)
    expect(positionOf('process.exit()')).toBe(1)
    expect(positionOf('visitor.claims.a # 1')).toBe(18)
    expect(positionOf('visitor.claims.a == 1 == 2')).toBe(23)
    expect(positionOf('visitor.claims[foo]')).toBe(16)
  })

  it('refuses nesting deeper than 64 levels', () => {
    expect(() => parseCondition('('.repeat(65) + 'true' + ')'.repeat(65))).toThrow(/nest at most 64/)
    expect(() => parseCondition('!'.repeat(65) + 'true')).toThrow(/nest at most 64/)
    expect(parseCondition('('.repeat(60) + 'true' + ')'.repeat(60))).toBeDefined()
  })

  it('parses or refuses any text of up to 1024 characters without crashing, and evaluates what parses', () => {
    const piece = fc.constantFrom('visitor', '.', 'claims', 'plan', '[', ']', '(', ')', '"x"', "'y'", '1', '==', '!=', '<', '&&', '||', '!', ' ', 'includes', 'true', 'null', '\\')
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 1024 }), fc.array(piece, { maxLength: 60 }).map((parts) => parts.join(''))), (source) => {
        try {
          parseCondition(source)
        } catch (error) {
          expect(error).toBeInstanceOf(ConditionSyntaxError)
          expect((error as ConditionSyntaxError).position).toBeGreaterThanOrEqual(1)
          expect((error as ConditionSyntaxError).position).toBeLessThanOrEqual(source.length + 1)
          return
        }
        expect(typeof evaluateCondition(source, claims)).toBe('boolean')
      }),
      { numRuns: 500, seed: 7 },
    )
  })
})
