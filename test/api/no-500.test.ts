/**
 * No input makes a 500: every operation of the table is called with arbitrary JSON bodies, query values and path
 * parameters (fast-check), and must answer a 2xx or 4xx with GitBook's error body.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operations } from '../../src/api/index'
import { useTestServer } from '../support/server'

const server = useTestServer({ beforeAll, afterAll })

const pathValue = fc.oneof(fc.constantFrom('x', '1', '0', '-1', '..', '%2F', 'a b', 'README.md'), fc.string({ maxLength: 12 }))
const json = fc.jsonValue({ maxDepth: 3 })
const BODY_KEYS = ['title', 'parent', 'position', 'changes', 'emoji', 'organization', 'role', 'url', 'source', 'document', 'status', 'subject', 'files']
const COMMENT_BODY_KEYS = ['body', 'page', 'node', 'tableCell', 'resolved', 'addedReactions', 'removedReactions', 'users', 'comment']
const ORG_BODY_KEYS = ['teams', 'members', 'add', 'remove', 'memberships', 'level', 'space', 'collection', 'label', 'certificate', 'ssoURL', 'defaultTeam', 'emails']
const SITE_BODY_KEYS = ['spaces', 'spaceId', 'sectionId', 'path', 'condition', 'jsonSchema', 'item', 'name', 'active', 'proxy', 'hostname', 'basename', 'claims', 'expiresIn', 'sections', 'defaultSiteSpace', 'defaultSiteSection', 'visibility', 'adaptiveContent', 'icon', 'description', 'type']
const QUERY_KEYS = ['limit', 'page', 'nested', 'status', 'format', 'only', 'order', 'authors', 'targetPage', 'outdated', 'shareKey', 'visitorAuthToken', 'space', 'title', 'published', 'default', 'role', 'search', 'sort', 'owner']
const bodyValue = fc.oneof(json, fc.dictionary(fc.constantFrom(...BODY_KEYS, ...COMMENT_BODY_KEYS, ...ORG_BODY_KEYS, ...SITE_BODY_KEYS), json, { maxKeys: 4 }))
const queryValue = fc.dictionary(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 8 }), { maxKeys: 3 })

describe('arbitrary input', () => {
  for (const op of operations) {
    it(`${op.method} ${op.path} never answers 500`, async () => {
      await fc.assert(
        fc.asyncProperty(pathValue, queryValue, bodyValue, async (param, query, body) => {
          const path = op.path.replace(/\{\w+\}/g, () => encodeURIComponent(param))
          const search = new URLSearchParams(query).toString()
          const res = await server.request(op.method, `/v1${path}${search ? `?${search}` : ''}`, op.method === 'GET' || op.method === 'DELETE' ? {} : { body })
          expect(res.status, JSON.stringify({ path, search, body, answer: res.body })).toBeLessThan(500)
          if (res.status >= 400) expect(res.body).toEqual({ error: { code: res.status, message: expect.any(String), ...(res.body.error.data ? { data: expect.anything() } : {}) } })
        }),
        { numRuns: Number(process.env.FUZZ_RUNS ?? 15), seed: Number(process.env.FUZZ_SEED ?? 42) },
      )
    })
  }
})

describe('arbitrary input on a real site', () => {
  /** Real ids for every path parameter of the site operations, so the fuzzing reaches their handlers. */
  let ids: Record<string, string>
  // Deletes last, the deepest first, so that the site and its parts exist while the other operations are fuzzed.
  const siteOperations = operations
    .filter((op) => op.path.startsWith('/orgs/{organizationId}/sites'))
    .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE') || (a.method === 'DELETE' ? b.path.length - a.path.length : 0))
  const siteBody = fc.oneof(
    json,
    fc.dictionary(
      fc.constantFrom(...SITE_BODY_KEYS),
      fc.oneof(json, fc.string({ maxLength: 40 }), fc.constantFrom('visitor.claims.a == 1', 'visitor.claims[', '(((', 'new', 'docs.acme.io', 'acme.com/docs'), fc.record({ type: fc.constantFrom('site-space', 'site-section', 'site-section-group'), id: fc.string({ maxLength: 4 }) })),
      { maxKeys: 4 },
    ),
  )

  beforeAll(async () => {
    const org = server.organizationId
    const space = (await server.request('POST', `/v1/orgs/${org}/spaces`, { body: { title: 'Fuzzed' } })).body
    const site = (await server.request('POST', `/v1/orgs/${org}/sites`, { body: { title: 'Fuzzed site', spaces: [space.id] } })).body
    const section = (await server.request('POST', `/v1/orgs/${org}/sites/${site.id}/sections`, { body: { spaceId: space.id } })).body
    const group = (await server.request('POST', `/v1/orgs/${org}/sites/${site.id}/section-groups`, { body: { title: 'G', sections: [section.id] } })).body
    const link = (await server.request('POST', `/v1/orgs/${org}/sites/${site.id}/share-links`, { body: { name: 'L' } })).body
    ids = { organizationId: org, siteId: site.id, siteSectionId: section.id, siteSpaceId: section.siteSpaces[0].id, siteSectionGroupId: group.id, shareLinkId: link.id }
  })

  for (const op of siteOperations) {
    it(`${op.method} ${op.path} with real ids never answers 500`, async () => {
      await fc.assert(
        fc.asyncProperty(queryValue, siteBody, async (query, body) => {
          const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => ids[name])
          const search = new URLSearchParams(query).toString()
          const res = await server.request(op.method, `/v1${path}${search ? `?${search}` : ''}`, op.method === 'GET' || op.method === 'DELETE' ? {} : { body })
          expect(res.status, JSON.stringify({ path, search, body, answer: res.body })).toBeLessThan(500)
          if (res.status >= 400) expect(res.body).toEqual({ error: { code: res.status, message: expect.any(String) } })
        }),
        { numRuns: Number(process.env.FUZZ_RUNS ?? 15), seed: Number(process.env.FUZZ_SEED ?? 42) },
      )
    })
  }
})

describe('arbitrary input on a real integration', () => {
  /** A real integration, installation, space and site, so the fuzzing reaches the integration handlers. */
  let ids: Record<string, string>
  const integrationOperations = operations
    .filter((op) => op.path.startsWith('/integrations/{integrationName}'))
    .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE') || (a.method === 'DELETE' ? b.path.length - a.path.length : 0))
  const INTEGRATION_BODY_KEYS = ['title', 'description', 'scopes', 'organization', 'endpoint', 'secrets', 'blocks', 'configurations', 'contentSecurityPolicy', 'previewImages', 'icon', 'tunnelUrl', 'all', 'configuration', 'externalIds', 'space', 'siteId', 'status']
  const integrationBody = fc.oneof(
    json,
    fc.dictionary(fc.constantFrom(...INTEGRATION_BODY_KEYS), fc.oneof(json, fc.string({ maxLength: 40 }), fc.constantFrom('http://127.0.0.1:9/', 'https://example.com', 'site:views:read')), { maxKeys: 5 }),
  )
  const integrationQuery = fc.dictionary(fc.constantFrom('limit', 'page', 'search', 'category', 'blockDomain', 'blocks', 'contentSources', 'owner', 'scope', 'target', 'externalId', 'extended', 'request'), fc.string({ maxLength: 12 }), { maxKeys: 3 })

  beforeAll(async () => {
    process.env.DOCSCTL_INTEGRATION_TIMEOUT_MS = '200'
    const org = server.organizationId
    const space = (await server.request('POST', `/v1/orgs/${org}/spaces`, { body: { title: 'Fuzzed integration space' } })).body
    const site = (await server.request('POST', `/v1/orgs/${org}/sites`, { body: { title: 'Fuzzed integration site' } })).body
    await server.request('POST', '/v1/integrations/fuzzed', { body: { organization: org, title: 'Fuzzed', description: 'd', scopes: [], endpoint: 'http://127.0.0.1:9/' } })
    const installation = (await server.request('POST', '/v1/integrations/fuzzed/installations', { body: { organization: org } })).body
    const event = (await server.request('GET', '/v1/integrations/fuzzed/events')).body.items[0]
    ids = { integrationName: 'fuzzed', installationId: installation.id, spaceId: space.id, siteId: site.id, eventId: event.id }
  })
  afterAll(() => void delete process.env.DOCSCTL_INTEGRATION_TIMEOUT_MS)

  for (const op of integrationOperations) {
    it(`${op.method} ${op.path} with real ids never answers 500`, async () => {
      await fc.assert(
        fc.asyncProperty(integrationQuery, integrationBody, async (query, body) => {
          const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => ids[name])
          const search = new URLSearchParams(query).toString()
          const res = await server.request(op.method, `/v1${path}${search ? `?${search}` : ''}`, op.method === 'GET' || op.method === 'DELETE' ? {} : { body })
          expect(res.status, JSON.stringify({ path, search, body, answer: res.body })).toBeLessThan(500)
          if (res.status >= 400) expect(res.body).toEqual({ error: { code: res.status, message: expect.any(String) } })
        }),
        { numRuns: Number(process.env.FUZZ_RUNS ?? 15), seed: Number(process.env.FUZZ_SEED ?? 42) },
      )
    })
  }
})

describe('arbitrary content changes on a real change request', () => {
  it('answers 200 or 400, never 500, and a rejected batch changes nothing', async () => {
    const space = (await server.request('POST', `/v1/orgs/${server.organizationId}/spaces`, { body: { title: 'Fuzz' } })).body
    const cr = (await server.request('POST', `/v1/spaces/${space.id}/change-requests`, { body: {} })).body
    const seeded = await server.request('POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/content`, {
      body: { changes: [{ operation: 'insert_page', ref: 'a', title: 'A', document: { markdown: '# A\n' } }, { operation: 'insert_page', into: 'a', title: 'B', document: {} }] },
      query: '',
    } as any)
    expect(seeded.status).toBe(200)
    const ids = (await server.request('GET', `/v1/spaces/${space.id}/change-requests/${cr.id}/content/pages`)).body.pages.flatMap((p: any) => [p.id, ...p.pages.map((c: any) => c.id)])
    const pageRef = fc.oneof(fc.constantFrom(...ids, 'missing', 'a'), fc.string({ maxLength: 6 }))
    const markdown = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('---\ntitle: X\n---\nbody', '---\n: bad\n---\n', '# H\n\n[l](../x.md)', '---\nslug: same\n---\n'))
    const change = fc.oneof(
      fc.record({ operation: fc.constant('insert_page'), document: fc.record({ markdown }, { requiredKeys: [] }), into: fc.option(pageRef, { nil: undefined }), at: fc.option(fc.integer({ min: -1, max: 5 }), { nil: undefined }), slug: fc.option(fc.constantFrom('same', 'x y', ''), { nil: undefined }), title: fc.option(fc.string({ maxLength: 5 }), { nil: undefined }) }, { requiredKeys: ['operation', 'document'] }),
      fc.record({ operation: fc.constant('update_page'), page: pageRef, into: fc.option(fc.oneof(pageRef, fc.constant(null)), { nil: undefined }), at: fc.option(fc.nat(5), { nil: undefined }), document: fc.option(fc.record({ markdown }), { nil: undefined }), slug: fc.option(fc.constantFrom('same', 'b'), { nil: undefined }) }, { requiredKeys: ['operation', 'page'] }),
      fc.record({ operation: fc.constant('delete_page'), page: pageRef }),
      fc.record({ operation: fc.constant('revert_page'), page: pageRef, revision: fc.option(fc.constantFrom('nope', cr.revision), { nil: undefined }) }, { requiredKeys: ['operation', 'page'] }),
    )
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 6 }), async (changes) => {
        const before = (await server.request('GET', `/v1/spaces/${space.id}/change-requests/${cr.id}`)).body.revision
        const res = await server.request('POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/content`, { body: { changes } })
        expect([200, 400], JSON.stringify({ changes, answer: res.body })).toContain(res.status)
        if (res.status === 400) expect((await server.request('GET', `/v1/spaces/${space.id}/change-requests/${cr.id}`)).body.revision).toBe(before)
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 40), seed: Number(process.env.FUZZ_SEED ?? 42) },
    )
  })
})

describe('arbitrary discussion input on a real comment and change request', () => {
  it('answers 2xx or 4xx, never 500, and a refused update changes nothing', async () => {
    const space = (await server.request('POST', `/v1/orgs/${server.organizationId}/spaces`, { body: { title: 'Fuzz discussions' } })).body
    const cr = (await server.request('POST', `/v1/spaces/${space.id}/change-requests`, { body: {} })).body
    await server.request('POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/content`, { body: { changes: [{ operation: 'insert_page', title: 'A', document: { markdown: '# A\n\n## B\n' } }] } })
    const page = (await server.request('GET', `/v1/spaces/${space.id}/change-requests/${cr.id}/content/pages`)).body.pages[0].id
    const thread = `/v1/spaces/${space.id}/change-requests/${cr.id}`
    const comment = (await server.request('POST', `${thread}/comments`, { body: { body: { markdown: 'Seed' }, page } })).body
    const reply = (await server.request('POST', `${thread}/comments/${comment.id}/replies`, { body: { body: { markdown: 'Seed reply' } } })).body
    const text = fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('👍', '🇫🇷', '👨‍👩‍👧', 'a', '', ' ', '1️⃣', '👍👍'))
    const markdown = fc.oneof(fc.record({ markdown: text }), json)
    const commentBody = fc.record(
      { body: markdown, page: fc.oneof(fc.constant(page), text), node: fc.constantFrom('a', 'b', 'nope', ''), tableCell: json, resolved: fc.oneof(fc.boolean(), json), addedReactions: fc.oneof(fc.array(text, { maxLength: 3 }), json), removedReactions: fc.array(text, { maxLength: 3 }) },
      { requiredKeys: [] },
    )
    const request = fc.oneof(
      fc.tuple(fc.constant('POST'), fc.constant(`${thread}/comments`), commentBody),
      fc.tuple(fc.constant('PUT'), fc.constant(`${thread}/comments/${comment.id}`), commentBody),
      fc.tuple(fc.constant('POST'), fc.constant(`${thread}/comments/${comment.id}/replies`), commentBody),
      fc.tuple(fc.constant('PUT'), fc.constant(`${thread}/comments/${comment.id}/replies/${reply.id}`), commentBody),
      fc.tuple(fc.constant('POST'), fc.constant(`${thread}/reviews`), fc.record({ status: fc.oneof(fc.constantFrom('approved', 'changes-requested'), text), comment: markdown }, { requiredKeys: [] })),
      fc.tuple(fc.constant('POST'), fc.constant(`${thread}/requested-reviewers`), fc.record({ users: fc.oneof(fc.array(fc.oneof(text, fc.constant(server.userId)), { maxLength: 2 }), json), subject: text }, { requiredKeys: [] })),
    )
    await fc.assert(
      fc.asyncProperty(request, async ([method, path, body]) => {
        const before = (await server.request('GET', `${thread}/comments/${comment.id}`)).body
        const res = await server.request(method, path, { body })
        expect(res.status, JSON.stringify({ method, path, body, answer: res.body })).toBeLessThan(500)
        if (res.status >= 400 && method === 'PUT' && path.endsWith(comment.id)) expect((await server.request('GET', `${thread}/comments/${comment.id}`)).body).toEqual(before)
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 60), seed: Number(process.env.FUZZ_SEED ?? 42) },
    )
  })
})
