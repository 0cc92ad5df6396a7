import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useTestServer } from '../support/server'
import { createCollection, createOrganization, createSpace, expectError, expectIsoTimestamp, idsOf, listAll } from '../support/factories'

const server = useTestServer({ beforeAll, afterAll })

const SPACE_PERMISSIONS = ['view', 'access', 'admin', 'viewInviteLinks', 'edit', 'triggerGitSync', 'comment', 'merge', 'review', 'installIntegration']

const get = (id: string, token?: string | null) => server.request('GET', `/v1/spaces/${id}`, { token })
const patch = (id: string, body: unknown, token?: string) => server.request('PATCH', `/v1/spaces/${id}`, { body, token })
const move = (id: string, body: unknown, token?: string) => server.request('POST', `/v1/spaces/${id}/move`, { body, token })
const titlesInCollection = async (collectionId: string) => (await listAll(server, `/v1/collections/${collectionId}/spaces`, { limit: 1000 })).items.map((s) => s.title)
const titlesInOrganization = async (organizationId: string) => (await listAll(server, `/v1/orgs/${organizationId}/spaces`, { limit: 1000 })).items.map((s) => s.title)

/** Adds one page to the space's content through a merged change request; answers the page titles. */
async function addPage(spaceId: string, title: string): Promise<string[]> {
  const cr = (await server.request('POST', `/v1/spaces/${spaceId}/change-requests`, { body: { subject: `Add ${title}` } })).body
  const changed = await server.request('POST', `/v1/spaces/${spaceId}/change-requests/${cr.id}/content`, {
    body: { changes: [{ operation: 'insert_page', title, document: { markdown: `# ${title}\n\nBody of ${title}.\n` } }] },
  })
  expect(changed.status, JSON.stringify(changed.body)).toBe(200)
  expect((await server.request('POST', `/v1/spaces/${spaceId}/change-requests/${cr.id}/merge`)).status).toBe(200)
  return pageTitles(spaceId)
}

async function pageTitles(spaceId: string): Promise<string[]> {
  const res = await server.request('GET', `/v1/spaces/${spaceId}/content/pages`)
  expect(res.status).toBe(200)
  return res.body.pages.map((p: any) => p.title)
}

describe('POST /v1/orgs/{organizationId}/spaces', () => {
  it('creates a space with every field of the spec, addresses on the server and all permissions for an admin', async () => {
    const res = await server.request('POST', `/v1/orgs/${server.organizationId}/spaces`, { body: { title: 'Handbook', emoji: '📘', language: 'fr' } })
    expect(res.status).toBe(201)
    const space = res.body
    expect(space).toMatchObject({
      object: 'space',
      id: expect.any(String),
      title: 'Handbook',
      emoji: '📘',
      language: 'fr',
      visibility: 'private',
      editMode: 'live',
      organization: server.organizationId,
      defaultLevel: 'inherit',
      revision: expect.any(String),
      comments: 0,
      changeRequests: 0,
      changeRequestsOpen: 0,
      changeRequestsDraft: 0,
      urls: { location: `${server.url}/v1/spaces/${space.id}`, app: `${server.url}/app/s/${space.id}` },
    })
    expect(space.parent).toBeUndefined()
    expect(space.deletedAt).toBeUndefined()
    expect(space.urls.published).toBeUndefined()
    expect(space.urls.public).toBeUndefined()
    expectIsoTimestamp(space.createdAt)
    expectIsoTimestamp(space.updatedAt)
    expect(Object.keys(space.permissions).sort()).toEqual([...SPACE_PERMISSIONS].sort())
    for (const name of SPACE_PERMISSIONS) expect(space.permissions[name], name).toBe(true)
    expect((await get(space.id)).body).toEqual(space)
  })

  it('starts a space with an empty first revision', async () => {
    const space = await createSpace(server, server.organizationId)
    expect(await pageTitles(space.id)).toEqual([])
    const content = await server.request('GET', `/v1/spaces/${space.id}/content`)
    expect(content.body).toMatchObject({ object: 'revision', id: space.revision })
  })

  it('answers the app address of a space with a page pointing at the API', async () => {
    const space = await createSpace(server, server.organizationId)
    const page = await fetch(space.urls.app)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain(space.urls.location)
  })

  it('names a space "Untitled space" when no title is sent, with or without a body', async () => {
    const none = await server.request('POST', `/v1/orgs/${server.organizationId}/spaces`)
    expect(none.status).toBe(201)
    expect(none.body.title).toBe('Untitled space')
    expect((await server.request('POST', `/v1/orgs/${server.organizationId}/spaces`, { body: { title: '  ' } })).body.title).toBe('Untitled space')
  })

  it('creates a space in a collection, visible to the collection by default', async () => {
    const collection = await createCollection(server, server.organizationId)
    const space = await createSpace(server, server.organizationId, { parent: collection.id })
    expect(space).toMatchObject({ parent: collection.id, visibility: 'in-collection' })
    expect(await titlesInCollection(collection.id)).toEqual([space.title])
  })

  it('gives public spaces published and public addresses, and unlisted ones a published address only', async () => {
    const pub = await createSpace(server, server.organizationId, { visibility: 'public' })
    expect(pub.urls).toMatchObject({ published: expect.stringMatching(new RegExp(`^${server.url}/`)), public: expect.stringMatching(new RegExp(`^${server.url}/`)) })
    const unlisted = await createSpace(server, server.organizationId, { visibility: 'unlisted' })
    expect(unlisted.urls.published).toEqual(expect.stringMatching(new RegExp(`^${server.url}/`)))
    expect(unlisted.urls.public).toBeUndefined()
  })

  it('accepts a title of 50 characters and refuses bad fields with 400 naming them', async () => {
    const path = `/v1/orgs/${server.organizationId}/spaces`
    expect((await server.request('POST', path, { body: { title: 'x'.repeat(50) } })).status).toBe(201)
    const collection = await createCollection(server, server.organizationId)
    expect((await server.request('POST', path, { body: { parent: collection.id, visibility: 'in-collection' } })).status).toBe(201)
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'x'.repeat(51) }, 'body.title: must be at most 50 characters'],
      [{ emoji: 'not an emoji' }, 'body.emoji: must be a single emoji'],
      [{ emoji: '📘📘' }, 'body.emoji'],
      [{ language: 'klingon' }, 'body.language'],
      [{ visibility: 'everyone' }, 'body.visibility'],
      [{ editMode: 'frozen' }, 'body.editMode'],
      [{ defaultLevel: 'owner' }, 'body.defaultLevel'],
      [{ visibility: 'in-collection' }, 'body.visibility'],
      [{ parent: '' }, 'body.parent'],
    ]
    for (const [body, field] of cases) expectError(await server.request('POST', path, { body }), 400, field)
  })

  it('answers 404 for a parent that does not exist, and 400 for a parent in another organization', async () => {
    expectError(await server.request('POST', `/v1/orgs/${server.organizationId}/spaces`, { body: { parent: 'no-such-collection' } }), 404)
    const other = await createOrganization(server)
    const foreign = await createCollection(server, other.id)
    expectError(await server.request('POST', `/v1/orgs/${server.organizationId}/spaces`, { body: { parent: foreign.id } }), 400, 'body.parent')
  })

  it('lets create and admin members create spaces, and refuses lower roles with 403', async () => {
    const org = await createOrganization(server)
    for (const role of ['create', 'admin']) {
      const member = await server.addUser(role, { organizationId: org.id })
      expect((await server.request('POST', `/v1/orgs/${org.id}/spaces`, { body: { title: role }, token: member.token })).status).toBe(201)
    }
    for (const role of ['review', 'edit', 'comment', 'read', null]) {
      const member = await server.addUser(role, { organizationId: org.id })
      expectError(await server.request('POST', `/v1/orgs/${org.id}/spaces`, { body: { title: String(role) }, token: member.token }), 403)
    }
    expect(await titlesInOrganization(org.id)).toEqual(['create', 'admin'])
  })

  it('lets a read member create in a collection whose default level is create, not elsewhere', async () => {
    const org = await createOrganization(server)
    const open = await createCollection(server, org.id, { defaultLevel: 'create' })
    const closed = await createCollection(server, org.id)
    const reader = await server.addUser('read', { organizationId: org.id })
    expect((await server.request('POST', `/v1/orgs/${org.id}/spaces`, { body: { parent: open.id }, token: reader.token })).status).toBe(201)
    expectError(await server.request('POST', `/v1/orgs/${org.id}/spaces`, { body: { parent: closed.id }, token: reader.token }), 403)
  })

  it('answers 404 to a non-member and 401 without a token', async () => {
    const outsider = await server.addOutsider()
    expectError(await server.request('POST', `/v1/orgs/${server.organizationId}/spaces`, { body: {}, token: outsider.token }), 404)
    expectError(await server.request('POST', '/v1/orgs/no-such-org/spaces', { body: {} }), 404)
    expectError(await server.request('POST', `/v1/orgs/${server.organizationId}/spaces`, { body: {}, token: null }), 401)
  })
})

describe('GET /v1/spaces/{spaceId}', () => {
  it('shows each role its permissions on the space', async () => {
    const org = await createOrganization(server)
    const space = await createSpace(server, org.id)
    const expected: Record<string, Record<string, boolean>> = {
      read: { view: true, access: true, comment: false, edit: false, merge: false, review: false, triggerGitSync: false, admin: false },
      comment: { view: true, comment: true, edit: false, review: false, admin: false },
      edit: { view: true, comment: true, edit: true, merge: true, review: false, triggerGitSync: false, admin: false },
      review: { edit: true, review: true, triggerGitSync: false, admin: false },
      create: { review: true, triggerGitSync: true, admin: false, viewInviteLinks: false, installIntegration: false },
      admin: { admin: true, viewInviteLinks: true, installIntegration: true },
    }
    for (const [role, permissions] of Object.entries(expected)) {
      const member = await server.addUser(role, { organizationId: org.id })
      const res = await get(space.id, member.token)
      expect(res.status).toBe(200)
      expect(res.body.permissions, role).toMatchObject(permissions)
    }
  })

  it('raises a member to the default level of the space, or of the collection above it', async () => {
    const org = await createOrganization(server)
    const reader = await server.addUser('read', { organizationId: org.id })
    const own = await createSpace(server, org.id, { defaultLevel: 'edit' })
    expect((await get(own.id, reader.token)).body.permissions).toMatchObject({ edit: true, review: false })
    const collection = await createCollection(server, org.id, { defaultLevel: 'review' })
    const nested = await createCollection(server, org.id, { parent: collection.id })
    const inherited = await createSpace(server, org.id, { parent: nested.id })
    expect((await get(inherited.id, reader.token)).body.permissions).toMatchObject({ review: true, admin: false })
  })

  it('hides a space from a guest unless a default level opens it', async () => {
    const org = await createOrganization(server)
    const guest = await server.addUser(null, { organizationId: org.id })
    const hidden = await createSpace(server, org.id)
    const opened = await createSpace(server, org.id, { defaultLevel: 'comment' })
    expectError(await get(hidden.id, guest.token), 404)
    const res = await get(opened.id, guest.token)
    expect(res.status).toBe(200)
    expect(res.body.permissions).toMatchObject({ view: true, comment: true, edit: false })
  })

  it('hides private spaces from non-members (404) but shows them public and unlisted spaces, read-only', async () => {
    const outsider = await server.addOutsider()
    const secret = await createSpace(server, server.organizationId)
    expectError(await get(secret.id, outsider.token), 404)
    for (const visibility of ['public', 'unlisted']) {
      const open = await createSpace(server, server.organizationId, { visibility })
      const res = await get(open.id, outsider.token)
      expect(res.status, visibility).toBe(200)
      expect(res.body.permissions).toMatchObject({ view: true, edit: false, comment: false, admin: false })
    }
    for (const visibility of ['share-link', 'visitor-auth']) {
      const guarded = await createSpace(server, server.organizationId, { visibility })
      expectError(await get(guarded.id, outsider.token), 404)
    }
  })

  it('shows a guest of the organization what anyone may read: its public spaces', async () => {
    const org = await createOrganization(server)
    const guest = await server.addUser(null, { organizationId: org.id })
    const pub = await createSpace(server, org.id, { visibility: 'public' })
    const res = await get(pub.id, guest.token)
    expect(res.status).toBe(200)
    expect(res.body.permissions).toMatchObject({ view: true, edit: false })
    await createSpace(server, org.id)
    expect(await idsOf(server, `/v1/orgs/${org.id}/spaces`, guest.token)).toEqual([pub.id])
  })

  it('answers 404 for a missing space and 401 without a token', async () => {
    expectError(await get('no-such-space'), 404, 'no-such-space')
    const space = await createSpace(server, server.organizationId)
    expectError(await get(space.id, null), 401)
  })
})

describe('PATCH /v1/spaces/{spaceId}', () => {
  it('updates title, emoji, icon, edit mode, default level, language and visibility', async () => {
    const space = await createSpace(server, server.organizationId, { title: 'Before' })
    await new Promise((resolve) => setTimeout(resolve, 5))
    const res = await patch(space.id, {
      title: 'After',
      emoji: '🚀',
      icon: 'https://example.com/icon.png',
      editMode: 'locked',
      defaultLevel: 'comment',
      language: 'de',
      visibility: 'unlisted',
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      id: space.id,
      title: 'After',
      emoji: '🚀',
      editMode: 'locked',
      defaultLevel: 'comment',
      language: 'de',
      visibility: 'unlisted',
      urls: { icon: 'https://example.com/icon.png' },
      createdAt: space.createdAt,
      revision: space.revision,
    })
    expectIsoTimestamp(res.body.updatedAt)
    expect(res.body.updatedAt > space.updatedAt).toBe(true)
    expect((await get(space.id)).body).toEqual(res.body)
  })

  it('clears emoji, icon and language with null', async () => {
    const space = await createSpace(server, server.organizationId, { emoji: '📗', language: 'fr' })
    await patch(space.id, { icon: 'https://example.com/i.png' })
    const res = await patch(space.id, { emoji: null, icon: null, language: null })
    expect(res.status).toBe(200)
    expect(res.body.emoji).toBe('')
    expect(res.body.urls.icon).toBeUndefined()
    expect(res.body.language).toBeUndefined()
  })

  it('turns edit permissions off while the space is locked, and back on when it is live again', async () => {
    const org = await createOrganization(server)
    const space = await createSpace(server, org.id)
    const editor = await server.addUser('edit', { organizationId: org.id })
    const locked = await patch(space.id, { editMode: 'locked' })
    expect(locked.body.permissions).toMatchObject({ edit: false, merge: false, admin: true, view: true })
    expect((await get(space.id, editor.token)).body.permissions).toMatchObject({ view: true, edit: false, merge: false })
    expectError(await server.request('POST', `/v1/spaces/${space.id}/change-requests`, { body: { subject: 'Blocked' }, token: editor.token }), 403, 'locked')
    const live = await patch(space.id, { editMode: 'live' })
    expect(live.body.permissions.edit).toBe(true)
    expect((await get(space.id, editor.token)).body.permissions.edit).toBe(true)
    expect((await server.request('POST', `/v1/spaces/${space.id}/change-requests`, { body: { subject: 'Allowed' }, token: editor.token })).status).toBe(201)
  })

  it('allows in-collection visibility only for a space in a collection (400 at the root)', async () => {
    const rooted = await createSpace(server, server.organizationId)
    expectError(await patch(rooted.id, { visibility: 'in-collection' }), 400, 'body.visibility')
    expect((await get(rooted.id)).body.visibility).toBe('private')
    const collection = await createCollection(server, server.organizationId)
    const nested = await createSpace(server, server.organizationId, { parent: collection.id, visibility: 'private' })
    const res = await patch(nested.id, { visibility: 'in-collection' })
    expect(res.status).toBe(200)
    expect(res.body.visibility).toBe('in-collection')
  })

  it('refuses bad fields with 400 naming them, and changes nothing', async () => {
    const space = await createSpace(server, server.organizationId, { title: 'Unchanged' })
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'x'.repeat(51) }, 'body.title'],
      [{ emoji: 'smile' }, 'body.emoji'],
      [{ editMode: 'readonly' }, 'body.editMode'],
      [{ defaultLevel: 'owner' }, 'body.defaultLevel'],
      [{ language: 'xx' }, 'body.language'],
      [{ visibility: 'secret' }, 'body.visibility'],
      [{ icon: 'not a url' }, 'body.icon'],
      [{ mergeRules: { type: 'sometimes' } }, 'body.mergeRules.type'],
      [{ title: 'Changed', emoji: 'x' }, 'body.emoji'],
    ]
    for (const [body, field] of cases) expectError(await patch(space.id, body), 400, field)
    expectError(await server.request('PATCH', `/v1/spaces/${space.id}`), 400, 'body')
    expect((await get(space.id)).body.title).toBe('Unchanged')
  })

  it('lets only admins of the space update it (403 for every other role)', async () => {
    const org = await createOrganization(server)
    const space = await createSpace(server, org.id, { title: 'Kept' })
    for (const role of ['create', 'review', 'edit', 'comment', 'read']) {
      const member = await server.addUser(role, { organizationId: org.id })
      expectError(await patch(space.id, { title: 'Nope' }, member.token), 403, 'admin')
    }
    expect((await get(space.id)).body.title).toBe('Kept')
    const delegated = await createSpace(server, org.id, { defaultLevel: 'admin' })
    const reader = await server.addUser('read', { organizationId: org.id })
    expect((await patch(delegated.id, { title: 'Delegated' }, reader.token)).status).toBe(200)
  })

  it('answers 404 to a non-member, for a missing space and for a deleted one (saying how to restore it)', async () => {
    const space = await createSpace(server, server.organizationId)
    const outsider = await server.addOutsider()
    expectError(await patch(space.id, { title: 'x' }, outsider.token), 404)
    expectError(await patch('no-such-space', { title: 'x' }), 404)
    await server.request('DELETE', `/v1/spaces/${space.id}`)
    expectError(await patch(space.id, { title: 'x' }), 404, 'restore')
  })
})

describe('GET /v1/orgs/{organizationId}/spaces', () => {
  it('lists live spaces of every collection in the list envelope, page by page', async () => {
    const org = await createOrganization(server)
    const collection = await createCollection(server, org.id)
    const created: string[] = []
    for (let i = 0; i < 4; i++) created.push((await createSpace(server, org.id, { title: `Root ${i}` })).id)
    for (let i = 0; i < 3; i++) created.push((await createSpace(server, org.id, { title: `Nested ${i}`, parent: collection.id })).id)
    const first = await server.request('GET', `/v1/orgs/${org.id}/spaces?limit=3`)
    expect(first.body).toEqual({ next: { page: expect.any(String) }, count: 7, items: expect.any(Array) })
    const { items, pages, count } = await listAll(server, `/v1/orgs/${org.id}/spaces`, { limit: 3 })
    expect(count).toBe(7)
    expect(pages).toBe(3)
    expect(items.map((s) => s.id).sort()).toEqual([...created].sort())
    expect(new Set(items.map((s) => s.id)).size).toBe(7)
  })

  it('keeps paging stable while spaces are added during the walk', async () => {
    const org = await createOrganization(server)
    const created: string[] = []
    for (let i = 0; i < 6; i++) created.push((await createSpace(server, org.id, { title: `S${i}` })).id)
    const first = (await server.request('GET', `/v1/orgs/${org.id}/spaces?limit=2`)).body
    const late = await createSpace(server, org.id, { title: 'Late' })
    const seen = first.items.map((s: any) => s.id)
    let page = first.next?.page
    while (page) {
      const res = (await server.request('GET', `/v1/orgs/${org.id}/spaces?limit=2&page=${page}`)).body
      seen.push(...res.items.map((s: any) => s.id))
      page = res.next?.page
    }
    expect(seen).toEqual([...created, late.id])
  })

  it('shows every role member all live spaces, and a guest none that no default level opens', async () => {
    const org = await createOrganization(server)
    const collection = await createCollection(server, org.id)
    await createSpace(server, org.id)
    await createSpace(server, org.id, { parent: collection.id })
    const reader = await server.addUser('read', { organizationId: org.id })
    expect((await server.request('GET', `/v1/orgs/${org.id}/spaces`, { token: reader.token })).body.count).toBe(2)
    const guest = await server.addUser(null, { organizationId: org.id })
    expect((await server.request('GET', `/v1/orgs/${org.id}/spaces`, { token: guest.token })).body).toEqual({ count: 0, items: [] })
    const opened = await createSpace(server, org.id, { defaultLevel: 'read' })
    const res = await server.request('GET', `/v1/orgs/${org.id}/spaces`, { token: guest.token })
    expect(res.body.count).toBe(1)
    expect(res.body.items.map((s: any) => s.id)).toEqual([opened.id])
  })

  it('answers 404 to a non-member and for a missing organization', async () => {
    const outsider = await server.addOutsider()
    expectError(await server.request('GET', `/v1/orgs/${server.organizationId}/spaces`, { token: outsider.token }), 404)
    expectError(await server.request('GET', '/v1/orgs/no-such-org/spaces'), 404)
  })
})

describe('DELETE /v1/spaces/{spaceId} and POST /v1/spaces/{spaceId}/restore', () => {
  it('deletes a space to a restorable state: hidden from lists, still readable with deletedAt', async () => {
    const org = await createOrganization(server)
    const collection = await createCollection(server, org.id)
    const space = await createSpace(server, org.id, { parent: collection.id })
    const res = await server.request('DELETE', `/v1/spaces/${space.id}`)
    expect(res.status).toBe(204)
    expect(res.body).toBeUndefined()
    expect(await idsOf(server, `/v1/orgs/${org.id}/spaces`)).toEqual([])
    expect(await idsOf(server, `/v1/collections/${collection.id}/spaces`)).toEqual([])
    const read = await get(space.id)
    expect(read.status).toBe(200)
    expectIsoTimestamp(read.body.deletedAt)
  })

  it('refuses to change a deleted space until it is restored', async () => {
    const space = await createSpace(server, server.organizationId)
    await server.request('DELETE', `/v1/spaces/${space.id}`)
    expectError(await server.request('POST', `/v1/spaces/${space.id}/duplicate`), 404, 'restore')
    expectError(await move(space.id, { parent: null }), 404, 'restore')
    expectError(await server.request('POST', `/v1/spaces/${space.id}/change-requests`, { body: {} }), 404)
  })

  it('restores a deleted space into its collection and its place in the lists', async () => {
    const org = await createOrganization(server)
    const collection = await createCollection(server, org.id)
    const space = await createSpace(server, org.id, { parent: collection.id, emoji: '📙' })
    await server.request('DELETE', `/v1/spaces/${space.id}`)
    const res = await server.request('POST', `/v1/spaces/${space.id}/restore`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ object: 'space', id: space.id, parent: collection.id, visibility: 'in-collection', emoji: '📙' })
    expect(res.body.deletedAt).toBeUndefined()
    expect(await idsOf(server, `/v1/collections/${collection.id}/spaces`)).toEqual([space.id])
    expect((await get(space.id)).body.deletedAt).toBeUndefined()
  })

  it('restores a space to the organization root when its collection was deleted meanwhile', async () => {
    const org = await createOrganization(server)
    const collection = await createCollection(server, org.id)
    const space = await createSpace(server, org.id, { parent: collection.id })
    await server.request('DELETE', `/v1/spaces/${space.id}`)
    await server.request('DELETE', `/v1/collections/${collection.id}`)
    const res = await server.request('POST', `/v1/spaces/${space.id}/restore`)
    expect(res.status).toBe(200)
    expect(res.body.parent).toBeUndefined()
    expect(res.body.visibility).toBe('private')
    expect(await idsOf(server, `/v1/orgs/${org.id}/spaces`)).toEqual([space.id])
  })

  it('answers 409 when restoring a space that is not deleted', async () => {
    const space = await createSpace(server, server.organizationId)
    expectError(await server.request('POST', `/v1/spaces/${space.id}/restore`), 409, 'not deleted')
  })

  it('answers 204 for deleting a space that does not exist or is already deleted', async () => {
    const missing = await server.request('DELETE', '/v1/spaces/no-such-space')
    expect(missing.status).toBe(204)
    expect(missing.body).toBeUndefined()
    const space = await createSpace(server, server.organizationId)
    expect((await server.request('DELETE', `/v1/spaces/${space.id}`)).status).toBe(204)
    expect((await server.request('DELETE', `/v1/spaces/${space.id}`)).status).toBe(204)
  })

  it('lets only admins of the space delete or restore it, and hides it from non-members', async () => {
    const org = await createOrganization(server)
    const space = await createSpace(server, org.id)
    for (const role of ['create', 'edit', 'read']) {
      const member = await server.addUser(role, { organizationId: org.id })
      expectError(await server.request('DELETE', `/v1/spaces/${space.id}`, { token: member.token }), 403)
    }
    const outsider = await server.addOutsider()
    expectError(await server.request('DELETE', `/v1/spaces/${space.id}`, { token: outsider.token }), 404)
    expect((await get(space.id)).body.deletedAt).toBeUndefined()
    await server.request('DELETE', `/v1/spaces/${space.id}`)
    const reader = await server.addUser('read', { organizationId: org.id })
    expectError(await server.request('POST', `/v1/spaces/${space.id}/restore`, { token: reader.token }), 403)
    expectError(await server.request('POST', `/v1/spaces/${space.id}/restore`, { token: outsider.token }), 404)
    expectError(await server.request('POST', '/v1/spaces/no-such-space/restore'), 404)
  })
})

describe('POST /v1/spaces/{spaceId}/duplicate', () => {
  it('creates a copy with its content, a new id and a new revision, right after the original', async () => {
    const org = await createOrganization(server)
    const before = await createSpace(server, org.id, { title: 'Before' })
    const original = await createSpace(server, org.id, { title: 'Original', emoji: '📗', language: 'es', defaultLevel: 'comment' })
    await createSpace(server, org.id, { title: 'After' })
    expect(await addPage(original.id, 'Welcome')).toEqual(['Welcome'])
    const source = (await get(original.id)).body
    const res = await server.request('POST', `/v1/spaces/${original.id}/duplicate`)
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ object: 'space', title: 'Original (copy)', emoji: '📗', language: 'es', defaultLevel: 'comment', organization: org.id, visibility: 'private' })
    expect(res.body.id).not.toBe(original.id)
    expect(res.body.revision).not.toBe(source.revision)
    expect(await pageTitles(res.body.id)).toEqual(['Welcome'])
    expect(await titlesInOrganization(org.id)).toEqual(['Before', 'Original', 'Original (copy)', 'After'])
    expect(before.id).toBeDefined()
  })

  it('keeps the copy in the same collection, and independent of the original', async () => {
    const collection = await createCollection(server, server.organizationId)
    const original = await createSpace(server, server.organizationId, { title: 'In collection', parent: collection.id })
    const copy = (await server.request('POST', `/v1/spaces/${original.id}/duplicate`)).body
    expect(copy.parent).toBe(collection.id)
    await addPage(copy.id, 'Only in the copy')
    expect(await pageTitles(original.id)).toEqual([])
  })

  it('keeps the copy title within 50 characters', async () => {
    const original = await createSpace(server, server.organizationId, { title: 'y'.repeat(50) })
    const copy = (await server.request('POST', `/v1/spaces/${original.id}/duplicate`)).body
    expect(copy.title.length).toBeLessThanOrEqual(50)
    expect(copy.title.endsWith(' (copy)')).toBe(true)
  })

  it('lets members who may create content duplicate, refuses lower roles (403) and hides it from non-members (404)', async () => {
    const org = await createOrganization(server)
    const space = await createSpace(server, org.id)
    const creator = await server.addUser('create', { organizationId: org.id })
    expect((await server.request('POST', `/v1/spaces/${space.id}/duplicate`, { token: creator.token })).status).toBe(201)
    const editor = await server.addUser('edit', { organizationId: org.id })
    expectError(await server.request('POST', `/v1/spaces/${space.id}/duplicate`, { token: editor.token }), 403)
    const outsider = await server.addOutsider()
    expectError(await server.request('POST', `/v1/spaces/${space.id}/duplicate`, { token: outsider.token }), 404)
    expectError(await server.request('POST', '/v1/spaces/no-such-space/duplicate'), 404)
  })
})

describe('POST /v1/spaces/{spaceId}/move', () => {
  it('moves a space before or after another, and the list order follows', async () => {
    const org = await createOrganization(server)
    const collection = await createCollection(server, org.id)
    const a = await createSpace(server, org.id, { title: 'A', parent: collection.id })
    const b = await createSpace(server, org.id, { title: 'B', parent: collection.id })
    const c = await createSpace(server, org.id, { title: 'C', parent: collection.id })
    expect(await titlesInCollection(collection.id)).toEqual(['A', 'B', 'C'])
    const res = await move(c.id, { position: { before: { type: 'space', space: a.id } } })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ object: 'space', id: c.id, parent: collection.id })
    expect(await titlesInCollection(collection.id)).toEqual(['C', 'A', 'B'])
    await move(c.id, { position: { after: { type: 'space', space: a.id } } })
    expect(await titlesInCollection(collection.id)).toEqual(['A', 'C', 'B'])
    await move(a.id, { position: { after: { type: 'space', space: b.id } } })
    expect(await titlesInCollection(collection.id)).toEqual(['C', 'B', 'A'])
  })

  it('moves a space relative to a collection among the root items', async () => {
    const org = await createOrganization(server)
    const a = await createSpace(server, org.id, { title: 'A' })
    await createSpace(server, org.id, { title: 'B' })
    const folder = await createCollection(server, org.id)
    expect(await titlesInOrganization(org.id)).toEqual(['A', 'B'])
    const res = await move(a.id, { position: { after: { type: 'collection', collection: folder.id } } })
    expect(res.status).toBe(200)
    expect(await titlesInOrganization(org.id)).toEqual(['B', 'A'])
  })

  it('moves a space into a collection at a position, and out to the root where in-collection turns private', async () => {
    const org = await createOrganization(server)
    const collection = await createCollection(server, org.id)
    const first = await createSpace(server, org.id, { title: 'First', parent: collection.id })
    await createSpace(server, org.id, { title: 'Second', parent: collection.id })
    const moving = await createSpace(server, org.id, { title: 'Moving' })
    const into = await move(moving.id, { parent: collection.id, position: { after: { type: 'space', space: first.id } } })
    expect(into.status).toBe(200)
    expect(into.body.parent).toBe(collection.id)
    expect(await titlesInCollection(collection.id)).toEqual(['First', 'Moving', 'Second'])
    await patch(moving.id, { visibility: 'in-collection' })
    const out = await move(moving.id, { parent: null })
    expect(out.status).toBe(200)
    expect(out.body.parent).toBeUndefined()
    expect(out.body.visibility).toBe('private')
    expect(await titlesInCollection(collection.id)).toEqual(['First', 'Second'])
  })

  it('keeps other visibilities when a space leaves its collection', async () => {
    const collection = await createCollection(server, server.organizationId)
    const space = await createSpace(server, server.organizationId, { parent: collection.id, visibility: 'unlisted' })
    expect((await move(space.id, { parent: null })).body.visibility).toBe('unlisted')
  })

  it('refuses a position that is not a sibling at the destination, and an empty move, with 400', async () => {
    const org = await createOrganization(server)
    const collection = await createCollection(server, org.id)
    const inside = await createSpace(server, org.id, { parent: collection.id })
    const space = await createSpace(server, org.id)
    expectError(await move(space.id, { position: { before: { type: 'space', space: 'nope' } } }), 400, 'body.position.before')
    expectError(await move(space.id, { position: { after: { type: 'space', space: inside.id } } }), 400, 'body.position.after')
    expectError(await move(space.id, { position: { before: { type: 'space' } } }), 400, 'body.position')
    expectError(await move(space.id, {}), 400, 'body')
    expectError(await server.request('POST', `/v1/spaces/${space.id}/move`), 400, 'body')
    expectError(await move(space.id, { parent: 42 }), 400, 'body.parent')
  })

  it('answers 404 for a missing space or parent, and 400 for a parent in another organization', async () => {
    const space = await createSpace(server, server.organizationId)
    expectError(await move('no-such-space', { parent: null }), 404)
    expectError(await move(space.id, { parent: 'no-such-collection' }), 404)
    const other = await createOrganization(server)
    const foreign = await createCollection(server, other.id)
    expectError(await move(space.id, { parent: foreign.id }), 400, 'body.parent')
  })

  it('lets only admins of the space move it, into a collection where they may create', async () => {
    const org = await createOrganization(server)
    const target = await createCollection(server, org.id)
    const space = await createSpace(server, org.id)
    for (const role of ['create', 'read']) {
      const member = await server.addUser(role, { organizationId: org.id })
      expectError(await move(space.id, { parent: target.id }, member.token), 403)
    }
    const closedTarget = await createCollection(server, org.id, { defaultLevel: null })
    const delegated = await createSpace(server, org.id, { defaultLevel: 'admin' })
    const reader = await server.addUser('read', { organizationId: org.id })
    expectError(await move(delegated.id, { parent: closedTarget.id }, reader.token), 403)
    expect((await move(delegated.id, { position: { before: { type: 'space', space: space.id } } }, reader.token)).status).toBe(200)
    const outsider = await server.addOutsider()
    expectError(await move(space.id, { parent: target.id }, outsider.token), 404)
  })
})

describe('POST /v1/spaces/{spaceId}/transfer', () => {
  it('transfers a space to another organization the caller administers, at its root', async () => {
    const source = await createOrganization(server)
    const target = await createOrganization(server)
    const collection = await createCollection(server, source.id)
    const space = await createSpace(server, source.id, { parent: collection.id })
    const res = await server.request('POST', `/v1/spaces/${space.id}/transfer`, { body: { organization: target.id } })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ object: 'space', id: space.id, organization: target.id, visibility: 'private', revision: space.revision })
    expect(res.body.parent).toBeUndefined()
    expect(await idsOf(server, `/v1/orgs/${target.id}/spaces`)).toEqual([space.id])
    expect(await idsOf(server, `/v1/orgs/${source.id}/spaces`)).toEqual([])
    expect(await idsOf(server, `/v1/collections/${collection.id}/spaces`)).toEqual([])
  })

  it('answers 200 and changes nothing when the target is the same organization', async () => {
    const space = await createSpace(server, server.organizationId)
    const res = await server.request('POST', `/v1/spaces/${space.id}/transfer`, { body: { organization: server.organizationId } })
    expect(res.status).toBe(200)
    expect(res.body.organization).toBe(server.organizationId)
  })

  it('answers 404 when the caller is not a member of the target, and 403 when not its admin', async () => {
    const space = await createSpace(server, server.organizationId)
    const stranger = await server.addOutsider()
    const foreign = await createOrganization(server, {}, stranger.token)
    expectError(await server.request('POST', `/v1/spaces/${space.id}/transfer`, { body: { organization: foreign.id } }), 404)
    await server.request('POST', `/v1/orgs/${foreign.id}/invites`, { body: { emails: ['admin@example.com'], role: 'create' }, token: stranger.token })
    expectError(await server.request('POST', `/v1/spaces/${space.id}/transfer`, { body: { organization: foreign.id } }), 403)
    expectError(await server.request('POST', `/v1/spaces/${space.id}/transfer`, { body: { organization: 'no-such-org' } }), 404)
    expect((await get(space.id)).body.organization).toBe(server.organizationId)
  })

  it('answers 403 when the caller is not an admin of the source organization, even as admin of the space', async () => {
    const org = await createOrganization(server)
    const target = await createOrganization(server)
    const space = await createSpace(server, org.id, { defaultLevel: 'admin' })
    const member = await server.addUser('edit', { organizationId: org.id })
    await server.request('POST', `/v1/orgs/${target.id}/invites`, { body: { emails: [member.email], role: 'admin' } })
    expectError(await server.request('POST', `/v1/spaces/${space.id}/transfer`, { body: { organization: target.id }, token: member.token }), 403)
    expect((await get(space.id)).body.organization).toBe(org.id)
  })

  it('refuses a missing organization field with 400 and answers 404 for a missing space', async () => {
    const space = await createSpace(server, server.organizationId)
    expectError(await server.request('POST', `/v1/spaces/${space.id}/transfer`, { body: {} }), 400, 'body.organization')
    expectError(await server.request('POST', '/v1/spaces/no-such-space/transfer', { body: { organization: server.organizationId } }), 404)
  })
})
