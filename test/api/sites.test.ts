import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useTestServer } from '../support/server'
import { createOrganization, createSite, createSpace, expectError, expectIsoTimestamp, idsOf, listAll } from '../support/factories'

const server = useTestServer({ beforeAll, afterAll })

const SITE_PERMISSIONS = ['view', 'access', 'edit', 'create', 'admin', 'installIntegration', 'viewAdaptiveSchema', 'editAdaptiveSchema']

const sites = () => `/v1/orgs/${server.organizationId}/sites`
const site = (id: string) => `${sites()}/${id}`
const get = (id: string, token?: string | null) => server.request('GET', site(id), { token })
const patch = (id: string, body: unknown, token?: string) => server.request('PATCH', site(id), { body, token })
const publish = (id: string, token?: string) => server.request('POST', `${site(id)}/publish`, { token })
const published = (id: string, query = '', token?: string | null) => server.request('GET', `${site(id)}/published${query}`, { token })
const addSection = (id: string, body: unknown) => server.request('POST', `${site(id)}/sections`, { body })
const createShareLink = async (id: string, name = 'Partners') => (await server.request('POST', `${site(id)}/share-links`, { body: { name } })).body
const keyOf = (link: any) => new URL(link.urls.published).searchParams.get('shareKey')!
const visitorToken = async (id: string, claims: Record<string, unknown> = {}) => (await server.request('POST', `${site(id)}/visitor-tokens`, { body: { claims } })).body.token as string
const q = (params: Record<string, string>) => `?${new URLSearchParams(params)}`

/** A published site of `visibility` showing one private space; answers the site and the space. */
async function publishedSite(visibility: string) {
  const space = await createSpace(server, server.organizationId, { title: `Behind ${visibility}` })
  const made = await createSite(server, server.organizationId, { visibility, spaces: [space.id] })
  expect((await publish(made.id)).status).toBe(200)
  return { site: made, space }
}

describe('POST /v1/orgs/{organizationId}/sites', () => {
  it('creates an unpublished basic public site with every field, addresses and all permissions for an admin', async () => {
    const res = await server.request('POST', sites(), { body: { title: 'Developer docs' } })
    expect(res.status).toBe(201)
    const made = res.body
    expect(made).toMatchObject({
      object: 'site',
      id: expect.any(String),
      type: 'basic',
      appliedType: 'basic',
      title: 'Developer docs',
      visibility: 'public',
      published: false,
      siteSpaces: 0,
      defaultLevel: 'inherit',
      adaptiveContent: { enabled: false },
      agentsContext: 'included',
      features: [],
      urls: { location: `${server.url}/v1/orgs/${server.organizationId}/sites/${made.id}`, app: `${server.url}/app/o/${server.organizationId}/sites/${made.id}` },
    })
    expect(made.urls.published).toBeUndefined()
    expect(made.hostname).toBeUndefined()
    expect(made.proxy).toBeUndefined()
    expectIsoTimestamp(made.createdAt)
    expect(Object.keys(made.permissions).sort()).toEqual([...SITE_PERMISSIONS].sort())
    for (const name of SITE_PERMISSIONS) expect(made.permissions[name], name).toBe(true)
    expect((await get(made.id)).body).toEqual(made)
    const page = await fetch(made.urls.app)
    expect(await page.text()).toContain(made.urls.location)
  })

  it('adds the spaces given at its root, counting them, or creates a new space with "new"', async () => {
    const a = await createSpace(server, server.organizationId)
    const b = await createSpace(server, server.organizationId)
    const withSpaces = await createSite(server, server.organizationId, { spaces: [a.id, b.id], type: 'premium', visibility: 'unlisted' })
    expect(withSpaces).toMatchObject({ siteSpaces: 2, type: 'premium', visibility: 'unlisted' })
    const structure = (await server.request('GET', `${site(withSpaces.id)}/structure`)).body
    expect(structure.type).toBe('siteSpaces')
    expect(structure.structure.map((s: any) => [s.space.id, s.default])).toEqual([
      [a.id, true],
      [b.id, false],
    ])
    const fresh = await createSite(server, server.organizationId, { title: 'Fresh docs', spaces: 'new' })
    expect(fresh.siteSpaces).toBe(1)
    const [only] = (await server.request('GET', `${site(fresh.id)}/site-spaces`)).body.items
    expect(only.space).toMatchObject({ object: 'space', title: 'Fresh docs', organization: server.organizationId })
  })

  it('refuses bad fields with 400 naming them, unknown spaces with 404 and spaces of another organization with 400', async () => {
    expect((await server.request('POST', sites(), { body: { title: 'xy' } })).status).toBe(201)
    expect((await server.request('POST', sites(), { body: { title: 'x'.repeat(128) } })).status).toBe(201)
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'x' }, 'body.title: must be at least 2 characters'],
      [{ title: 'x'.repeat(129) }, 'body.title: must be at most 128 characters'],
      [{ type: 'gold' }, 'body.type'],
      [{ visibility: 'private' }, 'body.visibility'],
      [{ spaces: 'old' }, 'body.spaces'],
      [{ spaces: [''] }, 'body.spaces'],
    ]
    for (const [body, field] of cases) expectError(await server.request('POST', sites(), { body }), 400, field)
    expectError(await server.request('POST', sites(), { body: { spaces: ['nope'] } }), 404, 'nope')
    const other = await createOrganization(server)
    const foreign = await createSpace(server, other.id)
    expectError(await server.request('POST', sites(), { body: { spaces: [foreign.id] } }), 400, 'body.spaces')
  })

  it('needs the create role: 403 for an editor, 404 for an outsider, 401 without a token', async () => {
    const editor = await server.addUser('edit')
    expectError(await server.request('POST', sites(), { body: {}, token: editor.token }), 403, 'create')
    const creator = await server.addUser('create')
    expect((await server.request('POST', sites(), { body: {}, token: creator.token })).status).toBe(201)
    expectError(await server.request('POST', sites(), { body: {}, token: (await server.addOutsider()).token }), 404)
    expectError(await server.request('POST', sites(), { body: {}, token: null }), 401)
  })
})

describe('GET /v1/orgs/{organizationId}/sites', () => {
  it('filters by space, title (any case) and published, and pages', async () => {
    const org = await createOrganization(server)
    const space = await createSpace(server, org.id)
    const a = await createSite(server, org.id, { title: 'Alpha Guides', spaces: [space.id] })
    const b = await createSite(server, org.id, { title: 'Beta reference' })
    const c = await createSite(server, org.id, { title: '100%_sure' })
    await publish2(org.id, b.id)
    const path = `/v1/orgs/${org.id}/sites`
    const all = await listAll(server, path, { limit: 1 })
    expect(all.items.map((s) => s.id)).toEqual([a.id, b.id, c.id])
    expect(all.pages).toBe(3)
    expect(await idsOf(server, `${path}?space=${space.id}`)).toEqual([a.id])
    expect(await idsOf(server, `${path}?title=GUIDES`)).toEqual([a.id])
    expect(await idsOf(server, `${path}?title=${encodeURIComponent('0%_')}`)).toEqual([c.id])
    expect(await idsOf(server, `${path}?title=${encodeURIComponent('%')}`)).toEqual([c.id])
    expect(await idsOf(server, `${path}?published=true`)).toEqual([b.id])
    expect(await idsOf(server, `${path}?published=false`)).toEqual([a.id, c.id])
    expect(all.items[0].siteSpaces).toBe(1)
    expectError(await server.request('GET', `${path}?published=maybe`), 400, 'query.published')
    expectError(await server.request('GET', `${path}?limit=1001`), 400, 'query.limit')
  })

  it('shows members with a role every site, guests none, and outsiders a 404', async () => {
    const made = await createSite(server, server.organizationId)
    const reader = await server.addUser('read')
    expect(await idsOf(server, sites(), reader.token)).toContain(made.id)
    const guest = await server.addUser(null)
    expect((await server.request('GET', sites(), { token: guest.token })).body).toEqual({ count: 0, items: [] })
    expectError(await get(made.id, guest.token), 404)
    expectError(await server.request('GET', sites(), { token: (await server.addOutsider()).token }), 404)
  })
})

async function publish2(organizationId: string, siteId: string) {
  expect((await server.request('POST', `/v1/orgs/${organizationId}/sites/${siteId}/publish`)).status).toBe(200)
}

describe('GET and DELETE /v1/orgs/{organizationId}/sites/{siteId}', () => {
  it('answers 404 for an unknown site and for a site under another organization', async () => {
    expectError(await get('missing'), 404, 'missing')
    const other = await createOrganization(server)
    const made = await createSite(server, server.organizationId)
    expectError(await server.request('GET', `/v1/orgs/${other.id}/sites/${made.id}`), 404)
  })

  it('gives a reader view permissions only', async () => {
    const made = await createSite(server, server.organizationId)
    const reader = await server.addUser('read')
    const seen = (await get(made.id, reader.token)).body
    expect(seen.permissions).toEqual({ view: true, access: true, edit: false, create: false, admin: false, installIntegration: false, viewAdaptiveSchema: true, editAdaptiveSchema: false })
  })

  it('deletes a site with its structure but not its spaces; deleting again is a 204; only admins delete', async () => {
    const space = await createSpace(server, server.organizationId)
    const made = await createSite(server, server.organizationId, { spaces: [space.id] })
    const creator = await server.addUser('create')
    expectError(await server.request('DELETE', site(made.id), { token: creator.token }), 403, 'admin')
    expect((await server.request('DELETE', site(made.id))).status).toBe(204)
    expectError(await get(made.id), 404)
    expect((await server.request('DELETE', site(made.id))).status).toBe(204)
    expect((await server.request('GET', `/v1/spaces/${space.id}`)).status).toBe(200)
    expect(await idsOf(server, `${sites()}?space=${space.id}`)).toEqual([])
  })
})

describe('PATCH /v1/orgs/{organizationId}/sites/{siteId}', () => {
  it('updates title, visibility, basename, agentsContext and adaptive content', async () => {
    const made = await createSite(server, server.organizationId)
    const res = await patch(made.id, { title: 'Renamed', visibility: 'share-link', basename: 'docs', agentsContext: 'excluded', adaptiveContent: { enabled: true } })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ title: 'Renamed', visibility: 'share-link', basename: 'docs', agentsContext: 'excluded', adaptiveContent: { enabled: true } })
    expect((await get(made.id)).body).toEqual(res.body)
  })

  it('sets a proxy with its target and removes it with null; refuses an origin without a path', async () => {
    const made = await createSite(server, server.organizationId)
    const set = await patch(made.id, { proxy: 'www.acme.com/developer/docs' })
    expect(set.body.proxy).toEqual({ origin: 'www.acme.com/developer/docs', target: expect.stringMatching(/^http/) })
    expect((await patch(made.id, { title: 'Still proxied' })).body.proxy.origin).toBe('www.acme.com/developer/docs')
    const removed = await patch(made.id, { proxy: null })
    expect(removed.status).toBe(200)
    expect(removed.body.proxy).toBeUndefined()
    for (const proxy of ['acme.com', 'acme.c/docs', 'https://acme.com/docs', 'acme.com/docs/', `acme.com/${'d'.repeat(510)}`]) expectError(await patch(made.id, { proxy }), 400, 'body.proxy')
  })

  it('validates the hostname by the label rules, keeps it unique (409), and removes it with null', async () => {
    const made = await createSite(server, server.organizationId)
    const ok = await patch(made.id, { hostname: 'docs.acme-inc.io' })
    expect(ok.body.hostname).toBe('docs.acme-inc.io')
    expect(ok.body.urls.location).toBeDefined()
    await publish(made.id)
    expect((await get(made.id)).body.urls.published).toBe('https://docs.acme-inc.io/')
    for (const hostname of ['acme.io', 'Docs.acme.io', '-docs.acme.io', 'docs-.acme.io', 'docs.acme.i', 'docs..acme.io', 'docs.acme.io.', 'docs acme.io', `${'a'.repeat(64)}.acme.io`]) {
      expectError(await patch(made.id, { hostname }), 400, 'body.hostname')
    }
    expect((await patch(made.id, { hostname: `${'a'.repeat(63)}.b2.acme.io` })).status).toBe(200)
    const other = await createSite(server, server.organizationId)
    expectError(await patch(other.id, { hostname: `${'a'.repeat(63)}.b2.acme.io` }), 409, 'body.hostname')
    const cleared = await patch(made.id, { hostname: null })
    expect(cleared.body.hostname).toBeUndefined()
    expect((await patch(other.id, { hostname: `${'a'.repeat(63)}.b2.acme.io` })).status).toBe(200)
  })

  it('sets the default site space and default section, refusing ids of other places with 400', async () => {
    const [a, b, c] = [await createSpace(server, server.organizationId), await createSpace(server, server.organizationId), await createSpace(server, server.organizationId)]
    const made = await createSite(server, server.organizationId, { spaces: [a.id, b.id] })
    const rootSpaces = (await server.request('GET', `${site(made.id)}/site-spaces`)).body.items
    expect((await patch(made.id, { defaultSiteSpace: rootSpaces[1].id })).status).toBe(200)
    expect((await server.request('GET', `${site(made.id)}/site-spaces?default=true`)).body.items.map((s: any) => s.id)).toEqual([rootSpaces[1].id])
    const second = (await addSection(made.id, { spaceId: c.id, title: 'Second' })).body
    const sections = (await server.request('GET', `${site(made.id)}/sections`)).body.items
    expect(sections.map((s: any) => s.default)).toEqual([true, false])
    expectError(await patch(made.id, { defaultSiteSpace: second.siteSpaces[0].id }), 400, 'body.defaultSiteSpace')
    const res = await patch(made.id, { defaultSiteSection: second.id, defaultSiteSpace: second.siteSpaces[0].id })
    expect(res.status).toBe(200)
    expect((await server.request('GET', `${site(made.id)}/sections`)).body.items.map((s: any) => s.default)).toEqual([false, true])
    expectError(await patch(made.id, { defaultSiteSection: 'nope' }), 400, 'body.defaultSiteSection')
  })

  it('refuses bad fields naming them, needs admin (403) and a body (400)', async () => {
    const made = await createSite(server, server.organizationId)
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'x' }, 'body.title'],
      [{ visibility: 'in-collection' }, 'body.visibility'],
      [{ basename: '' }, 'body.basename'],
      [{ basename: 'b'.repeat(101) }, 'body.basename'],
      [{ agentsContext: 'maybe' }, 'body.agentsContext'],
      [{ adaptiveContent: { enabled: 'yes' } }, 'body.adaptiveContent.enabled'],
      [{ adaptiveContent: {} }, 'body.adaptiveContent.enabled'],
    ]
    for (const [body, field] of cases) expectError(await patch(made.id, body), 400, field)
    expectError(await server.request('PATCH', site(made.id)), 400, 'body')
    const creator = await server.addUser('create')
    expectError(await patch(made.id, { title: 'Mine now' }, creator.token), 403, 'admin')
  })
})

describe('publishing', () => {
  it('publishSite and unpublishSite are how published changes; the published address appears only while published', async () => {
    const made = await createSite(server, server.organizationId)
    const on = await publish(made.id)
    expect(on.status).toBe(200)
    expect(on.body).toMatchObject({ id: made.id, published: true, urls: { published: `${server.url}/sites/${made.id}/` } })
    expect((await patch(made.id, { basename: 'guides' })).body.urls.published).toBe(`${server.url}/sites/${made.id}/guides/`)
    const off = await server.request('POST', `${site(made.id)}/unpublish`)
    expect(off.body.published).toBe(false)
    expect(off.body.urls.published).toBeUndefined()
    expect((await get(made.id)).body.published).toBe(false)
  })

  it('needs admin on the site', async () => {
    const made = await createSite(server, server.organizationId)
    const creator = await server.addUser('create')
    expectError(await publish(made.id, creator.token), 403)
    expectError(await server.request('POST', `${site(made.id)}/unpublish`, { token: creator.token }), 403)
    expectError(await server.request('POST', `${site('missing')}/publish`), 404)
  })
})

describe('GET …/sites/{siteId}/published: only to the audience of the site', () => {
  it('answers the site and its structure: site-spaces at the root, without deleted spaces', async () => {
    const { site: made, space } = await publishedSite('public')
    const gone = await createSpace(server, server.organizationId)
    await server.request('POST', `${site(made.id)}/site-spaces`, { body: { spaceId: gone.id } })
    await server.request('DELETE', `/v1/spaces/${gone.id}`)
    const res = await published(made.id)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ object: 'published-content-site', site: { id: made.id, published: true }, structure: { type: 'siteSpaces' } })
    expect(res.body.structure.structure.map((s: any) => s.space.id)).toEqual([space.id])
    expect(res.body.structure.structure[0]).toMatchObject({ default: true, urls: { published: `${server.url}/sites/${made.id}/${res.body.structure.structure[0].path}/` } })
  })

  it('answers sections with their site spaces on a site with sections', async () => {
    const { site: made } = await publishedSite('unlisted')
    await addSection(made.id, { spaceId: (await createSpace(server, server.organizationId)).id, title: 'Reference' })
    const res = await published(made.id)
    expect(res.body.structure.type).toBe('sections')
    expect(res.body.structure.structure.map((s: any) => [s.object, s.default, s.siteSpaces.length])).toEqual([
      ['site-section', true, 1],
      ['site-section', false, 1],
    ])
  })

  it('answers nobody while the site is unpublished, not even its admin', async () => {
    const made = await createSite(server, server.organizationId, { spaces: [(await createSpace(server, server.organizationId)).id] })
    expectError(await published(made.id), 404, 'not published')
    await publish(made.id)
    expect((await published(made.id)).status).toBe(200)
    await server.request('POST', `${site(made.id)}/unpublish`)
    expectError(await published(made.id), 404, 'not published')
  })

  it('opens public and unlisted sites to any authenticated caller: outsiders, guests, members; never without a token', async () => {
    const outsider = await server.addOutsider()
    const guest = await server.addUser(null)
    for (const visibility of ['public', 'unlisted']) {
      const { site: made } = await publishedSite(visibility)
      for (const token of [outsider.token, guest.token, server.token]) expect((await published(made.id, '', token)).status, visibility).toBe(200)
      expectError(await published(made.id, '', null), 401)
    }
  })

  it('opens a share-link site only with the key of an active share link of that site', async () => {
    const { site: made } = await publishedSite('share-link')
    const outsider = await server.addOutsider()
    expectError(await published(made.id, '', outsider.token), 403, 'shareKey')
    expectError(await published(made.id), 403, 'shareKey')
    const link = await createShareLink(made.id)
    const key = keyOf(link)
    expect(key).toMatch(/^[A-Za-z0-9_-]{24}$/)
    expect((await published(made.id, q({ shareKey: key }), outsider.token)).status).toBe(200)
    expectError(await published(made.id, q({ shareKey: key + 'x' }), outsider.token), 403)
    const { site: elsewhere } = await publishedSite('share-link')
    expectError(await published(elsewhere.id, q({ shareKey: key }), outsider.token), 403)

    await server.request('PATCH', `${site(made.id)}/share-links/${link.id}`, { body: { active: false } })
    expectError(await published(made.id, q({ shareKey: key }), outsider.token), 403)
    await server.request('PATCH', `${site(made.id)}/share-links/${link.id}`, { body: { active: true } })
    expect((await published(made.id, q({ shareKey: key }), outsider.token)).status).toBe(200)
    await server.request('DELETE', `${site(made.id)}/share-links/${link.id}`)
    expectError(await published(made.id, q({ shareKey: key }), outsider.token), 403)
  })

  it('opens a visitor-auth site only with a visitor token signed for that site', async () => {
    const { site: made } = await publishedSite('visitor-auth')
    const outsider = await server.addOutsider()
    expectError(await published(made.id, '', outsider.token), 403, 'visitorAuthToken')
    const token = await visitorToken(made.id, { plan: 'pro' })
    expect(token.split('.')).toHaveLength(3)
    expect((await published(made.id, q({ visitorAuthToken: token }), outsider.token)).status).toBe(200)
    const { site: other } = await publishedSite('visitor-auth')
    expectError(await published(other.id, q({ visitorAuthToken: token }), outsider.token), 403)
    const [header, payload, signature] = token.split('.')
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), plan: 'enterprise' })).toString('base64url')
    expectError(await published(made.id, q({ visitorAuthToken: `${header}.${forged}.${signature}` }), outsider.token), 403)
    expectError(await published(made.id, q({ visitorAuthToken: 'not.a.jwt' }), outsider.token), 403)
    const link = await createShareLink(made.id)
    expectError(await published(made.id, q({ shareKey: keyOf(link) }), outsider.token), 403)
  })

  it('answers each visibility to each kind of caller exactly as the audience rules say', async () => {
    const callers: [string, string | null][] = [
      ['admin', server.token],
      ['reader', (await server.addUser('read')).token],
      ['guest', (await server.addUser(null)).token],
      ['outsider', (await server.addOutsider()).token],
      ['no token', null],
    ]
    const expected: Record<string, { bare: number; credentials: number }> = {
      public: { bare: 200, credentials: 200 },
      unlisted: { bare: 200, credentials: 200 },
      'share-link': { bare: 403, credentials: 200 },
      'visitor-auth': { bare: 403, credentials: 200 },
    }
    for (const [visibility, statuses] of Object.entries(expected)) {
      const { site: made } = await publishedSite(visibility)
      const credentials = q({ shareKey: keyOf(await createShareLink(made.id)), visitorAuthToken: await visitorToken(made.id) })
      for (const [caller, token] of callers) {
        const bare = await published(made.id, '', token)
        const withCredentials = await published(made.id, credentials, token)
        const want = token === null ? { bare: 401, credentials: 401 } : statuses
        expect([bare.status, withCredentials.status], `${visibility} / ${caller}`).toEqual([want.bare, want.credentials])
      }
    }
  })

  it('lets the audience read the spaces behind the site, and nobody else', async () => {
    const outsider = await server.addOutsider()
    const { site: pub, space: pubSpace } = await publishedSite('public')
    expect((await server.request('GET', `/v1/spaces/${pubSpace.id}`, { token: outsider.token })).body).toMatchObject({ id: pubSpace.id, permissions: { view: true, edit: false } })
    await server.request('POST', `${site(pub.id)}/unpublish`)
    expectError(await server.request('GET', `/v1/spaces/${pubSpace.id}`, { token: outsider.token }), 404)

    const { site: shared, space: sharedSpace } = await publishedSite('share-link')
    const key = keyOf(await createShareLink(shared.id))
    expectError(await server.request('GET', `/v1/spaces/${sharedSpace.id}`, { token: outsider.token }), 404)
    expect((await server.request('GET', `/v1/spaces/${sharedSpace.id}${q({ shareKey: key })}`, { token: outsider.token })).status).toBe(200)
    // Its content too, with the same key; never writes.
    expectError(await server.request('GET', `/v1/spaces/${sharedSpace.id}/content/pages`, { token: outsider.token }), 404)
    expect((await server.request('GET', `/v1/spaces/${sharedSpace.id}/content/pages${q({ shareKey: key })}`, { token: outsider.token })).status).toBe(200)
    expect((await server.request('GET', `/v1/spaces/${sharedSpace.id}/content${q({ shareKey: key })}`, { token: outsider.token })).body.object).toBe('revision')
    expectError(await server.request('POST', `/v1/spaces/${sharedSpace.id}/change-requests${q({ shareKey: key })}`, { token: outsider.token, body: { subject: 'No' } }), 404)

    const { site: guarded, space: guardedSpace } = await publishedSite('visitor-auth')
    expectError(await server.request('GET', `/v1/spaces/${guardedSpace.id}`, { token: outsider.token }), 404)
    const token = await visitorToken(guarded.id)
    expect((await server.request('GET', `/v1/spaces/${guardedSpace.id}${q({ visitorAuthToken: token })}`, { token: outsider.token })).status).toBe(200)
    expectError(await server.request('GET', `/v1/spaces/${sharedSpace.id}${q({ visitorAuthToken: token })}`, { token: outsider.token }), 404)
    const published = (await server.request('GET', `${site(guarded.id)}/published${q({ visitorAuthToken: token })}`, { token: outsider.token })).body
    expect(published.structure.structure[0].space.permissions).toMatchObject({ view: true, edit: false, admin: false })
  })

  it('shows what conditions allow for the visitor token\'s claims when adaptive content is on, everything when off', async () => {
    const { site: made } = await publishedSite('visitor-auth')
    const pro = (await addSection(made.id, { spaceId: (await createSpace(server, server.organizationId)).id, title: 'Pro features' })).body
    expect((await server.request('PATCH', `${site(made.id)}/sections/${pro.id}`, { body: { condition: 'visitor.claims.plan == "pro"' } })).status).toBe(200)
    const titles = async (claims: Record<string, unknown>) =>
      (await published(made.id, q({ visitorAuthToken: await visitorToken(made.id, claims) }))).body.structure.structure.map((s: any) => s.title)
    expect(await titles({ plan: 'free' })).toHaveLength(2)
    await patch(made.id, { adaptiveContent: { enabled: true } })
    expect(await titles({ plan: 'pro' })).toEqual([expect.any(String), 'Pro features'])
    expect(await titles({ plan: 'free' })).toHaveLength(1)
    expect(await titles({})).toHaveLength(1)
  })

  it('answers 404 for a site of another organization path', async () => {
    const { site: made } = await publishedSite('public')
    const other = await createOrganization(server)
    expectError(await server.request('GET', `/v1/orgs/${other.id}/sites/${made.id}/published`), 404)
  })
})

describe('share links', () => {
  it('creates, lists, renames, switches off and deletes share links, each with its secret in urls.published', async () => {
    const made = await createSite(server, server.organizationId)
    const res = await server.request('POST', `${site(made.id)}/share-links`, { body: { name: 'Beta testers' } })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ object: 'share-link', id: expect.any(String), name: 'Beta testers', active: true, urls: { published: expect.stringContaining('shareKey=') } })
    expectIsoTimestamp(res.body.createdAt)
    const second = await createShareLink(made.id, 'Press')
    expect(keyOf(second)).not.toBe(keyOf(res.body))
    const listed = await listAll(server, `${site(made.id)}/share-links`, { limit: 1 })
    expect(listed.items).toEqual([res.body, second])
    const renamed = await server.request('PATCH', `${site(made.id)}/share-links/${res.body.id}`, { body: { name: 'Early access', active: false } })
    expect(renamed.body).toMatchObject({ name: 'Early access', active: false, urls: res.body.urls })
    expect((await server.request('DELETE', `${site(made.id)}/share-links/${res.body.id}`)).status).toBe(204)
    expect((await server.request('DELETE', `${site(made.id)}/share-links/${res.body.id}`)).status).toBe(204)
    expect(await idsOf(server, `${site(made.id)}/share-links`)).toEqual([second.id])
    expectError(await server.request('PATCH', `${site(made.id)}/share-links/${res.body.id}`, { body: { active: true } }), 404)
  })

  it('validates names (required, at most 50) and patches (at least one field), and is for admins only', async () => {
    const made = await createSite(server, server.organizationId)
    expectError(await server.request('POST', `${site(made.id)}/share-links`, { body: {} }), 400, 'body.name: is required')
    expectError(await server.request('POST', `${site(made.id)}/share-links`, { body: { name: 'n'.repeat(51) } }), 400, 'body.name: must be at most 50')
    expect((await server.request('POST', `${site(made.id)}/share-links`, { body: { name: 'n'.repeat(50) } })).status).toBe(201)
    const link = await createShareLink(made.id)
    expectError(await server.request('PATCH', `${site(made.id)}/share-links/${link.id}`, { body: {} }), 400, 'body')
    expectError(await server.request('PATCH', `${site(made.id)}/share-links/${link.id}`, { body: { active: 'no' } }), 400, 'body.active')
    const creator = await server.addUser('create')
    expectError(await server.request('GET', `${site(made.id)}/share-links`, { token: creator.token }), 403, 'admin')
    expectError(await server.request('POST', `${site(made.id)}/share-links`, { body: { name: 'x' }, token: creator.token }), 403)
  })
})

describe('adaptive schema', () => {
  const schema = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: {
      isAdmin: { type: 'boolean', description: 'Administers an account' },
      'early-access': { type: 'boolean', description: 'Early access' },
      unsigned: { type: 'object', properties: { beta: { type: 'boolean', description: 'Opted into beta' } }, additionalProperties: false },
    },
    additionalProperties: false,
  }

  it('answers 404 until a schema is set, then the schema as set (unsigned described as GitBook does)', async () => {
    const made = await createSite(server, server.organizationId)
    expect((await server.request('GET', `${site(made.id)}/adaptive-schema`)).body).toEqual({ object: 'site-adaptive-schema', jsonSchema: { type: 'object', properties: {}, additionalProperties: false }, updatedAt: made.createdAt })
    expect((await server.request('GET', `${site(made.id)}/adaptive-schema/template-conditions`)).body).toEqual({ items: [] })
    const res = await server.request('PUT', `${site(made.id)}/adaptive-schema`, { body: { jsonSchema: schema } })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ object: 'site-adaptive-schema', jsonSchema: { ...schema, properties: { ...schema.properties, unsigned: { ...schema.properties.unsigned, description: 'Unsigned claims of the site visitor.' } } } })
    expectIsoTimestamp(res.body.updatedAt)
    expect((await server.request('GET', `${site(made.id)}/adaptive-schema`)).body).toEqual(res.body)
  })

  it('derives template conditions that are valid conditions', async () => {
    const made = await createSite(server, server.organizationId, { spaces: [(await createSpace(server, server.organizationId)).id] })
    await server.request('PUT', `${site(made.id)}/adaptive-schema`, { body: { jsonSchema: schema } })
    const { items } = (await server.request('GET', `${site(made.id)}/adaptive-schema/template-conditions`)).body
    expect(items.map((i: any) => i.condition)).toEqual([
      'visitor.claims.isAdmin',
      '!visitor.claims.isAdmin',
      'visitor.claims["early-access"]',
      '!visitor.claims["early-access"]',
      'visitor.claims.unsigned.beta',
      '!visitor.claims.unsigned.beta',
    ])
    expect(items[0].description).toContain('Administers an account')
    const [siteSpace] = (await server.request('GET', `${site(made.id)}/site-spaces`)).body.items
    for (const { condition } of items) expect((await server.request('PATCH', `${site(made.id)}/site-spaces/${siteSpace.id}`, { body: { condition } })).status).toBe(200)
  })

  it('refuses anything but an object schema of boolean claims, saying why', async () => {
    const made = await createSite(server, server.organizationId)
    const put = (jsonSchema: unknown) => server.request('PUT', `${site(made.id)}/adaptive-schema`, { body: { jsonSchema } })
    const bad: [unknown, string][] = [
      [{ ...schema, properties: { plan: { type: 'string', description: 'Plan' } } }, 'body.jsonSchema.properties.plan.type: must be one of "boolean"'],
      [{ ...schema, properties: { plan: { type: 'boolean' } } }, 'body.jsonSchema.properties.plan.description: is required'],
      [{ ...schema, additionalProperties: true }, 'body.jsonSchema.additionalProperties'],
      [{ ...schema, type: 'array' }, 'body.jsonSchema.type'],
      [{ ...schema, $schema: 'https://json-schema.org/draft/2020-12/schema' }, 'body.jsonSchema.$schema'],
      [{ ...schema, required: ['isAdmin'] }, 'body.jsonSchema.required: is not a known field'],
      [{ type: 'object', properties: {} }, 'body.jsonSchema.additionalProperties: is required'],
      [{ ...schema, properties: { unsigned: { type: 'object', properties: {}, additionalProperties: true } } }, 'body.jsonSchema.properties.unsigned.additionalProperties'],
      [{ ...schema, properties: { unsigned: { type: 'object', properties: { n: { type: 'number', description: 'n' } }, additionalProperties: false } } }, 'body.jsonSchema.properties.unsigned.properties.n.type'],
      [{ ...schema, properties: { nested: { type: 'object', properties: {}, additionalProperties: false } } }, 'body.jsonSchema.properties.nested'],
      ['not a schema', 'body.jsonSchema: must be of type object'],
    ]
    for (const [jsonSchema, reason] of bad) expectError(await put(jsonSchema), 400, reason)
    expectError(await server.request('PUT', `${site(made.id)}/adaptive-schema`, { body: {} }), 400, 'body.jsonSchema: is required')
    const reader = await server.addUser('read')
    expectError(await server.request('PUT', `${site(made.id)}/adaptive-schema`, { body: { jsonSchema: schema }, token: reader.token }), 403)
  })
})

describe('visitor tokens', () => {
  it('are signed for admins, refuse reserved claim names, and expire within the limits', async () => {
    const made = await createSite(server, server.organizationId)
    const res = await server.request('POST', `${site(made.id)}/visitor-tokens`, { body: { claims: { plan: 'pro' }, expiresIn: 120 } })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ object: 'site-visitor-token', site: made.id, token: expect.any(String) })
    const payload = JSON.parse(Buffer.from(res.body.token.split('.')[1], 'base64url').toString())
    expect(payload).toMatchObject({ plan: 'pro', aud: `site:${made.id}` })
    expect(payload.exp - payload.iat).toBe(120)
    expect(new Date(res.body.expiresAt).getTime()).toBe(payload.exp * 1000)
    expectError(await server.request('POST', `${site(made.id)}/visitor-tokens`, { body: { claims: { aud: 'x' } } }), 400, 'body.claims.aud')
    expectError(await server.request('POST', `${site(made.id)}/visitor-tokens`, { body: { claims: {}, expiresIn: 59 } }), 400, 'body.expiresIn')
    expectError(await server.request('POST', `${site(made.id)}/visitor-tokens`, { body: {} }), 400, 'body.claims')
    expectError(await server.request('POST', `${site(made.id)}/visitor-tokens`, { body: { claims: { notes: 'n'.repeat(7000) } } }), 400, 'body.claims: too large')
    const creator = await server.addUser('create')
    expectError(await server.request('POST', `${site(made.id)}/visitor-tokens`, { body: { claims: {} }, token: creator.token }), 403)
  })
})
