import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useTestServer } from '../support/server'
import { createOrganization, createSpace, expectError, expectIsoTimestamp, listAll } from '../support/factories'

const server = useTestServer({ beforeAll, afterAll })

const members = (organizationId: string, token?: string) => server.request('GET', `/v1/orgs/${organizationId}/members?limit=1000`, { token })
const setRole = (organizationId: string, userId: string, role: unknown, token?: string) =>
  server.request('PATCH', `/v1/orgs/${organizationId}/members/${userId}`, { body: { role }, token })
const invite = (organizationId: string, body: unknown, token?: string) => server.request('POST', `/v1/orgs/${organizationId}/invites`, { body, token })

describe('GET /v1/orgs/{organizationId}/members', () => {
  it('lists members with their user, role, dates and counts, newest first', async () => {
    const org = await createOrganization(server)
    const reader = await server.addUser('read', { organizationId: org.id })
    await createSpace(server, org.id)
    await createSpace(server, org.id)
    const res = await members(org.id)
    expect(res.status).toBe(200)
    expect(res.body.count).toBe(2)
    expect(res.body.next).toBeUndefined()
    const [newest, creator] = res.body.items
    expect(newest).toEqual({
      object: 'member',
      id: reader.userId,
      role: 'read',
      user: { object: 'user', id: reader.userId, displayName: expect.any(String), email: reader.email, urls: { location: `${server.url}/v1/users/${reader.userId}` } },
      disabled: false,
      joinedAt: expect.any(String),
      sso: false,
      spaces: 2,
      teams: 0,
      sites: 0,
      urls: { location: `${server.url}/v1/orgs/${org.id}/members/${reader.userId}` },
    })
    expectIsoTimestamp(newest.joinedAt)
    expect(creator).toMatchObject({ id: server.userId, role: 'admin', spaces: 2 })
    expectIsoTimestamp(creator.lastSeenAt)
  })

  it('counts for a guest only the spaces a default level opens to it', async () => {
    const org = await createOrganization(server)
    const guest = await server.addUser(null, { organizationId: org.id })
    await createSpace(server, org.id)
    await createSpace(server, org.id, { defaultLevel: 'read' })
    const res = await server.request('GET', `/v1/orgs/${org.id}/members/${guest.userId}`)
    expect(res.body).toMatchObject({ role: null, spaces: 1 })
  })

  it('pages through the members without duplicates or gaps', async () => {
    const org = await createOrganization(server)
    const emails = Array.from({ length: 8 }, (_, i) => `paged${i}-${Date.now()}@example.com`)
    expect((await invite(org.id, { emails })).body.invited).toBe(8)
    const { items, pages, count } = await listAll(server, `/v1/orgs/${org.id}/members`, { limit: 3 })
    expect(count).toBe(9)
    expect(pages).toBe(3)
    expect(new Set(items.map((m) => m.id)).size).toBe(9)
    expect(items.map((m) => m.user.email).sort()).toEqual([...emails, 'admin@example.com'].sort())
  })

  it('lets any member with a role list members, but not a guest (403) or a non-member (404)', async () => {
    const reader = await server.addUser('read')
    expect((await members(server.organizationId, reader.token)).status).toBe(200)
    const guest = await server.addUser(null)
    expectError(await members(server.organizationId, guest.token), 403, 'read')
    const outsider = await server.addOutsider()
    expectError(await members(server.organizationId, outsider.token), 404)
    expectError(await members('no-such-org'), 404)
    expectError(await members(server.organizationId, null as unknown as string), 401)
  })
})

describe('GET /v1/orgs/{organizationId}/members/{userId}', () => {
  it('answers one member', async () => {
    const editor = await server.addUser('edit')
    const res = await server.request('GET', `/v1/orgs/${server.organizationId}/members/${editor.userId}`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ object: 'member', id: editor.userId, role: 'edit', user: { email: editor.email } })
  })

  it('answers 404 for a user who is not a member and for a user who does not exist', async () => {
    const outsider = await server.addOutsider()
    expectError(await server.request('GET', `/v1/orgs/${server.organizationId}/members/${outsider.userId}`), 404, outsider.userId)
    expectError(await server.request('GET', `/v1/orgs/${server.organizationId}/members/no-such-user`), 404)
  })

  it('answers 404 to a non-member and 403 to a guest', async () => {
    const outsider = await server.addOutsider()
    expectError(await server.request('GET', `/v1/orgs/${server.organizationId}/members/${server.userId}`, { token: outsider.token }), 404)
    const guest = await server.addUser(null)
    expectError(await server.request('GET', `/v1/orgs/${server.organizationId}/members/${server.userId}`, { token: guest.token }), 403)
  })
})

describe('PATCH /v1/orgs/{organizationId}/members/{userId}', () => {
  it("changes a member's role and answers the member", async () => {
    const member = await server.addUser('read')
    const res = await setRole(server.organizationId, member.userId, 'review')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ object: 'member', id: member.userId, role: 'review' })
    expect((await server.request('GET', `/v1/orgs/${server.organizationId}/members/${member.userId}`)).body.role).toBe('review')
  })

  it('makes a member a guest with role null', async () => {
    const member = await server.addUser('edit')
    const res = await setRole(server.organizationId, member.userId, null)
    expect(res.status).toBe(200)
    expect(res.body.role).toBeNull()
    expectError(await members(server.organizationId, member.token), 403)
  })

  it('applies a role change to the very next request of that member', async () => {
    const member = await server.addUser('read')
    const create = () => server.request('POST', `/v1/orgs/${server.organizationId}/spaces`, { body: { title: 'Now allowed' }, token: member.token })
    expect((await create()).status).toBe(403)
    await setRole(server.organizationId, member.userId, 'create')
    expect((await create()).status).toBe(201)
    await setRole(server.organizationId, member.userId, 'read')
    expect((await create()).status).toBe(403)
  })

  it('refuses to demote the last admin (409) and keeps its role', async () => {
    const founder = await server.addOutsider()
    const org = await createOrganization(server, {}, founder.token)
    for (const role of ['create', 'read', null]) {
      expectError(await setRole(org.id, founder.userId, role, founder.token), 409, 'last admin')
    }
    expect((await server.request('GET', `/v1/orgs/${org.id}/members/${founder.userId}`, { token: founder.token })).body.role).toBe('admin')
    expect((await setRole(org.id, founder.userId, 'admin', founder.token)).status).toBe(200)
  })

  it('lets an admin step down once another admin exists', async () => {
    const founder = await server.addOutsider()
    const org = await createOrganization(server, {}, founder.token)
    const second = await server.addUser('read', { organizationId: org.id })
    expect((await setRole(org.id, second.userId, 'admin', founder.token)).status).toBe(200)
    const down = await setRole(org.id, founder.userId, 'edit', founder.token)
    expect(down.status).toBe(200)
    expect(down.body.role).toBe('edit')
    expectError(await setRole(org.id, second.userId, 'read', second.token), 409, 'last admin')
    expectError(await setRole(org.id, second.userId, 'admin', founder.token), 403)
  })

  it('refuses a role that is not one with 400 naming body.role, and a missing role', async () => {
    const member = await server.addUser('read')
    expectError(await setRole(server.organizationId, member.userId, 'owner'), 400, 'body.role: must be one of')
    expectError(await setRole(server.organizationId, member.userId, 3), 400, 'body.role')
    expectError(await server.request('PATCH', `/v1/orgs/${server.organizationId}/members/${member.userId}`, { body: {} }), 400, 'body.role: is required')
    expectError(await server.request('PATCH', `/v1/orgs/${server.organizationId}/members/${member.userId}`), 400, 'body')
  })

  it('lets only admins change roles: 403 for other roles, 404 for non-members, 401 without a token', async () => {
    const member = await server.addUser('read')
    for (const role of ['create', 'edit', 'read', null]) {
      const caller = await server.addUser(role)
      expectError(await setRole(server.organizationId, member.userId, 'admin', caller.token), 403)
    }
    const outsider = await server.addOutsider()
    expectError(await setRole(server.organizationId, member.userId, 'admin', outsider.token), 404)
    expectError(await server.request('PATCH', `/v1/orgs/${server.organizationId}/members/${member.userId}`, { body: { role: 'admin' }, token: null }), 401)
    expect((await server.request('GET', `/v1/orgs/${server.organizationId}/members/${member.userId}`)).body.role).toBe('read')
  })

  it('answers 404 for a user who is not a member', async () => {
    const outsider = await server.addOutsider()
    expectError(await setRole(server.organizationId, outsider.userId, 'read'), 404)
    expectError(await setRole(server.organizationId, 'no-such-user', 'read'), 404)
  })
})

describe('POST /v1/orgs/{organizationId}/invites', () => {
  it('adds users by email with the role of the request, or per email', async () => {
    const org = await createOrganization(server)
    const stamp = Date.now()
    const res = await invite(org.id, { emails: [`one${stamp}@example.com`, { email: `two${stamp}@example.com`, role: 'edit' }, { email: `three${stamp}@example.com`, role: null }], role: 'comment' })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ users: [expect.any(String), expect.any(String), expect.any(String)], invited: 3 })
    const byEmail = Object.fromEntries((await members(org.id)).body.items.map((m: any) => [m.user.email, m]))
    expect(byEmail[`one${stamp}@example.com`].role).toBe('comment')
    expect(byEmail[`two${stamp}@example.com`].role).toBe('edit')
    expect(byEmail[`three${stamp}@example.com`].role).toBeNull()
    expect(res.body.users.sort()).toEqual([`one${stamp}`, `two${stamp}`, `three${stamp}`].map((n) => byEmail[`${n}@example.com`].id).sort())
  })

  it("gives invited users the organization's default role when no role is sent", async () => {
    const org = await createOrganization(server)
    await server.request('PATCH', `/v1/orgs/${org.id}`, { body: { defaultRole: 'review' } })
    const email = `default${Date.now()}@example.com`
    await invite(org.id, { emails: [email] })
    expect((await members(org.id)).body.items.find((m: any) => m.user.email === email).role).toBe('review')
  })

  it('marks users invited with sso as SSO members', async () => {
    const org = await createOrganization(server)
    const email = `sso${Date.now()}@example.com`
    await invite(org.id, { emails: [email], sso: true })
    expect((await members(org.id)).body.items.find((m: any) => m.user.email === email).sso).toBe(true)
  })

  it('leaves existing members and their roles alone, whatever the letter case of the email', async () => {
    const org = await createOrganization(server)
    const member = await server.addUser('edit', { organizationId: org.id })
    const res = await invite(org.id, { emails: [member.email.toUpperCase(), 'admin@example.com'], role: 'read' })
    expect(res.body).toEqual({ users: [], invited: 0 })
    expect((await server.request('GET', `/v1/orgs/${org.id}/members/${member.userId}`)).body.role).toBe('edit')
    expect((await members(org.id)).body.count).toBe(2)
  })

  it('adds a user once when the same email appears twice', async () => {
    const org = await createOrganization(server)
    const email = `twice${Date.now()}@example.com`
    const res = await invite(org.id, { emails: [email, email.toUpperCase()] })
    expect(res.body.invited).toBe(1)
  })

  it('adds an existing user of another organization without creating a second user', async () => {
    const org = await createOrganization(server)
    const elsewhere = await server.addUser('read')
    const res = await invite(org.id, { emails: [elsewhere.email], role: 'create' })
    expect(res.body.users).toEqual([elsewhere.userId])
    expect((await server.request('GET', `/v1/orgs/${org.id}`, { token: elsewhere.token })).body.permissions.createContent).toBe(true)
  })

  it('refuses bad emails, roles and lists with 400 naming the field, and adds no one', async () => {
    const org = await createOrganization(server)
    expectError(await invite(org.id, { emails: ['not-an-email'] }), 400, 'body.emails.0')
    expectError(await invite(org.id, { emails: [`ok${Date.now()}@example.com`, 'broken@'] }), 400, 'body.emails.1')
    expectError(await invite(org.id, { emails: [] }), 400, 'body.emails')
    expectError(await invite(org.id, { emails: Array.from({ length: 101 }, (_, i) => `u${i}@example.com`) }), 400, 'body.emails')
    expectError(await invite(org.id, { emails: [`x${Date.now()}@example.com`], role: 'owner' }), 400, 'body.role')
    expectError(await invite(org.id, { emails: [{ email: `y${Date.now()}@example.com`, role: 'owner' }] }), 400, 'body.emails.0')
    expectError(await invite(org.id, { emails: ['a'.repeat(250) + '@example.com'] }), 400, 'body.emails.0')
    expectError(await invite(org.id, {}), 400, 'body.emails: is required')
    expect((await members(org.id)).body.count).toBe(1)
  })

  it('lets only admins invite: 403 for other roles, 404 for non-members, 401 without a token', async () => {
    const body = { emails: [`nope${Date.now()}@example.com`] }
    for (const role of ['create', 'read', null]) {
      const caller = await server.addUser(role)
      expectError(await invite(server.organizationId, body, caller.token), 403)
    }
    const outsider = await server.addOutsider()
    expectError(await invite(server.organizationId, body, outsider.token), 404)
    expectError(await invite('no-such-org', body), 404)
    expectError(await server.request('POST', `/v1/orgs/${server.organizationId}/invites`, { body, token: null }), 401)
    const list = await listAll(server, `/v1/orgs/${server.organizationId}/members`, { limit: 1000 })
    expect(list.items.map((m) => m.user.email)).not.toContain(body.emails[0])
  })
})

describe('GET /v1/orgs/{organizationId}/members filters and sorts', () => {
  it('filters by role (guest for null), by a part of the name or email in any case, and orders both ways', async () => {
    const org = await createOrganization(server)
    const stamp = Date.now()
    const ada = await server.addUser('edit', { organizationId: org.id, email: `ada.lovelace${stamp}@example.com` })
    const bob = await server.addUser(null, { organizationId: org.id, email: `bob${stamp}@example.com` })
    const carol = await server.addUser('edit', { organizationId: org.id, email: `carol${stamp}@example.com` })
    const ids = async (query: string) => (await server.request('GET', `/v1/orgs/${org.id}/members?${query}`)).body.items.map((m: any) => m.id)
    const editors = await ids('role=edit')
    expect([...editors].sort()).toEqual([ada.userId, carol.userId].sort())
    expect(await ids('role=edit&order=asc')).toEqual([...editors].reverse())
    expect(await ids('role=guest')).toEqual([bob.userId])
    expect(await ids('role=admin')).toEqual([server.userId])
    expect(await ids(`search=LOVELACE${stamp}`)).toEqual([ada.userId])
    expect(await ids(`search=${encodeURIComponent('%')}`)).toEqual([])
    expect(await ids('search=admin@')).toEqual([server.userId])
    expectError(await server.request('GET', `/v1/orgs/${org.id}/members?role=owner`), 400, 'query.role')
    expectError(await server.request('GET', `/v1/orgs/${org.id}/members?sort=age`), 400, 'query.sort')
    expectError(await server.request('GET', `/v1/orgs/${org.id}/members?order=up`), 400, 'query.order')
  })

  it('sorts by lastSeenAt listing only members seen at least once (invited ones are pending until then)', async () => {
    const org = await createOrganization(server)
    const seen = await server.addUser('read', { organizationId: org.id })
    const pending = await server.addUser('read', { organizationId: org.id })
    expect((await server.request('POST', `/v1/orgs/${org.id}/ping`, { token: seen.token })).status).toBe(200)
    const res = await server.request('GET', `/v1/orgs/${org.id}/members?sort=lastSeenAt`)
    expect(res.body.items.map((m: any) => m.id)).toEqual([seen.userId, server.userId])
    expect(res.body.count).toBe(2)
    expect(res.body.items.map((m: any) => m.id)).not.toContain(pending.userId)
    const byName = await server.request('GET', `/v1/orgs/${org.id}/members?sort=name&order=asc&limit=1000`)
    const names = byName.body.items.map((m: any) => m.user.displayName)
    expect(names).toEqual([...names].sort())
  })
})

describe('DELETE /v1/orgs/{organizationId}/members/{userId}', () => {
  it('removes a member (204), with its teams and permissions, and the member loses access at once', async () => {
    const org = await createOrganization(server)
    const member = await server.addUser('edit', { organizationId: org.id })
    const space = await createSpace(server, org.id)
    const team = (await server.request('PUT', `/v1/orgs/${org.id}/teams`, { body: { title: 'Writers', members: [member.userId] } })).body
    await server.request('POST', `/v1/spaces/${space.id}/permissions`, { body: { role: 'admin', users: [member.userId] } })
    expect((await server.request('GET', `/v1/spaces/${space.id}`, { token: member.token })).status).toBe(200)
    const res = await server.request('DELETE', `/v1/orgs/${org.id}/members/${member.userId}`)
    expect(res.status).toBe(204)
    expect(res.body).toBeUndefined()
    expectError(await server.request('GET', `/v1/spaces/${space.id}`, { token: member.token }), 404)
    expectError(await server.request('GET', `/v1/orgs/${org.id}/members/${member.userId}`), 404)
    expect((await server.request('GET', `/v1/orgs/${org.id}/teams/${team.id}`)).body.members).toBe(0)
    expect((await server.request('GET', `/v1/spaces/${space.id}/permissions/users`)).body.items).toEqual([])
    expect((await server.request('DELETE', `/v1/orgs/${org.id}/members/${member.userId}`)).status).toBe(204)
  })

  it('refuses to remove the last admin (409, says why); any member may leave; others need admin', async () => {
    const founder = await server.addOutsider()
    const org = await createOrganization(server, {}, founder.token)
    expectError(await server.request('DELETE', `/v1/orgs/${org.id}/members/${founder.userId}`, { token: founder.token }), 409, 'last admin')
    const reader = await server.addUser('read', { organizationId: org.id })
    const other = await server.addUser('create', { organizationId: org.id })
    expectError(await server.request('DELETE', `/v1/orgs/${org.id}/members/${other.userId}`, { token: reader.token }), 403)
    expect((await server.request('DELETE', `/v1/orgs/${org.id}/members/${reader.userId}`, { token: reader.token })).status).toBe(204)
    expectError(await server.request('GET', `/v1/orgs/${org.id}`, { token: reader.token }), 404)
  })
})

describe('POST /v1/orgs/{organizationId}/ping', () => {
  it("updates the caller's lastSeenAt and answers {} without visitor-auth content", async () => {
    const org = await createOrganization(server)
    const member = await server.addUser(null, { organizationId: org.id })
    const res = await server.request('POST', `/v1/orgs/${org.id}/ping`, { token: member.token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({})
    const seen = (await server.request('GET', `/v1/orgs/${org.id}/members/${member.userId}`)).body.lastSeenAt
    expectIsoTimestamp(seen)
    expectError(await server.request('POST', `/v1/orgs/${org.id}/ping`, { token: (await server.addOutsider()).token }), 404)
  })

  it('answers docsVisitorClaims, a JWT signed by the server with the member claims, when it can read visitor-auth content', async () => {
    const org = await createOrganization(server)
    const member = await server.addUser('read', { organizationId: org.id })
    await createSpace(server, org.id, { visibility: 'visitor-auth' })
    const res = await server.request('POST', `/v1/orgs/${org.id}/ping`, { token: member.token })
    const [header, payload, signature] = res.body.docsVisitorClaims.split('.')
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({ alg: 'HS256' })
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toMatchObject({ sub: member.userId, email: member.email, organization: org.id, role: 'read', teams: [], iss: server.url })
    expect(signature.length).toBeGreaterThan(20)
    const { verifyVisitorClaims } = await import('../../src/domain/auth/visitor-claims')
    expect(await verifyVisitorClaims(server.engine.db, res.body.docsVisitorClaims, server.url)).toMatchObject({ sub: member.userId })
    const forged = `${header}.${Buffer.from(JSON.stringify({ sub: 'x', iss: server.url })).toString('base64url')}.${signature}`
    expect(await verifyVisitorClaims(server.engine.db, forged, server.url)).toBeNull()
  })

  it('answers docsVisitorClaims that open the published visitor-auth sites of the organization, and no other', async () => {
    const org = await createOrganization(server)
    const member = await server.addUser('read', { organizationId: org.id })
    const sites = `/v1/orgs/${org.id}/sites`
    const site = (await server.request('POST', sites, { body: { title: 'Members only', visibility: 'visitor-auth', spaces: [(await createSpace(server, org.id)).id] } })).body
    // Before anything is published to authenticated visitors, there are no claims to hand out.
    expect((await server.request('POST', `/v1/orgs/${org.id}/ping`, { token: member.token })).body).toEqual({})
    await server.request('POST', `${sites}/${site.id}/publish`)
    const claims = (await server.request('POST', `/v1/orgs/${org.id}/ping`, { token: member.token })).body.docsVisitorClaims
    const outsider = await server.addOutsider()
    const published = (token?: string) => server.request('GET', `${sites}/${site.id}/published${token ? `?visitorAuthToken=${token}` : ''}`, { token: outsider.token })
    expectError(await published(), 403)
    expect((await published(claims)).status).toBe(200)
    // Claims of a member of another organization open nothing here.
    const elsewhere = await createOrganization(server)
    await server.request('POST', `/v1/orgs/${elsewhere.id}/sites/${(await server.request('POST', `/v1/orgs/${elsewhere.id}/sites`, { body: { title: 'Theirs', visibility: 'visitor-auth' } })).body.id}/publish`)
    const theirs = (await server.request('POST', `/v1/orgs/${elsewhere.id}/ping`)).body.docsVisitorClaims
    expect(theirs).toEqual(expect.any(String))
    expectError(await published(theirs), 403)
  })
})

describe('POST /v1/orgs/{organizationId}/members/{userId}/sso', () => {
  it('marks the member as an SSO member (admins only)', async () => {
    const member = await server.addUser('read')
    expectError(await server.request('POST', `/v1/orgs/${server.organizationId}/members/${member.userId}/sso`, { token: member.token }), 403)
    const res = await server.request('POST', `/v1/orgs/${server.organizationId}/members/${member.userId}/sso`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ object: 'member', id: member.userId, sso: true })
    expectError(await server.request('POST', `/v1/orgs/${server.organizationId}/members/no-such-user/sso`), 404)
  })
})

describe('GET /v1/orgs/{organizationId}/members/{userId}/spaces and /teams', () => {
  it("lists the spaces a member reaches with its role in each, newest first, to admins and the member", async () => {
    const org = await createOrganization(server)
    const guest = await server.addUser(null, { organizationId: org.id })
    const open = await createSpace(server, org.id, { defaultLevel: 'comment' })
    await createSpace(server, org.id)
    const invited = await createSpace(server, org.id)
    await server.request('POST', `/v1/spaces/${invited.id}/permissions`, { body: { role: 'edit', users: [guest.userId] } })
    const res = await server.request('GET', `/v1/orgs/${org.id}/members/${guest.userId}/spaces`)
    expect(res.status).toBe(200)
    const pairs = res.body.items.map((i: any) => [i.space.id, i.permission])
    expect([...pairs].sort()).toEqual([[invited.id, 'edit'], [open.id, 'comment']].sort())
    expect(res.body.count).toBe(2)
    const asc = (await server.request('GET', `/v1/orgs/${org.id}/members/${guest.userId}/spaces?order=asc`, { token: guest.token })).body.items
    expect(asc.map((i: any) => i.space.id)).toEqual(pairs.map((p: string[]) => p[0]).reverse())
    const reader = await server.addUser('read', { organizationId: org.id })
    expectError(await server.request('GET', `/v1/orgs/${org.id}/members/${guest.userId}/spaces`, { token: reader.token }), 403)
    expect((await server.request('GET', `/v1/orgs/${org.id}/members/${reader.userId}/spaces`)).body.items.map((i: any) => i.permission).sort()).toEqual(['comment', 'read', 'read'])
  })

  it('lists the teams of a member with its team role and a title filter in any case', async () => {
    const org = await createOrganization(server)
    const member = await server.addUser('read', { organizationId: org.id })
    const writers = (await server.request('PUT', `/v1/orgs/${org.id}/teams`, { body: { title: 'Writers', members: [member.userId] } })).body
    const reviewers = (await server.request('PUT', `/v1/orgs/${org.id}/teams`, { body: { title: 'Reviewers' } })).body
    await server.request('PUT', `/v1/orgs/${org.id}/teams/${reviewers.id}/members/${member.userId}`, { body: { role: 'owner' } })
    await server.request('PUT', `/v1/orgs/${org.id}/teams`, { body: { title: 'Others' } })
    const res = await server.request('GET', `/v1/orgs/${org.id}/members/${member.userId}/teams`, { token: member.token })
    expect(res.body.items.map((i: any) => [i.team.title, i.member.role])).toEqual([['Writers', 'member'], ['Reviewers', 'owner']])
    expect((await server.request('GET', `/v1/orgs/${org.id}/members/${member.userId}/teams?title=WRIT`)).body.items.map((i: any) => i.team.id)).toEqual([writers.id])
    expect((await server.request('GET', `/v1/orgs/${org.id}/members/${member.userId}`)).body.teams).toBe(2)
  })
})
