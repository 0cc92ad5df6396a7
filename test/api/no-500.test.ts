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
const bodyValue = fc.oneof(json, fc.dictionary(fc.constantFrom('title', 'parent', 'position', 'changes', 'emoji', 'organization', 'role', 'url', 'source', 'document', 'status', 'subject', 'files'), json, { maxKeys: 4 }))

describe('arbitrary input', () => {
  for (const op of operations) {
    it(`${op.method} ${op.path} never answers 500`, async () => {
      await fc.assert(
        fc.asyncProperty(pathValue, fc.dictionary(fc.constantFrom('limit', 'page', 'nested', 'status', 'format', 'only'), fc.string({ maxLength: 8 }), { maxKeys: 3 }), bodyValue, async (param, query, body) => {
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
