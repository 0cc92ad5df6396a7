import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useTestServer } from '../support/server'
import { createCollection, createOrganization, createSpace, expectError } from '../support/factories'

const server = useTestServer({ beforeAll, afterAll })

const invite = (kind: string, id: string, body: unknown, token?: string) => server.request('POST', `/v1/${kind}/${id}/permissions`, { body, token })
const level = async (spaceId: string, token: string) => {
  const res = await server.request('GET', `/v1/spaces/${spaceId}`, { token })
  if (res.status === 404) return 'none'
  const p = res.body.permissions
  return p.admin ? 'admin' : p.review ? 'review' : p.edit ? 'edit' : p.comment ? 'comment' : 'read'
}
const team = async (org: string, members: string[]) => (await server.request('PUT', `/v1/orgs/${org}/teams`, { body: { title: 'Team', members } })).body

describe('space and collection permissions', () => {
  it('invites users and teams to a space, lists, updates and removes them; each change applies to the next request', async () => {
    const org = await createOrganization(server)
    const guest = await server.addUser(null, { organizationId: org.id })
    const other = await server.addUser(null, { organizationId: org.id })
    const writers = await team(org.id, [other.userId])
    const space = await createSpace(server, org.id)
    expect(await level(space.id, guest.token)).toBe('none')
    expect((await invite('spaces', space.id, { role: 'comment', users: [guest.userId], teams: [writers.id] })).status).toBe(204)
    expect(await level(space.id, guest.token)).toBe('comment')
    expect(await level(space.id, other.token)).toBe('comment')
    const users = await server.request('GET', `/v1/spaces/${space.id}/permissions/users`)
    expect(users.body).toEqual({ count: 1, items: [{ permission: 'comment', user: expect.objectContaining({ object: 'user', id: guest.userId }) }] })
    const teams = await server.request('GET', `/v1/spaces/${space.id}/permissions/teams`)
    expect(teams.body.items).toEqual([{ permission: 'comment', team: expect.objectContaining({ object: 'team', id: writers.id, spaces: 1 }) }])
    expect((await server.request('PATCH', `/v1/spaces/${space.id}/permissions/users/${guest.userId}`, { body: { role: 'review' } })).status).toBe(204)
    expect(await level(space.id, guest.token)).toBe('review')
    expect((await server.request('PATCH', `/v1/spaces/${space.id}/permissions/teams/${writers.id}`, { body: { role: 'edit' } })).status).toBe(204)
    expect(await level(space.id, other.token)).toBe('edit')
    expect((await server.request('DELETE', `/v1/spaces/${space.id}/permissions/users/${guest.userId}`)).status).toBe(204)
    expect(await level(space.id, guest.token)).toBe('none')
    expect((await server.request('DELETE', `/v1/spaces/${space.id}/permissions/teams/${writers.id}`)).status).toBe(204)
    expect(await level(space.id, other.token)).toBe('none')
    expect((await server.request('DELETE', `/v1/spaces/${space.id}/permissions/teams/${writers.id}`)).status).toBe(204)
    expectError(await server.request('PATCH', `/v1/spaces/${space.id}/permissions/users/${guest.userId}`, { body: { role: 'read' } }), 404)
  })

  it('role null removes a permission; a team member who joins or leaves the team gains or loses at once', async () => {
    const org = await createOrganization(server)
    const guest = await server.addUser(null, { organizationId: org.id })
    const t = await team(org.id, [])
    const space = await createSpace(server, org.id)
    await invite('spaces', space.id, { role: 'edit', teams: [t.id] })
    expect(await level(space.id, guest.token)).toBe('none')
    await server.request('PUT', `/v1/orgs/${org.id}/teams/${t.id}/members/${guest.userId}`)
    expect(await level(space.id, guest.token)).toBe('edit')
    await server.request('DELETE', `/v1/orgs/${org.id}/teams/${t.id}/members/${guest.userId}`)
    expect(await level(space.id, guest.token)).toBe('none')
    await invite('spaces', space.id, { role: 'read', users: [guest.userId] })
    expect(await level(space.id, guest.token)).toBe('read')
    await invite('spaces', space.id, { role: null, users: [guest.userId] })
    expect(await level(space.id, guest.token)).toBe('none')
  })

  it('a space inherits its collection role unless overridden; the highest applicable role wins', async () => {
    const org = await createOrganization(server)
    const member = await server.addUser(null, { organizationId: org.id })
    const parent = await createCollection(server, org.id)
    const child = await createCollection(server, org.id, { parent: parent.id })
    const space = await createSpace(server, org.id, { parent: child.id })
    expect((await invite('collections', parent.id, { role: 'edit', users: [member.userId] })).status).toBe(204)
    expect(await level(space.id, member.token)).toBe('edit')
    expect((await server.request('GET', `/v1/collections/${child.id}`, { token: member.token })).body.permissions).toMatchObject({ view: true, admin: false })
    // An override on the space for the same user applies, even when lower.
    await invite('spaces', space.id, { role: 'read', users: [member.userId] })
    expect(await level(space.id, member.token)).toBe('read')
    // A team's permission on the collection is another principal: the highest wins.
    const t = await team(org.id, [member.userId])
    await invite('collections', child.id, { role: 'review', teams: [t.id] })
    expect(await level(space.id, member.token)).toBe('review')
    // A default level opens the space to every member; higher explicit roles still win.
    await server.request('PATCH', `/v1/collections/${parent.id}`, { body: { defaultLevel: 'comment' } })
    const guest = await server.addUser(null, { organizationId: org.id })
    expect(await level(space.id, guest.token)).toBe('comment')
    expect(await level(space.id, member.token)).toBe('review')
    // An organization role above every permission wins too.
    const creator = await server.addUser('create', { organizationId: org.id })
    await invite('spaces', space.id, { role: 'read', users: [creator.userId] })
    expect((await server.request('GET', `/v1/spaces/${space.id}`, { token: creator.token })).body.permissions.triggerGitSync).toBe(true)
  })

  it('aggregates everyone who reaches the content with the role that applies, filtered by role', async () => {
    const org = await createOrganization(server)
    const reader = await server.addUser('read', { organizationId: org.id })
    const guest = await server.addUser(null, { organizationId: org.id })
    await server.addUser(null, { organizationId: org.id })
    const c = await createCollection(server, org.id)
    await invite('collections', c.id, { role: 'edit', users: [guest.userId] })
    const all = await server.request('GET', `/v1/collections/${c.id}/permissions/aggregate`)
    const pairs = Object.fromEntries(all.body.items.map((i: any) => [i.user.id, i.permission]))
    expect(pairs).toEqual({ [server.userId]: 'admin', [reader.userId]: 'read', [guest.userId]: 'edit' })
    expect(all.body.count).toBe(3)
    expect((await server.request('GET', `/v1/collections/${c.id}/permissions/aggregate?role=edit`)).body.items.map((i: any) => i.user.id)).toEqual([guest.userId])
    expectError(await server.request('GET', `/v1/collections/${c.id}/permissions/aggregate?role=guest`), 400, 'query.role')
  })

  it('validates the body naming the field, and only admins of the content manage permissions', async () => {
    const org = await createOrganization(server)
    const space = await createSpace(server, org.id)
    const editor = await server.addUser('edit', { organizationId: org.id })
    const outsider = await server.addOutsider()
    expectError(await invite('spaces', space.id, { role: 'edit' }), 400, 'users')
    expectError(await invite('spaces', space.id, { role: 'boss', users: [editor.userId] }), 400, 'body.role')
    expectError(await invite('spaces', space.id, { users: [editor.userId] }), 400, 'body.role')
    expectError(await invite('spaces', space.id, { role: 'edit', users: [] }), 400, 'body.users')
    expectError(await invite('spaces', space.id, { role: 'edit', users: [outsider.userId] }), 400, 'body.users.0')
    expectError(await invite('spaces', space.id, { role: 'edit', teams: ['nope'] }), 400, 'body.teams.0')
    expectError(await invite('spaces', space.id, { role: 'admin', users: [editor.userId] }, editor.token), 403)
    expect((await server.request('GET', `/v1/spaces/${space.id}/permissions/users`, { token: editor.token })).status).toBe(200)
    expectError(await invite('spaces', space.id, { role: 'admin', users: [outsider.userId] }, outsider.token), 404)
    expectError(await server.request('GET', `/v1/spaces/${space.id}/permissions/users`, { token: outsider.token }), 404)
    // A space admin by permission may manage the space's permissions.
    await invite('spaces', space.id, { role: 'admin', users: [editor.userId] })
    const reader = await server.addUser(null, { organizationId: org.id })
    expect((await invite('spaces', space.id, { role: 'read', users: [reader.userId] }, editor.token)).status).toBe(204)
  })
})
