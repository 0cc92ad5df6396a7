import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useTestServer } from '../support/server'
import { createSpace, expectError, listAll } from '../support/factories'
import { startFixtureServer, type FixtureServer } from '../support/http-fixture'

const server = useTestServer({ beforeAll, afterAll })
let org: string
let provider: FixtureServer
const base = () => `/v1/orgs/${org}/translations`

const SOURCE = [
  '# Getting started',
  '',
  'Install the **tool** with `npm install docsctl` and read [the guide](guide.md).',
  '',
  '{% hint style="info" %}',
  'Keep your token secret.',
  '{% endhint %}',
  '',
  '```bash',
  'echo "do not translate"',
  '```',
  '',
  '- First step',
  '| Name | Value |',
].join('\n')

beforeAll(async () => {
  org = server.organizationId
  // A machine translation service: upper-cases every text and records what it was asked.
  provider = await startFixtureServer({
    '/translate': (_req, res, body) => {
      const request = JSON.parse(body)
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ texts: request.texts.map((t: string) => t.toUpperCase()) }))
    },
  })
})
afterAll(async () => {
  delete process.env.DOCSCTL_TRANSLATION_URL
  await provider.close()
})

async function sourceSpace(pages: { title: string; markdown: string; into?: string; ref?: string }[]) {
  const space = await createSpace(server, org, { title: 'Handbook' })
  const cr = (await server.request('POST', `/v1/spaces/${space.id}/change-requests`, { body: { subject: 'Setup' } })).body
  await server.request('POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/content`, {
    body: { changes: pages.map((p) => ({ operation: 'insert_page', title: p.title, ref: p.ref, into: p.into, document: { markdown: p.markdown } })) },
  })
  expect((await server.request('POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/merge`)).status).toBe(200)
  return space
}

async function edit(spaceId: string, pageId: string, markdown: string) {
  const cr = (await server.request('POST', `/v1/spaces/${spaceId}/change-requests`, { body: { subject: 'Edit' } })).body
  await server.request('POST', `/v1/spaces/${spaceId}/change-requests/${cr.id}/content`, { body: { changes: [{ operation: 'update_page', page: pageId, document: { markdown } }] } })
  await server.request('POST', `/v1/spaces/${spaceId}/change-requests/${cr.id}/merge`)
}

/** Runs the translation and waits (polling) until the run is over. */
async function run(id: string, runs: number) {
  const res = await server.request('POST', `${base()}/${id}/run`)
  expect(res.status).toBe(204)
  for (let i = 0; i < 500; i++) {
    const t = (await server.request('GET', `${base()}/${id}`)).body
    if (t.status === 'completed' && t.stats.runs === runs) return t
    await new Promise((r) => setTimeout(r, 20))
  }
  throw new Error('translation did not complete')
}

const pagesOf = async (spaceId: string) => (await server.request('GET', `/v1/spaces/${spaceId}/content/pages`)).body.pages
const markdownOf = async (spaceId: string, pageId: string) => (await server.request('GET', `/v1/spaces/${spaceId}/content/page/${pageId}?format=markdown`)).body.markdown

describe('translations', () => {
  it('creates a pending translation, runs it into a target space that mirrors the source tree, pseudo-localised', async () => {
    const space = await sourceSpace([{ title: 'Getting started', ref: 'start', markdown: SOURCE }, { title: 'Guide', into: 'start', markdown: 'Read *this* first.\n' }])
    const created = await server.request('POST', base(), { body: { language: 'fr', source: { space: space.id, language: 'en' } } })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ object: 'translation', status: 'pending', language: 'fr', source: { space: space.id, language: 'en' }, instructions: { object: 'document', data: {}, nodes: [] }, permissions: { view: true, edit: true } })
    expect(created.body.result).toBeUndefined()
    expect(created.body.stats).toEqual({ runs: 0, totalWords: 0, totalPages: 0, totalDuration: 0, latestRunDuration: 0, latestPages: 0, latestWords: 0 })

    const done = await run(created.body.id, 1)
    expect(done.result).toEqual({ space: expect.any(String), revision: expect.any(String), language: 'fr' })
    expect(done.stats).toMatchObject({ runs: 1, totalPages: 2, latestPages: 2 })
    expect(done.stats.latestWords).toBeGreaterThan(10)
    const target = (await server.request('GET', `/v1/spaces/${done.result.space}`)).body
    expect(target).toMatchObject({ language: 'fr', revision: done.result.revision })

    const source = await pagesOf(space.id)
    const translated = await pagesOf(done.result.space)
    expect(translated.map((p: any) => [p.id, p.slug, p.pages.map((c: any) => [c.id, c.slug])])).toEqual(source.map((p: any) => [p.id, p.slug, p.pages.map((c: any) => [c.id, c.slug])]))
    expect(translated[0].title).toBe('⟦fr: Ĝéţţíñĝ šţáŕţéď⟧')
    const markdown = await markdownOf(done.result.space, translated[0].id)
    // Protected: code, tags, link targets, Markdown markers. Translated: everything else, visibly marked.
    expect(markdown).toContain('`npm install docsctl`')
    expect(markdown).toContain('](guide.md)')
    expect(markdown).toContain('{% hint style="info" %}')
    expect(markdown).toContain('{% endhint %}')
    expect(markdown).toContain('```bash\necho "do not translate"\n```')
    expect(markdown).toContain('# ⟦fr: Ĝéţţíñĝ šţáŕţéď⟧')
    expect(markdown).toContain('⟦fr: Ķééþ ýöúŕ ţöķéñ šéçŕéţ.⟧')
    expect(markdown).toContain('- ⟦fr: Ƒíŕšţ šţéþ⟧')
    expect(markdown).toContain('**⟦fr: ţööľ⟧**')
    expect(markdown).toContain('[⟦fr: ţĥé ĝúíďé⟧](guide.md)')
    expect(markdown).toContain('| ⟦fr: Ñáɱé⟧ | ⟦fr: Ṽáľúé⟧ |')
  })

  it('re-runs translating only the pages that changed, into a new revision of the same space', async () => {
    const space = await sourceSpace([{ title: 'One', markdown: 'First page.\n' }, { title: 'Two', markdown: 'Second page.\n' }])
    const t = (await server.request('POST', base(), { body: { language: 'de', source: { space: space.id, language: 'en' } } })).body
    const first = await run(t.id, 1)
    expect(first.stats).toMatchObject({ latestPages: 2, totalPages: 2 })
    const unchanged = await run(t.id, 2)
    expect(unchanged.stats).toMatchObject({ runs: 2, latestPages: 0, latestWords: 0, totalPages: 2, totalWords: first.stats.totalWords })
    expect(unchanged.result.space).toBe(first.result.space)

    const [, two] = await pagesOf(space.id)
    await edit(space.id, two.id, 'Second page, edited.\n')
    const after = await run(t.id, 3)
    expect(after.stats).toMatchObject({ runs: 3, latestPages: 1, totalPages: 2 })
    expect(after.stats.latestWords).toBe(4)
    expect(after.result.space).toBe(first.result.space)
    expect(after.result.revision).not.toBe(first.result.revision)
    expect(await markdownOf(after.result.space, two.id)).toBe('⟦de: Šéçöñď þáĝé, éďíţéď.⟧\n')
  })

  it('uses the HTTP provider when one is configured, sending the instructions text', async () => {
    process.env.DOCSCTL_TRANSLATION_URL = `${provider.url}/translate`
    try {
      const space = await sourceSpace([{ title: 'Hello', markdown: 'Hello `code` world.\n' }])
      const instructions = { object: 'document', data: { schemaVersion: 1 }, nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Use a formal tone.', marks: [] }] }] }] }
      const t = (await server.request('POST', base(), { body: { language: 'es', source: { space: space.id, language: 'en' }, instructions } })).body
      const done = await run(t.id, 1)
      const [page] = await pagesOf(done.result.space)
      expect(page.title).toBe('HELLO')
      expect(await markdownOf(done.result.space, page.id)).toBe('HELLO `code` WORLD.\n')
      const sent = JSON.parse(provider.requests.at(-1)!.body)
      expect(sent).toMatchObject({ sourceLanguage: 'en', targetLanguage: 'es', instructions: 'Use a formal tone.' })
    } finally {
      delete process.env.DOCSCTL_TRANSLATION_URL
    }
  })

  it('is running while the provider works, and completed once it answered', async () => {
    // A provider held open by the test: the run stays in the running state until it is let go.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    provider.routes['/held'] = (_req, res, body) => {
      void held.then(() => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ texts: JSON.parse(body).texts })))
    }
    process.env.DOCSCTL_TRANSLATION_URL = `${provider.url}/held`
    try {
      const space = await sourceSpace([{ title: 'Held', markdown: 'Text.\n' }])
      const t = (await server.request('POST', base(), { body: { language: 'pt', source: { space: space.id, language: 'en' } } })).body
      expect((await server.request('POST', `${base()}/${t.id}/run`)).status).toBe(204)
      let status = ''
      for (let i = 0; i < 500 && status !== 'running'; i++) {
        status = (await server.request('GET', `${base()}/${t.id}`)).body.status
        if (status !== 'running') await new Promise((r) => setTimeout(r, 10))
      }
      expect(status).toBe('running')
      release()
      for (let i = 0; i < 500 && status !== 'completed'; i++) {
        status = (await server.request('GET', `${base()}/${t.id}`)).body.status
        if (status !== 'completed') await new Promise((r) => setTimeout(r, 10))
      }
      expect(status).toBe('completed')
    } finally {
      release()
      delete process.env.DOCSCTL_TRANSLATION_URL
    }
  })

  it('gets, lists, updates instructions and deletes (205 when deleted, 204 when there was none)', async () => {
    const space = await sourceSpace([{ title: 'Page', markdown: 'Text.\n' }])
    const t = (await server.request('POST', base(), { body: { language: 'it', source: { space: space.id, language: 'en' } } })).body
    expect((await server.request('GET', `${base()}/${t.id}`)).body.id).toBe(t.id)
    const all = await listAll(server, base(), { limit: 1 })
    expect(all.items.map((x: any) => x.id)).toContain(t.id)
    const instructions = { object: 'document', data: {}, nodes: [{ object: 'block', type: 'paragraph', nodes: [] }] }
    const put = await server.request('PUT', `${base()}/${t.id}`, { body: { instructions } })
    expect(put.status).toBe(200)
    expect(put.body.instructions).toEqual(instructions)
    const deleted = await server.request('DELETE', `${base()}/${t.id}`)
    expect(deleted.status).toBe(205)
    expect(deleted.body).toBeUndefined()
    expect((await server.request('DELETE', `${base()}/${t.id}`)).status).toBe(204)
    expectError(await server.request('GET', `${base()}/${t.id}`), 404, t.id)
    expectError(await server.request('POST', `${base()}/${t.id}/run`), 404)
  })

  it('validates input and permissions', async () => {
    const space = await createSpace(server, org, { title: 'Src' })
    expectError(await server.request('POST', base(), { body: { language: 'xx', source: { space: space.id, language: 'en' } } }), 400, 'language')
    expectError(await server.request('POST', base(), { body: { source: { space: space.id, language: 'en' } } }), 400, 'language')
    expectError(await server.request('POST', base(), { body: { language: 'fr', source: { space: space.id } } }), 400, 'language')
    expectError(await server.request('POST', base(), { body: { language: 'en', source: { space: space.id, language: 'en' } } }), 400, 'body.language')
    expectError(await server.request('POST', base(), { body: { language: 'fr', source: { space: 'nope', language: 'en' } } }), 404, 'nope')
    expectError(await server.request('POST', base(), { body: { language: 'fr', source: { space: space.id, language: 'en' }, instructions: { object: 'paragraph', data: {}, nodes: [] } } }), 400, 'instructions')
    expectError(await server.request('POST', base(), { body: { language: 'fr', source: { space: space.id, language: 'en' }, instructions: { object: 'document', data: {}, nodes: [{ object: 'leaf' }] } } }), 400, 'instructions')
    const t = (await server.request('POST', base(), { body: { language: 'fr', source: { space: space.id, language: 'en' } } })).body
    expectError(await server.request('PUT', `${base()}/${t.id}`, { body: {} }), 400, 'instructions')
    const reader = await server.addUser('read')
    expect((await server.request('GET', `${base()}/${t.id}`, { token: reader.token })).body.permissions).toEqual({ view: true, edit: false })
    expectError(await server.request('POST', `${base()}/${t.id}/run`, { token: reader.token }), 403)
    expectError(await server.request('DELETE', `${base()}/${t.id}`, { token: reader.token }), 403)
    expectError(await server.request('POST', base(), { body: { language: 'fr', source: { space: space.id, language: 'en' } }, token: reader.token }), 403)
    const outsider = await server.addOutsider()
    expectError(await server.request('GET', `${base()}/${t.id}`, { token: outsider.token }), 404)
    expectError(await server.request('GET', base(), { token: null }), 401)
  })
})
