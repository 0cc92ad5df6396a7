import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useTestServer } from '../support/server'
import { expectError, expectIsoTimestamp } from '../support/factories'

const server = useTestServer({ beforeAll, afterAll })

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })
}

describe('authentication', () => {
  it('answers 401 with the error body and a hint when no Authorization header is sent', async () => {
    const res = await server.request('GET', '/v1/user', { token: null })
    expectError(res, 401, 'Authorization: Bearer')
  })

  it('answers 401 for a header that is not a bearer token', async () => {
    for (const authorization of ['Basic YWRtaW46YWRtaW4=', 'Bearer', 'Bearer ', 'Token dct_x', server.token]) {
      const res = await server.request('GET', '/v1/user', { token: null, headers: { authorization } })
      expectError(res, 401)
    }
  })

  it('answers 401 for an unknown token, saying it is invalid or revoked', async () => {
    for (const token of ['dct_unknown', 'dct_' + 'A'.repeat(43), 'not-even-a-token', server.token + 'x']) {
      const res = await server.request('GET', '/v1/user', { token })
      expectError(res, 401, 'invalid or was revoked')
    }
  })

  it('accepts the bearer scheme in any letter case', async () => {
    const res = await server.request('GET', '/v1/user', { token: null, headers: { authorization: `bearer ${server.token}` } })
    expect(res.status).toBe(200)
  })

  it('checks the token before anything else: a missing token is a 401 even for bad input or a missing resource', async () => {
    expectError(await server.request('POST', '/v1/orgs', { token: null, body: { title: 'x' } }), 401)
    expectError(await server.request('GET', '/v1/orgs?limit=0', { token: null }), 401)
    expectError(await server.request('DELETE', '/v1/spaces/does-not-exist', { token: null }), 401)
    expectError(await server.request('GET', `/v1/orgs/${server.organizationId}`, { token: null }), 401)
    expectError(await server.request('PATCH', `/v1/orgs/${server.organizationId}`, { token: null, body: { title: 'Changed' } }), 401)
    expect((await server.request('GET', `/v1/orgs/${server.organizationId}`)).body.title).not.toBe('Changed')
  })
})

describe('GET /v1/user', () => {
  it('answers the user the token belongs to', async () => {
    const res = await server.request('GET', '/v1/user')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      object: 'user',
      id: server.userId,
      displayName: 'Admin',
      email: 'admin@example.com',
      urls: { location: `${server.url}/v1/users/${server.userId}` },
    })
  })

  it("answers another member's token with that member", async () => {
    const member = await server.addUser('read')
    const res = await server.request('GET', '/v1/user', { token: member.token })
    expect(res.body).toMatchObject({ object: 'user', id: member.userId, email: member.email })
  })
})

describe('API tokens', () => {
  it('creates a token shown once, with its label and creation time', async () => {
    const res = await server.request('POST', '/v1/user/tokens', { body: { label: 'ci' } })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({ object: 'api-token', id: expect.any(String), label: 'ci', createdAt: expect.any(String), token: expect.stringMatching(/^dct_[A-Za-z0-9_-]{43}$/) })
    expectIsoTimestamp(res.body.createdAt)
    const me = await server.request('GET', '/v1/user', { token: res.body.token })
    expect(me.body.id).toBe(server.userId)
  })

  it('names a token "docsctl" when no label is sent, with or without a body', async () => {
    const empty = await server.request('POST', '/v1/user/tokens', { body: {} })
    expect(empty.status).toBe(201)
    expect(empty.body.label).toBe('docsctl')
    const none = await server.request('POST', '/v1/user/tokens')
    expect(none.status).toBe(201)
    expect(none.body.label).toBe('docsctl')
  })

  it('gives every token a different secret', async () => {
    const tokens = new Set<string>()
    for (let i = 0; i < 5; i++) tokens.add((await server.request('POST', '/v1/user/tokens', { body: { label: `t${i}` } })).body.token)
    expect(tokens.size).toBe(5)
  })

  it('refuses an empty or over-long label with 400 naming body.label', async () => {
    expectError(await server.request('POST', '/v1/user/tokens', { body: { label: '' } }), 400, 'body.label')
    expectError(await server.request('POST', '/v1/user/tokens', { body: { label: 'x'.repeat(101) } }), 400, 'body.label')
    expectError(await server.request('POST', '/v1/user/tokens', { body: { label: 7 } }), 400, 'body.label')
    expect((await server.request('POST', '/v1/user/tokens', { body: { label: 'x'.repeat(100) } })).status).toBe(201)
  })

  it("lists the caller's tokens, oldest first, never with their secrets", async () => {
    const member = await server.addUser('read')
    const first = (await server.request('POST', '/v1/user/tokens', { body: { label: 'first' }, token: member.token })).body
    const second = (await server.request('POST', '/v1/user/tokens', { body: { label: 'second' }, token: member.token })).body
    const res = await server.request('GET', '/v1/user/tokens', { token: member.token })
    expect(res.status).toBe(200)
    expect(res.body.count).toBe(3)
    expect(res.body.items.map((t: any) => t.label)).toEqual(['test', 'first', 'second'])
    for (const item of res.body.items) {
      expect(item).toMatchObject({ object: 'api-token', id: expect.any(String), label: expect.any(String) })
      expectIsoTimestamp(item.createdAt)
      expect(item.token).toBeUndefined()
    }
    const text = JSON.stringify(res.body)
    expect(text).not.toContain(first.token)
    expect(text).not.toContain(second.token)
    expect(text).not.toContain(member.token)
  })

  it("does not list another user's tokens", async () => {
    const member = await server.addUser('read')
    const mine = (await server.request('POST', '/v1/user/tokens', { body: { label: 'admin-only' } })).body
    const theirs = await server.request('GET', '/v1/user/tokens', { token: member.token })
    expect(theirs.body.items.map((t: any) => t.id)).not.toContain(mine.id)
  })

  it('records when a token was last used', async () => {
    const member = await server.addUser('read')
    await server.request('GET', '/v1/user', { token: member.token })
    const res = await server.request('GET', '/v1/user/tokens', { token: member.token })
    expectIsoTimestamp(res.body.items[0].lastUsedAt)
  })

  it('revokes a token: 204, then the token answers 401 and is no longer listed', async () => {
    const created = (await server.request('POST', '/v1/user/tokens', { body: { label: 'short-lived' } })).body
    expect((await server.request('GET', '/v1/orgs', { token: created.token })).status).toBe(200)
    const res = await server.request('DELETE', `/v1/user/tokens/${created.id}`)
    expect(res.status).toBe(204)
    expect(res.body).toBeUndefined()
    expectError(await server.request('GET', '/v1/orgs', { token: created.token }), 401, 'revoked')
    const list = await server.request('GET', '/v1/user/tokens')
    expect(list.body.items.map((t: any) => t.id)).not.toContain(created.id)
  })

  it('lets a token revoke itself', async () => {
    const created = (await server.request('POST', '/v1/user/tokens', { body: { label: 'self' } })).body
    expect((await server.request('DELETE', `/v1/user/tokens/${created.id}`, { token: created.token })).status).toBe(204)
    expectError(await server.request('GET', '/v1/user', { token: created.token }), 401)
  })

  it('answers 404 for revoking an unknown token, so a typo does not look like a revocation', async () => {
    expectError(await server.request('DELETE', '/v1/user/tokens/no-such-token'), 404, 'no-such-token')
  })

  it("cannot revoke another user's token (404), which keeps working", async () => {
    const member = await server.addUser('read')
    const theirs = (await server.request('GET', '/v1/user/tokens', { token: member.token })).body.items[0]
    expectError(await server.request('DELETE', `/v1/user/tokens/${theirs.id}`), 404)
    expect((await server.request('GET', '/v1/user', { token: member.token })).status).toBe(200)
  })

  it('answers 401 on every token operation without a token', async () => {
    expectError(await server.request('GET', '/v1/user/tokens', { token: null }), 401)
    expectError(await server.request('POST', '/v1/user/tokens', { token: null, body: { label: 'x' } }), 401)
    expectError(await server.request('DELETE', '/v1/user/tokens/anything', { token: null }), 401)
  })

  it('never writes a token in clear to the data directory', async () => {
    const created = (await server.request('POST', '/v1/user/tokens', { body: { label: 'secret' } })).body
    await server.request('GET', '/v1/user', { token: created.token })
    for (const file of filesUnder(server.dataDir)) {
      const bytes = readFileSync(file)
      expect(bytes.includes(created.token), file).toBe(false)
      expect(bytes.includes(server.token), file).toBe(false)
    }
  })
})
