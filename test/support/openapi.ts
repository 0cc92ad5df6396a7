/** OpenAPI documents for tests: a small 3.x spec split over files with `$ref`s, a Swagger 2.0 one, broken ones. */
import type { TestServer } from './server'

export const PETSTORE = `openapi: 3.0.3
info:
  title: Petstore
  version: 1.0.0
paths:
  /pets:
    get:
      operationId: listPets
      responses:
        '200':
          description: The pets
          content:
            application/json:
              schema:
                type: array
                items:
                  $ref: './schemas/pet.yaml'
`

export const PET_SCHEMA = `type: object
required: [id, name]
properties:
  id:
    type: integer
  name:
    type: string
  owner:
    $ref: '../../common/owner.json#/Owner'
`

export const OWNER_SCHEMA = JSON.stringify({ Owner: { type: 'object', properties: { name: { type: 'string' } } } })

export const SWAGGER = JSON.stringify({
  swagger: '2.0',
  info: { title: 'Old API', version: '2.0.0' },
  paths: { '/ping': { get: { responses: { 200: { description: 'pong' } } } } },
})

/** Valid YAML, but not OpenAPI: a path without responses. */
export const INVALID_OPENAPI = `openapi: 3.0.3
info:
  title: Broken
  version: 1.0.0
paths:
  /pets:
    get:
      operationId: listPets
`

/** Waits (polling) until the spec's processing is over, and answers it. */
export async function processedSpec(server: Pick<TestServer, 'request'>, organizationId: string, slug: string, after?: string): Promise<any> {
  for (let i = 0; i < 500; i++) {
    const spec = (await server.request('GET', `/v1/orgs/${organizationId}/openapi/${slug}`)).body
    if (spec.processingState === 'complete' && (!after || (spec.lastProcessedAt ?? '') > after)) return spec
    await new Promise((r) => setTimeout(r, 20))
  }
  throw new Error(`spec ${slug} was not processed`)
}
