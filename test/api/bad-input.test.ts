/**
 * Bad input of every kind answers a 4xx with GitBook's error body, naming the field: the spec's limits, enums,
 * emoji, page cursors, malformed or non-JSON bodies, oversize bodies and unknown routes. None answers 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useTestServer } from '../support/server'
import { createCollection, createOrganization, createSpace, expectError } from '../support/factories'
import { Limits } from '../../src/api/schemas/limits'

const server = useTestServer({ beforeAll, afterAll })

let org: string
let collection: string
let space: string
let member: string
beforeAll(async () => {
  org = (await createOrganization(server, { title: 'Bad Input Org' })).id
  collection = (await createCollection(server, org)).id
  space = (await createSpace(server, org, { parent: collection })).id
  member = (await server.addUser('read', { organizationId: org })).userId
})

interface Case {
  method: string
  path: () => string
  body?: unknown
  field: string
}

const json = { 'content-type': 'application/json' }

describe('the limits of the spec', () => {
  const cases: [string, Case][] = [
    ['a collection title over 50 characters (create)', { method: 'POST', path: () => `/v1/orgs/${org}/collections`, body: { title: 'x'.repeat(51) }, field: 'body.title: must be at most 50 characters' }],
    ['a collection description over 100 characters (create)', { method: 'POST', path: () => `/v1/orgs/${org}/collections`, body: { description: 'x'.repeat(101) }, field: 'body.description: must be at most 100 characters' }],
    ['a collection title over 50 characters (update)', { method: 'PATCH', path: () => `/v1/collections/${collection}`, body: { title: 'x'.repeat(51) }, field: 'body.title' }],
    ['a collection description over 100 characters (update)', { method: 'PATCH', path: () => `/v1/collections/${collection}`, body: { description: 'x'.repeat(101) }, field: 'body.description' }],
    ['an organization title under 2 characters (create)', { method: 'POST', path: () => '/v1/orgs', body: { title: 'x' }, field: 'body.title: must be at least 2 characters' }],
    ['an organization title over 255 characters (create)', { method: 'POST', path: () => '/v1/orgs', body: { title: 'x'.repeat(256) }, field: 'body.title: must be at most 255 characters' }],
    ['an organization title under 2 characters (update)', { method: 'PATCH', path: () => `/v1/orgs/${org}`, body: { title: 'x' }, field: 'body.title' }],
    ['an organization title over 255 characters (update)', { method: 'PATCH', path: () => `/v1/orgs/${org}`, body: { title: 'x'.repeat(256) }, field: 'body.title' }],
    ['a hostname under 3 characters', { method: 'PATCH', path: () => `/v1/orgs/${org}`, body: { hostname: 'ab' }, field: 'body.hostname: must be at least 3 characters' }],
    ['a hostname over 32 characters', { method: 'PATCH', path: () => `/v1/orgs/${org}`, body: { hostname: 'a'.repeat(33) }, field: 'body.hostname: must be at most 32 characters' }],
    ['a hostname with characters a hostname cannot hold', { method: 'PATCH', path: () => `/v1/orgs/${org}`, body: { hostname: 'no_underscores' }, field: 'body.hostname' }],
    ['a logo address over 2048 characters', { method: 'PATCH', path: () => `/v1/orgs/${org}`, body: { logo: 'https://example.com/' + 'x'.repeat(2030) }, field: 'body.logo: must be at most 2048 characters' }],
    ['a logo that is not an address', { method: 'PATCH', path: () => `/v1/orgs/${org}`, body: { logo: 'logo.png' }, field: 'body.logo' }],
    ['a space title over 50 characters (create)', { method: 'POST', path: () => `/v1/orgs/${org}/spaces`, body: { title: 'x'.repeat(51) }, field: 'body.title: must be at most 50 characters' }],
    ['a space title over 50 characters (update)', { method: 'PATCH', path: () => `/v1/spaces/${space}`, body: { title: 'x'.repeat(51) }, field: 'body.title: must be at most 50 characters' }],
    ['a change request subject over 100 characters', { method: 'POST', path: () => `/v1/spaces/${space}/change-requests`, body: { subject: 'x'.repeat(101) }, field: 'body.subject' }],
    ['a token label over 100 characters', { method: 'POST', path: () => '/v1/user/tokens', body: { label: 'x'.repeat(101) }, field: 'body.label' }],
    ['an email over 254 characters', { method: 'POST', path: () => `/v1/orgs/${org}/invites`, body: { emails: ['x'.repeat(250) + '@example.com'] }, field: 'body.emails.0' }],
    ['a path id over 64 characters', { method: 'GET', path: () => `/v1/spaces/${'s'.repeat(65)}`, field: 'params.spaceId: must be at most 64 characters' }],
  ]
  for (const [what, c] of cases) {
    it(`answers 400 naming the field for ${what}`, async () => {
      expectError(await server.request(c.method, c.path(), { body: c.body }), 400, c.field)
    })
  }

  it('accepts every value at the limits', async () => {
    const accepted: [string, string, unknown][] = [
      ['POST', `/v1/orgs/${org}/collections`, { title: 'x'.repeat(50), description: 'x'.repeat(100) }],
      ['POST', '/v1/orgs', { title: 'xy' }],
      ['POST', '/v1/orgs', { title: 'x'.repeat(255) }],
      ['PATCH', `/v1/orgs/${org}`, { hostname: `a${Date.now()}`.slice(0, 3) }],
      ['PATCH', `/v1/orgs/${org}`, { hostname: `h${Date.now()}`.padEnd(32, 'z'), logo: 'https://example.com/' + 'x'.repeat(2048 - 20) }],
      ['POST', `/v1/orgs/${org}/spaces`, { title: 'x'.repeat(50) }],
      ['PATCH', `/v1/spaces/${space}`, { title: 'x'.repeat(50) }],
    ]
    for (const [method, path, body] of accepted) {
      const res = await server.request(method, path, { body })
      expect(res.status, `${method} ${path} ${JSON.stringify(res.body)}`).toBeLessThan(300)
    }
  })
})

describe('list parameters', () => {
  const lists = () => ['/v1/orgs', `/v1/orgs/${org}/spaces`, `/v1/orgs/${org}/collections`, `/v1/collections/${collection}/spaces`, `/v1/orgs/${org}/members`]

  it('refuses limit=0 and limit=1001 on every list with 400 naming query.limit', async () => {
    for (const path of lists()) {
      expectError(await server.request('GET', `${path}?limit=0`), 400, 'query.limit: must be at least 1')
      expectError(await server.request('GET', `${path}?limit=1001`), 400, `query.limit: must be at most ${Limits.listLimit.max}`)
    }
  })

  it('refuses a limit that is not a whole number', async () => {
    for (const limit of ['abc', '1.5', '-1', '', 'true']) {
      expectError(await server.request('GET', `/v1/orgs/${org}/spaces?limit=${limit}`), 400, 'query.limit')
    }
    expectError(await server.request('GET', `/v1/orgs/${org}/spaces?limit=1&limit=2`), 400, 'query.limit')
  })

  it('accepts limit=1 and limit=1000', async () => {
    for (const limit of [1, 1000]) expect((await server.request('GET', `/v1/orgs/${org}/spaces?limit=${limit}`)).status).toBe(200)
  })

  it('refuses a page cursor it did not hand out with 400 naming query.page', async () => {
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
    for (const page of ['garbage', '%25%25%25', forged({ a: 1 }), forged([1]), forged([null, null]), forged([1, 2, 3]), forged([{}, 'x']), forged('text')]) {
      for (const path of lists()) expectError(await server.request('GET', `${path}?page=${page}`), 400, 'query.page')
    }
    expectError(await server.request('GET', `/v1/orgs/${org}/spaces?page=a&page=b`), 400, 'query.page')
  })

  it("answers a cursor of one list used on another without a 500", async () => {
    await createSpace(server, org)
    const spaces = (await server.request('GET', `/v1/orgs/${org}/spaces?limit=1`)).body.next.page
    for (const path of lists()) {
      const res = await server.request('GET', `${path}?page=${spaces}`)
      expect([200, 400], `${path} ${JSON.stringify(res.body)}`).toContain(res.status)
    }
  })

  it('refuses a nested value that is not a boolean', async () => {
    expectError(await server.request('GET', `/v1/orgs/${org}/collections?nested=perhaps`), 400, 'query.nested')
  })
})

describe('enums and emoji', () => {
  const cases: [string, string, () => string, unknown, string][] = [
    ['a member role', 'PATCH', () => `/v1/orgs/${org}/members/${member}`, { role: 'owner' }, 'body.role: must be one of "admin", "create", "review", "edit", "comment", "read", null'],
    ['an organization default role', 'PATCH', () => `/v1/orgs/${org}`, { defaultRole: 'superuser' }, 'body.defaultRole: must be one of'],
    ['a collection default level', 'PATCH', () => `/v1/collections/${collection}`, { defaultLevel: 'everyone' }, 'body.defaultLevel: must be one of'],
    ['a space default level', 'PATCH', () => `/v1/spaces/${space}`, { defaultLevel: 'everyone' }, 'body.defaultLevel: must be one of'],
    ['a space visibility', 'PATCH', () => `/v1/spaces/${space}`, { visibility: 'hidden' }, 'body.visibility: must be one of'],
    ['a space edit mode', 'PATCH', () => `/v1/spaces/${space}`, { editMode: 'frozen' }, 'body.editMode: must be one of "live", "locked"'],
    ['a space language', 'POST', () => `/v1/orgs/${org}/spaces`, { language: 'tlh' }, 'body.language: must be one of'],
    ['an invite role', 'POST', () => `/v1/orgs/${org}/invites`, { emails: ['a@example.com'], role: 'boss' }, 'body.role'],
    ['a change request status', 'GET', () => `/v1/spaces/${space}/change-requests?status=pending`, undefined, 'query.status'],
  ]
  for (const [what, method, path, body, message] of cases) {
    it(`answers 400 listing the allowed values for ${what} that is not one of them`, async () => {
      expectError(await server.request(method, path(), { body }), 400, message)
    })
  }

  it('answers 400 naming body.emoji for anything but a single emoji, on create and update', async () => {
    for (const emoji of ['', 'a', ':smile:', '📘📘', '📘 ', 'x📘', '12', 42]) {
      expectError(await server.request('POST', `/v1/orgs/${org}/spaces`, { body: { emoji } }), 400, 'body.emoji')
      expectError(await server.request('PATCH', `/v1/spaces/${space}`, { body: { emoji } }), 400, 'body.emoji')
    }
  })

  it('accepts emoji with modifiers, sequences, keycaps and flags', async () => {
    for (const emoji of ['👍🏽', '👩‍💻', '🏳️‍🌈', '1️⃣', '🇫🇷', '❤️']) {
      const res = await server.request('PATCH', `/v1/spaces/${space}`, { body: { emoji } })
      expect(res.status, emoji).toBe(200)
      expect(res.body.emoji).toBe(emoji)
    }
  })

  it('answers 400 naming the field for a value of the wrong type', async () => {
    expectError(await server.request('PATCH', `/v1/spaces/${space}`, { body: { title: 42 } }), 400, 'body.title: must be of type string')
    expectError(await server.request('PATCH', `/v1/orgs/${org}`, { body: { sso: 'yes' } }), 400, 'body.sso: must be of type boolean')
    expectError(await server.request('PATCH', `/v1/orgs/${org}`, { body: { emailDomains: 'example.com' } }), 400, 'body.emailDomains: must be of type array')
    expectError(await server.request('POST', `/v1/spaces/${space}/move`, { body: { position: 'up' } }), 400, 'body.position')
    expectError(await server.request('POST', `/v1/collections/${collection}/transfer`, { body: { organization: [] } }), 400, 'body.organization')
  })
})

describe('bodies', () => {
  it('answers 400 for malformed JSON, saying so', async () => {
    for (const rawBody of ['{"title": ', '{title: "x"}', "{'title': 'x'}", '{"title": "x",}', '\u0000']) {
      const res = await server.request('POST', `/v1/orgs/${org}/spaces`, { rawBody, headers: json })
      expectError(res, 400, 'body: is not valid JSON')
    }
  })

  it('answers 400 for a JSON body that is not an object', async () => {
    for (const rawBody of ['[]', '"text"', '42', 'null', 'true']) {
      const res = await server.request('PATCH', `/v1/orgs/${org}`, { rawBody, headers: json })
      expectError(res, 400, 'body')
    }
  })

  it('answers 400 for a body that is not JSON, asking for application/json', async () => {
    const types = ['text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data; boundary=x', 'application/octet-stream']
    for (const type of types) {
      const res = await server.request('POST', `/v1/orgs/${org}/spaces`, { rawBody: '{"title":"x"}', headers: { 'content-type': type } })
      expectError(res, 400, 'application/json')
    }
    const none = await fetch(`${server.url}/v1/orgs/${org}/spaces`, { method: 'POST', headers: { authorization: `Bearer ${server.token}` }, body: new Blob([new Uint8Array([123, 125])]) })
    expect(none.status).toBe(400)
    expect(((await none.json()) as any).error.code).toBe(400)
  })

  it('reads JSON sent with a charset or as a +json type', async () => {
    for (const type of ['application/json; charset=utf-8', 'application/merge-patch+json']) {
      const res = await server.request('PATCH', `/v1/spaces/${space}`, { rawBody: '{"title":"Typed"}', headers: { 'content-type': type } })
      expect(res.status, type).toBe(200)
      expect(res.body.title).toBe('Typed')
    }
  })

  it('treats an empty JSON body as no body', async () => {
    expect((await server.request('POST', `/v1/orgs/${org}/spaces`, { rawBody: '', headers: json })).status).toBe(201)
    expectError(await server.request('PATCH', `/v1/spaces/${space}`, { rawBody: '', headers: json }), 400, 'body: a JSON object is required')
  })

  it(`answers 413 for a body over ${Limits.bodyBytes} bytes`, async () => {
    const res = await server.request('POST', `/v1/orgs/${org}/spaces`, { body: { title: 'x', padding: 'y'.repeat(Limits.bodyBytes + 1) } })
    expectError(res, 413, String(Limits.bodyBytes))
  })

  it('reads a body just under the size limit', async () => {
    const padding = 'y'.repeat(Limits.bodyBytes - 100)
    const res = await server.request('PATCH', `/v1/spaces/${space}`, { body: { title: 'Big body', padding } })
    expect(res.status).toBe(200)
    expect(res.body.title).toBe('Big body')
  })

  it('survives deeply nested JSON', async () => {
    const depth = 100_000
    const res = await server.request('POST', `/v1/orgs/${org}/spaces`, { rawBody: '['.repeat(depth) + ']'.repeat(depth), headers: json })
    expectError(res, 400)
  })
})

describe('routes', () => {
  it('answers 404 with the error body for an unknown route, naming it', async () => {
    for (const [method, path] of [
      ['GET', '/v1/no/such/route'],
      ['GET', '/'],
      ['GET', '/v2/orgs'],
      ['GET', '/v1/spacez'],
      ['PUT', `/v1/orgs/${server.organizationId}`],
      ['DELETE', '/v1/orgs'],
      ['POST', '/v1/spaces/x/unknown-action'],
      ['GET', '/app/unknown/path'],
    ]) {
      const res = await server.request(method, path)
      expectError(res, 404)
      if (!path.startsWith('/app/')) expect(res.body.error.message).toContain(path)
    }
  })

  it('answers 404 for an unknown route without a token too', async () => {
    expectError(await server.request('GET', '/v1/no/such/route', { token: null }), 404)
  })

  it('answers path values that are odd but valid without a 500', async () => {
    // ('%2E%2E' is left out: the client's URL parser resolves it as '..' before it is sent.)
    for (const id of ['%00', '%2F', 'a%20b', '%F0%9F%93%98', "'; DROP TABLE spaces; --", 'x'.repeat(64)]) {
      for (const path of [`/v1/spaces/${id}`, `/v1/collections/${id}`, `/v1/orgs/${id}`, `/v1/orgs/${id}/spaces`]) {
        const res = await server.request('GET', path)
        expect([400, 404], `${path} ${JSON.stringify(res.body)}`).toContain(res.status)
        expect(res.body.error.code).toBe(res.status)
      }
    }
    expect((await server.request('GET', `/v1/orgs/${server.organizationId}`)).status).toBe(200)
  })
})
