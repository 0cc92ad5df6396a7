import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { docsctl, initWorkspace, json, serve } from './support'

let dataDir: string
let organizationId: string
let server: Awaited<ReturnType<typeof serve>>

beforeAll(async () => {
  const workspace = await initWorkspace()
  dataDir = workspace.dataDir
  organizationId = workspace.organization.id
  server = await serve(dataDir)
})
afterAll(async () => {
  server.process.kill('SIGTERM')
  await server.process
})

const run = (...args: string[]) => docsctl(dataDir, args)

describe('org commands', () => {
  it('lists, shows and updates the organization', async () => {
    const list = await run('org', 'list')
    expect(list.stdout).toMatch(/^ID\s+TITLE\s+CREATED/)
    expect(list.stdout).toContain('Acme Docs')
    const get = await run('org', 'get')
    expect(get.stdout).toContain(organizationId)
    const updated = json(await run('org', 'update', '--title', 'Acme Handbook', '--email-domains', 'acme.com,acme.io', '--default-role', 'comment', '--json'))
    expect(updated).toMatchObject({ title: 'Acme Handbook', emailDomains: ['acme.com', 'acme.io'], defaultRole: 'comment' })
    const bad = await run('org', 'update', '--title', 'A')
    expect(bad.exitCode).not.toBe(0)
    expect(bad.stderr).toContain('body.title')
  })
})

describe('collection and space commands', () => {
  it('create, list, get, update, move, duplicate, delete and restore', async () => {
    const collection = json(await run('collection', 'create', '--title', 'Guides', '--json'))
    expect(collection.object).toBe('collection')
    const nested = json(await run('collection', 'create', '--title', 'Deep', '--parent', collection.id, '--json'))
    expect(nested.parent).toBe(collection.id)
    expect((await run('collection', 'list', '--top-level')).stdout).not.toContain('Deep')
    expect((await run('collection', 'get', collection.id)).stdout).toContain('Guides')
    expect(json(await run('collection', 'update', collection.id, '--description', 'How-tos', '--json')).description).toBe('How-tos')

    const created = await run('space', 'create', '--title', 'Install', '--emoji', '📦', '--parent', collection.id)
    expect(created.stdout).toMatch(/^Created space \w+ "Install"\.$/m)
    const a = json(await run('space', 'create', '--title', 'Alpha', '--json'))
    const b = json(await run('space', 'create', '--title', 'Beta', '--json'))
    const inCollection = json(await run('collection', 'spaces', collection.id, '--json'))
    expect(inCollection.items.map((s: any) => s.title)).toEqual(['Install'])

    const table = await run('space', 'list')
    expect(table.stdout).toMatch(/^ID\s+TITLE\s+VISIBILITY\s+COLLECTION\s+UPDATED$/m)
    expect(table.stdout).toContain('📦 Install')

    const moved = json(await run('space', 'move', b.id, '--before-space', a.id, '--json'))
    expect(moved.id).toBe(b.id)
    const order = json(await run('space', 'list', '--json')).items.map((s: any) => s.title)
    expect(order.indexOf('Beta')).toBeLessThan(order.indexOf('Alpha'))

    const updated = json(await run('space', 'update', a.id, '--title', 'Alpha 2', '--edit-mode', 'locked', '--emoji', '🅰️', '--json'))
    expect(updated).toMatchObject({ title: 'Alpha 2', editMode: 'locked', emoji: '🅰️' })
    expect(json(await run('space', 'update', a.id, '--remove-emoji', '--json')).emoji).toBe('')
    const copy = json(await run('space', 'duplicate', a.id, '--json'))
    expect(copy.title).toBe('Alpha 2 (copy)')

    expect((await run('space', 'delete', a.id)).stdout).toContain(`docsctl space restore ${a.id}`)
    expect(json(await run('space', 'list', '--json')).items.map((s: any) => s.id)).not.toContain(a.id)
    expect(json(await run('space', 'restore', a.id, '--json')).id).toBe(a.id)

    expect(json(await run('collection', 'move', nested.id, '--root', '--json')).parent).toBeUndefined()
    expect((await run('collection', 'delete', nested.id)).stdout).toContain('Deleted collection')
  })

  it('transfers a space and a collection to another organization', async () => {
    const other = json(await docsctl(dataDir, ['--api-url', server.url, 'org', 'list', '--json']))
    expect(other.items.length).toBe(1)
    const token = JSON.parse(readFileSync(`${dataDir}/credentials.json`, 'utf8')).token
    const created = (await fetch(`${server.url}/v1/orgs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Elsewhere' }),
    }).then((r) => r.json())) as { id: string }
    const space = json(await run('space', 'create', '--title', 'Traveller', '--json'))
    expect(json(await run('space', 'transfer', space.id, '--to', created.id, '--json')).organization).toBe(created.id)
    const collection = json(await run('collection', 'create', '--title', 'Boxes', '--json'))
    expect(json(await run('collection', 'transfer', collection.id, '--to', created.id, '--json')).organization).toBe(created.id)
    const missing = await run('space', 'transfer', space.id)
    expect(missing.exitCode).not.toBe(0)
    expect(missing.stderr).toContain('--to')
  })

  it('fails with the message on stderr, or the error object on stdout with --json', async () => {
    const human = await run('space', 'get', 'nope')
    expect(human.exitCode).not.toBe(0)
    expect(human.stdout).toBe('')
    expect(human.stderr).toContain('Space "nope" does not exist')
    const asJson = await run('space', 'get', 'nope', '--json')
    expect(asJson.exitCode).not.toBe(0)
    expect(json(asJson)).toEqual({ error: { code: 404, message: expect.stringContaining('nope') } })
  })
})

describe('docsctl user add', () => {
  it('makes a member with a role and a token that the role rules apply to', async () => {
    const added = json(await run('user', 'add', '--email', 'bob@acme.io', '--name', 'Bob', '--role', 'read', '--json'))
    expect(added).toMatchObject({ role: 'read', user: { email: 'bob@acme.io' }, token: expect.stringMatching(/^dct_/) })
    expect((await docsctl(dataDir, ['space', 'list', '--token', added.token])).exitCode).toBe(0)
    const refused = await docsctl(dataDir, ['space', 'create', '--title', 'Nope', '--token', added.token])
    expect(refused.exitCode).not.toBe(0)
    expect(refused.stderr).toContain('"create" role')
    const twice = await run('user', 'add', '--email', 'bob@acme.io')
    expect(twice.exitCode).not.toBe(0)
    expect(twice.stderr).toContain('already a member')
  })
})

describe('transports', () => {
  it('prints the same output in-process and against a running server', async () => {
    json(await run('space', 'create', '--title', 'Same Everywhere', '--json'))
    // Against a server, a caller in several organizations names one with --org.
    const local = await run('space', 'list', '--limit', '100')
    const remote = await docsctl(dataDir, ['--api-url', server.url, 'space', 'list', '--limit', '100', '--org', organizationId])
    expect(remote.exitCode).toBe(0)
    expect(remote.stdout).toBe(local.stdout)
    // JSON is equal too, once the base addresses in `urls` (in-process: the default base; served: the server's) are set aside.
    const strip = (value: any) => JSON.parse(JSON.stringify(value, (key, v) => (key === 'urls' ? undefined : v)))
    const localJson = json(await run('space', 'list', '--limit', '100', '--json'))
    const remoteJson = json(await docsctl(dataDir, ['--api-url', server.url, 'space', 'list', '--limit', '100', '--org', organizationId, '--json']))
    const ambiguous = await docsctl(dataDir, ['--api-url', server.url, 'space', 'list'])
    expect(ambiguous.stderr).toContain('--org')
    expect(strip(remoteJson)).toEqual(strip(localJson))
    expect(remoteJson.items[0].urls.location.startsWith(server.url)).toBe(true)
  })

  it('fails with the same message on both transports', async () => {
    const local = await run('collection', 'get', 'missing')
    const remote = await docsctl(dataDir, ['--api-url', server.url, 'collection', 'get', 'missing'])
    expect(remote.exitCode).not.toBe(0)
    expect(remote.stderr).toBe(local.stderr)
  })

  it('says clearly when the server cannot be reached', async () => {
    const result = await docsctl(dataDir, ['--api-url', 'http://127.0.0.1:9', 'space', 'list'])
    expect(result.exitCode).not.toBe(0)
    expect(result.stderr).toContain('Cannot reach the docsctl server')
  })
})
