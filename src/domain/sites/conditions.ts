/**
 * Conditions of adaptive content: small expressions over the visitor's claims that decide whether a section or a
 * site-space is shown, such as
 *
 *   visitor.claims.plan == "pro" && !visitor.claims.unsigned.beta
 *   visitor.claims.roles.includes("admin") || visitor.claims.seats >= 10
 *
 * Grammar (JavaScript's syntax for the same things, so conditions written for GitBook read the same):
 *
 *   expression := or
 *   or         := and ("||" and)*
 *   and        := unary ("&&" unary)*
 *   unary      := "!" unary | comparison
 *   comparison := operand (("==" | "===" | "!=" | "!==" | "<" | "<=" | ">" | ">=") operand)?
 *   operand    := literal | path | path ".includes(" expression ")" | "(" expression ")"
 *   path       := "visitor" "." "claims" ("." name | "[" string | integer "]")*
 *   literal    := string ('…' or "…", with \ escapes) | number | true | false | null | undefined
 *
 * Expressions are parsed when saved (a syntax error is reported with its 1-based position) and evaluated by walking
 * the tree: no `eval`, no `Function`, and only the claims' own properties can be read (never a prototype).
 * Equality is strict (`==` is `===`); `<`, `<=`, `>`, `>=` compare two numbers or two strings and are false
 * otherwise; `&&`, `||` and `!` work on truthiness as in JavaScript; a missing claim is `undefined`.
 */

export type Value = unknown

type Node =
  | { kind: 'literal'; value: string | number | boolean | null | undefined }
  | { kind: 'path'; keys: (string | number)[] }
  | { kind: 'includes'; target: Node; argument: Node }
  | { kind: 'not'; operand: Node }
  | { kind: 'and' | 'or'; left: Node; right: Node }
  | { kind: 'compare'; operator: ComparisonOperator; left: Node; right: Node }

type ComparisonOperator = '==' | '!=' | '<' | '<=' | '>' | '>='

/** A syntax error: `position` is the 1-based character position where the expression stops making sense. */
export class ConditionSyntaxError extends Error {
  constructor(
    readonly position: number,
    readonly reason: string,
  ) {
    super(`syntax error at position ${position}: ${reason}`)
  }
}

/** Nesting deeper than this (parentheses, `!`) is refused rather than risking the stack. */
const MAX_DEPTH = 64

type Token =
  | { type: 'string'; value: string; at: number }
  | { type: 'number'; value: number; at: number }
  | { type: 'name'; value: string; at: number }
  | { type: 'op'; value: string; at: number }
  | { type: 'end'; at: number }

const OPERATORS = ['===', '!==', '==', '!=', '<=', '>=', '&&', '||', '<', '>', '!', '(', ')', '[', ']', '.']

function tokenize(source: string): Token[] {
  const tokens: Token[] = []
  let i = 0
  while (i < source.length) {
    const c = source[i]
    if (/\s/.test(c)) {
      i++
      continue
    }
    if (c === '"' || c === "'") {
      const start = i
      let value = ''
      i++
      for (;;) {
        if (i >= source.length) throw new ConditionSyntaxError(start + 1, 'this string is never closed')
        const d = source[i]
        if (d === c) break
        if (d === '\\') {
          const next = source[i + 1]
          if (next === undefined) throw new ConditionSyntaxError(start + 1, 'this string is never closed')
          value += next === 'n' ? '\n' : next === 't' ? '\t' : next
          i += 2
          continue
        }
        value += d
        i++
      }
      i++
      tokens.push({ type: 'string', value, at: start })
      continue
    }
    const number = /^(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?/.exec(source.slice(i))
    if (number && !(c === '.' && /[A-Za-z_$]/.test(source[i + 1] ?? ''))) {
      tokens.push({ type: 'number', value: Number(number[0]), at: i })
      i += number[0].length
      continue
    }
    const name = /^[A-Za-z_$][A-Za-z0-9_$]*/.exec(source.slice(i))
    if (name) {
      tokens.push({ type: 'name', value: name[0], at: i })
      i += name[0].length
      continue
    }
    const operator = OPERATORS.find((op) => source.startsWith(op, i))
    if (!operator) throw new ConditionSyntaxError(i + 1, `unexpected character ${JSON.stringify(c)}`)
    tokens.push({ type: 'op', value: operator, at: i })
    i += operator.length
  }
  tokens.push({ type: 'end', at: source.length })
  return tokens
}

function describeToken(token: Token): string {
  if (token.type === 'end') return 'the end of the expression'
  if (token.type === 'string') return `the string ${JSON.stringify(token.value)}`
  return `"${token.value}"`
}

class Parser {
  private index = 0
  private depth = 0

  constructor(private readonly tokens: Token[]) {}

  parse(): Node {
    const node = this.or()
    const next = this.peek()
    if (next.type !== 'end') this.fail(next, `expected && or || or the end of the expression, found ${describeToken(next)}`)
    return node
  }

  private peek(): Token {
    return this.tokens[this.index]
  }

  private take(): Token {
    return this.tokens[this.index++]
  }

  private isOp(value: string): boolean {
    const token = this.peek()
    return token.type === 'op' && token.value === value
  }

  private expectOp(value: string, what: string) {
    const token = this.peek()
    if (token.type !== 'op' || token.value !== value) this.fail(token, `expected "${value}" ${what}, found ${describeToken(token)}`)
    this.index++
  }

  private fail(token: Token, reason: string): never {
    throw new ConditionSyntaxError(token.at + 1, reason)
  }

  private nested<T>(token: Token, parse: () => T): T {
    if (++this.depth > MAX_DEPTH) this.fail(token, `expressions may nest at most ${MAX_DEPTH} levels deep`)
    try {
      return parse()
    } finally {
      this.depth--
    }
  }

  private or(): Node {
    let left = this.and()
    while (this.isOp('||')) {
      this.take()
      left = { kind: 'or', left, right: this.and() }
    }
    return left
  }

  private and(): Node {
    let left = this.unary()
    while (this.isOp('&&')) {
      this.take()
      left = { kind: 'and', left, right: this.unary() }
    }
    return left
  }

  private unary(): Node {
    if (this.isOp('!')) {
      const token = this.take()
      return this.nested(token, () => ({ kind: 'not' as const, operand: this.unary() }))
    }
    return this.comparison()
  }

  private comparison(): Node {
    const left = this.operand()
    const token = this.peek()
    if (token.type === 'op' && ['==', '===', '!=', '!==', '<', '<=', '>', '>='].includes(token.value)) {
      this.take()
      const operator = (token.value === '===' ? '==' : token.value === '!==' ? '!=' : token.value) as ComparisonOperator
      return { kind: 'compare', operator, left, right: this.operand() }
    }
    return left
  }

  private operand(): Node {
    const token = this.take()
    if (token.type === 'string' || token.type === 'number') return { kind: 'literal', value: token.value }
    if (token.type === 'op' && token.value === '(') {
      const inner = this.nested(token, () => this.or())
      this.expectOp(')', 'to close the parenthesis')
      return inner
    }
    if (token.type === 'name') {
      if (token.value === 'true' || token.value === 'false') return { kind: 'literal', value: token.value === 'true' }
      if (token.value === 'null') return { kind: 'literal', value: null }
      if (token.value === 'undefined') return { kind: 'literal', value: undefined }
      if (token.value === 'visitor') return this.path()
      this.fail(token, `unknown name "${token.value}": conditions read the visitor's claims as visitor.claims.<name>`)
    }
    this.fail(token, `expected a value (a string, a number, true, false, null or visitor.claims…), found ${describeToken(token)}`)
  }

  private path(): Node {
    this.expectOp('.', 'after "visitor"')
    const claims = this.take()
    if (claims.type !== 'name' || claims.value !== 'claims') this.fail(claims, 'only visitor.claims can be read: write visitor.claims.<name>')
    const keys: (string | number)[] = []
    let node: Node = { kind: 'path', keys }
    for (;;) {
      if (this.isOp('.')) {
        this.take()
        const name = this.take()
        if (name.type !== 'name') this.fail(name, `expected a claim name after ".", found ${describeToken(name)}`)
        if (name.value === 'includes' && this.isOp('(')) {
          const open = this.take()
          const argument = this.nested(open, () => this.or())
          this.expectOp(')', 'to close includes(')
          node = { kind: 'includes', target: node, argument }
          // A call ends the path: `.includes(…)` answers a boolean.
          return node
        }
        keys.push(name.value)
      } else if (this.isOp('[')) {
        this.take()
        const key = this.take()
        if (key.type === 'string') keys.push(key.value)
        else if (key.type === 'number' && Number.isInteger(key.value) && key.value >= 0) keys.push(key.value)
        else this.fail(key, `expected a string or a whole number inside [ ], found ${describeToken(key)}`)
        this.expectOp(']', 'to close the bracket')
      } else {
        return node
      }
    }
  }
}

const parsed = new Map<string, Node>()
const PARSED_CACHE_SIZE = 1000

/** Parses a condition; throws ConditionSyntaxError naming the position of the first problem. */
export function parseCondition(source: string): Node {
  let node = parsed.get(source)
  if (!node) {
    node = new Parser(tokenize(source)).parse()
    if (parsed.size >= PARSED_CACHE_SIZE) parsed.clear()
    parsed.set(source, node)
  }
  return node
}

/** Whether a condition holds for a visitor with these claims (a condition that does not parse never holds). */
export function evaluateCondition(source: string, claims: Record<string, unknown>): boolean {
  let node: Node
  try {
    node = parseCondition(source)
  } catch {
    return false
  }
  return truthy(evaluate(node, claims))
}

function evaluate(node: Node, claims: Record<string, unknown>): Value {
  switch (node.kind) {
    case 'literal':
      return node.value
    case 'path': {
      let value: Value = claims
      for (const key of node.keys) value = ownProperty(value, key)
      return value
    }
    case 'includes': {
      const target = evaluate(node.target, claims)
      const argument = evaluate(node.argument, claims)
      if (Array.isArray(target)) return target.some((item) => item === argument)
      if (typeof target === 'string' && typeof argument === 'string') return target.includes(argument)
      return false
    }
    case 'not':
      return !truthy(evaluate(node.operand, claims))
    case 'and':
      return truthy(evaluate(node.left, claims)) && truthy(evaluate(node.right, claims))
    case 'or':
      return truthy(evaluate(node.left, claims)) || truthy(evaluate(node.right, claims))
    case 'compare': {
      const left = evaluate(node.left, claims)
      const right = evaluate(node.right, claims)
      if (node.operator === '==') return left === right
      if (node.operator === '!=') return left !== right
      const comparable = (typeof left === 'number' && typeof right === 'number') || (typeof left === 'string' && typeof right === 'string')
      if (!comparable) return false
      const [a, b] = [left as number | string, right as number | string]
      return node.operator === '<' ? a < b : node.operator === '<=' ? a <= b : node.operator === '>' ? a > b : a >= b
    }
  }
}

/** `value[key]` for plain data only: an own property of an object, or an element of an array. */
function ownProperty(value: Value, key: string | number): Value {
  if (Array.isArray(value)) return typeof key === 'number' ? value[key] : undefined
  if (value !== null && typeof value === 'object' && Object.prototype.hasOwnProperty.call(value, key)) return (value as Record<string, unknown>)[key]
  return undefined
}

function truthy(value: Value): boolean {
  return Boolean(value)
}
