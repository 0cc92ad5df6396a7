/**
 * Input validation, once, in the engine: each operation's params, query and body schemas are compiled by Ajv
 * on first use (so start-up compiles nothing) and run before the handler, for both transports.
 * Query and path values arrive as strings over HTTP and are coerced; bodies are not.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'
import type { TSchema } from '@sinclair/typebox'
import { BadRequestError } from '../errors'
import type { Operation } from './operation'

let bodyAjv: Ajv | undefined
let queryAjv: Ajv | undefined

function ajvFor(location: Location): Ajv {
  if (location === 'body') return (bodyAjv ??= createAjv(false))
  return (queryAjv ??= createAjv('array'))
}

function createAjv(coerceTypes: false | 'array'): Ajv {
  const ajv = new Ajv({ allErrors: false, coerceTypes, useDefaults: true, strict: false, allowUnionTypes: true })
  addFormats.default ? addFormats.default(ajv) : (addFormats as unknown as (a: Ajv) => void)(ajv)
  ajv.addFormat('emoji', { type: 'string', validate: isEmoji })
  return ajv
}

/** One emoji (with modifiers, ZWJ sequences and flags), the way GitBook stores a space's emoji. */
export function isEmoji(value: string): boolean {
  return /^(?:\p{RI}\p{RI}|\p{Extended_Pictographic}(?:\p{EMod}|\uFE0F\u20E3?|[\u{E0020}-\u{E007F}]+\u{E007F})?(?:\u200D\p{Extended_Pictographic}(?:\p{EMod}|\uFE0F\u20E3?)?)*|[0-9#*]\uFE0F?\u20E3)$/u.test(
    value,
  )
}

type Location = 'params' | 'query' | 'body'

const compiled = new WeakMap<TSchema, ValidateFunction>()

function validatorFor(schema: TSchema, location: Location): ValidateFunction {
  let validate = compiled.get(schema)
  if (!validate) {
    validate = ajvFor(location).compile(schema)
    compiled.set(schema, validate)
  }
  return validate
}

export interface RawInput {
  params?: Record<string, unknown>
  query?: Record<string, unknown>
  body?: unknown
}

/** Validates (and coerces, and fills defaults of) an operation's input; a violation is a 400 naming the field. */
export function validateInput(operation: Operation, raw: RawInput): { params: any; query: any; body: any } {
  const params = { ...(raw.params ?? {}) }
  const query = { ...(raw.query ?? {}) }
  let body = raw.body
  if (operation.params) check(operation.params, params, 'params')
  if (operation.query) check(operation.query, query, 'query')
  if (operation.body) {
    const required = operation.bodyRequired ?? false
    if (body === undefined || body === null) {
      if (required) throw new BadRequestError('body: a JSON object is required.')
      body = {}
    }
    check(operation.body, body, 'body')
  } else {
    body = undefined
  }
  return { params, query, body }
}

function check(schema: TSchema, value: unknown, location: Location) {
  const validate = validatorFor(schema, location)
  if (!validate(value)) throw new BadRequestError(describe(validate.errors?.[0], location))
}

/** `body.title: must NOT have more than 50 characters`: the failing path first, then what was wrong. */
export function describe(error: ErrorObject | undefined, location: Location): string {
  if (!error) return `${location}: is invalid.`
  const path = [location, ...error.instancePath.split('/').slice(1).map(unescapePointer)]
  let message = error.message ?? 'is invalid'
  switch (error.keyword) {
    case 'required':
      path.push(String(error.params.missingProperty))
      message = 'is required'
      break
    case 'additionalProperties':
      path.push(String(error.params.additionalProperty))
      message = 'is not a known field'
      break
    case 'enum':
      message = `must be one of ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`
      break
    case 'maxLength':
      message = `must be at most ${error.params.limit} characters`
      break
    case 'minLength':
      message = `must be at least ${error.params.limit} characters`
      break
    case 'maximum':
      message = `must be at most ${error.params.limit}`
      break
    case 'minimum':
      message = `must be at least ${error.params.limit}`
      break
    case 'type':
      message = `must be ${error.params.type === 'integer' ? 'a whole number' : `of type ${error.params.type}`}`
      break
    case 'format':
      message = `must be a valid ${error.params.format}`
      break
    case 'pattern':
      message = `must match the pattern ${error.params.pattern}`
      break
  }
  return `${path.join('.')}: ${message}.`
}

function unescapePointer(segment: string) {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~')
}
