import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useTestServer } from '../support/server'
import { createSpace, expectError, expectIsoTimestamp, listAll } from '../support/factories'
import { never, startFixtureServer, type FixtureServer } from '../support/http-fixture'
import { INVALID_OPENAPI, OWNER_SCHEMA, PETSTORE, PET_SCHEMA, SWAGGER, processedSpec } from '../support/openapi'

const server = useTestServer({ beforeAll, afterAll })
let source: FixtureServer
let org: string
const base = () => `/v1/orgs/${org}/openapi`

beforeAll(async () => {
  org = server.organizationId
  // A short fetch timeout so that the hanging source fails fast; the value is not asserted on.
  process.env.DOCSCTL_OPENAPI_FETCH_TIMEOUT_MS = '500'
  source = await startFixtureServer({
    '/api/openapi.yaml': PETSTORE,
    '/api/schemas/pet.yaml': PET_SCHEMA,
    '/common/owner.json': OWNER_SCHEMA,
    '/swagger.json': SWAGGER,
    '/invalid.yaml': INVALID_OPENAPI,
    '/not-yaml.yaml': 'openapi: [unclosed',
    '/broken-ref.yaml': PETSTORE.replace('./schemas/pet.yaml', './schemas/missing.yaml'),
    '/escape.yaml': PETSTORE.replace('./schemas/pet.yaml', 'file:///etc/passwd'),
    '/hang.yaml': never,
    '/fails.yaml': { status: 500, body: 'boom' },
  })
})
afterAll(async () => {
  delete process.env.DOCSCTL_OPENAPI_FETCH_TIMEOUT_MS
  await source.close()
})

async function create(slug: string, src: Record<string, unknown>, token?: string) {
  return server.request('POST', base(), { body: { slug, source: src }, token })
}

describe('OpenAPI specs', () => {
  it('creates a spec from an address: pending at once, then processed into a version whose filesystem holds every referenced file', async () => {
    const res = await create('petstore', { url: `${source.url}/api/openapi.yaml` })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ object: 'openapi-spec', slug: 'petstore', sourceURL: `${source.url}/api/openapi.yaml`, processingState: 'pending', visibility: 'private', lastProcessedErrorCount: 0, permissions: { view: true, edit: true } })
    expect(res.body.urls.location).toBe(`${server.url}/v1/orgs/${org}/openapi/petstore`)
    expect(res.body.lastVersion).toBeUndefined()

    const spec = await processedSpec(server, org, 'petstore')
    expect(spec.lastProcessErrorCode).toBeUndefined()
    expectIsoTimestamp(spec.lastProcessedAt)
    const latest = await server.request('GET', `${base()}/petstore/versions/latest`)
    expect(latest.status).toBe(200)
    expect(latest.body).toEqual({ object: 'openapi-spec-version', id: spec.lastVersion, createdAt: spec.lastProcessedAt, url: `${source.url}/api/openapi.yaml`, urls: { location: `${server.url}${base()}/petstore/versions/${spec.lastVersion}` } })

    const content = await server.request('GET', `${base()}/petstore/versions/latest/content`)
    expect(content.status).toBe(200)
    expect(content.body.url).toBe(`${source.url}/api/openapi.yaml`)
    expect(content.body.entrypoint).toBe('api/openapi.yaml')
    expect(Object.keys(content.body.filesystem).sort()).toEqual(['api/openapi.yaml', 'api/schemas/pet.yaml', 'common/owner.json'])
    expect(content.body.filesystem['api/openapi.yaml'].info.title).toBe('Petstore')
    expect(content.body.filesystem['api/schemas/pet.yaml'].required).toEqual(['id', 'name'])
    expect(content.body.filesystem['common/owner.json'].Owner.type).toBe('object')
    expect(content.body.urls).toEqual({ source: `${source.url}/api/openapi.yaml`, public: null })

    const byId = await server.request('GET', `${base()}/petstore/versions/${spec.lastVersion}/content`)
    expect(byId.body).toEqual(content.body)
    expect((await server.request('GET', `${base()}/petstore/versions/${spec.lastVersion}`)).body).toEqual(latest.body)
  })

  it('processes again on PUT and makes a new version only when the content changed', async () => {
    const first = await processedSpec(server, org, 'petstore')
    const again = await server.request('PUT', `${base()}/petstore`, { body: { source: { url: `${source.url}/api/openapi.yaml` } } })
    expect(again.status).toBe(200)
    expect(again.body.processingState).toBe('pending')
    const unchanged = await processedSpec(server, org, 'petstore', first.lastProcessedAt)
    expect(unchanged.lastVersion).toBe(first.lastVersion)
    expect((await server.request('GET', `${base()}/petstore/versions`)).body.count).toBe(1)

    source.routes['/api/schemas/pet.yaml'] = PET_SCHEMA.replace('required: [id, name]', 'required: [id]')
    await server.request('PUT', `${base()}/petstore`, { body: { source: { url: `${source.url}/api/openapi.yaml` } } })
    const changed = await processedSpec(server, org, 'petstore', unchanged.lastProcessedAt)
    expect(changed.lastVersion).not.toBe(first.lastVersion)
    const versions = await server.request('GET', `${base()}/petstore/versions`)
    expect(versions.body.items.map((v: any) => v.id)).toEqual([changed.lastVersion, first.lastVersion])
    const old = await server.request('GET', `${base()}/petstore/versions/${first.lastVersion}/content`)
    expect(old.body.filesystem['api/schemas/pet.yaml'].required).toEqual(['id', 'name'])
    const now = await server.request('GET', `${base()}/petstore/versions/latest/content`)
    expect(now.body.filesystem['api/schemas/pet.yaml'].required).toEqual(['id'])
    source.routes['/api/schemas/pet.yaml'] = PET_SCHEMA
  })

  it('creates with PUT when the slug is new, and accepts Swagger 2.0', async () => {
    const res = await server.request('PUT', `${base()}/old-api`, { body: { source: { url: `${source.url}/swagger.json` } } })
    expect(res.status).toBe(200)
    expect(res.body.slug).toBe('old-api')
    const spec = await processedSpec(server, org, 'old-api')
    expect(spec.lastProcessErrorCode).toBeUndefined()
    expect(spec.lastVersion).toEqual(expect.any(String))
  })

  it('creates from uploaded text, with the files it references', async () => {
    const res = await create('uploaded', { text: PETSTORE, files: { 'schemas/pet.yaml': PET_SCHEMA.replace("'../../common/owner.json#/Owner'", "'./owner.json#/Owner'"), 'schemas/owner.json': OWNER_SCHEMA } })
    expect(res.status).toBe(201)
    expect(res.body.sourceURL).toBeUndefined()
    const spec = await processedSpec(server, org, 'uploaded')
    expect(spec.lastProcessErrorCode).toBeUndefined()
    const content = await server.request('GET', `${base()}/uploaded/versions/latest/content`)
    expect(content.body.entrypoint).toBe('openapi.yaml')
    expect(Object.keys(content.body.filesystem).sort()).toEqual(['openapi.yaml', 'schemas/owner.json', 'schemas/pet.yaml'])
    expect(content.body.url).toBe(`${server.url}${base()}/uploaded/versions/${spec.lastVersion}/content`)
  })

  it('reads file addresses, following $refs into other folders', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docsctl-spec-'))
    mkdirSync(join(dir, 'api/schemas'), { recursive: true })
    mkdirSync(join(dir, 'common'))
    writeFileSync(join(dir, 'api/openapi.yaml'), PETSTORE)
    writeFileSync(join(dir, 'api/schemas/pet.yaml'), PET_SCHEMA)
    writeFileSync(join(dir, 'common/owner.json'), OWNER_SCHEMA)
    await create('local', { url: pathToFileURL(join(dir, 'api/openapi.yaml')).href })
    const spec = await processedSpec(server, org, 'local')
    expect(spec.lastProcessErrorCode).toBeUndefined()
    const content = await server.request('GET', `${base()}/local/versions/latest/content`)
    expect(Object.keys(content.body.filesystem).sort()).toEqual(['api/openapi.yaml', 'api/schemas/pet.yaml', 'common/owner.json'])
    // A server that listens beyond this machine (without --allow-local-files) reads no file address for a request.
    server.engine.localFiles = false
    try {
      const refused = await create('refused', { url: pathToFileURL(join(dir, 'api/openapi.yaml')).href })
      expectError(refused, 400, '--allow-local-files')
      expect((await server.request('GET', `${base()}/refused`)).status).toBe(404)
    } finally {
      server.engine.localFiles = true
    }
  })

  it.each([
    ['timeout', '/hang.yaml', 'FETCH_TIMEOUT', 'did not answer'],
    ['server-error', '/fails.yaml', 'FETCH_ERROR', '500'],
    ['missing', '/nothing-here.yaml', 'FETCH_ERROR', '404'],
    ['missing-ref', '/broken-ref.yaml', 'FETCH_ERROR', 'missing.yaml'],
    ['escaping-ref', '/escape.yaml', 'FETCH_ERROR', 'outside'],
    ['not-yaml', '/not-yaml.yaml', 'PARSE_ERROR', 'neither JSON nor YAML'],
    ['invalid', '/invalid.yaml', 'PARSE_ERROR', 'responses'],
  ])('records a failed processing (%s, from %s) as %s with a message, and keeps no version', async (slug, path, code, text) => {
    await create(slug, { url: `${source.url}${path}` })
    const spec = await processedSpec(server, org, slug)
    expect(spec.lastProcessErrorCode).toBe(code)
    expect(spec.lastProcessedErrorCount).toBeGreaterThanOrEqual(1)
    expect(spec.lastProcessedErrors[0].message).toContain(text)
    expect(spec.lastVersion).toBeUndefined()
    expectError(await server.request('GET', `${base()}/${slug}/versions/latest`), 404, 'no version yet')
  })

  it('keeps the last good version when a later processing fails', async () => {
    const good = await processedSpec(server, org, 'old-api')
    await server.request('PUT', `${base()}/old-api`, { body: { source: { url: `${source.url}/invalid.yaml` } } })
    const failed = await processedSpec(server, org, 'old-api', good.lastProcessedAt)
    expect(failed.lastProcessErrorCode).toBe('PARSE_ERROR')
    expect(failed.lastVersion).toBe(good.lastVersion)
    expect((await server.request('GET', `${base()}/old-api/versions/latest`)).body.id).toBe(good.lastVersion)
    await server.request('PUT', `${base()}/old-api`, { body: { source: { url: `${source.url}/swagger.json` } } })
    const fixed = await processedSpec(server, org, 'old-api', failed.lastProcessedAt)
    expect(fixed.lastProcessErrorCode).toBeUndefined()
    expect(fixed.lastVersion).toBe(good.lastVersion)
  })

  it('lists the specs by slug, page by page', async () => {
    const all = await listAll(server, base(), { limit: 2 })
    expect(all.items.map((s: any) => s.slug)).toEqual([...all.items.map((s: any) => s.slug)].sort())
    expect(all.items.map((s: any) => s.slug)).toEqual(expect.arrayContaining(['petstore', 'old-api', 'uploaded', 'local']))
  })

  it('hides a private spec from outsiders and shows a public one to anyone', async () => {
    const outsider = await server.addOutsider()
    expectError(await server.request('GET', `${base()}/petstore`, { token: outsider.token }), 404, 'petstore')
    expectError(await server.request('GET', `${base()}/petstore/versions/latest/content`, { token: outsider.token }), 404)
    const patched = await server.request('PATCH', `${base()}/petstore`, { body: { visibility: 'public' } })
    expect(patched.status).toBe(200)
    expect(patched.body.visibility).toBe('public')
    expect(patched.body.urls.published).toBe(`${server.url}${base()}/petstore/versions/latest/content`)
    const seen = await server.request('GET', `${base()}/petstore`, { token: outsider.token })
    expect(seen.status).toBe(200)
    expect(seen.body.permissions).toEqual({ view: true, edit: false })
    const content = await server.request('GET', `${base()}/petstore/versions/latest/content`, { token: outsider.token })
    expect(content.body.urls.public).toBe(`${source.url}/api/openapi.yaml`)
    expectError(await server.request('PATCH', `${base()}/petstore`, { body: { visibility: 'private' }, token: outsider.token }), 403)
    const guest = await server.addUser(null)
    const listed = await server.request('GET', base(), { token: guest.token })
    expect(listed.body.items.map((s: any) => s.slug)).toEqual(['petstore'])
    await server.request('PATCH', `${base()}/petstore`, { body: { visibility: 'private' } })
    expectError(await server.request('GET', `${base()}/petstore`, { token: outsider.token }), 404)
  })

  it('lets readers read but only creators create, update and delete', async () => {
    const reader = await server.addUser('read')
    expect((await server.request('GET', `${base()}/petstore`, { token: reader.token })).body.permissions).toEqual({ view: true, edit: false })
    expectError(await create('by-reader', { url: `${source.url}/swagger.json` }, reader.token), 403, 'createOpenAPISpec')
    expectError(await server.request('PUT', `${base()}/petstore`, { body: { source: { url: `${source.url}/swagger.json` } }, token: reader.token }), 403)
    expectError(await server.request('DELETE', `${base()}/petstore`, { token: reader.token }), 403)
    expectError(await server.request('GET', base(), { token: null }), 401)
  })

  it('validates input: slug pattern and length, source variants and addresses', async () => {
    expectError(await create('Bad_Slug', { url: `${source.url}/swagger.json` }), 400, 'slug')
    expectError(await create('a'.repeat(101), { url: `${source.url}/swagger.json` }), 400, 'slug')
    expectError(await create('', { url: `${source.url}/swagger.json` }), 400, 'slug')
    expectError(await create('double--hyphen', { url: `${source.url}/swagger.json` }), 400, 'slug')
    expectError(await create('no-source', {}), 400, 'body.source')
    expectError(await create('both', { url: `${source.url}/swagger.json`, text: SWAGGER }), 400, 'body.source')
    expectError(await create('ftp', { url: 'ftp://example.com/spec.yaml' }), 400, 'body.source.url')
    expectError(await create('not-a-url', { url: 'not a url' }), 400, 'url')
    expectError(await create('long-url', { url: `https://example.com/${'a'.repeat(2048)}` }), 400, 'url')
    expectError(await create('empty-text', { text: '' }), 400, 'text')
    expectError(await create('escape', { text: PETSTORE, files: { '../outside.yaml': 'x: 1' } }), 400, 'body.source.files')
    expectError(await server.request('PATCH', `${base()}/petstore`, { body: { visibility: 'secret' } }), 400, 'visibility')
    expectError(await server.request('PUT', `${base()}/Upper`, { body: { source: { text: SWAGGER } } }), 400, 'specSlug')
    expectError(await create('petstore', { url: `${source.url}/swagger.json` }), 409, 'petstore')
  })

  it('answers 404 for missing specs, versions and organizations', async () => {
    expectError(await server.request('GET', `${base()}/nope`), 404, 'nope')
    expectError(await server.request('GET', `${base()}/petstore/versions/nope`), 404, 'nope')
    expectError(await server.request('GET', `${base()}/petstore/versions/nope/content`), 404, 'nope')
    expectError(await server.request('GET', '/v1/orgs/nope/openapi/petstore'), 404)
    expectError(await server.request('GET', '/v1/orgs/nope/openapi'), 404)
  })

  it('deletes a spec with its versions; deleting again still answers 204', async () => {
    await create('doomed', { text: SWAGGER, filename: 'swagger.json' })
    await processedSpec(server, org, 'doomed')
    const res = await server.request('DELETE', `${base()}/doomed`)
    expect(res.status).toBe(204)
    expect(res.body).toBeUndefined()
    expectError(await server.request('GET', `${base()}/doomed`), 404)
    expect((await server.request('DELETE', `${base()}/doomed`)).status).toBe(204)
  })

  it('reports {% openapi %} blocks naming unknown specs as broken links of the space', async () => {
    const space = await createSpace(server, org, { title: 'API docs' })
    const markdown = ['# API', '', '{% openapi spec="petstore" path="/pets" method="get" %}', '{% endopenapi %}', '', '{% openapi-operation spec="ghost" path="/pets" method="get" %}', '{% endopenapi-operation %}', '', '```', '{% openapi spec="in-code" %}', '```'].join('\n')
    const cr = (await server.request('POST', `/v1/spaces/${space.id}/change-requests`, { body: { subject: 'API page' } })).body
    await server.request('POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/content`, { body: { changes: [{ operation: 'insert_page', title: 'API', document: { markdown } }] } })
    expect((await server.request('POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/merge`)).status).toBe(200)
    const links = await server.request('GET', `/v1/spaces/${space.id}/links`)
    const openapi = links.body.items.filter((l: any) => l.targetReference.kind === 'openapi')
    expect(openapi.map((l: any) => [l.target, l.status])).toEqual([['petstore', 'ok'], ['ghost', 'broken']])
    expect(links.body.stats.broken.total).toBe(1)
  })

  it('is in progress while its source is being fetched, and complete once processed', async () => {
    // A source held open by the test: processing stays in progress until it is let go.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    source.routes['/held.json'] = (_req, res) => void held.then(() => res.writeHead(200, { 'content-type': 'application/json' }).end(SWAGGER))
    // This file's short fetch timeout would end the hold on a slow machine; this test waits on the hold only.
    process.env.DOCSCTL_OPENAPI_FETCH_TIMEOUT_MS = '30000'
    try {
      expect((await create('held', { url: `${source.url}/held.json` })).status).toBe(201)
      let state = ''
      for (let i = 0; i < 500 && state !== 'progress'; i++) {
        state = (await server.request('GET', `${base()}/held`)).body.processingState
        if (state !== 'progress') await new Promise((r) => setTimeout(r, 10))
      }
      expect(state).toBe('progress')
      release()
      expect((await processedSpec(server, org, 'held')).lastVersion).toEqual(expect.any(String))
    } finally {
      release()
      process.env.DOCSCTL_OPENAPI_FETCH_TIMEOUT_MS = '500'
    }
  })
})
