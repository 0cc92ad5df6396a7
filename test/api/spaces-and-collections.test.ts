import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useTestServer } from '../support/server'

const server = useTestServer({ beforeAll, afterAll })
let org: string
beforeAll(() => void (org = server.organizationId))

const createSpace = async (body: Record<string, unknown> = {}, token?: string) =>
  server.request('POST', `/v1/orgs/${org}/spaces`, { body: { title: 'Space', ...body }, token })
const createCollection = async (body: Record<string, unknown> = {}, token?: string) =>
  server.request('POST', `/v1/orgs/${org}/collections`, { body: { title: 'Collection', ...body }, token })

describe('spaces', () => {
  it('creates a space with an empty first revision and every field of the spec', async () => {
    const res = await createSpace({ title: 'Handbook', emoji: '📘', language: 'fr' })
    expect(res.status).toBe(201)
    const space = res.body
    expect(space).toMatchObject({
      object: 'space',
      title: 'Handbook',
      emoji: '📘',
      language: 'fr',
      visibility: 'private',
      editMode: 'live',
      organization: org,
      defaultLevel: 'inherit',
      comments: 0,
      changeRequests: 0,
      changeRequestsOpen: 0,
      changeRequestsDraft: 0,
      revision: expect.any(String),
    })
    expect(new Date(space.createdAt).toISOString()).toBe(space.createdAt)
    expect(space.urls.location).toBe(`${server.url}/v1/spaces/${space.id}`)
    expect(space.urls.app.startsWith(server.url + '/app/')).toBe(true)
    expect(space.permissions).toEqual({
      view: true,
      access: true,
      admin: true,
      viewInviteLinks: true,
      edit: true,
      triggerGitSync: true,
      comment: true,
      merge: true,
      review: true,
      installIntegration: true,
    })
    const read = await server.request('GET', `/v1/spaces/${space.id}`)
    expect(read.status).toBe(200)
    expect(read.body).toEqual(space)
  })

  it('answers the app address of a space with a page pointing at the API', async () => {
    const space = (await createSpace()).body
    const res = await fetch(space.urls.app)
    expect(res.status).toBe(200)
    expect(await res.text()).toContain(space.urls.location)
  })

  it('rejects every limit with 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'x'.repeat(51) }, 'body.title'],
      [{ emoji: 'not an emoji' }, 'body.emoji'],
      [{ language: 'klingon' }, 'body.language'],
      [{ visibility: 'everyone' }, 'body.visibility'],
      [{ editMode: 'frozen' }, 'body.editMode'],
      [{ visibility: 'in-collection' }, 'body.visibility'],
    ]
    for (const [body, field] of cases) {
      const res = await createSpace(body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.error.code).toBe(400)
      expect(res.body.error.message).toContain(field)
    }
  })

  it('updates title, emoji, edit mode, default level and language; locked spaces cannot be edited', async () => {
    const space = (await createSpace()).body
    const res = await server.request('PATCH', `/v1/spaces/${space.id}`, {
      body: { title: 'Renamed', emoji: '🚀', editMode: 'locked', defaultLevel: 'comment', language: 'de' },
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ title: 'Renamed', emoji: '🚀', editMode: 'locked', defaultLevel: 'comment', language: 'de' })
    expect(res.body.permissions.edit).toBe(false)
    expect(res.body.permissions.merge).toBe(false)
    expect(res.body.permissions.admin).toBe(true)
    expect(new Date(res.body.updatedAt) >= new Date(space.updatedAt)).toBe(true)
  })

  it('deletes a space to a restorable state, hidden from lists', async () => {
    const space = (await createSpace({ title: 'Doomed' })).body
    expect((await server.request('DELETE', `/v1/spaces/${space.id}`)).status).toBe(204)
    const list = await server.request('GET', `/v1/orgs/${org}/spaces?limit=1000`)
    expect(list.body.items.map((s: any) => s.id)).not.toContain(space.id)
    const read = await server.request('GET', `/v1/spaces/${space.id}`)
    expect(read.status).toBe(200)
    expect(read.body.deletedAt).toEqual(expect.any(String))
    expect((await server.request('PATCH', `/v1/spaces/${space.id}`, { body: { title: 'x' } })).status).toBe(404)
    const restored = await server.request('POST', `/v1/spaces/${space.id}/restore`)
    expect(restored.status).toBe(200)
    expect(restored.body.deletedAt).toBeUndefined()
    const again = await server.request('GET', `/v1/orgs/${org}/spaces?limit=1000`)
    expect(again.body.items.map((s: any) => s.id)).toContain(space.id)
    expect((await server.request('POST', `/v1/spaces/${space.id}/restore`)).status).toBe(409)
  })

  it('answers 204 when deleting a space that does not exist', async () => {
    const res = await server.request('DELETE', '/v1/spaces/doesNotExist')
    expect(res.status).toBe(204)
    expect(res.body).toBeUndefined()
  })

  it('answers 404 with the error body for a missing space', async () => {
    const res = await server.request('GET', '/v1/spaces/doesNotExist')
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ error: { code: 404, message: expect.stringContaining('doesNotExist') } })
  })

  it('duplicates a space, with a new revision, right after the original', async () => {
    const space = (await createSpace({ title: 'Original', emoji: '📗' })).body
    const res = await server.request('POST', `/v1/spaces/${space.id}/duplicate`)
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ title: 'Original (copy)', emoji: '📗', organization: org })
    expect(res.body.id).not.toBe(space.id)
    expect(res.body.revision).not.toBe(space.revision)
    const ids = (await server.request('GET', `/v1/orgs/${org}/spaces?limit=1000`)).body.items.map((s: any) => s.id)
    expect(ids.indexOf(res.body.id)).toBe(ids.indexOf(space.id) + 1)
  })

  it('moves a space before or after another, and into and out of a collection', async () => {
    const collection = (await createCollection({ title: 'Guides' })).body
    const a = (await createSpace({ title: 'A', parent: collection.id })).body
    const b = (await createSpace({ title: 'B', parent: collection.id })).body
    const c = (await createSpace({ title: 'C', parent: collection.id, visibility: 'in-collection' })).body
    const order = async () => (await server.request('GET', `/v1/collections/${collection.id}/spaces`)).body.items.map((s: any) => s.title)
    expect(await order()).toEqual(['A', 'B', 'C'])
    expect((await server.request('POST', `/v1/spaces/${c.id}/move`, { body: { position: { before: { type: 'space', space: a.id } } } })).status).toBe(200)
    expect(await order()).toEqual(['C', 'A', 'B'])
    await server.request('POST', `/v1/spaces/${c.id}/move`, { body: { position: { after: { type: 'space', space: a.id } } } })
    expect(await order()).toEqual(['A', 'C', 'B'])
    const out = await server.request('POST', `/v1/spaces/${c.id}/move`, { body: { parent: null } })
    expect(out.body.parent).toBeUndefined()
    expect(out.body.visibility).toBe('private')
    expect(await order()).toEqual(['A', 'B'])
    const bad = await server.request('POST', `/v1/spaces/${b.id}/move`, { body: { position: { before: { type: 'space', space: 'nope' } } } })
    expect(bad.status).toBe(400)
    expect(bad.body.error.message).toContain('position')
    expect((await server.request('POST', `/v1/spaces/${b.id}/move`, { body: {} })).status).toBe(400)
  })

  it('transfers a space to another organization where the caller is admin, and refuses otherwise', async () => {
    const other = (await server.request('POST', '/v1/orgs', { body: { title: 'Other Org' } })).body
    const space = (await createSpace({ title: 'Traveller' })).body
    const res = await server.request('POST', `/v1/spaces/${space.id}/transfer`, { body: { organization: other.id } })
    expect(res.status).toBe(200)
    expect(res.body.organization).toBe(other.id)
    const editor = await server.addUser('edit')
    const mine = (await createSpace({ title: 'Stays' })).body
    const foreign = await server.addUser('admin')
    const foreignOrg = (await server.request('POST', '/v1/orgs', { body: { title: 'Foreign' }, token: foreign.token })).body
    const refused = await server.request('POST', `/v1/spaces/${mine.id}/transfer`, { body: { organization: foreignOrg.id } })
    expect(refused.status).toBe(404)
    const byEditor = await server.request('POST', `/v1/spaces/${mine.id}/transfer`, { body: { organization: other.id }, token: editor.token })
    expect(byEditor.status).toBe(403)
  })

  it('pages through a list with an opaque cursor, without duplicates or gaps', async () => {
    const fresh = (await server.request('POST', '/v1/orgs', { body: { title: 'Paging Org' } })).body
    const created: string[] = []
    for (let i = 0; i < 7; i++) created.push((await server.request('POST', `/v1/orgs/${fresh.id}/spaces`, { body: { title: `S${i}` } })).body.id)
    const seen: string[] = []
    let page: string | undefined
    do {
      const res = await server.request('GET', `/v1/orgs/${fresh.id}/spaces?limit=3${page ? `&page=${page}` : ''}`)
      expect(res.status).toBe(200)
      expect(res.body.count).toBe(7)
      seen.push(...res.body.items.map((s: any) => s.id))
      page = res.body.next?.page
    } while (page)
    expect(seen).toEqual(created)
    expect((await server.request('GET', `/v1/orgs/${fresh.id}/spaces?limit=1001`)).status).toBe(400)
    expect((await server.request('GET', `/v1/orgs/${fresh.id}/spaces?limit=0`)).status).toBe(400)
    const badCursor = await server.request('GET', `/v1/orgs/${fresh.id}/spaces?page=garbage`)
    expect(badCursor.status).toBe(400)
    expect(badCursor.body.error.message).toContain('page')
  })
})

describe('collections', () => {
  it('creates, reads, updates and lists collections, nested or not', async () => {
    const parent = await createCollection({ title: 'Parent', description: 'Top' })
    expect(parent.status).toBe(201)
    expect(parent.body).toMatchObject({ object: 'collection', title: 'Parent', description: 'Top', organization: org, defaultLevel: 'inherit' })
    expect(parent.body.permissions).toEqual({ view: true, admin: true, viewInviteLinks: true, create: true })
    const child = (await createCollection({ title: 'Child', parent: parent.body.id })).body
    expect(child.parent).toBe(parent.body.id)
    const patched = await server.request('PATCH', `/v1/collections/${child.id}`, { body: { title: 'Kid', description: 'Nested', defaultLevel: 'comment' } })
    expect(patched.body).toMatchObject({ title: 'Kid', description: 'Nested', defaultLevel: 'comment' })
    const all = (await server.request('GET', `/v1/orgs/${org}/collections?limit=1000`)).body.items.map((c: any) => c.id)
    expect(all).toEqual(expect.arrayContaining([parent.body.id, child.id]))
    const top = (await server.request('GET', `/v1/orgs/${org}/collections?nested=false&limit=1000`)).body.items.map((c: any) => c.id)
    expect(top).toContain(parent.body.id)
    expect(top).not.toContain(child.id)
  })

  it('enforces the title and description limits', async () => {
    expect((await createCollection({ title: 'x'.repeat(51) })).body.error.message).toContain('body.title')
    expect((await createCollection({ description: 'x'.repeat(101) })).body.error.message).toContain('body.description')
    const c = (await createCollection()).body
    expect((await server.request('PATCH', `/v1/collections/${c.id}`, { body: { defaultLevel: 'owner' } })).body.error.message).toContain('body.defaultLevel')
  })

  it('refuses to move a collection into itself or its descendants, and moves it elsewhere', async () => {
    const a = (await createCollection({ title: 'A' })).body
    const b = (await createCollection({ title: 'B', parent: a.id })).body
    const into = await server.request('POST', `/v1/collections/${a.id}/move`, { body: { parent: b.id } })
    expect(into.status).toBe(400)
    expect(into.body.error.message).toContain('body.parent')
    const moved = await server.request('POST', `/v1/collections/${b.id}/move`, { body: { parent: null } })
    expect(moved.status).toBe(200)
    expect(moved.body.parent).toBeUndefined()
  })

  it('deletes a collection with its nested collections, keeping their spaces restorable', async () => {
    const a = (await createCollection({ title: 'Gone' })).body
    const b = (await createCollection({ title: 'Gone too', parent: a.id })).body
    const space = (await createSpace({ title: 'Inside', parent: b.id })).body
    expect((await server.request('DELETE', `/v1/collections/${a.id}`)).status).toBe(204)
    expect((await server.request('GET', `/v1/collections/${b.id}`)).status).toBe(404)
    expect((await server.request('GET', `/v1/spaces/${space.id}`)).body.deletedAt).toEqual(expect.any(String))
    const restored = await server.request('POST', `/v1/spaces/${space.id}/restore`)
    expect(restored.status).toBe(200)
    expect(restored.body.parent).toBeUndefined()
    expect((await server.request('DELETE', `/v1/collections/${a.id}`)).status).toBe(204)
  })

  it('transfers a collection with its content to another organization', async () => {
    const other = (await server.request('POST', '/v1/orgs', { body: { title: 'Receiver' } })).body
    const c = (await createCollection({ title: 'Moving' })).body
    const space = (await createSpace({ title: 'Cargo', parent: c.id })).body
    const res = await server.request('POST', `/v1/collections/${c.id}/transfer`, { body: { organization: other.id } })
    expect(res.status).toBe(200)
    expect(res.body.organization).toBe(other.id)
    expect((await server.request('GET', `/v1/spaces/${space.id}`)).body.organization).toBe(other.id)
  })
})

describe('roles', () => {
  it('lets a read member see but not change, and a create member create', async () => {
    const reader = await server.addUser('read')
    const creator = await server.addUser('create')
    const space = (await createSpace({ title: 'Shared' })).body
    const seen = await server.request('GET', `/v1/spaces/${space.id}`, { token: reader.token })
    expect(seen.status).toBe(200)
    expect(seen.body.permissions).toMatchObject({ view: true, edit: false, admin: false, comment: false })
    const patch = await server.request('PATCH', `/v1/spaces/${space.id}`, { body: { title: 'No' }, token: reader.token })
    expect(patch.status).toBe(403)
    expect(patch.body.error.message).toContain('admin')
    expect((await createSpace({}, reader.token)).status).toBe(403)
    expect((await createCollection({}, reader.token)).status).toBe(403)
    expect((await server.request('DELETE', `/v1/spaces/${space.id}`, { token: reader.token })).status).toBe(403)
    expect((await createSpace({ title: 'Mine' }, creator.token)).status).toBe(201)
    expect((await createCollection({ title: 'Mine' }, creator.token)).status).toBe(201)
    expect((await server.request('PATCH', `/v1/orgs/${org}`, { body: { title: 'Nope' }, token: creator.token })).status).toBe(403)
  })

  it('raises a member to the default level of a space', async () => {
    const reader = await server.addUser('read')
    const space = (await createSpace({ title: 'Open', defaultLevel: 'edit' })).body
    const seen = await server.request('GET', `/v1/spaces/${space.id}`, { token: reader.token })
    expect(seen.body.permissions.edit).toBe(true)
  })

  it('inherits a default level from the collection above', async () => {
    const reader = await server.addUser('read')
    const c = (await createCollection({ title: 'Reviewers', defaultLevel: 'review' })).body
    const space = (await createSpace({ title: 'Inherits', parent: c.id })).body
    const seen = await server.request('GET', `/v1/spaces/${space.id}`, { token: reader.token })
    expect(seen.body.permissions).toMatchObject({ review: true, admin: false })
  })

  it('shows a guest nothing that no default level opens', async () => {
    const guest = await server.addUser(null)
    const hidden = (await createSpace({ title: 'Hidden' })).body
    const open = (await createSpace({ title: 'Opened', defaultLevel: 'read' })).body
    const list = await server.request('GET', `/v1/orgs/${org}/spaces?limit=1000`, { token: guest.token })
    expect(list.status).toBe(200)
    const ids = list.body.items.map((s: any) => s.id)
    expect(ids).toContain(open.id)
    expect(ids).not.toContain(hidden.id)
    expect(list.body.count).toBe(ids.length)
    expect((await server.request('GET', `/v1/spaces/${hidden.id}`, { token: guest.token })).status).toBe(404)
    const org$ = await server.request('GET', `/v1/orgs/${org}`, { token: guest.token })
    expect(org$.status).toBe(200)
    expect(org$.body.permissions).toMatchObject({ view: true, createContent: false, listMembers: false })
  })

  it('hides the organization and its private content from non-members (404)', async () => {
    const outsider = await server.addOutsider()
    const space = (await createSpace({ title: 'Private' })).body
    const pub = (await createSpace({ title: 'Public', visibility: 'public' })).body
    expect((await server.request('GET', `/v1/orgs/${org}`, { token: outsider.token })).status).toBe(404)
    expect((await server.request('GET', `/v1/orgs/${org}/spaces`, { token: outsider.token })).status).toBe(404)
    expect((await server.request('GET', `/v1/spaces/${space.id}`, { token: outsider.token })).status).toBe(404)
    expect((await server.request('PATCH', `/v1/spaces/${space.id}`, { body: { title: 'x' }, token: outsider.token })).status).toBe(404)
    const read = await server.request('GET', `/v1/spaces/${pub.id}`, { token: outsider.token })
    expect(read.status).toBe(200)
    expect(read.body.permissions).toMatchObject({ view: true, edit: false })
    expect((await server.request('GET', '/v1/orgs', { token: outsider.token })).body).toEqual({ count: 0, items: [] })
  })
})
