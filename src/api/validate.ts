/**
 * Input validation, once, in the engine, before the handler, for both transports. Query and path values arrive
 * as strings over HTTP and are coerced; bodies are not.
 *
 * Validators are compiled by Ajv. The bundle built by scripts/build.mjs carries them precompiled (Ajv's
 * standalone code, see scripts/generate-validators.ts), one module per operation loaded on its first call, so a
 * CLI start compiles nothing, loads no Ajv and reads only the validators it uses; run
 * from source (tests), each schema is compiled on first use with the same options.
 */
import type { ErrorObject, ValidateFunction } from 'ajv'
import type { TSchema } from '@sinclair/typebox/type'
import { BadRequestError } from '../errors'
import type { Operation } from './operation'
import { precompiled } from './precompiled-validators'

/**
 * One emoji (with modifiers, ZWJ sequences, keycaps and flags), the way GitBook stores a space's emoji.
 * A pattern rather than a custom format, so precompiled validators carry it.
 */
export const EMOJI_PATTERN =
  '^(?:\\p{RI}\\p{RI}|\\p{Extended_Pictographic}(?:\\p{EMod}|\\uFE0F\\u20E3?|[\\u{E0020}-\\u{E007F}]+\\u{E007F})?(?:\\u200D\\p{Extended_Pictographic}(?:\\p{EMod}|\\uFE0F\\u20E3?)?)*|[0-9#*]\\uFE0F?\\u20E3)$'
const emojiRegExp = new RegExp(EMOJI_PATTERN, 'u')

export function isEmoji(value: string): boolean {
  return emojiRegExp.test(value)
}

/** Patterns named in messages by what they mean rather than by their source. */
const PATTERN_NAMES: Record<string, string> = { [EMOJI_PATTERN]: 'a single emoji' }

export type Location = 'params' | 'query' | 'body'

const compiled = new WeakMap<TSchema, ValidateFunction>()

type Validators = Partial<Record<Location, ValidateFunction>>

/** Each operation's validators, looked up (or compiled) once, then used synchronously. */
const byOperation = new WeakMap<Operation, Validators>()

async function validatorsOf(operation: Operation): Promise<Validators> {
  const validators: Validators = {}
  const loaded = (await precompiled?.[operation.id]?.())?.validators
  for (const location of ['params', 'query', 'body'] as const) {
    const schema: TSchema | undefined = operation[location]
    if (!schema) continue
    let validate = loaded?.[validatorKey(operation.id, location)] ?? compiled.get(schema)
    if (!validate) {
      const { compileValidator } = await import('./compile-validator')
      validate = compileValidator(schema, location !== 'body')
      compiled.set(schema, validate)
    }
    validators[location] = validate
  }
  byOperation.set(operation, validators)
  return validators
}

export function validatorKey(operationId: string, location: Location): string {
  return `${operationId}:${location}`
}

export interface RawInput {
  params?: Record<string, unknown>
  query?: Record<string, unknown>
  body?: unknown
}

/** Validates (and coerces, and fills defaults of) an operation's input; a violation is a 400 naming the field. */
export async function validateInput(operation: Operation, raw: RawInput): Promise<{ params: any; query: any; body: any }> {
  const validators = byOperation.get(operation) ?? (await validatorsOf(operation))
  // Copies: coercion and defaults write into them, and the caller's objects stay as they were.
  const params = copyOf(raw.params)
  const query = copyOf(raw.query)
  let body = raw.body
  if (validators.params) check(validators.params, params, 'params')
  if (validators.query) check(validators.query, query, 'query')
  if (operation.body) {
    const required = operation.bodyRequired ?? false
    if (body === undefined || body === null) {
      if (required) throw new BadRequestError('body: a JSON object is required.')
      body = {}
    }
    check(validators.body!, body, 'body')
  } else {
    body = undefined
  }
  return { params, query, body }
}

/** A shallow copy (a loop: spreading into a literal is the slow path in V8, and this runs on every call). */
function copyOf(source: Record<string, unknown> | undefined): Record<string, unknown> {
  const copy: Record<string, unknown> = {}
  if (source) for (const key in source) copy[key] = source[key]
  return copy
}

function check(validate: ValidateFunction, value: unknown, location: Location) {
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
      message = PATTERN_NAMES[error.params.pattern] ? `must be ${PATTERN_NAMES[error.params.pattern]}` : `must match the pattern ${error.params.pattern}`
      break
  }
  return `${path.join('.')}: ${message}.`
}

function unescapePointer(segment: string) {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~')
}
