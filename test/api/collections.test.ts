import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useTestServer } from '../support/server'
import { createCollection, createOrganization, createSpace, expectError, idsOf, listAll } from '../support/factories'

const server = useTestServer({ beforeAll, afterAll })

const get = (id: string, token?: string) => server.request('GET', `/v1/collections/${id}`, { token })
const patch = (id: string, body: unknown, token?: string) => server.request('PATCH', `/v1/collections/${id}`, { body, token })
const move = (id: string, body: unknown, token?: string) => server.request('POST', `/v1/collections/${id}/move`, { body, token })
const titlesIn = async (organizationId: string, query = 'nested=false') =>
  (await listAll(server, `/v1/orgs/${organizationId}/collections?${query}`, { limit: 1000 })).items.map((c) => c.title)

describe('POST /v1/orgs/{organizationId}/collections', () => {
  it('creates a collection at the root with every field of the spec', async () => {
    const res = await server.request('POST', `/v1/orgs/${server.organizationId}/collections`, { body: { title: 'Guides', description: 'How-tos' } })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({
      object: 'collection',
      id: expect.any(String),
      title: 'Guides',
      description: 'How-tos',
      organization: server.organizationId,
      defaultLevel: 'inherit',
      urls: { location: `${server.url}/v1/collections/${res.body.id}`, app: `${server.url}/app/o/${server.organizationId}/c/${res.body.id}` },
      permissions: { view: true, admin: true, viewInviteLinks: true, create: true },
    })
    expect((await get(res.body.id)).body).toEqual(res.body)
  })

  it('creates a nested collection, with its parent', async () => {
    const parent = await createCollection(server, server.organizationId)
    const child = await createCollection(server, server.organizationId, { parent: parent.id, defaultLevel: 'comment' })
    expect(child).toMatchObject({ parent: parent.id, defaultLevel: 'comment' })
  })

  it('names a collection "Untitled collection" when no title is sent, with or without a body', async () => {
    const none = await server.request('POST', `/v1/orgs/${server.organizationId}/collections`)
    expect(none.status).toBe(201)
    expect(none.body.title).toBe('Untitled collection')
    const blank = await server.request('POST', `/v1/orgs/${server.organizationId}/collections`, { body: { title: '   ' } })
    expect(blank.body.title).toBe('Untitled collection')
  })

  it('accepts a title of 50 and a description of 100 characters, and refuses one more with 400 naming the field', async () => {
    const path = `/v1/orgs/${server.organizationId}/collections`
    expect((await server.request('POST', path, { body: { title: 'x'.repeat(50), description: 'd'.repeat(100) } })).status).toBe(201)
    expectError(await server.request('POST', path, { body: { title: 'x'.repeat(51) } }), 400, 'body.title: must be at most 50 characters')
    expectError(await server.request('POST', path, { body: { description: 'd'.repeat(101) } }), 400, 'body.description: must be at most 100 characters')
    expectError(await server.request('POST', path, { body: { defaultLevel: 'owner' } }), 400, 'body.defaultLevel')
    expectError(await server.request('POST', path, { body: { parent: '' } }), 400, 'body.parent')
    expectError(await server.request('POST', path, { body: { title: 5 } }), 400, 'body.title')
  })

  it('answers 404 for a parent that does not exist, and 400 for a parent in another organization', async () => {
    expectError(await server.request('POST', `/v1/orgs/${server.organizationId}/collections`, { body: { parent: 'no-such-collection' } }), 404, 'no-such-collection')
    const other = await createOrganization(server)
    const foreign = await createCollection(server, other.id)
    expectError(await server.request('POST', `/v1/orgs/${server.organizationId}/collections`, { body: { parent: foreign.id } }), 400, 'body.parent')
  })

  it('lets create and admin members create collections, and refuses lower roles with 403', async () => {
    const org = await createOrganization(server)
    for (const role of ['create', 'admin']) {
      const member = await server.addUser(role, { organizationId: org.id })
      expect((await server.request('POST', `/v1/orgs/${org.id}/collections`, { body: { title: role }, token: member.token })).status).toBe(201)
    }
    for (const role of ['review', 'edit', 'comment', 'read', null]) {
      const member = await server.addUser(role, { organizationId: org.id })
      expectError(await server.request('POST', `/v1/orgs/${org.id}/collections`, { body: { title: String(role) }, token: member.token }), 403)
    }
    expect(await titlesIn(org.id)).toEqual(['create', 'admin'])
  })

  it('lets a read member create inside a collection whose default level is create', async () => {
    const org = await createOrganization(server)
    const open = await createCollection(server, org.id, { defaultLevel: 'create' })
    const reader = await server.addUser('read', { organizationId: org.id })
    const res = await server.request('POST', `/v1/orgs/${org.id}/collections`, { body: { title: 'Inside', parent: open.id }, token: reader.token })
    expect(res.status).toBe(201)
    expectError(await server.request('POST', `/v1/orgs/${org.id}/collections`, { body: { title: 'Root' }, token: reader.token }), 403)
  })

  it('answers 404 to a non-member and 401 without a token', async () => {
    const outsider = await server.addOutsider()
    expectError(await server.request('POST', `/v1/orgs/${server.organizationId}/collections`, { body: { title: 'x' }, token: outsider.token }), 404)
    expectError(await server.request('POST', '/v1/orgs/no-such-org/collections', { body: { title: 'x' } }), 404)
    expectError(await server.request('POST', `/v1/orgs/${server.organizationId}/collections`, { body: { title: 'x' }, token: null }), 401)
  })
})

describe('GET /v1/collections/{collectionId}', () => {
  it('shows each role its permissions on the collection', async () => {
    const org = await createOrganization(server)
    const collection = await createCollection(server, org.id)
    const expected: Record<string, object> = {
      read: { view: true, admin: false, viewInviteLinks: false, create: false },
      edit: { view: true, admin: false, viewInviteLinks: false, create: false },
      create: { view: true, admin: false, viewInviteLinks: false, create: true },
      admin: { view: true, admin: true, viewInviteLinks: true, create: true },
    }
    for (const [role, permissions] of Object.entries(expected)) {
      const member = await server.addUser(role, { organizationId: org.id })
      const res = await get(collection.id, member.token)
      expect(res.status).toBe(200)
      expect(res.body.permissions, role).toEqual(permissions)
    }
  })

  it('hides a collection from a guest unless a default level opens it', async () => {
    const org = await createOrganization(server)
    const closed = await createCollection(server, org.id)
    const opened = await createCollection(server, org.id, { defaultLevel: 'read' })
    const guest = await server.addUser(null, { organizationId: org.id })
    expectError(await get(closed.id, guest.token), 404)
    const res = await get(opened.id, guest.token)
    expect(res.status).toBe(200)
    expect(res.body.permissions).toEqual({ view: true, admin: false, viewInviteLinks: false, create: false })
  })

  it('answers 404 for a missing collection and to a non-member, 401 without a token', async () => {
    const collection = await createCollection(server, server.organizationId)
    const outsider = await server.addOutsider()
    expectError(await get(collection.id, outsider.token), 404)
    expectError(await get('no-such-collection'), 404, 'no-such-collection')
    expectError(await get(collection.id, null as unknown as string), 401)
  })
})

describe('PATCH /v1/collections/{collectionId}', () => {
  it('updates title, description and default level', async () => {
    const collection = await createCollection(server, server.organizationId, { title: 'Before' })
    const res = await patch(collection.id, { title: 'After', description: 'Now described', defaultLevel: 'review' })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id: collection.id, title: 'After', description: 'Now described', defaultLevel: 'review' })
    expect((await get(collection.id)).body).toEqual(res.body)
    const none = await patch(collection.id, { defaultLevel: null })
    expect(none.body).toMatchObject({ title: 'After', defaultLevel: null })
  })

  it('refuses out-of-limit fields with 400 naming them', async () => {
    const collection = await createCollection(server, server.organizationId)
    expectError(await patch(collection.id, { title: 'x'.repeat(51) }), 400, 'body.title')
    expectError(await patch(collection.id, { title: '' }), 400, 'body.title')
    expectError(await patch(collection.id, { description: 'd'.repeat(101) }), 400, 'body.description')
    expectError(await patch(collection.id, { defaultLevel: 'owner' }), 400, 'body.defaultLevel')
    expectError(await server.request('PATCH', `/v1/collections/${collection.id}`), 400, 'body')
  })

  it('lets only admins of the collection update it', async () => {
    const org = await createOrganization(server)
    const collection = await createCollection(server, org.id)
    for (const role of ['create', 'edit', 'read']) {
      const member = await server.addUser(role, { organizationId: org.id })
      expectError(await patch(collection.id, { title: 'Nope' }, member.token), 403, 'admin')
    }
    const delegated = await createCollection(server, org.id, { defaultLevel: 'admin' })
    const reader = await server.addUser('read', { organizationId: org.id })
    expect((await patch(delegated.id, { title: 'Delegated' }, reader.token)).status).toBe(200)
  })

  it('answers 404 for a missing collection and to a non-member', async () => {
    const collection = await createCollection(server, server.organizationId)
    const outsider = await server.addOutsider()
    expectError(await patch(collection.id, { title: 'x' }, outsider.token), 404)
    expectError(await patch('no-such-collection', { title: 'x' }), 404)
  })
})

describe('GET /v1/orgs/{organizationId}/collections', () => {
  it('lists nested collections too by default, and only top-level ones with nested=false', async () => {
    const org = await createOrganization(server)
    const top = await createCollection(server, org.id, { title: 'Top' })
    const child = await createCollection(server, org.id, { title: 'Child', parent: top.id })
    await createCollection(server, org.id, { title: 'Grandchild', parent: child.id })
    await createCollection(server, org.id, { title: 'Second' })
    expect((await titlesIn(org.id, 'nested=true')).sort()).toEqual(['Child', 'Grandchild', 'Second', 'Top'])
    expect((await titlesIn(org.id, '')).sort()).toEqual(['Child', 'Grandchild', 'Second', 'Top'])
    expect(await titlesIn(org.id, 'nested=false')).toEqual(['Top', 'Second'])
    const res = await server.request('GET', `/v1/orgs/${org.id}/collections?nested=false`)
    expect(res.body.count).toBe(2)
  })

  it('pages through the collections without duplicates or gaps', async () => {
    const org = await createOrganization(server)
    const created: string[] = []
    for (let i = 0; i < 7; i++) created.push((await createCollection(server, org.id, { title: `C${i}` })).id)
    const { items, pages, count } = await listAll(server, `/v1/orgs/${org.id}/collections`, { limit: 2 })
    expect(count).toBe(7)
    expect(pages).toBe(4)
    expect(items.map((c) => c.id)).toEqual(created)
  })

  it('shows a guest only the collections a default level opens, with a count to match', async () => {
    const org = await createOrganization(server)
    await createCollection(server, org.id, { title: 'Closed' })
    const opened = await createCollection(server, org.id, { title: 'Opened', defaultLevel: 'read' })
    const inherited = await createCollection(server, org.id, { title: 'Inherits', parent: opened.id })
    const guest = await server.addUser(null, { organizationId: org.id })
    const res = await server.request('GET', `/v1/orgs/${org.id}/collections`, { token: guest.token })
    expect(res.status).toBe(200)
    expect(res.body.items.map((c: any) => c.id).sort()).toEqual([opened.id, inherited.id].sort())
    expect(res.body.count).toBe(2)
  })

  it('answers 404 to a non-member, 400 for a nested value that is not a boolean', async () => {
    const outsider = await server.addOutsider()
    expectError(await server.request('GET', `/v1/orgs/${server.organizationId}/collections`, { token: outsider.token }), 404)
    expectError(await server.request('GET', `/v1/orgs/${server.organizationId}/collections?nested=maybe`), 400, 'query.nested')
  })
})

describe('GET /v1/collections/{collectionId}/spaces', () => {
  it('lists the live spaces directly in the collection, in order, page by page', async () => {
    const org = await createOrganization(server)
    const collection = await createCollection(server, org.id)
    const nested = await createCollection(server, org.id, { parent: collection.id })
    const created: string[] = []
    for (let i = 0; i < 5; i++) created.push((await createSpace(server, org.id, { title: `S${i}`, parent: collection.id })).id)
    await createSpace(server, org.id, { title: 'Deeper', parent: nested.id })
    await createSpace(server, org.id, { title: 'At root' })
    const gone = await createSpace(server, org.id, { title: 'Gone', parent: collection.id })
    await server.request('DELETE', `/v1/spaces/${gone.id}`)
    const { items, count, pages } = await listAll(server, `/v1/collections/${collection.id}/spaces`, { limit: 2 })
    expect(count).toBe(5)
    expect(pages).toBe(3)
    expect(items.map((s) => s.id)).toEqual(created)
    for (const space of items) expect(space).toMatchObject({ object: 'space', parent: collection.id, organization: org.id })
  })

  it('answers 404 for a missing collection and to a non-member', async () => {
    const collection = await createCollection(server, server.organizationId)
    const outsider = await server.addOutsider()
    expectError(await server.request('GET', `/v1/collections/${collection.id}/spaces`, { token: outsider.token }), 404)
    expectError(await server.request('GET', '/v1/collections/no-such-collection/spaces'), 404)
  })
})

describe('DELETE /v1/collections/{collectionId}', () => {
  it('deletes a collection and its nested collections, and soft-deletes the spaces they hold', async () => {
    const org = await createOrganization(server)
    const top = await createCollection(server, org.id, { title: 'Top' })
    const child = await createCollection(server, org.id, { title: 'Child', parent: top.id })
    const grandchild = await createCollection(server, org.id, { title: 'Grandchild', parent: child.id })
    const kept = await createCollection(server, org.id, { title: 'Kept' })
    const spaces = [
      await createSpace(server, org.id, { parent: top.id }),
      await createSpace(server, org.id, { parent: child.id }),
      await createSpace(server, org.id, { parent: grandchild.id, visibility: 'in-collection' }),
    ]
    const outside = await createSpace(server, org.id, { parent: kept.id })
    const res = await server.request('DELETE', `/v1/collections/${top.id}`)
    expect(res.status).toBe(204)
    expect(res.body).toBeUndefined()
    for (const c of [top, child, grandchild]) expectError(await get(c.id), 404)
    expect(await titlesIn(org.id, '')).toEqual(['Kept'])
    expect(await idsOf(server, `/v1/orgs/${org.id}/spaces`)).toEqual([outside.id])
    for (const space of spaces) {
      const read = await server.request('GET', `/v1/spaces/${space.id}`)
      expect(read.status).toBe(200)
      expect(read.body.deletedAt).toEqual(expect.any(String))
    }
  })

  it('lets the spaces of a deleted collection be restored, to the organization root', async () => {
    const org = await createOrganization(server)
    const collection = await createCollection(server, org.id)
    const space = await createSpace(server, org.id, { parent: collection.id, visibility: 'in-collection' })
    await server.request('DELETE', `/v1/collections/${collection.id}`)
    const restored = await server.request('POST', `/v1/spaces/${space.id}/restore`)
    expect(restored.status).toBe(200)
    expect(restored.body.parent).toBeUndefined()
    expect(restored.body.deletedAt).toBeUndefined()
    expect(restored.body.visibility).toBe('private')
    expect(await idsOf(server, `/v1/orgs/${org.id}/spaces`)).toEqual([space.id])
  })

  it('answers 204 for a collection that does not exist, or no longer does', async () => {
    const collection = await createCollection(server, server.organizationId)
    expect((await server.request('DELETE', `/v1/collections/${collection.id}`)).status).toBe(204)
    const again = await server.request('DELETE', `/v1/collections/${collection.id}`)
    expect(again.status).toBe(204)
    expect(again.body).toBeUndefined()
    expect((await server.request('DELETE', '/v1/collections/never-existed')).status).toBe(204)
  })

  it('lets only admins of the collection delete it (403), hides it from non-members (404), and keeps it', async () => {
    const org = await createOrganization(server)
    const collection = await createCollection(server, org.id)
    for (const role of ['create', 'read']) {
      const member = await server.addUser(role, { organizationId: org.id })
      expectError(await server.request('DELETE', `/v1/collections/${collection.id}`, { token: member.token }), 403)
    }
    const outsider = await server.addOutsider()
    expectError(await server.request('DELETE', `/v1/collections/${collection.id}`, { token: outsider.token }), 404)
    expectError(await server.request('DELETE', `/v1/collections/${collection.id}`, { token: null }), 401)
    expect((await get(collection.id)).status).toBe(200)
  })
})

describe('POST /v1/collections/{collectionId}/move', () => {
  it('moves a collection before or after a sibling, and the list order follows', async () => {
    const org = await createOrganization(server)
    const a = await createCollection(server, org.id, { title: 'A' })
    const b = await createCollection(server, org.id, { title: 'B' })
    const c = await createCollection(server, org.id, { title: 'C' })
    expect(await titlesIn(org.id)).toEqual(['A', 'B', 'C'])
    const res = await move(c.id, { position: { before: { type: 'collection', collection: a.id } } })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ object: 'collection', id: c.id, title: 'C' })
    expect(await titlesIn(org.id)).toEqual(['C', 'A', 'B'])
    await move(c.id, { position: { after: { type: 'collection', collection: a.id } } })
    expect(await titlesIn(org.id)).toEqual(['A', 'C', 'B'])
    await move(a.id, { position: { after: { type: 'collection', collection: b.id } } })
    expect(await titlesIn(org.id)).toEqual(['C', 'B', 'A'])
    await move(a.id, { position: { before: { type: 'collection', collection: c.id } } })
    expect(await titlesIn(org.id)).toEqual(['A', 'C', 'B'])
  })

  it('keeps its place among many moves between the same neighbours', async () => {
    const org = await createOrganization(server)
    const a = await createCollection(server, org.id, { title: 'A' })
    await createCollection(server, org.id, { title: 'B' })
    const c = await createCollection(server, org.id, { title: 'C' })
    const d = await createCollection(server, org.id, { title: 'D' })
    // Each move halves the gap between A and the collection after it: after 60 moves the floats run out of
    // room and the siblings are renumbered.
    for (let i = 0; i < 60; i++) {
      const moving = i % 2 === 0 ? c : d
      expect((await move(moving.id, { position: { after: { type: 'collection', collection: a.id } } })).status).toBe(200)
    }
    expect(await titlesIn(org.id)).toEqual(['A', 'D', 'C', 'B'])
  })

  it('moves a collection into another one and back to the root', async () => {
    const org = await createOrganization(server)
    const home = await createCollection(server, org.id, { title: 'Home' })
    const moving = await createCollection(server, org.id, { title: 'Moving' })
    const space = await createSpace(server, org.id, { parent: moving.id })
    const into = await move(moving.id, { parent: home.id })
    expect(into.status).toBe(200)
    expect(into.body.parent).toBe(home.id)
    expect(await titlesIn(org.id)).toEqual(['Home'])
    expect((await server.request('GET', `/v1/spaces/${space.id}`)).body.parent).toBe(moving.id)
    const out = await move(moving.id, { parent: null })
    expect(out.status).toBe(200)
    expect(out.body.parent).toBeUndefined()
    expect(await titlesIn(org.id)).toEqual(['Home', 'Moving'])
  })

  it('moves into a parent at a position among its children', async () => {
    const org = await createOrganization(server)
    const parent = await createCollection(server, org.id, { title: 'Parent' })
    const first = await createCollection(server, org.id, { title: 'First', parent: parent.id })
    await createCollection(server, org.id, { title: 'Second', parent: parent.id })
    const moving = await createCollection(server, org.id, { title: 'Moving' })
    const res = await move(moving.id, { parent: parent.id, position: { after: { type: 'collection', collection: first.id } } })
    expect(res.status).toBe(200)
    const children = (await listAll(server, `/v1/orgs/${org.id}/collections`, { limit: 1000 })).items.filter((c) => c.parent === parent.id)
    expect(children.map((c) => c.title)).toEqual(['First', 'Moving', 'Second'])
  })

  it('refuses to move a collection into itself or into a collection nested in it (400)', async () => {
    const org = await createOrganization(server)
    const a = await createCollection(server, org.id, { title: 'A' })
    const b = await createCollection(server, org.id, { title: 'B', parent: a.id })
    const c = await createCollection(server, org.id, { title: 'C', parent: b.id })
    expectError(await move(a.id, { parent: a.id }), 400, 'body.parent')
    expectError(await move(a.id, { parent: b.id }), 400, 'body.parent')
    expectError(await move(a.id, { parent: c.id }), 400, 'body.parent')
    expect((await get(a.id)).body.parent).toBeUndefined()
    expect((await get(b.id)).body.parent).toBe(a.id)
  })

  it('refuses a position that is not a sibling at the destination, and an empty move, with 400', async () => {
    const org = await createOrganization(server)
    const a = await createCollection(server, org.id)
    const parent = await createCollection(server, org.id)
    const nestedSibling = await createCollection(server, org.id, { parent: parent.id })
    expectError(await move(a.id, { position: { before: { type: 'collection', collection: 'no-such' } } }), 400, 'body.position.before')
    expectError(await move(a.id, { position: { after: { type: 'collection', collection: nestedSibling.id } } }), 400, 'body.position.after')
    expectError(await move(a.id, { position: { before: { type: 'page', page: 'x' } } }), 400, 'body.position')
    expectError(await move(a.id, {}), 400, 'body')
    expectError(await server.request('POST', `/v1/collections/${a.id}/move`), 400, 'body')
  })

  it('answers 404 for a missing collection or parent, and for a parent in another organization 400', async () => {
    const collection = await createCollection(server, server.organizationId)
    expectError(await move('no-such-collection', { parent: null }), 404)
    expectError(await move(collection.id, { parent: 'no-such-parent' }), 404, 'no-such-parent')
    const other = await createOrganization(server)
    const foreign = await createCollection(server, other.id)
    expectError(await move(collection.id, { parent: foreign.id }), 400, 'body.parent')
  })

  it('lets only admins of the collection move it', async () => {
    const org = await createOrganization(server)
    const collection = await createCollection(server, org.id)
    const target = await createCollection(server, org.id)
    for (const role of ['create', 'read']) {
      const member = await server.addUser(role, { organizationId: org.id })
      expectError(await move(collection.id, { parent: target.id }, member.token), 403)
    }
    const outsider = await server.addOutsider()
    expectError(await move(collection.id, { parent: target.id }, outsider.token), 404)
    expect((await get(collection.id)).body.parent).toBeUndefined()
  })
})

describe('POST /v1/collections/{collectionId}/transfer', () => {
  it('transfers a collection with its nested collections and spaces to another organization the caller administers', async () => {
    const source = await createOrganization(server)
    const target = await createOrganization(server)
    const parent = await createCollection(server, source.id, { title: 'Parent' })
    const moving = await createCollection(server, source.id, { title: 'Moving', parent: parent.id })
    const nested = await createCollection(server, source.id, { title: 'Nested', parent: moving.id })
    const inside = await createSpace(server, source.id, { parent: moving.id })
    const deeper = await createSpace(server, source.id, { parent: nested.id })
    const res = await server.request('POST', `/v1/collections/${moving.id}/transfer`, { body: { organization: target.id } })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ object: 'collection', id: moving.id, organization: target.id })
    expect(res.body.parent).toBeUndefined()
    expect((await get(nested.id)).body).toMatchObject({ organization: target.id, parent: moving.id })
    for (const space of [inside, deeper]) expect((await server.request('GET', `/v1/spaces/${space.id}`)).body.organization).toBe(target.id)
    expect((await titlesIn(target.id, '')).sort()).toEqual(['Moving', 'Nested'])
    expect(await titlesIn(source.id, '')).toEqual(['Parent'])
    expect((await idsOf(server, `/v1/orgs/${target.id}/spaces`)).sort()).toEqual([inside.id, deeper.id].sort())
    expect(await idsOf(server, `/v1/orgs/${source.id}/spaces`)).toEqual([])
  })

  it('answers 404 when the caller is not a member of the target organization, and moves nothing', async () => {
    const collection = await createCollection(server, server.organizationId)
    const stranger = await server.addOutsider()
    const foreign = await createOrganization(server, {}, stranger.token)
    expectError(await server.request('POST', `/v1/collections/${collection.id}/transfer`, { body: { organization: foreign.id } }), 404)
    expectError(await server.request('POST', `/v1/collections/${collection.id}/transfer`, { body: { organization: 'no-such-org' } }), 404)
    expect((await get(collection.id)).body.organization).toBe(server.organizationId)
  })

  it('answers 403 when the caller is a member but not an admin of the target organization', async () => {
    const collection = await createCollection(server, server.organizationId)
    const stranger = await server.addOutsider()
    const foreign = await createOrganization(server, {}, stranger.token)
    await server.request('POST', `/v1/orgs/${foreign.id}/invites`, { body: { emails: ['admin@example.com'], role: 'create' }, token: stranger.token })
    expectError(await server.request('POST', `/v1/collections/${collection.id}/transfer`, { body: { organization: foreign.id } }), 403)
    expect((await get(collection.id)).body.organization).toBe(server.organizationId)
  })

  it('answers 403 when the caller is not an admin of the source organization', async () => {
    const org = await createOrganization(server)
    const target = await createOrganization(server)
    const collection = await createCollection(server, org.id, { defaultLevel: 'admin' })
    const member = await server.addUser('create', { organizationId: org.id })
    await server.request('POST', `/v1/orgs/${target.id}/invites`, { body: { emails: [member.email], role: 'admin' } })
    expectError(await server.request('POST', `/v1/collections/${collection.id}/transfer`, { body: { organization: target.id }, token: member.token }), 403)
  })

  it('refuses a missing organization field with 400', async () => {
    const collection = await createCollection(server, server.organizationId)
    expectError(await server.request('POST', `/v1/collections/${collection.id}/transfer`, { body: {} }), 400, 'body.organization')
    expectError(await server.request('POST', `/v1/collections/${collection.id}/transfer`, { body: { organization: '' } }), 400, 'body.organization')
  })
})
