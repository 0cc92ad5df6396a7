import { compressToEncodedURIComponent } from 'lz-string'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useTestServer } from '../support/server'
import { createOrganization, createSite, createSpace, expectError } from '../support/factories'
import { never, startFixtureServer, type FixtureServer } from '../support/http-fixture'
import { answering, latestEvent, readDelivery, settledEvent } from '../support/integrations'
import { purgeExpiredSpaces } from '../../src/domain/spaces/purge-expired-spaces'

// Retries and the worker's idle poll are made short so a retry after a 500 comes at once; no test asserts timings.
process.env.DOCSCTL_JOB_BACKOFF_MS = '5'
process.env.DOCSCTL_JOB_POLL_MS = '5'
process.env.DOCSCTL_INTEGRATION_TIMEOUT_MS = '300'

const server = useTestServer({ beforeAll, afterAll })
let endpoint: FixtureServer
let tunnel: FixtureServer
let org: string

const ELEMENT = { type: 'element', element: { type: 'block', children: [{ type: 'text', children: ['Hello'] }] }, state: {}, props: {} }

beforeAll(async () => {
  org = server.organizationId
  endpoint = await startFixtureServer({ '/v1': answering(200) })
  tunnel = await startFixtureServer({ '/v1': answering(200) })
})
afterAll(async () => {
  for (const name of ['DOCSCTL_JOB_BACKOFF_MS', 'DOCSCTL_JOB_POLL_MS', 'DOCSCTL_INTEGRATION_TIMEOUT_MS']) delete process.env[name]
  await endpoint.close()
  await tunnel.close()
})

function publish(name: string, body: Record<string, unknown> = {}, token?: string) {
  return server.request('POST', `/v1/integrations/${name}`, {
    token,
    body: { organization: org, title: 'Analytics', description: 'Counts views', scopes: ['site:views:read'], script: 'export default {}', endpoint: endpoint.url, ...body },
  })
}

async function install(name: string, organization = org, token?: string) {
  const res = await server.request('POST', `/v1/integrations/${name}/installations`, { body: { organization }, token })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body
}

/** Requests the endpoint or tunnel received for one event. */
async function deliveriesOf(fixture: FixtureServer, eventId: string) {
  const all = await Promise.all(fixture.requests.filter((r) => r.url === '/v1').map(readDelivery))
  return all.filter((d) => d.event.eventId === eventId)
}

describe('publishing integrations', () => {
  it('publishes with every field, never returns the secrets, and makes a new version on each publish', async () => {
    const res = await publish('analytics.pro', {
      runtime: 'v1',
      icon: 'iVBORw0KGgo=',
      summary: '# Analytics\n\nCounts views.',
      previewImages: ['iVBORw0KGgo='],
      visibility: 'public',
      target: 'site',
      categories: ['analytics'],
      blocks: [{ id: 'chart', title: 'Chart', description: 'A chart', urlUnfurl: ['https://charts.example.com/*'], markdown: { codeblock: 'chart', body: 'data' } }],
      contentSources: [{ id: 'source', title: 'Source', configuration: { componentId: 'configure' } }],
      externalLinks: [{ url: 'https://example.com', label: 'Website' }],
      configurations: { account: { properties: { token: { type: 'string', title: 'Token', description: 'API token' } }, required: ['token'] }, site: { componentId: 'configure' } },
      secrets: { API_KEY: 'very-secret-value' },
      contentSecurityPolicy: { 'script-src': "'self'" },
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      object: 'integration',
      name: 'analytics.pro',
      version: 1,
      title: 'Analytics',
      description: 'Counts views',
      summary: '# Analytics\n\nCounts views.',
      target: 'site',
      visibility: 'public',
      verified: false,
      scopes: ['site:views:read'],
      categories: ['analytics'],
      externalLinks: [{ url: 'https://example.com', label: 'Website' }],
      owner: { object: 'organization', id: org },
      permissions: { admin: true },
      contentSecurityPolicy: { 'script-src': "'self'" },
      urls: { location: `${server.url}/v1/integrations/analytics.pro`, publicEndpoint: endpoint.url, icon: 'data:image/png;base64,iVBORw0KGgo=' },
    })
    expect(res.body.previewImages).toEqual(['data:image/png;base64,iVBORw0KGgo='])
    expect(res.body.blocks[0].urlUnfurl).toEqual(['https://charts.example.com/*'])
    expect(JSON.stringify(res.body)).not.toContain('very-secret-value')
    expect(res.body.secrets).toBeUndefined()
    expect(res.body.script).toBeUndefined()
    const stored = await server.engine.db.selectFrom('integrations').select('secrets').where('name', '=', 'analytics.pro').executeTakeFirstOrThrow()
    expect(stored.secrets).not.toContain('very-secret-value')

    const again = await publish('analytics.pro', { visibility: 'public', target: 'site', categories: ['analytics'], title: 'Analytics 2' })
    expect(again.body).toMatchObject({ version: 2, title: 'Analytics 2' })
    expect((await server.request('GET', '/v1/integrations/analytics.pro')).body).toMatchObject({ version: 2, title: 'Analytics 2' })
  })

  it('refuses bad names and fields, naming them, and answers 404 for an unknown organization', async () => {
    expectError(await publish('bad name!'), 400, 'integrationName')
    expectError(await publish('x'.repeat(101)), 400, 'integrationName')
    expectError(await publish('short-title', { title: 'A' }), 400, 'body.title')
    expectError(await publish('bad-scope', { scopes: ['everything'] }), 400, 'body.scopes')
    expectError(await publish('bad-images', { previewImages: ['a', 'b', 'c', 'd'] }), 400, 'body.previewImages')
    expectError(await publish('bad-icon', { icon: 'not base64!' }), 400, 'body.icon')
    expectError(await publish('bad-endpoint', { endpoint: 'ftp://example.com' }), 400, 'body.endpoint')
    expectError(await publish('bad-secrets', { secrets: { API_KEY: 1 } }), 400, 'body.secrets')
    expectError(await publish('no-org', { organization: 'nope' }), 404, 'body.organization')
  })

  it('lets only admins of the publishing organization publish, and keeps a name to its owner', async () => {
    const editor = await server.addUser('edit')
    expectError(await publish('by-editor', {}, editor.token), 403)
    const other = await createOrganization(server, { title: 'Other Publisher' })
    expectError(await publish('analytics.pro', { organization: other.id }), 409, 'taken')
  })

  it('accepts the subdomain of the organization', async () => {
    await server.request('PATCH', `/v1/orgs/${org}`, { body: { hostname: 'testorg' } })
    const res = await publish('by-subdomain', { organization: 'testorg' })
    expect(res.status).toBe(200)
    expect(res.body.owner.id).toBe(org)
  })
})

describe('listing and reading integrations', () => {
  beforeAll(async () => {
    await publish('list-private', { categories: ['content'], target: 'space' })
    await publish('list-unlisted', { visibility: 'unlisted', contentSources: [{ id: 's', title: 'Src', configuration: { componentId: 'c' } }], scopes: ['space:content:read'] })
    await publish('list-public', { visibility: 'public', target: 'organization', categories: ['marketing', 'other'], blocks: [{ id: 'b', title: 'Embed', urlUnfurl: ['https://video.example.org/watch'] }] })
  })

  async function names(query: string, token?: string) {
    const res = await server.request('GET', `/v1/integrations${query}`, { token })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body.items.map((i: any) => i.name)
  }

  it('lists by name with each filter', async () => {
    expect(await names('?search=LIST-')).toEqual(['list-private', 'list-public', 'list-unlisted'])
    expect(await names('?search=list&category=content')).toEqual(['list-private'])
    expect(await names('?search=list&category=marketing')).toEqual(['list-public'])
    expect(await names('?blockDomain=video.example.org')).toEqual(['list-public'])
    expect(await names('?search=list&blocks=true')).toEqual(['list-public'])
    expect(await names('?search=list&blocks=false')).toEqual(['list-private', 'list-unlisted'])
    expect(await names('?search=list&contentSources=true')).toEqual(['list-unlisted'])
    expect(await names('?search=list&scope=space:content:read')).toEqual(['list-unlisted'])
    expect(await names('?search=list&target=space')).toEqual(['list-private'])
    expect(await names(`?search=list&owner=${org}`)).toEqual(['list-private', 'list-public', 'list-unlisted'])
    expect(await names('?search=list&owner=someone-else')).toEqual([])
    const page = await server.request('GET', '/v1/integrations?search=list&limit=2')
    expect(page.body.count).toBe(3)
    expect(page.body.items).toHaveLength(2)
    expect(await names(`?search=list&limit=2&page=${page.body.next.page}`)).toEqual(['list-unlisted'])
  })

  it('refuses bad filters naming them', async () => {
    expectError(await server.request('GET', '/v1/integrations?category=nope'), 400, 'category')
    expectError(await server.request('GET', '/v1/integrations?blockDomain=a/b'), 400, 'blockDomain')
    expectError(await server.request('GET', '/v1/integrations?blocks=maybe'), 400, 'blocks')
    expectError(await server.request('GET', '/v1/integrations?limit=1001'), 400, 'limit')
  })

  it('shows outsiders public integrations in lists and unlisted ones by name, never private ones', async () => {
    const outsider = await server.addOutsider()
    expect(await names('?search=list', outsider.token)).toEqual(['list-public'])
    expect((await server.request('GET', '/v1/integrations/list-unlisted', { token: outsider.token })).body).toMatchObject({ name: 'list-unlisted', permissions: { admin: false } })
    expectError(await server.request('GET', '/v1/integrations/list-private', { token: outsider.token }), 404)
    expectError(await server.request('GET', '/v1/integrations/list-private', { token: null }), 401)
    expectError(await server.request('GET', '/v1/integrations/missing'), 404, 'missing')
  })

  it('unpublishes (admins only), answering 204 also when there was nothing', async () => {
    await publish('doomed')
    const reader = await server.addUser('read')
    expectError(await server.request('DELETE', '/v1/integrations/doomed', { token: reader.token }), 403)
    expect((await server.request('DELETE', '/v1/integrations/doomed')).status).toBe(204)
    expectError(await server.request('GET', '/v1/integrations/doomed'), 404)
    expect((await server.request('DELETE', '/v1/integrations/doomed')).status).toBe(204)
  })
})

describe('installations and their events', () => {
  it('installs on an organization and delivers a signed installation_setup event to the endpoint', async () => {
    await publish('events-app', { secrets: { API_KEY: 'k-123' } })
    const installation = await install('events-app')
    expect(installation).toMatchObject({ status: 'active', spaces: 0, configuration: {}, externalIds: [], target: { organization: org }, urls: { location: `${server.url}/v1/integrations/events-app/installations/${installation.id}` } })
    const { event, trace } = await latestEvent(server, 'events-app', 'installation_setup')
    expect(event).toMatchObject({ integrationId: expect.any(String), installationId: installation.id, status: 'success', payload: { type: 'installation_setup', installationId: installation.id, status: 'active', previous: { status: 'pending' } } })
    expect(trace.logs).toEqual([{ level: 'info', message: expect.stringMatching(/^Attempt 1 of 5: POST .*\/v1 answered 200\.$/), timestamp: expect.any(String) }])
    const [delivery] = await deliveriesOf(endpoint, event.id)
    expect(delivery.signed).toBe(true)
    expect(delivery.event).toEqual(event.payload)
    expect(delivery.environment).toMatchObject({ apiEndpoint: server.url, secrets: { API_KEY: 'k-123' }, integration: { name: 'events-app' }, installation: { id: installation.id, target: { organization: org } } })

    expectError(await server.request('POST', '/v1/integrations/events-app/installations', { body: { organization: org } }), 409, 'already installed')
  })

  it('records installation_setup with the previous state on update and installation_deleted on uninstall', async () => {
    await publish('lifecycle-app')
    const installation = await install('lifecycle-app')
    const base = `/v1/integrations/lifecycle-app/installations/${installation.id}`
    const updated = await server.request('PATCH', base, { body: { configuration: { token: 'abc' }, externalIds: ['ext-1'] } })
    expect(updated.status).toBe(200)
    expect(updated.body).toMatchObject({ configuration: { token: 'abc' }, externalIds: ['ext-1'] })
    await server.request('PATCH', base, { body: { configuration: { token: 'def' }, status: 'paused' } })
    const events = (await server.request('GET', '/v1/integrations/lifecycle-app/events')).body.items
    expect(events.map((e: any) => e.payload.type)).toEqual(['installation_setup', 'installation_setup', 'installation_setup'])
    expect(events[0].payload).toMatchObject({ status: 'paused', previous: { status: 'active', configuration: { token: 'abc' } } })

    expect((await server.request('GET', '/v1/integrations/lifecycle-app/installations?externalId=ext-1')).body.items.map((i: any) => i.id)).toEqual([installation.id])
    expect((await server.request('GET', '/v1/integrations/lifecycle-app/installations?externalId=other')).body.items).toEqual([])
    expect((await server.request('GET', base)).body).toMatchObject({ id: installation.id, status: 'paused' })

    expect((await server.request('DELETE', base)).status).toBe(204)
    const deleted = await latestEvent(server, 'lifecycle-app', 'installation_deleted')
    expect(deleted.event.payload).toMatchObject({ type: 'installation_deleted', installationId: installation.id, previous: { configuration: { token: 'def' } } })
    expect(deleted.event.status).toBe('success')
    expectError(await server.request('GET', base), 404)
    expect((await server.request('DELETE', base)).status).toBe(204)
  })

  it('installs on spaces and sites, lists them with the external id filter and extended objects, and records their events', async () => {
    await publish('content-app')
    const installation = await install('content-app')
    const space = await createSpace(server, org, { title: 'Integrated space' })
    const site = await createSite(server, org, { title: 'Integrated site' })
    const base = `/v1/integrations/content-app/installations/${installation.id}`
    const onSpace = await server.request('POST', `${base}/spaces`, { body: { space: space.id } })
    expect(onSpace.status).toBe(201)
    expect(onSpace.body).toMatchObject({ integration: 'content-app', installation: installation.id, status: 'active', space: space.id })
    expect((await server.request('POST', `${base}/sites`, { body: { siteId: site.id } })).status).toBe(201)
    expectError(await server.request('POST', `${base}/spaces`, { body: { space: space.id } }), 409)
    expectError(await server.request('POST', `${base}/spaces`, { body: { space: 'missing' } }), 404)

    const spaces = await server.request('GET', '/v1/integrations/content-app/spaces')
    expect(spaces.body.items.map((i: any) => i.space)).toEqual([space.id])
    const extended = await server.request('GET', '/v1/integrations/content-app/spaces?extended=true')
    expect(extended.body.items[0].space).toMatchObject({ object: 'space', id: space.id, title: 'Integrated space' })
    const sites = await server.request('GET', '/v1/integrations/content-app/sites?extended=true')
    expect(sites.body.items[0].site).toMatchObject({ object: 'site', id: site.id })
    expect((await server.request('GET', '/v1/integrations/content-app/spaces?externalId=none')).body.items).toEqual([])
    expect((await server.request('GET', base)).body.spaces).toBe(1)

    const setup = await latestEvent(server, 'content-app', 'space_installation_setup')
    expect(setup.event.payload).toMatchObject({ spaceId: space.id, status: 'active', installationId: installation.id })
    const [delivery] = await deliveriesOf(endpoint, setup.event.id)
    expect(delivery.environment.spaceInstallation).toMatchObject({ space: space.id, status: 'active' })
    expect((await latestEvent(server, 'content-app', 'site_installation_setup')).event.payload.siteId).toBe(site.id)

    expect((await server.request('DELETE', `${base}/spaces/${space.id}`)).status).toBe(204)
    expect((await server.request('DELETE', `${base}/sites/${site.id}`)).status).toBe(204)
    expect((await latestEvent(server, 'content-app', 'space_installation_deleted')).event.payload).toMatchObject({ spaceId: space.id, previous: { configuration: {} } })
    expect((await latestEvent(server, 'content-app', 'site_installation_deleted')).event.payload.siteId).toBe(site.id)
    expect((await server.request('GET', '/v1/integrations/content-app/spaces')).body.items).toEqual([])
  })

  it('forgets its installation on a site that is deleted, and on a space once the space is purged (kept while restorable)', async () => {
    await publish('cleanup-app')
    const installation = await install('cleanup-app')
    const space = await createSpace(server, org, { title: 'Short-lived space' })
    const site = await createSite(server, org, { title: 'Short-lived site' })
    const base = `/v1/integrations/cleanup-app/installations/${installation.id}`
    expect((await server.request('POST', `${base}/spaces`, { body: { space: space.id } })).status).toBe(201)
    expect((await server.request('POST', `${base}/sites`, { body: { siteId: site.id } })).status).toBe(201)
    const listed = async (kind: 'spaces' | 'sites', extended = false) => {
      const res = await server.request('GET', `/v1/integrations/cleanup-app/${kind}${extended ? '?extended=true' : ''}`)
      expect(res.status).toBe(200)
      return res.body.items.map((i: any) => (kind === 'spaces' ? (extended ? i.space.id : i.space) : extended ? i.site.id : i.site))
    }
    expect((await server.request('DELETE', `/v1/orgs/${org}/sites/${site.id}`)).status).toBe(204)
    expect(await listed('sites')).toEqual([])
    expect(await listed('sites', true)).toEqual([])
    expect((await server.request('DELETE', `/v1/spaces/${space.id}`)).status).toBe(204)
    expect(await listed('spaces')).toEqual([space.id])
    expect(await purgeExpiredSpaces(server.engine.db, Date.now() + 8 * 24 * 60 * 60 * 1000)).toBeGreaterThanOrEqual(1)
    expect(await listed('spaces')).toEqual([])
    expect(await listed('spaces', true)).toEqual([])
    expect((await server.request('GET', base)).body.spaces).toBe(0)
  })

  it('lets only admins install, and keeps installations, events and lists to those who manage them', async () => {
    await publish('guarded-app', { visibility: 'public' })
    const editor = await server.addUser('edit')
    expectError(await server.request('POST', '/v1/integrations/guarded-app/installations', { body: { organization: org }, token: editor.token }), 403)
    const installation = await install('guarded-app')
    expectError(await server.request('GET', '/v1/integrations/guarded-app/events', { token: editor.token }), 403)
    expectError(await server.request('GET', '/v1/integrations/guarded-app/spaces', { token: editor.token }), 403)
    expectError(await server.request('PUT', '/v1/integrations/guarded-app/dev', { body: { tunnelUrl: tunnel.url }, token: editor.token }), 403)
    expectError(await server.request('GET', `/v1/integrations/guarded-app/installations/${installation.id}`, { token: editor.token }), 404)
    expect((await server.request('GET', '/v1/integrations/guarded-app/installations', { token: editor.token })).body.items).toEqual([])
    // An outsider with an organization of their own installs the public integration there, and sees only that one.
    const outsider = await server.addOutsider()
    const own = await createOrganization(server, { title: 'Outsider Org' }, outsider.token)
    const theirs = await install('guarded-app', own.id, outsider.token)
    expect((await server.request('GET', '/v1/integrations/guarded-app/installations', { token: outsider.token })).body.items.map((i: any) => i.id)).toEqual([theirs.id])
    expect((await server.request('GET', '/v1/integrations/guarded-app/installations')).body.items.map((i: any) => i.id)).toEqual([installation.id, theirs.id])
    expectError(await server.request('POST', '/v1/integrations/guarded-app/installations', { body: { organization: org }, token: outsider.token }), 404)
  })

  it('answers 404 for an unknown event and for an event of another integration', async () => {
    expectError(await server.request('GET', '/v1/integrations/events-app/events/nope'), 404)
    const other = (await server.request('GET', '/v1/integrations/lifecycle-app/events')).body.items[0]
    expectError(await server.request('GET', `/v1/integrations/events-app/events/${other.id}`), 404)
  })
})

describe('delivery: retries and failures, each attempt in the trace', () => {
  it('retries after a 500 and succeeds, logging both attempts', async () => {
    const flaky = await startFixtureServer({ '/v1': answering(500, 200) })
    try {
      await publish('flaky-app', { endpoint: flaky.url })
      await install('flaky-app')
      const { event, trace } = await latestEvent(server, 'flaky-app', 'installation_setup')
      expect(event.status).toBe('success')
      expect(trace.logs.map((l: any) => [l.level, l.message.replace(flaky.url, '<endpoint>')])).toEqual([
        ['warn', 'Attempt 1 of 5: POST <endpoint>/v1 answered 500: boom; retrying with backoff.'],
        ['info', 'Attempt 2 of 5: POST <endpoint>/v1 answered 200.'],
      ])
      const deliveries = await deliveriesOf(flaky, event.id)
      expect(deliveries).toHaveLength(2)
      expect(deliveries.every((d) => d.signed)).toBe(true)
    } finally {
      await flaky.close()
    }
  })

  it('gives up after the last attempt when the endpoint keeps failing, and marks the event failed', async () => {
    const broken = await startFixtureServer({ '/v1': answering(503) })
    try {
      await publish('broken-app', { endpoint: broken.url })
      await install('broken-app')
      const { event, trace } = await latestEvent(server, 'broken-app', 'installation_setup')
      expect(event.status).toBe('failed')
      expect(trace.logs.map((l: any) => l.level)).toEqual(['warn', 'warn', 'warn', 'warn', 'error'])
      expect(trace.logs[4].message).toMatch(/^Attempt 5 of 5: .* answered 503: boom; giving up\.$/)
      expect(await deliveriesOf(broken, event.id)).toHaveLength(5)
    } finally {
      await broken.close()
    }
  })

  it('does not retry an event the integration refuses (4xx), and retries one that times out or finds nobody', async () => {
    const refusing = await startFixtureServer({ '/v1': answering(400), '/hang/v1': never })
    try {
      await publish('refused-app', { endpoint: refusing.url })
      await install('refused-app')
      const refused = await latestEvent(server, 'refused-app', 'installation_setup')
      expect(refused.event.status).toBe('failed')
      expect(refused.trace.logs).toHaveLength(1)
      expect(refused.trace.logs[0]).toMatchObject({ level: 'error', message: expect.stringContaining('answered 400: boom; not retried') })

      await publish('hanging-app', { endpoint: `${refusing.url}/hang` })
      await install('hanging-app')
      const hanging = await latestEvent(server, 'hanging-app', 'installation_setup')
      expect(hanging.event.status).toBe('failed')
      expect(hanging.trace.logs[0].message).toContain('failed (timeout)')
      expect(hanging.trace.logs).toHaveLength(5)
    } finally {
      await refusing.close()
    }
    await publish('nobody-app', { endpoint: refusing.url })
    await install('nobody-app')
    const nobody = await latestEvent(server, 'nobody-app', 'installation_setup')
    expect(nobody.event.status).toBe('failed')
    expect(nobody.trace.logs[0].message).toContain('failed (network)')
  })

  it('fails at once, saying why, when the integration has no endpoint', async () => {
    await publish('no-endpoint', { endpoint: undefined })
    await install('no-endpoint')
    const { event, trace } = await latestEvent(server, 'no-endpoint', 'installation_setup')
    expect(event.status).toBe('failed')
    expect(trace.logs).toEqual([expect.objectContaining({ level: 'error', message: expect.stringContaining('has no endpoint and no development tunnel') })])
  })
})

describe('development mode', () => {
  it("sends the owning organization's events to the tunnel, others' only with `all`, and the endpoint again once stopped", async () => {
    await publish('dev-app', { visibility: 'public' })
    expect((await server.request('PUT', '/v1/integrations/dev-app/dev', { body: { tunnelUrl: tunnel.url } })).status).toBe(204)
    const own = await install('dev-app')
    const ownEvent = (await latestEvent(server, 'dev-app', 'installation_setup')).event
    expect(await deliveriesOf(tunnel, ownEvent.id)).toHaveLength(1)
    expect(await deliveriesOf(endpoint, ownEvent.id)).toHaveLength(0)
    expect((await settledEvent(server, 'dev-app', ownEvent.id)).trace.logs[0].message).toContain('(development tunnel)')

    // Another organization's events go to the endpoint while `all` is off.
    const outsider = await server.addOutsider()
    const other = await createOrganization(server, { title: 'Dev Other' }, outsider.token)
    const theirs = await install('dev-app', other.id, outsider.token)
    const theirEvent = (await server.request('GET', '/v1/integrations/dev-app/events')).body.items.find((e: any) => e.installationId === theirs.id)
    await settledEvent(server, 'dev-app', theirEvent.id)
    expect(await deliveriesOf(endpoint, theirEvent.id)).toHaveLength(1)
    expect(await deliveriesOf(tunnel, theirEvent.id)).toHaveLength(0)

    await server.request('PUT', '/v1/integrations/dev-app/dev', { body: { tunnelUrl: tunnel.url, all: true } })
    await server.request('PATCH', `/v1/integrations/dev-app/installations/${theirs.id}`, { token: outsider.token, body: { configuration: { a: 1 } } })
    const allEvent = (await latestEvent(server, 'dev-app', 'installation_setup')).event
    expect(allEvent.installationId).toBe(theirs.id)
    expect(await deliveriesOf(tunnel, allEvent.id)).toHaveLength(1)

    expect((await server.request('DELETE', '/v1/integrations/dev-app/dev')).status).toBe(205)
    await server.request('PATCH', `/v1/integrations/dev-app/installations/${own.id}`, { body: { configuration: { b: 2 } } })
    const after = (await latestEvent(server, 'dev-app', 'installation_setup')).event
    expect(after.installationId).toBe(own.id)
    expect(await deliveriesOf(endpoint, after.id)).toHaveLength(1)
    expect(await deliveriesOf(tunnel, after.id)).toHaveLength(0)
  })

  it('validates the tunnel address', async () => {
    expectError(await server.request('PUT', '/v1/integrations/dev-app/dev', { body: {} }), 400, 'tunnelUrl')
    expectError(await server.request('PUT', '/v1/integrations/dev-app/dev', { body: { tunnelUrl: 'not a url' } }), 400, 'tunnelUrl')
    expectError(await server.request('PUT', '/v1/integrations/dev-app/dev', { body: { tunnelUrl: `https://example.com/${'x'.repeat(256)}` } }), 400, 'tunnelUrl')
    expectError(await server.request('PUT', '/v1/integrations/missing-app/dev', { body: { tunnelUrl: tunnel.url } }), 404)
  })
})

describe('rendering through the integration', () => {
  const request = (body: unknown) => compressToEncodedURIComponent(JSON.stringify(body))
  const RENDER = { componentId: 'chart', props: { id: 1 }, context: { type: 'document', theme: 'light' } }

  it('forwards the decompressed request as a signed ui_render event and answers the element', async () => {
    const integration = await startFixtureServer({ '/v1': { status: 200, type: 'application/json', body: JSON.stringify(ELEMENT) } })
    try {
      await publish('render-app', { endpoint: integration.url })
      const res = await server.request('GET', `/v1/integrations/render-app/render?request=${request(RENDER)}`)
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      expect(res.body).toEqual(ELEMENT)
      const delivery = await readDelivery(integration.requests[0])
      expect(delivery.signed).toBe(true)
      expect(delivery.event).toMatchObject({ type: 'ui_render', componentId: 'chart', props: { id: 1 }, context: { type: 'document' }, auth: { userId: server.userId } })
    } finally {
      await integration.close()
    }
  })

  it('renders through the tunnel in development mode', async () => {
    const dev = await startFixtureServer({ '/v1': { status: 200, type: 'application/json', body: JSON.stringify({ ...ELEMENT, element: { type: 'block', children: [] } }) } })
    try {
      await publish('render-dev', { endpoint: endpoint.url })
      await server.request('PUT', '/v1/integrations/render-dev/dev', { body: { tunnelUrl: dev.url } })
      const res = await server.request('GET', `/v1/integrations/render-dev/render?request=${request(RENDER)}`)
      expect(res.body.element).toEqual({ type: 'block', children: [] })
      expect(dev.requests).toHaveLength(1)
    } finally {
      await dev.close()
    }
  })

  it('answers clear errors, never a hang: bad request, no endpoint, refused, not ContentKit, timeout, unreachable', async () => {
    const bad = await startFixtureServer({ '/fails/v1': { status: 500, body: 'crash' }, '/text/v1': 'hello', '/hang/v1': never })
    try {
      expectError(await server.request('GET', '/v1/integrations/render-app/render?request=garbage'), 400, 'query.request')
      expectError(await server.request('GET', `/v1/integrations/render-app/render?request=${request({ props: {} })}`), 400, 'componentId')
      expectError(await server.request('GET', '/v1/integrations/render-app/render'), 400, 'request')
      expectError(await server.request('GET', `/v1/integrations/missing-app/render?request=${request(RENDER)}`), 404)
      await publish('render-none', { endpoint: undefined })
      expectError(await server.request('GET', `/v1/integrations/render-none/render?request=${request(RENDER)}`), 409, 'no endpoint')
      await publish('render-fails', { endpoint: `${bad.url}/fails` })
      expectError(await server.request('GET', `/v1/integrations/render-fails/render?request=${request(RENDER)}`), 502, 'answered the render request with 500: crash')
      await publish('render-text', { endpoint: `${bad.url}/text` })
      expectError(await server.request('GET', `/v1/integrations/render-text/render?request=${request(RENDER)}`), 502, 'ContentKit')
      await publish('render-hang', { endpoint: `${bad.url}/hang` })
      expectError(await server.request('GET', `/v1/integrations/render-hang/render?request=${request(RENDER)}`), 504, 'did not answer')
    } finally {
      await bad.close()
    }
    await publish('render-gone', { endpoint: bad.url })
    expectError(await server.request('GET', `/v1/integrations/render-gone/render?request=${request(RENDER)}`), 502, 'did not answer')
  })
})
