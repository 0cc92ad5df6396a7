import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useTestServer } from '../support/server'
import { createCollection, createOrganization, createSpace, expectError, listAll } from '../support/factories'

const server = useTestServer({ beforeAll, afterAll })

const create = (org: string, body: unknown, token?: string) => server.request('POST', `/v1/orgs/${org}/link-invites`, { body, token })
const join = (org: string, invite: string, token: string) => server.request('POST', `/v1/orgs/${org}/invites/${invite}`, { token })

describe('invite links', () => {
  it('creates an organization invite with a role; joining with it makes a member with that role', async () => {
    const org = await createOrganization(server)
    const res = await create(org.id, { role: 'edit' })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ object: 'invite', id: expect.any(String), role: 'edit', redundant: true, urls: { join: `${server.url}/v1/orgs/${org.id}/invites/${res.body.id}` } })
    const newcomer = await server.addOutsider()
    expectError(await server.request('GET', `/v1/orgs/${org.id}`, { token: newcomer.token }), 404)
    const joined = await join(org.id, res.body.id, newcomer.token)
    expect(joined.status).toBe(200)
    expect(joined.body).toEqual({})
    expect((await server.request('GET', `/v1/orgs/${org.id}/members/${newcomer.userId}`)).body.role).toBe('edit')
    // Joining again, or with a lower invite, keeps the role; a higher one raises it.
    const lower = (await create(org.id, { role: 'read' })).body
    await join(org.id, lower.id, newcomer.token)
    expect((await server.request('GET', `/v1/orgs/${org.id}/members/${newcomer.userId}`)).body.role).toBe('edit')
    expectError(await join(org.id, 'no-such-invite', newcomer.token), 404)
  })

  it('an invite to a space or collection makes a guest with that level there', async () => {
    const org = await createOrganization(server)
    const space = await createSpace(server, org.id)
    const collection = await createCollection(server, org.id)
    const toSpace = (await create(org.id, { level: 'comment', space: space.id })).body
    expect(toSpace).toMatchObject({ object: 'invite', level: 'comment', space: { object: 'space', id: space.id } })
    const toCollection = (await create(org.id, { level: 'edit', collection: collection.id })).body
    expect(toCollection).toMatchObject({ level: 'edit', collection: { object: 'collection', id: collection.id } })
    const guest = await server.addOutsider()
    await join(org.id, toSpace.id, guest.token)
    expect((await server.request('GET', `/v1/orgs/${org.id}/members/${guest.userId}`)).body.role).toBeNull()
    expect((await server.request('GET', `/v1/spaces/${space.id}`, { token: guest.token })).body.permissions).toMatchObject({ comment: true, edit: false })
    await join(org.id, toCollection.id, guest.token)
    expect((await server.request('GET', `/v1/collections/${collection.id}`, { token: guest.token })).status).toBe(200)
    expectError(await create(org.id, { level: 'edit', space: 'nope' }), 404)
    const elsewhere = await createSpace(server, server.organizationId)
    expectError(await create(org.id, { level: 'edit', space: elsewhere.id }), 400, 'body')
  })

  it('lists, gets, updates and deletes invites (204, also when already gone)', async () => {
    const org = await createOrganization(server)
    const a = (await create(org.id, { role: 'read' })).body
    const space = await createSpace(server, org.id)
    const b = (await create(org.id, { level: null, space: space.id })).body
    const c = (await create(org.id, { role: null })).body
    const { items } = await listAll(server, `/v1/orgs/${org.id}/link-invites`, { limit: 1 })
    expect(items.map((i) => i.id), 'organization invites only, oldest first').toEqual([a.id, c.id])
    expect((await server.request('GET', `/v1/orgs/${org.id}/link-invites/${a.id}`)).body).toMatchObject({ id: a.id, role: 'read' })
    expect((await server.request('PATCH', `/v1/orgs/${org.id}/link-invites/${a.id}`, { body: { role: 'review' } })).body).toMatchObject({ role: 'review' })
    expect((await server.request('PATCH', `/v1/orgs/${org.id}/link-invites/${b.id}`, { body: { level: 'read' } })).body).toMatchObject({ level: 'read' })
    expectError(await server.request('PATCH', `/v1/orgs/${org.id}/link-invites/${a.id}`, { body: { level: 'read' } }), 400, 'body.role')
    expectError(await server.request('PATCH', `/v1/orgs/${org.id}/link-invites/${a.id}`, { body: { role: 'boss' } }), 400)
    expect((await server.request('DELETE', `/v1/orgs/${org.id}/link-invites/${a.id}`)).status).toBe(204)
    expect((await server.request('DELETE', `/v1/orgs/${org.id}/link-invites/${a.id}`)).status).toBe(204)
    expectError(await server.request('GET', `/v1/orgs/${org.id}/link-invites/${a.id}`), 404)
    expectError(await join(org.id, a.id, (await server.addOutsider()).token), 404)
  })

  it('inviteLinks: false refuses joining by link (403) until turned back on', async () => {
    const org = await createOrganization(server)
    const invite = (await create(org.id, { role: 'read' })).body
    await server.request('PATCH', `/v1/orgs/${org.id}`, { body: { inviteLinks: false } })
    const newcomer = await server.addOutsider()
    expectError(await join(org.id, invite.id, newcomer.token), 403, 'inviteLinks')
    expectError(await server.request('GET', `/v1/orgs/${org.id}`, { token: newcomer.token }), 404)
    await server.request('PATCH', `/v1/orgs/${org.id}`, { body: { inviteLinks: true } })
    expect((await join(org.id, invite.id, newcomer.token)).status).toBe(200)
  })

  it('lets only admins manage organization invites; non-members learn nothing (404)', async () => {
    const org = await createOrganization(server)
    const invite = (await create(org.id, { role: 'read' })).body
    const creator = await server.addUser('create', { organizationId: org.id })
    expectError(await create(org.id, { role: 'admin' }, creator.token), 403)
    expectError(await server.request('GET', `/v1/orgs/${org.id}/link-invites`, { token: creator.token }), 403)
    const outsider = await server.addOutsider()
    expectError(await server.request('GET', `/v1/orgs/${org.id}/link-invites/${invite.id}`, { token: outsider.token }), 404)
    expectError(await create(org.id, { role: 'owner' }), 400)
    expectError(await create(org.id, {}), 400)
  })
})
