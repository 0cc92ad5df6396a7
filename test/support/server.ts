/**
 * A real docsctl server for API tests: a temp data dir, a workspace made through our own domain code, and
 * Fastify listening on port 0. Tests speak HTTP to it only.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openEngine, type Engine } from '../../src/engine'
import { startServer, type RunningServer } from '../../src/http/server'
import { createWorkspace } from '../../src/domain/workspace/create-workspace'
import { findOrCreateUser } from '../../src/domain/users/create-user'
import { issueToken } from '../../src/domain/auth/tokens'
import { insertMember } from '../../src/store/members'
import { nowIso } from '../../src/store/ids'

export interface ApiResponse<T = any> {
  status: number
  body: T
  headers: Headers
}

export interface RequestOptions {
  /** Bearer token; defaults to the admin's. Pass null to send none. */
  token?: string | null
  body?: unknown
  /** A raw body string (sent as is). */
  rawBody?: string
  headers?: Record<string, string>
}

export interface TestServer {
  url: string
  dataDir: string
  engine: Engine
  /** The workspace admin's token, organization and user id. */
  token: string
  organizationId: string
  userId: string
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<ApiResponse<T>>
  /** A new user with a token, member of `organizationId` (default: the workspace organization) with `role` (null: guest). */
  addUser(role: string | null, options?: { organizationId?: string; email?: string }): Promise<{ userId: string; token: string; email: string }>
  /** A user with a token who belongs to no organization. */
  addOutsider(): Promise<{ userId: string; token: string }>
  close(): Promise<void>
}

let counter = 0

export async function startTestServer(): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'docsctl-test-'))
  const engine = await openEngine({ dataDir, create: true })
  const workspace = await createWorkspace(engine.db, { organizationTitle: 'Test Org', email: 'admin@example.com', name: 'Admin' })
  const server: RunningServer = await startServer({ engine, port: 0 })

  async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const token = options.token === undefined ? workspace.token : options.token
    const headers: Record<string, string> = { ...(options.headers ?? {}) }
    if (token) headers.authorization = `Bearer ${token}`
    let body: string | undefined = options.rawBody
    if (options.body !== undefined) {
      body = JSON.stringify(options.body)
      headers['content-type'] ??= 'application/json'
    }
    const response = await fetch(server.url + path, { method, headers, body })
    const text = await response.text()
    return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers }
  }

  async function addUser(role: string | null, options: { organizationId?: string; email?: string } = {}) {
    const email = options.email ?? `user${++counter}-${Date.now()}@example.com`
    const { user } = await findOrCreateUser(engine.db, email)
    await insertMember(engine.db, {
      organization_id: options.organizationId ?? workspace.organization.id,
      user_id: user.id,
      role,
      joined_at: nowIso(),
      last_seen_at: null,
      disabled: 0,
      sso: 0,
    })
    const { token } = await issueToken(engine.db, user.id, 'test')
    return { userId: user.id, token, email }
  }

  async function addOutsider() {
    const { user } = await findOrCreateUser(engine.db, `outsider${++counter}-${Date.now()}@elsewhere.org`)
    const { token } = await issueToken(engine.db, user.id, 'test')
    return { userId: user.id, token }
  }

  return {
    url: server.url,
    dataDir,
    engine,
    token: workspace.token,
    organizationId: workspace.organization.id,
    userId: workspace.user.id,
    request,
    addUser,
    addOutsider,
    async close() {
      await server.close()
      await engine.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * One server for a test file: started before its tests, stopped after them. The answer stands for that server
 * (it forwards to it once started), so tests use it directly.
 */
export function useTestServer(hooks: { beforeAll: (fn: () => Promise<void>) => void; afterAll: (fn: () => Promise<void>) => void }): TestServer {
  let server: TestServer | undefined
  hooks.beforeAll(async () => {
    server = await startTestServer()
  })
  hooks.afterAll(async () => {
    await server?.close()
  })
  return new Proxy({} as TestServer, {
    get(_, key) {
      if (!server) throw new Error('The test server starts in beforeAll: use it inside tests and hooks.')
      return (server as unknown as Record<string | symbol, unknown>)[key]
    },
  })
}
