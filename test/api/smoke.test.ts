import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useTestServer } from '../support/server'

const server = useTestServer({ beforeAll, afterAll })

describe('the server', () => {
  it('answers the API information with a token', async () => {
    const res = await server.request('GET', '/v1/')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ version: expect.any(String), build: expect.any(String) })
  })

  it('answers 401 with GitBook\'s error body without a token', async () => {
    const res = await server.request('GET', '/v1/orgs', { token: null })
    expect(res.status).toBe(401)
    expect(res.body).toEqual({ error: { code: 401, message: expect.stringContaining('Authorization') } })
  })
})
