import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useTestServer } from '../support/server'
import { createOrganization, createSpace, expectError } from '../support/factories'
import { makeRepository, settledGitJobs } from '../support/git'

const server = useTestServer({ beforeAll, afterAll })

/** Applies page changes to a space through a merged change request. */
async function edit(spaceId: string, changes: unknown[]) {
  const cr = (await server.request('POST', `/v1/spaces/${spaceId}/change-requests`, { body: { subject: 'Edit' } })).body
  const res = await server.request('POST', `/v1/spaces/${spaceId}/change-requests/${cr.id}/content`, { body: { changes } })
  expect(res.status).toBe(200)
  expect((await server.request('POST', `/v1/spaces/${spaceId}/change-requests/${cr.id}/merge`)).status).toBe(200)
  return (await server.request('GET', `/v1/spaces/${spaceId}/content/pages`)).body.pages
}

const search = (path: string, query: string, token?: string) => server.request('GET', `${path}?query=${encodeURIComponent(query)}`, { token })

describe('search', () => {
  it('finds pages and their sections in a space, ranked, and follows every merge', async () => {
    const org = await createOrganization(server)
    const space = await createSpace(server, org.id, { title: 'Handbook' })
    const pages = await edit(space.id, [
      { operation: 'insert_page', ref: 'guide', title: 'Installation guide', document: { markdown: '# Installation guide\n\nDownload the installer.\n\n## Upgrading\n\nRun the **upgrade** command, then restart.\n\n```\ninstaller --secret-flag\n```\n' } },
      { operation: 'insert_page', into: 'guide', title: 'Troubleshooting', document: { markdown: 'If the installation fails, read the [logs](https://x.io).\n' } },
      { operation: 'insert_page', title: 'Billing', document: { markdown: 'Invoices and plans.\n' } },
    ])
    const path = `/v1/spaces/${space.id}/search`

    const res = await search(path, 'installation')
    expect(res.status).toBe(200)
    // The page titled with the word ranks first; the other page matches in its text.
    expect(res.body.items.map((p: any) => p.title)).toEqual(['Installation guide', 'Troubleshooting'])
    const [guide, trouble] = res.body.items
    expect(guide).toMatchObject({ id: pages[0].id, path: 'installation-guide', rank: 1, resultType: 'page', ancestors: [], urls: { app: expect.stringContaining(`/s/${space.id}/installation-guide`) } })
    expect(trouble).toMatchObject({ path: 'installation-guide/troubleshooting', rank: 2, ancestors: [{ title: 'Installation guide' }] })
    expect(trouble.sections[0].body).toBe('If the installation fails, read the logs.')
    expect(guide.score).toBeGreaterThan(trouble.score)

    // A section is found by its own words, with its anchor; code blocks count as text, link targets do not.
    const upgrade = (await search(path, 'upgrade restart')).body.items
    expect(upgrade).toHaveLength(1)
    expect(upgrade[0].sections).toEqual([expect.objectContaining({ title: 'Upgrading', path: 'installation-guide#upgrading', resultType: 'section', urls: { app: expect.stringMatching(/#upgrading$/) } })])
    expect((await search(path, 'x.io')).body.items).toEqual([])
    // The last word matches as a prefix (results while typing); every word must match.
    expect((await search(path, 'invo')).body.items.map((p: any) => p.title)).toEqual(['Billing'])
    expect((await search(path, 'invoices installer')).body.items).toEqual([])

    // The index follows merges: edited, moved and deleted pages.
    await edit(space.id, [
      { operation: 'update_page', page: pages[1].id, document: { markdown: 'Receipts only.\n' } },
      { operation: 'delete_page', page: pages[0].id },
    ])
    expect((await search(path, 'invoices')).body.items).toEqual([])
    expect((await search(path, 'receipts')).body.items.map((p: any) => p.title)).toEqual(['Billing'])
    expect((await search(path, 'installation')).body.items).toEqual([])
  })

  it('rewrites only the sections an edit changed', async () => {
    const space = await createSpace(server, server.organizationId, { title: 'Sections' })
    const markdown = (second: string) => `# Guide\n\nIntro text.\n\n## One\n\nFirst part.\n\n## Two\n\n${second}\n\n## Three\n\nLast part.\n`
    const [page] = await edit(space.id, [{ operation: 'insert_page', title: 'Guide', document: { markdown: markdown('Second part.') } }])
    const rows = () => server.engine.db.selectFrom('search_rows').select(['id', 'anchor', 'hash']).where('space_id', '=', space.id).orderBy('anchor').execute()
    await search(`/v1/spaces/${space.id}/search`, 'part')
    const before = await rows()
    expect(before.map((r) => r.anchor)).toEqual(['', 'guide', 'one', 'three', 'two'])
    await edit(space.id, [{ operation: 'update_page', page: page.id, document: { markdown: markdown('Changed wording.') } }])
    const after = await rows()
    const changed = after.filter((r) => !before.some((b) => b.id === r.id && b.hash === r.hash))
    expect(changed.map((r) => r.anchor)).toEqual(['two'])
    // The changed section is rewritten in its row: no row is added or removed.
    expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id))
    expect((await search(`/v1/spaces/${space.id}/search`, 'wording')).body.items[0].sections[0]).toMatchObject({ title: 'Two', body: 'Changed wording.' })
    expect((await search(`/v1/spaces/${space.id}/search`, 'second')).body.items).toEqual([])
  })

  it('searches every space of an organization the caller can read, grouped by space', async () => {
    const org = await createOrganization(server)
    const open = await createSpace(server, org.id, { title: 'Open' })
    const closed = await createSpace(server, org.id, { title: 'Closed' })
    await edit(open.id, [{ operation: 'insert_page', title: 'Shared word', document: { markdown: 'Pelican facts.\n' } }])
    await edit(closed.id, [{ operation: 'insert_page', title: 'Secret', document: { markdown: 'Pelican secrets.\n' } }])
    const path = `/v1/orgs/${org.id}/search`
    const all = (await search(path, 'pelican')).body
    expect(all.items.map((s: any) => [s.type, s.title, s.pages.length]).sort()).toEqual([['space', 'Closed', 1], ['space', 'Open', 1]])

    // A guest sees only what is opened to it; an outsider learns nothing.
    await server.request('PATCH', `/v1/spaces/${open.id}`, { body: { visibility: 'public' } })
    const guest = await server.addUser(null, { organizationId: org.id })
    expect((await search(path, 'pelican', guest.token)).body.items.map((s: any) => s.title)).toEqual(['Open'])
    const outsider = await server.addOutsider()
    expectError(await search(path, 'pelican', outsider.token), 404)
    expectError(await search(`/v1/spaces/${closed.id}/search`, 'pelican', guest.token), 404)
  })

  it('finds what an import brings (the first search indexes it)', async () => {
    const org = await createOrganization(server)
    const space = await createSpace(server, org.id, { title: 'Imported' })
    const url = makeRepository({ 'README.md': '# Welcome\n\nAardvark habitats.\n', 'SUMMARY.md': '# Table of contents\n\n* [Welcome](README.md)\n' })
    await server.request('POST', `/v1/spaces/${space.id}/git/import`, { body: { url, ref: 'refs/heads/main' } })
    await settledGitJobs((method, p) => server.request(method, p), space.id, 1)
    expect((await search(`/v1/spaces/${space.id}/search`, 'aardvark')).body.items.map((p: any) => p.title)).toEqual(['Welcome'])
  })

  it('takes search syntax literally and validates the query', async () => {
    const space = await createSpace(server, server.organizationId, { title: 'Syntax' })
    for (const query of ['"unbalanced', 'NEAR(a b)', 'a OR', '*', 'col:umn', '-x', '()']) {
      const res = await search(`/v1/spaces/${space.id}/search`, query)
      expect(res.status, query).toBe(200)
    }
    expectError(await server.request('GET', `/v1/spaces/${space.id}/search`), 400, 'query')
    expectError(await search(`/v1/spaces/${space.id}/search`, 'x'.repeat(513)), 400, 'query')
    expectError(await search(`/v1/spaces/${space.id}/search`, ''), 400, 'query')
  })
})
