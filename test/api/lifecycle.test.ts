import { createHash } from 'node:crypto'
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

describe('purging spaces', () => {
  it('removes the blobs only the purged spaces held, and keeps every other revision whole', async () => {
    const org = server.organizationId
    const shared = Buffer.from('bytes that two spaces hold').toString('base64')
    const own = Buffer.from('bytes that only the purged space holds').toString('base64')
    const newSpace = async (title: string) => (await server.request('POST', `/v1/orgs/${org}/spaces`, { body: { title } })).body
    const edit = async (spaceId: string, changes: unknown[], merge = true) => {
      const cr = (await server.request('POST', `/v1/spaces/${spaceId}/change-requests`, { body: { subject: 'Edit' } })).body
      expect((await server.request('POST', `/v1/spaces/${spaceId}/change-requests/${cr.id}/content`, { body: { changes } })).status).toBe(200)
      if (merge) expect((await server.request('POST', `/v1/spaces/${spaceId}/change-requests/${cr.id}/merge`)).status).toBe(200)
      return cr
    }
    const file = (name: string, base64: string) => ({ operation: 'insert_files', files: [{ name, contentType: 'text/plain', base64 }] })
    const page = (title: string, text: string) => ({ operation: 'insert_page', title, document: { markdown: `# ${title}\n\n${text}\n` } })
    const doomed = await newSpace('Doomed')
    await edit(doomed.id, [file('shared.txt', shared), file('own.txt', own), page('Only here', 'Text only the doomed space has.')])
    await edit(doomed.id, [page('Also only here', 'More of it.')])
    // A copy made before the deletion holds the same content hash: its blobs must stay.
    const copy = (await server.request('POST', `/v1/spaces/${doomed.id}/duplicate`)).body
    const kept = await newSpace('Kept')
    await edit(kept.id, [file('shared.txt', shared), page('Kept page', 'Text of the kept space.')])
    const open = await edit(kept.id, [page('Proposed', 'An open change request.')], false)

    const hashOf = (base64: string) => createHash('sha256').update(Buffer.from(base64, 'base64')).digest()
    const stored = async (base64: string) => (await server.engine.db.selectFrom('blob_hashes').select('id').where('hash', '=', hashOf(base64)).executeTakeFirst()) !== undefined
    const blobCount = async () => Number((await server.engine.db.selectFrom('blobs').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
    // Everything a space shows, read through the API (pages with their text, files with their bytes).
    const snapshot = async (path: string) => {
      const pages = (await server.request('GET', `${path}/pages`)).body.pages
      const texts = await Promise.all(pages.map(async (p: any) => (await server.request('GET', `${path}/page/${p.id}`)).body.markdown))
      const files = (await server.request('GET', `${path}/files`)).body.items
      const bytes = await Promise.all(files.map(async (f: any) => Buffer.from(await (await fetch(f.downloadURL)).arrayBuffer()).toString('base64')))
      return { pages: pages.map((p: any) => p.title), texts, files: files.map((f: any) => f.name), bytes }
    }
    const views = [`/v1/spaces/${copy.id}/content`, `/v1/spaces/${kept.id}/content`, `/v1/spaces/${kept.id}/change-requests/${open.id}/content`]
    const before = await Promise.all(views.map(snapshot))
    expect([...before[0].bytes].sort()).toEqual([shared, own].sort())

    // With the copy deleted too, the doomed space's own blobs are held by no one.
    await server.request('DELETE', `/v1/spaces/${doomed.id}`)
    const blobs = await blobCount()
    expect(await purgeExpiredSpaces(server.engine.db, Date.now() + 8 * DAY)).toBeGreaterThanOrEqual(1)
    expect(await blobCount()).toBe(blobs)
    expect(await Promise.all(views.map(snapshot))).toEqual(before)
    expect(await stored(own)).toBe(true)

    await server.request('DELETE', `/v1/spaces/${copy.id}`)
    expect(await purgeExpiredSpaces(server.engine.db, Date.now() + 8 * DAY)).toBeGreaterThanOrEqual(1)
    expect(await blobCount()).toBeLessThan(blobs)
    expect(await stored(own)).toBe(false)
    expect(await stored(shared)).toBe(true)
    expect(await Promise.all(views.slice(1).map(snapshot))).toEqual(before.slice(1))
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
