/**
 * The adaptive-content visitor schema of a site: a JSON Schema (draft-07) object describing the claims a visitor
 * carries. Its shape is fixed by the spec: top-level properties are boolean claims, plus an optional `unsigned`
 * object of boolean claims; nothing else, and no additional properties anywhere.
 *
 * @example
 * {
 *   "type": "object",
 *   "properties": {
 *     "isAdmin": { "type": "boolean", "description": "The visitor administers an account" },
 *     "unsigned": {
 *       "type": "object",
 *       "properties": { "beta": { "type": "boolean", "description": "Opted into beta features" } },
 *       "additionalProperties": false
 *     }
 *   },
 *   "additionalProperties": false
 * }
 */

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#'
/** GitBook fixes the description of the `unsigned` object to this text; docsctl fills it in when left out. */
export const UNSIGNED_DESCRIPTION = 'Unsigned claims of the site visitor.'

const CLAIM_NAME = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[^\\s]+$' }
const MAX_CLAIMS = 100

const BooleanClaim = {
  type: 'object',
  description: 'A boolean claim: `{type: "boolean", description}`.',
  required: ['type', 'description'],
  additionalProperties: false,
  properties: {
    type: { type: 'string', enum: ['boolean'] },
    description: { type: 'string', maxLength: 256 },
  },
}

/**
 * JSON Schema of an acceptable visitor schema: the input schema of updateSiteAdaptiveSchema's `jsonSchema`, so a
 * violation answers 400 naming the place (`body.jsonSchema.properties.plan.type: must be one of "boolean".`).
 */
export const ADAPTIVE_JSON_SCHEMA = {
  type: 'object',
  description: 'A draft-07 object schema: boolean claims, and an `unsigned` object of boolean claims.',
  required: ['type', 'properties', 'additionalProperties'],
  additionalProperties: false,
  properties: {
    $schema: { type: 'string', enum: [DRAFT_07] },
    type: { type: 'string', enum: ['object'] },
    properties: {
      type: 'object',
      maxProperties: MAX_CLAIMS + 1,
      propertyNames: CLAIM_NAME,
      properties: {
        unsigned: {
          type: 'object',
          required: ['type', 'properties', 'additionalProperties'],
          additionalProperties: false,
          properties: {
            type: { type: 'string', enum: ['object'] },
            description: { type: 'string', enum: [UNSIGNED_DESCRIPTION] },
            properties: { type: 'object', maxProperties: MAX_CLAIMS, propertyNames: CLAIM_NAME, additionalProperties: BooleanClaim },
            additionalProperties: { type: 'boolean', enum: [false] },
          },
        },
      },
      additionalProperties: BooleanClaim,
    },
    additionalProperties: { type: 'boolean', enum: [false] },
  },
} as const

export interface BooleanClaimSchema {
  type: 'boolean'
  description: string
}

export interface AdaptiveJsonSchema {
  $schema?: string
  type: 'object'
  properties: Record<string, BooleanClaimSchema> & {
    unsigned?: { type: 'object'; description?: string; properties: Record<string, BooleanClaimSchema>; additionalProperties: false }
  }
  additionalProperties: false
}

/** The schema as stored and answered: the `unsigned` object carries GitBook's fixed description. */
export function normalizeAdaptiveSchema(schema: AdaptiveJsonSchema): AdaptiveJsonSchema {
  const { unsigned, ...claims } = schema.properties
  const properties: AdaptiveJsonSchema['properties'] = { ...claims }
  if (unsigned) properties.unsigned = { type: 'object', description: UNSIGNED_DESCRIPTION, properties: unsigned.properties, additionalProperties: false }
  return { ...(schema.$schema ? { $schema: schema.$schema } : {}), type: 'object', properties, additionalProperties: false }
}

export interface TemplateCondition {
  description: string
  condition: string
}

/**
 * Ready-made conditions for the schema's claims: for each boolean claim, one that shows content to visitors for
 * whom it is true and one for the others (signed claims first, then unsigned ones, in schema order).
 */
export function templateConditions(schema: AdaptiveJsonSchema | undefined): TemplateCondition[] {
  if (!schema) return []
  const { unsigned, ...claims } = schema.properties
  const items: TemplateCondition[] = []
  const add = (path: string, name: string, claim: BooleanClaimSchema, kind: string) => {
    const about = claim.description ? ` (${claim.description})` : ''
    items.push({ description: `Visitors whose ${kind} claim "${name}" is true${about}`, condition: path })
    items.push({ description: `Visitors whose ${kind} claim "${name}" is false or missing${about}`, condition: `!${path}` })
  }
  for (const [name, claim] of Object.entries(claims)) add(`visitor.claims${accessor(name)}`, name, claim, 'signed')
  for (const [name, claim] of Object.entries(unsigned?.properties ?? {})) add(`visitor.claims.unsigned${accessor(name)}`, name, claim, 'unsigned')
  return items
}

/** `.name` for names a condition can write bare, `["odd-name"]` for the others. */
function accessor(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) && !['true', 'false', 'null', 'undefined', 'includes'].includes(name) ? `.${name}` : `[${JSON.stringify(name)}]`
}
