/**
 * Test data made through the API itself (never raw SQL), and the assertions every API test file shares: the
 * error body, ISO timestamps and walking a list page by page.
 */
import { expect } from 'vitest'
import type { ApiResponse, TestServer } from './server'

let counter = 0

/** A new organization created over HTTP by the caller (default: the workspace admin), who becomes its admin. */
export async function createOrganization(server: TestServer, body: Record<string, unknown> = {}, token?: string): Promise<any> {
  const res = await server.request('POST', '/v1/orgs', { body: { title: `Org ${++counter}`, ...body }, token })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body
}

/** A new space in `organizationId` (a collection when `parent` is given). */
export async function createSpace(server: TestServer, organizationId: string, body: Record<string, unknown> = {}, token?: string): Promise<any> {
  const res = await server.request('POST', `/v1/orgs/${organizationId}/spaces`, { body: { title: `Space ${++counter}`, ...body }, token })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body
}

/** A new collection in `organizationId` (nested when `parent` is given). */
export async function createCollection(server: TestServer, organizationId: string, body: Record<string, unknown> = {}, token?: string): Promise<any> {
  const res = await server.request('POST', `/v1/orgs/${organizationId}/collections`, { body: { title: `Collection ${++counter}`, ...body }, token })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body
}

/** GitBook's error body with this status; when `text` is given, the message contains it (a field name, say). */
export function expectError(res: ApiResponse, status: number, text?: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status)
  expect(res.body).toEqual({ error: { code: status, message: expect.any(String) } })
  if (text !== undefined) expect(res.body.error.message).toContain(text)
}

/** An ISO 8601 date-time string (as `Date#toISOString` writes it). */
export function expectIsoTimestamp(value: unknown): void {
  expect(value).toEqual(expect.any(String))
  expect(new Date(value as string).toISOString()).toBe(value)
}

/**
 * Reads every page of a list by following `next.page`, checking the envelope on each page; answers the items
 * in order and how many pages it took.
 */
export async function listAll(server: TestServer, path: string, options: { limit?: number; token?: string } = {}): Promise<{ items: any[]; pages: number; count: number }> {
  const items: any[] = []
  let pages = 0
  let count = -1
  let page: string | undefined
  do {
    const separator = path.includes('?') ? '&' : '?'
    const query = `${options.limit ? `limit=${options.limit}` : ''}${page ? `${options.limit ? '&' : ''}page=${encodeURIComponent(page)}` : ''}`
    const res = await server.request('GET', query ? `${path}${separator}${query}` : path, { token: options.token })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.count).toEqual(expect.any(Number))
    expect(Array.isArray(res.body.items)).toBe(true)
    if (options.limit) expect(res.body.items.length).toBeLessThanOrEqual(options.limit)
    if (count >= 0) expect(res.body.count, 'count is the same on every page').toBe(count)
    count = res.body.count
    items.push(...res.body.items)
    pages++
    if (res.body.next !== undefined) {
      expect(res.body.next).toEqual({ page: expect.any(String) })
      expect(res.body.items.length, 'a page with a next page is full').toBe(options.limit ?? res.body.items.length)
    }
    page = res.body.next?.page
    expect(pages, 'paging ends').toBeLessThan(1000)
  } while (page)
  return { items, pages, count }
}

/** The ids of the items of a list, every page read. */
export async function idsOf(server: TestServer, path: string, token?: string): Promise<string[]> {
  return (await listAll(server, path, { limit: 1000, token })).items.map((item) => item.id)
}

/** A new site in `organizationId`, showing `spaces` at its root. */
export async function createSite(server: TestServer, organizationId: string, body: Record<string, unknown> = {}, token?: string): Promise<any> {
  const res = await server.request('POST', `/v1/orgs/${organizationId}/sites`, { body: { title: `Site ${++counter}`, ...body }, token })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body
}
