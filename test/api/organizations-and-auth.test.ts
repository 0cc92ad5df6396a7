import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useTestServer } from '../support/server'

const server = useTestServer({ beforeAll, afterAll })
let org: string
beforeAll(() => void (org = server.organizationId))

describe('authentication', () => {
  it('answers 401 for a missing, malformed or unknown token', async () => {
    for (const headers of [{}, { authorization: 'Basic abc' }, { authorization: 'Bearer dct_unknown' }] as Record<string, string>[]) {
      const res = await server.request('GET', '/v1/user', { token: null, headers })
      expect(res.status).toBe(401)
      expect(res.body.error).toEqual({ code: 401, message: expect.any(String) })
    }
  })

  it('shows the caller, and creates, lists and revokes its tokens', async () => {
    const me = await server.request('GET', '/v1/user')
    expect(me.body).toMatchObject({ object: 'user', id: server.userId, email: 'admin@example.com', displayName: 'Admin' })
    const created = await server.request('POST', '/v1/user/tokens', { body: { label: 'ci' } })
    expect(created.status).toBe(201)
    expect(created.body.token).toMatch(/^dct_[A-Za-z0-9_-]{43}$/)
    const list = await server.request('GET', '/v1/user/tokens')
    expect(list.body.items.map((t: any) => t.label)).toContain('ci')
    expect(JSON.stringify(list.body)).not.toContain(created.body.token)
    expect((await server.request('GET', '/v1/user', { token: created.body.token })).status).toBe(200)
    expect((await server.request('DELETE', `/v1/user/tokens/${created.body.id}`)).status).toBe(204)
    expect((await server.request('GET', '/v1/user', { token: created.body.token })).status).toBe(401)
  })

  it('stores tokens only as hashes', async () => {
    const created = await server.request('POST', '/v1/user/tokens', { body: { label: 'hashed' } })
    const rows = await server.engine.db.selectFrom('api_tokens').select('token_hash').execute()
    expect(rows.some((r) => r.token_hash === created.body.token)).toBe(false)
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true)
  })
})

describe('bad input', () => {
  it('answers 400 for malformed JSON and for a body that is not JSON', async () => {
    const broken = await server.request('POST', `/v1/orgs/${org}/spaces`, { rawBody: '{"title": ', headers: { 'content-type': 'application/json' } })
    expect(broken.status).toBe(400)
    expect(broken.body.error.message).toContain('JSON')
    const text = await server.request('POST', `/v1/orgs/${org}/spaces`, { rawBody: 'title=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect(text.status).toBe(400)
    expect(text.body.error.message).toContain('application/json')
  })

  it('answers 413 for a body over 10 MiB', async () => {
    const res = await server.request('POST', `/v1/orgs/${org}/spaces`, { body: { title: 'x', padding: 'y'.repeat(11 * 1024 * 1024) } })
    expect(res.status).toBe(413)
    expect(res.body.error.code).toBe(413)
  })

  it('answers 404 with the error body for an unknown route', async () => {
    const res = await server.request('GET', '/v1/no/such/route')
    expect(res.status).toBe(404)
    expect(res.body.error.message).toContain('/v1/no/such/route')
  })

  it('answers a body that is not an object with 400, never 500', async () => {
    for (const rawBody of ['[]', '"text"', '42', 'null', 'true']) {
      const res = await server.request('PATCH', `/v1/orgs/${org}`, { rawBody, headers: { 'content-type': 'application/json' } })
      expect(res.status, rawBody).toBe(400)
    }
    for (const [method, path] of [
      ['POST', `/v1/orgs/${org}/collections`],
      ['POST', '/v1/spaces/x/move'],
      ['POST', '/v1/collections/x/transfer'],
      ['PATCH', '/v1/spaces/x'],
    ]) {
      for (const body of [{ title: 42 }, { parent: {} }, { organization: [] }, { position: 'up' }]) {
        const res = await server.request(method, path, { body })
        expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBeLessThan(500)
      }
    }
  })
})

describe('organizations', () => {
  it('lists the caller\'s organizations and reads one with every field', async () => {
    const list = await server.request('GET', '/v1/orgs')
    expect(list.status).toBe(200)
    expect(list.body.items.map((o: any) => o.id)).toContain(org)
    const res = await server.request('GET', `/v1/orgs/${org}`)
    expect(res.body).toMatchObject({
      object: 'organization',
      id: org,
      title: 'Test Org',
      emailDomains: [],
      type: 'business',
      plan: 'enterprise_2024',
      inviteLinks: true,
      defaultRole: 'read',
      trial: { status: 'notapplicable', count: 0 },
      urls: { location: `${server.url}/v1/orgs/${org}` },
    })
    expect(res.body.permissions).toMatchObject({ view: true, admin: true, createContent: true, listMembers: true })
  })

  it('updates every field within the spec\'s limits', async () => {
    const res = await server.request('PATCH', `/v1/orgs/${org}`, {
      body: {
        title: 'Renamed Org',
        emailDomains: ['Example.com', 'docs.example.org'],
        hostname: 'renamed-org',
        defaultRole: null,
        defaultContent: { type: 'site', site: 'site123' },
        logo: 'https://example.com/logo.png',
        sso: true,
        ai: true,
        inviteLinks: false,
      },
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      title: 'Renamed Org',
      emailDomains: ['example.com', 'docs.example.org'],
      hostname: 'renamed-org',
      defaultRole: null,
      defaultContent: { type: 'site', site: 'site123' },
      sso: true,
      ai: true,
      inviteLinks: false,
      urls: { logo: 'https://example.com/logo.png' },
    })
    const cleared = await server.request('PATCH', `/v1/orgs/${org}`, { body: { logo: null, defaultContent: null, defaultRole: 'read' } })
    expect(cleared.body.urls.logo).toBeUndefined()
    expect(cleared.body.defaultContent).toBeUndefined()
  })

  it('rejects out-of-limit fields with 400 naming them', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'x' }, 'body.title'],
      [{ title: 'x'.repeat(256) }, 'body.title'],
      [{ hostname: 'ab' }, 'body.hostname'],
      [{ hostname: 'x'.repeat(33) }, 'body.hostname'],
      [{ hostname: 'Has Spaces' }, 'body.hostname'],
      [{ logo: 'https://example.com/' + 'x'.repeat(2048) }, 'body.logo'],
      [{ logo: 'not a url' }, 'body.logo'],
      [{ defaultRole: 'owner' }, 'body.defaultRole'],
      [{ emailDomains: ['not a domain'] }, 'body.emailDomains'],
      [{ sso: 'yes' }, 'body.sso'],
    ]
    for (const [body, field] of cases) {
      const res = await server.request('PATCH', `/v1/orgs/${org}`, { body })
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.error.message).toContain(field)
    }
  })

  it('keeps hostnames unique across organizations (409)', async () => {
    const other = (await server.request('POST', '/v1/orgs', { body: { title: 'Second' } })).body
    await server.request('PATCH', `/v1/orgs/${org}`, { body: { hostname: 'taken-name' } })
    const res = await server.request('PATCH', `/v1/orgs/${other.id}`, { body: { hostname: 'taken-name' } })
    expect(res.status).toBe(409)
  })

  it('lets only admins update the organization', async () => {
    const editor = await server.addUser('edit')
    const res = await server.request('PATCH', `/v1/orgs/${org}`, { body: { title: 'Nope Org' }, token: editor.token })
    expect(res.status).toBe(403)
  })

  it('creates organizations with the caller as admin', async () => {
    const outsider = await server.addOutsider()
    const res = await server.request('POST', '/v1/orgs', { body: { title: 'Fresh Start', emailDomains: ['fresh.io'] }, token: outsider.token })
    expect(res.status).toBe(201)
    expect(res.body.permissions.admin).toBe(true)
    const members = await server.request('GET', `/v1/orgs/${res.body.id}/members`, { token: outsider.token })
    expect(members.body.items).toEqual([expect.objectContaining({ object: 'member', id: outsider.userId, role: 'admin' })])
    expect((await server.request('POST', '/v1/orgs', { body: {} })).status).toBe(400)
  })

  it('finds organizations by email domain, only those the caller may see', async () => {
    const owner = await server.addOutsider()
    const created = (await server.request('POST', '/v1/orgs', { body: { title: 'Domain Org', emailDomains: ['domain-test.io'] }, token: owner.token })).body
    const mine = await server.request('GET', '/v1/email-domains/domain-test.io/orgs', { token: owner.token })
    expect(mine.body.organizations.map((o: any) => o.id)).toEqual([created.id])
    const stranger = await server.request('GET', '/v1/email-domains/domain-test.io/orgs')
    expect(stranger.body.organizations).toEqual([])
  })
})

describe('members', () => {
  it('invites users by email with a role and lists them', async () => {
    const res = await server.request('POST', `/v1/orgs/${org}/invites`, { body: { emails: ['new1@example.com', { email: 'new2@example.com', role: 'edit' }], role: 'comment' } })
    expect(res.status).toBe(200)
    expect(res.body.invited).toBe(2)
    const members = (await server.request('GET', `/v1/orgs/${org}/members?limit=1000`)).body.items
    const byEmail = Object.fromEntries(members.map((m: any) => [m.user.email, m.role]))
    expect(byEmail['new1@example.com']).toBe('comment')
    expect(byEmail['new2@example.com']).toBe('edit')
  })

  it('applies a role change to the very next request of that member', async () => {
    const member = await server.addUser('read')
    const create = () => server.request('POST', `/v1/orgs/${org}/spaces`, { body: { title: 'Now allowed' }, token: member.token })
    const refused = await create()
    expect(refused.status).toBe(403)
    expect(refused.body.error.message).toBe('You may not create content on this organization (createContent): it needs the "create" role or higher, and yours is "read".')
    await server.request('PATCH', `/v1/orgs/${org}/members/${member.userId}`, { body: { role: 'create' } })
    expect((await create()).status).toBe(201)
    await server.request('PATCH', `/v1/orgs/${org}/members/${member.userId}`, { body: { role: 'read' } })
    expect((await create()).status).toBe(403)
  })

  it('changes roles, refusing to demote the last admin', async () => {
    const member = await server.addUser('read')
    const promoted = await server.request('PATCH', `/v1/orgs/${org}/members/${member.userId}`, { body: { role: 'review' } })
    expect(promoted.body.role).toBe('review')
    const fresh = await server.addOutsider()
    const own = (await server.request('POST', '/v1/orgs', { body: { title: 'Solo Org' }, token: fresh.token })).body
    const demote = await server.request('PATCH', `/v1/orgs/${own.id}/members/${fresh.userId}`, { body: { role: 'read' }, token: fresh.token })
    expect(demote.status).toBe(409)
    expect(demote.body.error.message).toContain('last admin')
    const byReader = await server.request('PATCH', `/v1/orgs/${org}/members/${member.userId}`, { body: { role: 'admin' }, token: member.token })
    expect(byReader.status).toBe(403)
  })
})
