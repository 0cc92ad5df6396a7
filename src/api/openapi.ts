/** Builds GET /v1/openapi.json from the operation table, so the document cannot drift from what is served. */
import type { TSchema } from '@sinclair/typebox/type'
import { operations } from './index'
import { VERSION } from '../version'

export function buildOpenApiDocument(baseUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const op of operations) {
    const parameters = [
      ...schemaParameters(op.params, 'path'),
      ...schemaParameters(op.query, 'query'),
    ]
    const responses: Record<string, unknown> = {
      [String(op.success)]: op.success === 204 || op.success === 205
        ? { description: 'No content' }
        : { description: 'OK', content: { 'application/json': { schema: plain(op.response ?? { type: 'object' }) } } },
      default: { description: 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
    }
    ;(paths[op.path] ??= {})[op.method.toLowerCase()] = {
      operationId: op.id,
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      tags: [op.tag],
      ...(parameters.length ? { parameters } : {}),
      ...(op.body ? { requestBody: { required: op.bodyRequired ?? false, content: { 'application/json': { schema: plain(op.body) } } } } : {}),
      responses,
      ...(op.public ? { security: [] } : {}),
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: 'docsctl API', version: VERSION, description: 'The docsctl content service: organizations, collections, spaces and more.' },
    servers: [{ url: `${baseUrl}/v1` }],
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: {
        Error: {
          type: 'object',
          required: ['error'],
          properties: { error: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'integer' }, message: { type: 'string' } } } },
        },
      },
    },
  }
}

function schemaParameters(schema: TSchema | undefined, location: 'path' | 'query') {
  if (!schema?.properties) return []
  const required = new Set<string>(schema.required ?? [])
  return Object.entries(schema.properties as Record<string, TSchema>).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    ...(property.description ? { description: property.description } : {}),
    schema: plain(property),
  }))
}

/** TypeBox schemas are JSON Schema plus symbol keys; a JSON round trip keeps only the JSON Schema. */
function plain(schema: unknown) {
  return JSON.parse(JSON.stringify(schema))
}
