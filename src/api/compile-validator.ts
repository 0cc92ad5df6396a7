/**
 * Ajv, set up once per input location. Used to compile validators on first use when running from source, and by
 * scripts/generate-validators.ts to precompile them for the bundle (where this module is never loaded at run time).
 */
import Ajv, { type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'
import type { TSchema } from '@sinclair/typebox/type'

export function createAjv(coerceTypes: false | 'array', options: { standalone?: boolean } = {}): Ajv {
  // Our schemas are written by us and checked by tests: skipping meta-schema validation and code optimisation
  // keeps a first compile cheap.
  const ajv = new Ajv({
    allErrors: false,
    coerceTypes,
    useDefaults: true,
    strict: false,
    allowUnionTypes: true,
    validateSchema: false,
    code: options.standalone ? { source: true, esm: false } : { optimize: false },
  })
  const add = (addFormats as unknown as { default?: typeof addFormats }).default ?? addFormats
  add(ajv, ['date-time', 'uri', 'email'])
  return ajv
}

let bodyAjv: Ajv | undefined
let queryAjv: Ajv | undefined

/** Compiles a schema: bodies as sent, path and query values coerced from strings. */
export function compileValidator(schema: TSchema, coerce: boolean): ValidateFunction {
  const ajv = coerce ? (queryAjv ??= createAjv('array')) : (bodyAjv ??= createAjv(false))
  return ajv.compile(schema)
}
