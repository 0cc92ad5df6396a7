import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useTestServer } from '../support/server'
import { purgeExpiredSpaces } from '../../src/domain/spaces/purge-expired-spaces'
import { operations } from '../../src/api/index'

const server = useTestServer({ beforeAll, afterAll })

const DAY = 24 * 60 * 60 * 1000

describe('deleted spaces', () => {
  it('are removed for good by the purge once 7 days have passed, not before', async () => {
    const space = (await server.request('POST', `/v1/orgs/${server.organizationId}/spaces`, { body: { title: 'Old' } })).body
    await server.request('DELETE', `/v1/spaces/${space.id}`)
    expect(await purgeExpiredSpaces(server.engine.db, Date.now() + 6 * DAY)).toBe(0)
    expect((await server.request('GET', `/v1/spaces/${space.id}`)).status).toBe(200)
    expect(await purgeExpiredSpaces(server.engine.db, Date.now() + 8 * DAY)).toBe(1)
    expect((await server.request('GET', `/v1/spaces/${space.id}`)).status).toBe(404)
    expect((await server.request('POST', `/v1/spaces/${space.id}/restore`)).status).toBe(404)
  })

  it('leave nothing of theirs in the search index once purged', async () => {
    const space = (await server.request('POST', `/v1/orgs/${server.organizationId}/spaces`, { body: { title: 'Indexed' } })).body
    const cr = (await server.request('POST', `/v1/spaces/${space.id}/change-requests`, { body: { subject: 'Pages' } })).body
    const changes = [{ operation: 'insert_page', title: 'Guide', document: { markdown: '# Guide\n\nPelicans.\n\n## More\n\nMore pelicans.\n' } }]
    expect((await server.request('POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/content`, { body: { changes } })).status).toBe(200)
    expect((await server.request('POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/merge`)).status).toBe(200)
    expect((await server.request('GET', `/v1/spaces/${space.id}/search?query=pelicans`)).body.items).toHaveLength(1)
    const rows = async () => (await server.engine.db.selectFrom('search_rows').select('id').where('space_id', '=', space.id).execute()).length
    expect(await rows()).toBeGreaterThan(0)
    await server.request('DELETE', `/v1/spaces/${space.id}`)
    expect(await purgeExpiredSpaces(server.engine.db, Date.now() + 8 * DAY)).toBe(1)
    expect(await rows()).toBe(0)
  })
})

describe('GET /v1/openapi.json', () => {
  it('documents every operation of the table as OpenAPI 3.1, without a token', async () => {
    const res = await server.request('GET', '/v1/openapi.json', { token: null })
    expect(res.status).toBe(200)
    expect(res.body.openapi).toBe('3.1.0')
    const ids = Object.values<any>(res.body.paths).flatMap((item) => Object.values<any>(item).map((op) => op.operationId))
    expect(ids.sort()).toEqual(operations.map((op) => op.id).sort())
    const createSpace = res.body.paths['/orgs/{organizationId}/spaces'].post
    expect(createSpace.requestBody.content['application/json'].schema.properties.title.maxLength).toBe(50)
    expect(createSpace.parameters[0]).toMatchObject({ name: 'organizationId', in: 'path', required: true })
  })
})
