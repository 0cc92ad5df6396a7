import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useTestServer } from '../support/server'
import { createOrganization, expectError, expectIsoTimestamp, listAll } from '../support/factories'

const server = useTestServer({ beforeAll, afterAll })

const ORGANIZATION_PERMISSIONS = [
  'view',
  'access',
  'admin',
  'ownTeam',
  'createContent',
  'createOpenAPISpec',
  'ingestConversations',
  'viewBilling',
  'listMembers',
  'listTeams',
  'listIntegrations',
  'listInstallations',
  'installIntegration',
]

describe('GET /v1/orgs', () => {
  it("lists the caller's organizations in the list envelope", async () => {
    const res = await server.request('GET', '/v1/orgs')
    expect(res.status).toBe(200)
    expect(res.body.count).toBeGreaterThanOrEqual(1)
    expect(res.body.items.length).toBe(res.body.count)
    expect(res.body.next).toBeUndefined()
    expect(res.body.items.map((o: any) => o.id)).toContain(server.organizationId)
    for (const item of res.body.items) expect(item.object).toBe('organization')
  })

  it('answers an empty list to a user who belongs to no organization', async () => {
    const outsider = await server.addOutsider()
    expect((await server.request('GET', '/v1/orgs', { token: outsider.token })).body).toEqual({ count: 0, items: [] })
  })

  it('pages through the organizations oldest first, without duplicates or gaps', async () => {
    const user = await server.addOutsider()
    const created: string[] = []
    for (let i = 0; i < 7; i++) created.push((await createOrganization(server, { title: `Paged ${i}` }, user.token)).id)
    const { items, pages, count } = await listAll(server, '/v1/orgs', { limit: 3, token: user.token })
    expect(count).toBe(7)
    expect(pages).toBe(3)
    expect(items.map((o) => o.id)).toEqual(created)
  })

  it('answers 401 without a token', async () => {
    expectError(await server.request('GET', '/v1/orgs', { token: null }), 401)
  })
})

describe('POST /v1/orgs', () => {
  it('creates an organization with the caller as its only admin', async () => {
    const user = await server.addOutsider()
    const res = await server.request('POST', '/v1/orgs', { body: { title: '  Fresh Start  ', emailDomains: ['Fresh.io', 'fresh.io', 'docs.fresh.io'] }, token: user.token })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ object: 'organization', title: 'Fresh Start', emailDomains: ['fresh.io', 'docs.fresh.io'], defaultRole: 'read', inviteLinks: true })
    expect(res.body.permissions.admin).toBe(true)
    const members = await server.request('GET', `/v1/orgs/${res.body.id}/members`, { token: user.token })
    expect(members.body.items).toEqual([expect.objectContaining({ object: 'member', id: user.userId, role: 'admin' })])
    expect((await server.request('GET', '/v1/orgs', { token: user.token })).body.items.map((o: any) => o.id)).toEqual([res.body.id])
  })

  it('refuses a title outside 2 to 255 characters, a missing title or no body with 400', async () => {
    expectError(await server.request('POST', '/v1/orgs', { body: { title: 'x' } }), 400, 'body.title')
    expectError(await server.request('POST', '/v1/orgs', { body: { title: 'x'.repeat(256) } }), 400, 'body.title')
    expectError(await server.request('POST', '/v1/orgs', { body: { title: '   ' } }), 400, 'body.title')
    expectError(await server.request('POST', '/v1/orgs', { body: {} }), 400, 'body.title: is required')
    expectError(await server.request('POST', '/v1/orgs'), 400, 'body')
    expectError(await server.request('POST', '/v1/orgs', { body: { title: 'Good', emailDomains: ['not a domain'] } }), 400, 'body.emailDomains.0')
    expect((await server.request('POST', '/v1/orgs', { body: { title: 'xy' } })).status).toBe(201)
    expect((await server.request('POST', '/v1/orgs', { body: { title: 'x'.repeat(255) } })).status).toBe(201)
  })
})

describe('GET /v1/orgs/{organizationId}', () => {
  it('answers the organization with every field, addresses on the server and all permissions for an admin', async () => {
    const res = await server.request('GET', `/v1/orgs/${server.organizationId}`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      object: 'organization',
      id: server.organizationId,
      title: expect.any(String),
      emailDomains: expect.any(Array),
      type: 'business',
      plan: expect.any(String),
      defaultRole: expect.toBeOneOf(['admin', 'create', 'review', 'edit', 'comment', 'read', null]),
      sso: expect.any(Boolean),
      ai: expect.any(Boolean),
      inviteLinks: expect.any(Boolean),
      billing: expect.any(Object),
      trial: { status: 'notapplicable' },
      urls: { location: `${server.url}/v1/orgs/${server.organizationId}`, app: `${server.url}/app/o/${server.organizationId}` },
    })
    expectIsoTimestamp(res.body.createdAt)
    expect(Object.keys(res.body.permissions).sort()).toEqual([...ORGANIZATION_PERMISSIONS].sort())
    for (const name of ORGANIZATION_PERMISSIONS) expect(res.body.permissions[name], name).toBe(true)
  })

  it('answers the app address with a page that points at the organization in the API', async () => {
    const org = (await server.request('GET', `/v1/orgs/${server.organizationId}`)).body
    const page = await fetch(org.urls.app)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain(org.urls.location)
  })

  it('shows a read member what it may do: view and list members, not administer, create or see billing', async () => {
    const reader = await server.addUser('read')
    const res = await server.request('GET', `/v1/orgs/${server.organizationId}`, { token: reader.token })
    expect(res.status).toBe(200)
    expect(res.body.permissions).toMatchObject({ view: true, access: true, listMembers: true, admin: false, createContent: false, viewBilling: false, installIntegration: false })
    expect(res.body.billing).toBeUndefined()
  })

  it('lets a create member create content', async () => {
    const creator = await server.addUser('create')
    const res = await server.request('GET', `/v1/orgs/${server.organizationId}`, { token: creator.token })
    expect(res.body.permissions).toMatchObject({ createContent: true, createOpenAPISpec: true, admin: false })
  })

  it('shows a guest the organization but not its members', async () => {
    const guest = await server.addUser(null)
    const res = await server.request('GET', `/v1/orgs/${server.organizationId}`, { token: guest.token })
    expect(res.status).toBe(200)
    expect(res.body.permissions).toMatchObject({ view: true, listMembers: false, createContent: false, admin: false })
  })

  it('answers 404 to a non-member, as for an organization that does not exist', async () => {
    const outsider = await server.addOutsider()
    expectError(await server.request('GET', `/v1/orgs/${server.organizationId}`, { token: outsider.token }), 404)
    expectError(await server.request('GET', '/v1/orgs/no-such-org'), 404, 'no-such-org')
  })

  it('answers 401 without a token', async () => {
    expectError(await server.request('GET', `/v1/orgs/${server.organizationId}`, { token: null }), 401)
  })
})

describe('PATCH /v1/orgs/{organizationId}', () => {
  it('updates every field and reads back the same', async () => {
    const org = await createOrganization(server)
    const res = await server.request('PATCH', `/v1/orgs/${org.id}`, {
      body: {
        title: 'Renamed Org',
        emailDomains: ['Example.com', 'docs.example.org'],
        hostname: `renamed-${Date.now() % 100000}`,
        defaultRole: 'comment',
        defaultContent: { type: 'site', site: 'site123' },
        logo: 'https://example.com/logo.png',
        sso: true,
        ai: true,
        inviteLinks: false,
      },
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      object: 'organization',
      id: org.id,
      title: 'Renamed Org',
      emailDomains: ['example.com', 'docs.example.org'],
      hostname: expect.stringMatching(/^renamed-/),
      defaultRole: 'comment',
      defaultContent: { type: 'site', site: 'site123' },
      sso: true,
      ai: true,
      inviteLinks: false,
      urls: { logo: 'https://example.com/logo.png' },
    })
    expect(res.body.createdAt).toBe(org.createdAt)
    expect((await server.request('GET', `/v1/orgs/${org.id}`)).body).toEqual(res.body)
  })

  it('clears the nullable fields with null and leaves fields that are not sent unchanged', async () => {
    const org = await createOrganization(server, { title: 'Keeps Title' })
    await server.request('PATCH', `/v1/orgs/${org.id}`, { body: { logo: 'https://example.com/l.png', defaultContent: { type: 'site', site: 's' }, ai: true } })
    const res = await server.request('PATCH', `/v1/orgs/${org.id}`, { body: { logo: null, defaultContent: null, defaultRole: null } })
    expect(res.status).toBe(200)
    expect(res.body.urls.logo).toBeUndefined()
    expect(res.body.defaultContent).toBeUndefined()
    expect(res.body.defaultRole).toBeNull()
    expect(res.body).toMatchObject({ title: 'Keeps Title', ai: true })
    const unchanged = await server.request('PATCH', `/v1/orgs/${org.id}`, { body: {} })
    expect(unchanged.status).toBe(200)
    expect(unchanged.body).toMatchObject({ title: 'Keeps Title', ai: true, defaultRole: null })
  })

  it('accepts the limits of title (2 to 255), hostname (3 to 32) and logo (2048)', async () => {
    const org = await createOrganization(server)
    const logo = 'https://example.com/' + 'l'.repeat(2048 - 'https://example.com/'.length)
    const res = await server.request('PATCH', `/v1/orgs/${org.id}`, { body: { title: 'x'.repeat(255), hostname: `h${Date.now()}`.padEnd(32, '0'), logo } })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect((await server.request('PATCH', `/v1/orgs/${org.id}`, { body: { title: 'xy', hostname: 'abc' } })).status).toBe(200)
  })

  it('refuses out-of-limit fields with 400 naming them, and changes nothing', async () => {
    const org = await createOrganization(server, { title: 'Unchanged' })
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'x' }, 'body.title'],
      [{ title: 'x'.repeat(256) }, 'body.title'],
      [{ hostname: 'ab' }, 'body.hostname'],
      [{ hostname: 'x'.repeat(33) }, 'body.hostname'],
      [{ hostname: 'Has Spaces' }, 'body.hostname'],
      [{ logo: 'https://example.com/' + 'x'.repeat(2048) }, 'body.logo'],
      [{ logo: 'not a url' }, 'body.logo'],
      [{ defaultRole: 'owner' }, 'body.defaultRole'],
      [{ defaultContent: { type: 'page', site: 'x' } }, 'body.defaultContent'],
      [{ emailDomains: ['not a domain'] }, 'body.emailDomains.0'],
      [{ emailDomains: 'example.com' }, 'body.emailDomains'],
      [{ sso: 'yes' }, 'body.sso'],
      [{ ai: 1 }, 'body.ai'],
      [{ inviteLinks: null }, 'body.inviteLinks'],
      [{ title: 'Good title', hostname: 'x' }, 'body.hostname'],
    ]
    for (const [body, field] of cases) expectError(await server.request('PATCH', `/v1/orgs/${org.id}`, { body }), 400, field)
    expect((await server.request('GET', `/v1/orgs/${org.id}`)).body.title).toBe('Unchanged')
  })

  it('names the allowed roles when the default role is not one', async () => {
    const res = await server.request('PATCH', `/v1/orgs/${server.organizationId}`, { body: { defaultRole: 'owner' } })
    expectError(res, 400, 'must be one of "admin", "create", "review", "edit", "comment", "read", null')
  })

  it('keeps hostnames unique across organizations (409), and lets an organization keep its own', async () => {
    const first = await createOrganization(server)
    const second = await createOrganization(server)
    const hostname = `taken-${Date.now() % 100000}`
    expect((await server.request('PATCH', `/v1/orgs/${first.id}`, { body: { hostname } })).status).toBe(200)
    expectError(await server.request('PATCH', `/v1/orgs/${second.id}`, { body: { hostname } }), 409, 'body.hostname')
    expect((await server.request('PATCH', `/v1/orgs/${first.id}`, { body: { hostname } })).status).toBe(200)
  })

  it('lets only admins update the organization (403 for every other role)', async () => {
    const org = await createOrganization(server, { title: 'Admins Only' })
    for (const role of ['create', 'review', 'edit', 'comment', 'read', null]) {
      const member = await server.addUser(role, { organizationId: org.id })
      expectError(await server.request('PATCH', `/v1/orgs/${org.id}`, { body: { title: 'Taken over' }, token: member.token }), 403, 'admin')
    }
    const admin = await server.addUser('admin', { organizationId: org.id })
    expect((await server.request('PATCH', `/v1/orgs/${org.id}`, { body: { title: 'By another admin' }, token: admin.token })).status).toBe(200)
  })

  it('answers 404 to a non-member and for a missing organization, 401 without a token', async () => {
    const outsider = await server.addOutsider()
    expectError(await server.request('PATCH', `/v1/orgs/${server.organizationId}`, { body: { title: 'Hijack' }, token: outsider.token }), 404)
    expectError(await server.request('PATCH', '/v1/orgs/no-such-org', { body: { title: 'Nothing' } }), 404)
    expectError(await server.request('PATCH', `/v1/orgs/${server.organizationId}`, { body: { title: 'Nothing' }, token: null }), 401)
  })

  it('answers 400 when no body is sent', async () => {
    expectError(await server.request('PATCH', `/v1/orgs/${server.organizationId}`), 400, 'body')
  })
})

describe('GET /v1/email-domains/{emailDomain}/orgs', () => {
  it('lists the organizations of the domain that the caller belongs to', async () => {
    const owner = await server.addOutsider()
    const org = await createOrganization(server, { title: 'Domain Org', emailDomains: ['member-domain.io'] }, owner.token)
    const res = await server.request('GET', '/v1/email-domains/member-domain.io/orgs', { token: owner.token })
    expect(res.status).toBe(200)
    expect(res.body.organizations.map((o: any) => o.id)).toEqual([org.id])
    expect(res.body.organizations[0]).toMatchObject({ object: 'organization', emailDomains: ['member-domain.io'] })
  })

  it('lists the organizations a user could join because its own email is in the domain', async () => {
    const org = await createOrganization(server, { title: 'Joinable', emailDomains: ['joinable.io'] })
    const candidate = await server.addUser('read', { email: `pat${Date.now()}@joinable.io` })
    const res = await server.request('GET', '/v1/email-domains/Joinable.IO/orgs', { token: candidate.token })
    expect(res.body.organizations.map((o: any) => o.id)).toEqual([org.id])
  })

  it('hides the organizations of a domain from a stranger to it', async () => {
    await createOrganization(server, { title: 'Secretive', emailDomains: ['secret-domain.io'] })
    const stranger = await server.addOutsider()
    expect((await server.request('GET', '/v1/email-domains/secret-domain.io/orgs', { token: stranger.token })).body).toEqual({ organizations: [] })
  })

  it('answers an empty list for a domain no organization uses', async () => {
    expect((await server.request('GET', '/v1/email-domains/nobody-uses-this.example/orgs')).body).toEqual({ organizations: [] })
  })

  it('refuses a value that is not a domain with 400 naming params.emailDomain, and answers 401 without a token', async () => {
    expectError(await server.request('GET', '/v1/email-domains/localhost/orgs'), 400, 'params.emailDomain')
    expectError(await server.request('GET', '/v1/email-domains/bad_domain!.com/orgs'), 400, 'params.emailDomain')
    expectError(await server.request('GET', '/v1/email-domains/example.com/orgs', { token: null }), 401)
  })
})
