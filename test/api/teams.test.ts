import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useTestServer } from '../support/server'
import { createOrganization, expectError, expectIsoTimestamp, listAll } from '../support/factories'

const server = useTestServer({ beforeAll, afterAll })

const createTeam = (org: string, body: unknown, token?: string) => server.request('PUT', `/v1/orgs/${org}/teams`, { body, token })

describe('teams', () => {
  it('creates a team with members (201) and answers its title, counts, date and permissions', async () => {
    const org = await createOrganization(server)
    const member = await server.addUser('read', { organizationId: org.id })
    const res = await createTeam(org.id, { title: 'Writers', members: [member.userId, 'admin@example.com'] })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({
      object: 'team',
      id: expect.any(String),
      title: 'Writers',
      members: 2,
      spaces: 0,
      createdAt: expect.any(String),
      urls: { location: `${server.url}/v1/orgs/${org.id}/teams/${res.body.id}` },
      permissions: { view: true, admin: true },
    })
    expectIsoTimestamp(res.body.createdAt)
    expect((await server.request('GET', `/v1/orgs/${org.id}/teams/${res.body.id}`, { token: member.token })).body.permissions).toEqual({ view: true, admin: false })
  })

  it('validates the title (1 to 64) and the members, naming the field', async () => {
    const org = await createOrganization(server)
    expectError(await createTeam(org.id, { title: '' }), 400, 'body.title')
    expectError(await createTeam(org.id, { title: 'x'.repeat(65) }), 400, 'body.title')
    expectError(await createTeam(org.id, {}), 400, 'body.title')
    expectError(await createTeam(org.id, { title: 'T', members: ['nobody'] }), 400, 'body.members.0')
    expect((await server.request('GET', `/v1/orgs/${org.id}/teams`)).body.count).toBe(0)
    expect((await createTeam(org.id, { title: 'x'.repeat(64) })).status).toBe(201)
  })

  it('lists teams oldest first, by title part in any case, and those a member can manage (owner)', async () => {
    const org = await createOrganization(server)
    const owner = await server.addUser('read', { organizationId: org.id })
    const a = (await createTeam(org.id, { title: 'Docs Writers' })).body
    const b = (await createTeam(org.id, { title: 'Reviewers' })).body
    await server.request('PUT', `/v1/orgs/${org.id}/teams/${b.id}/members/${owner.userId}`, { body: { role: 'owner' } })
    const ids = async (query = '') => (await server.request('GET', `/v1/orgs/${org.id}/teams${query}`)).body.items.map((t: any) => t.id)
    expect(await ids()).toEqual([a.id, b.id])
    expect(await ids('?title=WRITER')).toEqual([a.id])
    expect(await ids(`?owner=${owner.userId}`)).toEqual([b.id])
    expect(await ids(`?owner=${server.userId}`)).toEqual([a.id, b.id])
    expectError(await server.request('GET', `/v1/orgs/${org.id}/teams?owner=nobody`), 400, 'query.owner')
    const { items, pages } = await listAll(server, `/v1/orgs/${org.id}/teams`, { limit: 1 })
    expect(items.map((t) => t.id)).toEqual([a.id, b.id])
    expect(pages).toBe(2)
  })

  it('renames and deletes teams; owners manage their team, other members get 403, non-members 404', async () => {
    const org = await createOrganization(server)
    const owner = await server.addUser('read', { organizationId: org.id })
    const reader = await server.addUser('read', { organizationId: org.id })
    const guest = await server.addUser(null, { organizationId: org.id })
    const outsider = await server.addOutsider()
    const team = (await createTeam(org.id, { title: 'Team' })).body
    await server.request('PUT', `/v1/orgs/${org.id}/teams/${team.id}/members/${owner.userId}`, { body: { role: 'owner' } })
    const rename = (title: unknown, token?: string) => server.request('PATCH', `/v1/orgs/${org.id}/teams/${team.id}`, { body: { title }, token })
    expect((await rename('Owned', owner.token)).body).toMatchObject({ title: 'Owned', permissions: { admin: true } })
    expectError(await rename('No', reader.token), 403)
    expectError(await server.request('GET', `/v1/orgs/${org.id}/teams/${team.id}`, { token: guest.token }), 404)
    expectError(await rename('No', outsider.token), 404)
    expectError(await rename(''), 400, 'body.title')
    expectError(await createTeam(org.id, { title: 'Not mine' }, owner.token), 403)
    expectError(await server.request('DELETE', `/v1/orgs/${org.id}/teams/${team.id}`, { token: reader.token }), 403)
    expect((await server.request('DELETE', `/v1/orgs/${org.id}/teams/${team.id}`, { token: owner.token })).status).toBe(204)
    expectError(await server.request('GET', `/v1/orgs/${org.id}/teams/${team.id}`), 404)
    expect((await server.request('DELETE', `/v1/orgs/${org.id}/teams/${team.id}`)).status).toBe(204)
  })

  it('lists, replaces, adds and removes team members', async () => {
    const org = await createOrganization(server)
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => server.addUser('comment', { organizationId: org.id })))
    const team = (await createTeam(org.id, { title: 'Team', members: [a.userId] })).body
    const path = `/v1/orgs/${org.id}/teams/${team.id}/members`
    const members = async () => (await server.request('GET', path)).body.items.map((m: any) => [m.organization.id, m.team.role])
    const first = (await server.request('GET', path)).body.items[0]
    expect(first).toMatchObject({ organization: { object: 'member', id: a.userId, role: 'comment', teams: 1 }, team: { role: 'member' }, permissions: { view: true } })
    expect((await server.request('PUT', path, { body: { add: [b.email], memberships: { [c.userId]: { role: 'owner' } }, remove: [a.userId] } })).status).toBe(204)
    expect(await members()).toEqual([[b.userId, 'member'], [c.userId, 'owner']])
    expectError(await server.request('PUT', path, { body: { add: ['stranger@example.com'] } }), 400, 'body.add.0')
    expectError(await server.request('PUT', path, { body: { memberships: { [a.userId]: { role: 'boss' } } } }), 400, 'role')
    expect((await server.request('PUT', `${path}/${a.userId}`)).status).toBe(204)
    expect((await server.request('DELETE', `${path}/${b.userId}`)).status).toBe(204)
    expect((await server.request('DELETE', `${path}/${b.userId}`)).status).toBe(204)
    expect(await members()).toEqual([[c.userId, 'owner'], [a.userId, 'member']])
    expectError(await server.request('PUT', `${path}/no-such-user`), 404)
    expect((await server.request('GET', `/v1/orgs/${org.id}/teams/${team.id}`)).body.members).toBe(2)
    // The owner (c) manages members; a plain member (a) does not.
    expect((await server.request('PUT', `${path}/${b.userId}`, { token: c.token })).status).toBe(204)
    expectError(await server.request('DELETE', `${path}/${b.userId}`, { token: a.token }), 403)
  })
})
