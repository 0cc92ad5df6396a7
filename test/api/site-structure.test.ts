import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useTestServer } from '../support/server'
import { createOrganization, createSite, createSpace, expectError, idsOf, listAll } from '../support/factories'

const server = useTestServer({ beforeAll, afterAll })

const site = (id: string) => `/v1/orgs/${server.organizationId}/sites/${id}`
const space = () => createSpace(server, server.organizationId)
const structure = async (siteId: string) => (await server.request('GET', `${site(siteId)}/structure`)).body

/** A new site without sections showing `count` new spaces at its root. */
async function rootSite(count = 1) {
  const spaces = []
  for (let i = 0; i < count; i++) spaces.push(await space())
  return createSite(server, server.organizationId, { spaces: spaces.map((s) => s.id) })
}

async function addSection(siteId: string, body: Record<string, unknown> = {}) {
  const res = await server.request('POST', `${site(siteId)}/sections`, { body: { spaceId: (await space()).id, ...body } })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body
}

async function addSiteSpace(siteId: string, body: Record<string, unknown> = {}) {
  const res = await server.request('POST', `${site(siteId)}/site-spaces`, { body: { spaceId: (await space()).id, ...body } })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body
}

const patchSection = (siteId: string, sectionId: string, body: unknown) => server.request('PATCH', `${site(siteId)}/sections/${sectionId}`, { body })
const patchSiteSpace = (siteId: string, siteSpaceId: string, body: unknown) => server.request('PATCH', `${site(siteId)}/site-spaces/${siteSpaceId}`, { body })
const sections = async (siteId: string) => (await listAll(server, `${site(siteId)}/sections`)).items
const siteSpaces = async (siteId: string, query = '') => (await listAll(server, `${site(siteId)}/site-spaces${query}`)).items
/** The root of the structure as `S:<title>` / `G:<title>[<section titles>]`. */
const outline = async (siteId: string) =>
  (await structure(siteId)).structure.map((item: any) => (item.object === 'site-section' ? `S:${item.title}` : `G:${item.title}[${item.sections.map((s: any) => s.title).join(',')}]`))

describe('site sections', () => {
  it('adds a section whose space becomes its first site-space; the root spaces of the site become the default section first', async () => {
    const made = await rootSite(2)
    const [firstRoot] = (await structure(made.id)).structure
    const section = await addSection(made.id, { title: 'Reference', icon: 'book' })
    expect(section).toMatchObject({ object: 'site-section', title: 'Reference', icon: 'book', path: 'reference', default: false, draft: false, siteSpaces: [{ object: 'site-space', default: true, section: section.id }] })
    const all = await sections(made.id)
    expect(all).toHaveLength(2)
    expect(all[0]).toMatchObject({ default: true, title: firstRoot.space.title, siteSpaces: [{ id: firstRoot.id, default: true }, { default: false }] })
    expect((await structure(made.id)).type).toBe('sections')
    expect((await server.request('GET', site(made.id))).body.siteSpaces).toBe(3)
  })

  it('names and paths a section after its space unless a title is given, keeping paths unique within the site', async () => {
    const made = await createSite(server, server.organizationId)
    const named = (await server.request('POST', `/v1/orgs/${server.organizationId}/spaces`, { body: { title: 'API Guide' } })).body
    const first = (await server.request('POST', `${site(made.id)}/sections`, { body: { spaceId: named.id } })).body
    const second = (await server.request('POST', `${site(made.id)}/sections`, { body: { spaceId: named.id, title: 'API guide' } })).body
    expect([first.title, first.path, first.default]).toEqual(['API Guide', 'api-guide', true])
    expect([second.title, second.path, second.default]).toEqual(['API guide', 'api-guide-2', false])
    const fresh = (await server.request('POST', `${site(made.id)}/sections`, { body: { spaceId: null, title: 'Brand new' } })).body
    expect(fresh.siteSpaces[0].space).toMatchObject({ title: 'Brand new', organization: server.organizationId })
  })

  it('updates title, path, icon, description and the default site space; null removes icon and description', async () => {
    const made = await createSite(server, server.organizationId)
    const section = await addSection(made.id)
    const extra = await addSiteSpace(made.id, { sectionId: section.id })
    const res = await patchSection(made.id, section.id, { title: 'Guides', path: 'guides', icon: 'compass', description: 'How-tos', defaultSiteSpace: extra.id })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ title: 'Guides', path: 'guides', icon: 'compass', description: 'How-tos' })
    expect(res.body.siteSpaces.map((s: any) => [s.id, s.default])).toEqual([
      [section.siteSpaces[0].id, false],
      [extra.id, true],
    ])
    const cleared = (await patchSection(made.id, section.id, { icon: null, description: null })).body
    expect(cleared.icon).toBeUndefined()
    expect(cleared.description).toBeUndefined()
    expect(cleared.title).toBe('Guides')
    const other = await addSection(made.id)
    expectError(await patchSection(made.id, section.id, { defaultSiteSpace: other.siteSpaces[0].id }), 400, 'body.defaultSiteSpace')
  })

  it('refuses a path used by another section of the site with 409, and bad fields with 400', async () => {
    const made = await createSite(server, server.organizationId)
    const a = await addSection(made.id, { title: 'Alpha' })
    const b = await addSection(made.id, { title: 'Beta' })
    expectError(await patchSection(made.id, b.id, { path: a.path }), 409, 'body.path')
    expect((await patchSection(made.id, a.path === 'alpha' ? a.id : a.id, { path: a.path })).status).toBe(200)
    const elsewhere = await createSite(server, server.organizationId)
    const c = await addSection(elsewhere.id, { title: 'Gamma' })
    expect((await patchSection(elsewhere.id, c.id, { path: a.path })).status).toBe(200)
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'x' }, 'body.title: must be at least 2'],
      [{ title: 'x'.repeat(129) }, 'body.title'],
      [{ path: '' }, 'body.path: must be at least 1'],
      [{ path: 'p'.repeat(101) }, 'body.path: must be at most 100'],
      [{ icon: 'i'.repeat(51) }, 'body.icon'],
      [{ description: 'd'.repeat(257) }, 'body.description'],
      [{ condition: '' }, 'body.condition: must be at least 1'],
      [{ condition: 'x'.repeat(1025) }, 'body.condition: must be at most 1024'],
    ]
    for (const [body, field] of cases) expectError(await patchSection(made.id, a.id, body), 400, field)
    expectError(await patchSection(made.id, 'missing', { title: 'Nope' }), 404)
    expectError(await server.request('POST', `${site(made.id)}/sections`, { body: {} }), 400, 'body.spaceId: is required')
    expectError(await server.request('POST', `${site(made.id)}/sections`, { body: { spaceId: (await space()).id, title: 'x' } }), 400, 'body.title')
  })

  it('keeps a condition when it is left out, replaces it when sent, removes it with null, and names the position of a syntax error', async () => {
    const made = await createSite(server, server.organizationId)
    const section = await addSection(made.id)
    expect((await patchSection(made.id, section.id, { condition: 'visitor.claims.plan == "pro"' })).body.condition).toBe('visitor.claims.plan == "pro"')
    expect((await patchSection(made.id, section.id, { title: 'Kept' })).body.condition).toBe('visitor.claims.plan == "pro"')
    expect((await patchSection(made.id, section.id, { condition: '!visitor.claims.unsigned.beta' })).body.condition).toBe('!visitor.claims.unsigned.beta')
    const removed = (await patchSection(made.id, section.id, { condition: null })).body
    expect(removed).not.toHaveProperty('condition')
    expect(removed.title).toBe('Kept')
    expectError(await patchSection(made.id, section.id, { condition: 'visitor.claims.plan ==' }), 400, 'body.condition: syntax error at position 23')
    expectError(await patchSection(made.id, section.id, { condition: 'process.env.HOME' }), 400, 'body.condition: syntax error at position 1')
    expectError(await patchSection(made.id, section.id, { condition: 'visitor.cookies.x' }), 400, 'position 9')
    expect((await patchSection(made.id, section.id, {})).body).not.toHaveProperty('condition')
  })

  it('makes the next section the default when the default is deleted, and leaves a site without sections when the last goes', async () => {
    const made = await createSite(server, server.organizationId)
    const a = await addSection(made.id, { title: 'Alpha' })
    const b = await addSection(made.id, { title: 'Beta' })
    const c = await addSection(made.id, { title: 'Gamma' })
    expect((await server.request('PATCH', site(made.id), { body: { defaultSiteSection: b.id } })).status).toBe(200)
    expect((await sections(made.id)).map((s) => s.default)).toEqual([false, true, false])
    expect((await server.request('DELETE', `${site(made.id)}/sections/${b.id}`)).status).toBe(204)
    expect((await sections(made.id)).map((s) => [s.id, s.default])).toEqual([
      [a.id, true],
      [c.id, false],
    ])
    expect((await server.request('DELETE', `${site(made.id)}/sections/${b.id}`)).status).toBe(204)
    await server.request('DELETE', `${site(made.id)}/sections/${a.id}`)
    expect((await sections(made.id)).map((s) => [s.id, s.default])).toEqual([[c.id, true]])
    await server.request('DELETE', `${site(made.id)}/sections/${c.id}`)
    expect(await structure(made.id)).toEqual({ type: 'siteSpaces', structure: [] })
    expect((await server.request('GET', site(made.id))).body.siteSpaces).toBe(0)
  })

  it('moves a section among its siblings with the deprecated move (before, after, to the end) and refuses a non-sibling', async () => {
    const made = await createSite(server, server.organizationId)
    const [a, b, c] = [await addSection(made.id, { title: 'Alpha' }), await addSection(made.id, { title: 'Beta' }), await addSection(made.id, { title: 'Gamma' })]
    const move = (id: string, body: unknown) => server.request('POST', `${site(made.id)}/sections/${id}/move`, { body })
    expect((await move(c.id, { position: { before: { type: 'site-section', siteSection: a.id } } })).body.id).toBe(c.id)
    expect(await outline(made.id)).toEqual(['S:Gamma', 'S:Alpha', 'S:Beta'])
    await move(c.id, { position: { after: { type: 'site-section', siteSection: b.id } } })
    expect(await outline(made.id)).toEqual(['S:Alpha', 'S:Beta', 'S:Gamma'])
    await move(a.id, {})
    expect(await outline(made.id)).toEqual(['S:Beta', 'S:Gamma', 'S:Alpha'])
    expectError(await move(a.id, { position: { before: { type: 'site-section', siteSection: 'elsewhere' } } }), 400, 'body.position.before')
    expectError(await move(a.id, { position: { before: { type: 'site-space', siteSpace: b.siteSpaces[0].id } } }), 400, 'body.position.before')
    expectError(await move('missing', {}), 404)
  })

  it('lists sections page by page; readers list, editors may not change the structure', async () => {
    const made = await createSite(server, server.organizationId)
    for (const title of ['One', 'Two', 'Three']) await addSection(made.id, { title })
    const listed = await listAll(server, `${site(made.id)}/sections`, { limit: 2 })
    expect([listed.pages, listed.items.map((s) => s.title)]).toEqual([2, ['One', 'Two', 'Three']])
    const reader = await server.addUser('read')
    expect((await server.request('GET', `${site(made.id)}/sections`, { token: reader.token })).status).toBe(200)
    const editor = await server.addUser('edit')
    expectError(await server.request('POST', `${site(made.id)}/sections`, { body: { spaceId: (await space()).id }, token: editor.token }), 403, 'create')
    expectError(await server.request('DELETE', `${site(made.id)}/sections/${listed.items[0].id}`, { token: editor.token }), 403)
    const outsider = await server.addOutsider()
    expectError(await server.request('GET', `${site(made.id)}/sections`, { token: outsider.token }), 404)
  })
})

describe('site spaces', () => {
  it('adds a space to the root of a site without sections, to the default section, or to the section named', async () => {
    const made = await rootSite(1)
    const root = await addSiteSpace(made.id)
    expect(root.section).toBeUndefined()
    expect(root.default).toBe(false)
    const other = await createSite(server, server.organizationId)
    const first = await addSection(other.id, { title: 'First' })
    const second = await addSection(other.id, { title: 'Second' })
    expect((await addSiteSpace(other.id)).section).toBe(first.id)
    expect((await addSiteSpace(other.id, { sectionId: second.id })).section).toBe(second.id)
    expectError(await server.request('POST', `${site(other.id)}/site-spaces`, { body: { spaceId: (await space()).id, sectionId: 'nope' } }), 404, 'nope')
    expectError(await server.request('POST', `${site(other.id)}/site-spaces`, { body: { spaceId: 'nope' } }), 404)
    const foreign = await createSpace(server, (await createOrganization(server)).id)
    expectError(await server.request('POST', `${site(other.id)}/site-spaces`, { body: { spaceId: foreign.id } }), 400, 'body.spaceId')
    expectError(await server.request('POST', `${site(other.id)}/site-spaces`, { body: {} }), 400, 'body.spaceId')
  })

  it('keeps one default per section and at the root, filtered with default=true|false', async () => {
    const made = await createSite(server, server.organizationId)
    const a = await addSection(made.id, { title: 'Alpha' })
    const b = await addSection(made.id, { title: 'Beta' })
    const a2 = await addSiteSpace(made.id, { sectionId: a.id })
    await addSiteSpace(made.id, { sectionId: b.id })
    expect(await idsOf(server, `${site(made.id)}/site-spaces?default=true`)).toEqual([a.siteSpaces[0].id, b.siteSpaces[0].id])
    expect((await siteSpaces(made.id, '?default=false')).map((s) => s.default)).toEqual([false, false])
    expect((await siteSpaces(made.id)).length).toBe(4)
    expect(a2.default).toBe(false)
  })

  it('makes the next site space the default when the default is deleted, in a section and at the root', async () => {
    const made = await rootSite(3)
    const [first, second, third] = await siteSpaces(made.id)
    await server.request('PATCH', site(made.id), { body: { defaultSiteSpace: second.id } })
    expect((await server.request('DELETE', `${site(made.id)}/site-spaces/${second.id}`)).status).toBe(204)
    expect((await siteSpaces(made.id)).map((s) => [s.id, s.default])).toEqual([
      [first.id, true],
      [third.id, false],
    ])
    expect((await server.request('DELETE', `${site(made.id)}/site-spaces/${second.id}`)).status).toBe(204)

    const sectioned = await createSite(server, server.organizationId)
    const section = await addSection(sectioned.id)
    const extra = await addSiteSpace(sectioned.id, { sectionId: section.id })
    await server.request('DELETE', `${site(sectioned.id)}/site-spaces/${section.siteSpaces[0].id}`)
    expect((await siteSpaces(sectioned.id)).map((s) => [s.id, s.default])).toEqual([[extra.id, true]])
    expect((await server.request('GET', site(sectioned.id))).body.siteSpaces).toBe(1)
  })

  it('keeps paths unique among siblings (409), allows the same path in another section, and changes the space shown', async () => {
    const made = await createSite(server, server.organizationId)
    const a = await addSection(made.id, { title: 'Alpha' })
    const b = await addSection(made.id, { title: 'Beta' })
    const a2 = await addSiteSpace(made.id, { sectionId: a.id })
    expect((await patchSiteSpace(made.id, a2.id, { path: 'v2' })).body.path).toBe('v2')
    expectError(await patchSiteSpace(made.id, a.siteSpaces[0].id, { path: 'v2' }), 409, 'body.path')
    expect((await patchSiteSpace(made.id, b.siteSpaces[0].id, { path: 'v2' })).status).toBe(200)
    const root = await rootSite(2)
    const [x, y] = await siteSpaces(root.id)
    expectError(await patchSiteSpace(root.id, y.id, { path: x.path }), 409, 'the root of the site')
    const replacement = await space()
    const swapped = (await patchSiteSpace(made.id, a2.id, { spaceId: replacement.id })).body
    expect([swapped.space.id, swapped.path]).toEqual([replacement.id, 'v2'])
    expectError(await patchSiteSpace(made.id, a2.id, { path: '' }), 400, 'body.path')
    expectError(await patchSiteSpace(made.id, a2.id, { spaceId: 'nope' }), 404)
    expectError(await patchSiteSpace(made.id, 'missing', { path: 'x' }), 404)
  })

  it('adds a second space with the same title under a unique path', async () => {
    const made = await createSite(server, server.organizationId)
    const named = (await server.request('POST', `/v1/orgs/${server.organizationId}/spaces`, { body: { title: 'Handbook' } })).body
    const first = (await server.request('POST', `${site(made.id)}/site-spaces`, { body: { spaceId: named.id } })).body
    const second = (await server.request('POST', `${site(made.id)}/site-spaces`, { body: { spaceId: named.id } })).body
    expect([first.path, second.path]).toEqual(['handbook', 'handbook-2'])
  })

  it('keeps, replaces and removes conditions (unset vs null), and refuses syntax errors with their position', async () => {
    const made = await rootSite(1)
    const [only] = await siteSpaces(made.id)
    expect((await patchSiteSpace(made.id, only.id, { condition: 'visitor.claims.roles.includes("admin")' })).body.condition).toBe('visitor.claims.roles.includes("admin")')
    expect((await patchSiteSpace(made.id, only.id, { path: 'admins' })).body.condition).toBe('visitor.claims.roles.includes("admin")')
    expect((await patchSiteSpace(made.id, only.id, { condition: null })).body).not.toHaveProperty('condition')
    expectError(await patchSiteSpace(made.id, only.id, { condition: '(visitor.claims.a' }), 400, 'position 18')
  })

  it('moves a site space among its siblings only', async () => {
    const made = await rootSite(3)
    const [a, b, c] = await siteSpaces(made.id)
    const move = (id: string, body: unknown) => server.request('POST', `${site(made.id)}/site-spaces/${id}/move`, { body })
    expect((await move(c.id, { position: { before: { type: 'site-space', siteSpace: a.id } } })).body.id).toBe(c.id)
    expect((await siteSpaces(made.id)).map((s) => s.id)).toEqual([c.id, a.id, b.id])
    await move(c.id, {})
    expect((await siteSpaces(made.id)).map((s) => s.id)).toEqual([a.id, b.id, c.id])
    expect((await siteSpaces(made.id)).map((s) => s.default)).toEqual([true, false, false])
    const other = await rootSite(1)
    const [foreign] = await siteSpaces(other.id)
    expectError(await move(a.id, { position: { after: { type: 'site-space', siteSpace: foreign.id } } }), 400, 'body.position.after')
  })
})

describe('section groups', () => {
  it('adds a group with sections, lists, renames, takes sections in and out, and deleting it keeps its sections in its place', async () => {
    const made = await createSite(server, server.organizationId)
    const [a, b, c, d] = [await addSection(made.id, { title: 'Alpha' }), await addSection(made.id, { title: 'Beta' }), await addSection(made.id, { title: 'Gamma' }), await addSection(made.id, { title: 'Delta' })]
    const res = await server.request('POST', `${site(made.id)}/section-groups`, { body: { title: 'APIs', icon: 'code', sections: [c.id, b.id] } })
    expect(res.status).toBe(201)
    const group = res.body
    expect(group).toMatchObject({ object: 'site-section-group', title: 'APIs', icon: 'code', draft: false })
    expect(group.sections.map((s: any) => [s.title, s.sectionGroup])).toEqual([
      ['Gamma', group.id],
      ['Beta', group.id],
    ])
    expect(group.children).toEqual(group.sections)
    expect(await outline(made.id)).toEqual(['S:Alpha', 'S:Delta', 'G:APIs[Gamma,Beta]'])
    expect(await idsOf(server, `${site(made.id)}/section-groups`)).toEqual([group.id])

    const renamed = await server.request('PATCH', `${site(made.id)}/section-groups/${group.id}`, { body: { title: 'Reference', icon: null } })
    expect(renamed.body).toMatchObject({ title: 'Reference' })
    expect(renamed.body.icon).toBeUndefined()

    const added = await server.request('POST', `${site(made.id)}/section-groups/${group.id}/sections`, { body: { sectionId: a.id } })
    expect(added.body.sections.map((s: any) => s.title)).toEqual(['Gamma', 'Beta', 'Alpha'])
    await server.request('POST', `${site(made.id)}/section-groups/${group.id}/move`, { body: { position: { before: { type: 'site-section', id: d.id } } } })
    expect(await outline(made.id)).toEqual(['G:Reference[Gamma,Beta,Alpha]', 'S:Delta'])
    expect((await server.request('DELETE', `${site(made.id)}/section-groups/${group.id}/sections/${b.id}`)).status).toBe(204)
    expect(await outline(made.id)).toEqual(['G:Reference[Gamma,Alpha]', 'S:Beta', 'S:Delta'])
    expect((await server.request('DELETE', `${site(made.id)}/section-groups/${group.id}/sections/${b.id}`)).status).toBe(204)

    expect((await server.request('DELETE', `${site(made.id)}/section-groups/${group.id}`)).status).toBe(204)
    expect(await outline(made.id)).toEqual(['S:Gamma', 'S:Alpha', 'S:Beta', 'S:Delta'])
    expect((await sections(made.id)).every((s) => s.sectionGroup === undefined)).toBe(true)
    expect((await server.request('DELETE', `${site(made.id)}/section-groups/${group.id}`)).status).toBe(204)
    expect(await idsOf(server, `${site(made.id)}/section-groups`)).toEqual([])
  })

  it('refuses bad titles and sections of other sites, and unknown groups with 404', async () => {
    const made = await createSite(server, server.organizationId)
    const other = await createSite(server, server.organizationId)
    const foreign = await addSection(other.id)
    const groups = `${site(made.id)}/section-groups`
    expectError(await server.request('POST', groups, { body: {} }), 400, 'body.title: is required')
    expectError(await server.request('POST', groups, { body: { title: '' } }), 400, 'body.title')
    expectError(await server.request('POST', groups, { body: { title: 't'.repeat(101) } }), 400, 'body.title')
    expectError(await server.request('POST', groups, { body: { title: 'G', sections: [foreign.id] } }), 400, 'body.sections[0]')
    const group = (await server.request('POST', groups, { body: { title: 'G' } })).body
    expectError(await server.request('POST', `${groups}/${group.id}/sections`, { body: { sectionId: foreign.id } }), 400, 'body.sectionId')
    expectError(await server.request('PATCH', `${groups}/missing`, { body: { title: 'X' } }), 404)
    expectError(await server.request('POST', `${groups}/missing/move`, { body: {} }), 404)
    expectError(await server.request('POST', `${groups}/${group.id}/move`, { body: { position: { after: { type: 'site-section', id: foreign.id } } } }), 400, 'body.position.after')
  })
})

describe('site structure and sortSiteStructure', () => {
  it('moves site spaces, sections and groups among their siblings and answers the moved item', async () => {
    const made = await createSite(server, server.organizationId)
    const [a, b, c] = [await addSection(made.id, { title: 'Alpha' }), await addSection(made.id, { title: 'Beta' }), await addSection(made.id, { title: 'Gamma' })]
    const group = (await server.request('POST', `${site(made.id)}/section-groups`, { body: { title: 'Group', sections: [b.id] } })).body
    const sort = (body: unknown) => server.request('PATCH', `${site(made.id)}/structure/sort`, { body })
    const moved = await sort({ item: { type: 'site-section-group', id: group.id }, position: { before: { type: 'site-section', id: a.id } } })
    expect(moved.status).toBe(200)
    expect(moved.body).toMatchObject({ object: 'site-section-group', id: group.id })
    expect(await outline(made.id)).toEqual(['G:Group[Beta]', 'S:Alpha', 'S:Gamma'])
    expect((await sort({ item: { type: 'site-section', id: c.id }, position: { after: { type: 'site-section-group', id: group.id } } })).body).toMatchObject({ object: 'site-section', id: c.id })
    expect(await outline(made.id)).toEqual(['G:Group[Beta]', 'S:Gamma', 'S:Alpha'])
    await sort({ item: { type: 'site-section', id: c.id }, position: {} })
    expect(await outline(made.id)).toEqual(['G:Group[Beta]', 'S:Alpha', 'S:Gamma'])

    const extra = await addSiteSpace(made.id, { sectionId: a.id })
    const spaceMoved = await sort({ item: { type: 'site-space', id: extra.id }, position: { before: { type: 'site-space', id: a.siteSpaces[0].id } } })
    expect(spaceMoved.body).toMatchObject({ object: 'site-space', id: extra.id, default: false })
    expect((await sections(made.id)).find((s) => s.id === a.id).siteSpaces.map((s: any) => s.id)).toEqual([extra.id, a.siteSpaces[0].id])

    expectError(await sort({ item: { type: 'site-section', id: b.id }, position: { before: { type: 'site-section', id: a.id } } }), 400, 'body.position.before')
    expectError(await sort({ item: { type: 'site-space', id: extra.id }, position: { before: { type: 'site-space', id: c.siteSpaces[0].id } } }), 400, 'body.position.before')
    expectError(await sort({ item: { type: 'site-section', id: c.id }, position: { before: { type: 'site-space', id: a.id } } }), 400, 'is not a site-space')
    expectError(await sort({ item: { type: 'site-section', id: 'missing' }, position: {} }), 404)
    expectError(await sort({ item: { type: 'site-external-link', id: 'x' }, position: {} }), 400, 'body.item.type')
    expectError(await sort({ item: { type: 'site-section', id: a.id } }), 400, 'body.position: is required')
  })

  it('keeps its order after many moves between the same neighbours (renumbering when no room is left)', async () => {
    const made = await rootSite(3)
    const [a, b, c] = await siteSpaces(made.id)
    const sort = (id: string, beforeId: string) => server.request('PATCH', `${site(made.id)}/structure/sort`, { body: { item: { type: 'site-space', id }, position: { before: { type: 'site-space', id: beforeId } } } })
    for (let i = 0; i < 60; i++) {
      expect((await sort(i % 2 ? c.id : b.id, i % 2 ? b.id : c.id)).status).toBe(200)
    }
    expect((await siteSpaces(made.id)).map((s) => s.id)).toEqual([a.id, c.id, b.id])
  })

  it('shows every section and site space with its condition, conditions not applied', async () => {
    const made = await createSite(server, server.organizationId)
    const section = await addSection(made.id)
    await patchSection(made.id, section.id, { condition: 'false' })
    const res = await structure(made.id)
    expect(res.structure[0]).toMatchObject({ id: section.id, condition: 'false', urls: {} })
    expect(res.structure[0].urls.published).toBeUndefined()
    await server.request('POST', `${site(made.id)}/publish`)
    expect((await structure(made.id)).structure[0].urls.published).toBe(`${server.url}/sites/${made.id}/${section.path}/`)
  })
})
