import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { docsctl, initWorkspace, json, serve, type RunningServer } from './support'

/** One workspace and one server on it for the whole file; every test makes the spaces and collections it uses. */
let dataDir: string
let token: string
let organizationId: string
/** A second organization of the same admin: the target of transfers. */
let elsewhereId: string
let server: RunningServer

beforeAll(async () => {
  const workspace = await initWorkspace()
  ;({ dataDir, token } = workspace)
  organizationId = workspace.organization.id
  server = await serve(dataDir)
  const created = await fetch(`${server.url}/v1/orgs`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Elsewhere' }),
  })
  elsewhereId = ((await created.json()) as { id: string }).id
})
afterAll(async () => {
  await server?.stop()
})

/** The row that starts with `rowId` has each value starting in the column of its header. */
function expectAligned(table: string, rowId: string, values: Record<string, string>) {
  const lines = table.split('\n')
  const header = lines.find((line) => line.startsWith('ID '))!
  const row = lines.find((line) => line.startsWith(`${rowId} `))!
  expect(header).toBeDefined()
  expect(row).toBeDefined()
  for (const [column, value] of Object.entries(values)) expect(row.slice(header.indexOf(column)).startsWith(`${value} `), `${column} in\n${header}\n${row}`).toBe(true)
}

const run = (...args: string[]) => docsctl(dataDir, args)
/** The same command against the running server (its caller has two organizations, so --org names one where needed). */
const remote = (...args: string[]) => docsctl(dataDir, ['--api-url', server.url, ...args])

describe('org commands', () => {
  it('lists the organizations in an aligned table and as JSON', async () => {
    const table = await run('org', 'list')
    expect(table.exitCode).toBe(0)
    expect(table.stdout).toMatch(/^ID +TITLE +CREATED$/m)
    expectAligned(table.stdout, elsewhereId, { TITLE: 'Elsewhere' })
    expect(json(await run('org', 'list', '--json')).items.map((o: any) => o.id).sort()).toEqual([organizationId, elsewhereId].sort())
  })

  it('shows the workspace organization by default, and the one named', async () => {
    const fields = await run('org', 'get')
    expect(fields.stdout).toMatch(new RegExp(`^id +${organizationId}$`, 'm'))
    expect(fields.stdout).toMatch(/^title +Acme Docs$/m)
    expect(json(await run('org', 'get', elsewhereId, '--json'))).toMatchObject({ object: 'organization', id: elsewhereId, title: 'Elsewhere' })
  })

  it('updates an organization, and names the field it refuses', async () => {
    const updated = json(await run('org', 'update', elsewhereId, '--email-domains', 'acme.com,acme.io', '--default-role', 'comment', '--json'))
    expect(updated).toMatchObject({ id: elsewhereId, emailDomains: ['acme.com', 'acme.io'], defaultRole: 'comment' })
    expect((await run('org', 'update', elsewhereId, '--title', 'Elsewhere Inc')).stdout).toMatch(/^title +Elsewhere Inc$/m)
    const bad = await run('org', 'update', '--title', 'A')
    expect(bad.exitCode).not.toBe(0)
    expect(bad.stderr).toContain('body.title')
  })
})

describe('collection commands', () => {
  it('create, list, get and update collections', async () => {
    const created = await run('collection', 'create', '--title', 'Guides')
    expect(created.stdout).toMatch(/^Created collection \w+ "Guides"\.$/m)
    const guides = json(await run('collection', 'list', '--json')).items.find((c: any) => c.title === 'Guides')
    expect(guides.object).toBe('collection')
    const nested = json(await run('collection', 'create', '--title', 'Deep', '--parent', guides.id, '--json'))
    expect(nested.parent).toBe(guides.id)
    const table = await run('collection', 'list')
    expect(table.stdout).toMatch(/^ID\s+TITLE\s+PARENT\s+DEFAULT LEVEL$/m)
    expect(table.stdout).toMatch(new RegExp(`^${nested.id} +Deep +${guides.id} `, 'm'))
    expect((await run('collection', 'list', '--top-level')).stdout).not.toContain('Deep')
    expect((await run('collection', 'get', guides.id)).stdout).toMatch(/^title +Guides$/m)
    expect(json(await run('collection', 'update', guides.id, '--description', 'How-tos', '--json')).description).toBe('How-tos')
  })

  it('lists the spaces of a collection', async () => {
    const box = json(await run('collection', 'create', '--title', 'Box', '--json'))
    json(await run('space', 'create', '--title', 'Inside', '--parent', box.id, '--json'))
    json(await run('space', 'create', '--title', 'Outside', '--json'))
    const table = await run('collection', 'spaces', box.id)
    expect(table.stdout).toMatch(/^ID\s+TITLE\s+VISIBILITY\s+COLLECTION\s+UPDATED$/m)
    expect(table.stdout).toContain('Inside')
    expect(table.stdout).not.toContain('Outside')
    expect(json(await run('collection', 'spaces', box.id, '--json')).items.map((s: any) => s.title)).toEqual(['Inside'])
  })

  it('moves a collection to the root, then deletes it', async () => {
    const outer = json(await run('collection', 'create', '--title', 'Outer', '--json'))
    const inner = json(await run('collection', 'create', '--title', 'Inner', '--parent', outer.id, '--json'))
    expect(json(await run('collection', 'move', inner.id, '--root', '--json')).parent).toBeUndefined()
    expect((await run('collection', 'delete', inner.id)).stdout).toBe(`Deleted collection ${inner.id}.\n`)
    const gone = await run('collection', 'get', inner.id, '--json')
    expect(gone.exitCode).not.toBe(0)
    expect(json(gone).error.code).toBe(404)
  })

  it('transfers a collection to another organization', async () => {
    const moving = json(await run('collection', 'create', '--title', 'Crates', '--json'))
    expect(json(await run('collection', 'transfer', moving.id, '--to', elsewhereId, '--json')).organization).toBe(elsewhereId)
  })
})

describe('space commands', () => {
  it('creates spaces, with a summary line or as JSON, and lists them in an aligned table', async () => {
    const created = await run('space', 'create', '--title', 'Install', '--emoji', '📦')
    expect(created.exitCode).toBe(0)
    expect(created.stdout).toMatch(/^Created space \w+ "Install"\.$/m)
    const space = json(await run('space', 'create', '--title', 'Reference', '--visibility', 'unlisted', '--json'))
    expect(space).toMatchObject({ object: 'space', title: 'Reference', visibility: 'unlisted' })
    const table = await run('space', 'list', '--limit', '1000')
    expect(table.stdout).toMatch(/^ID +TITLE +VISIBILITY +COLLECTION +UPDATED$/m)
    expect(table.stdout).toContain('📦 Install')
    expectAligned(table.stdout, space.id, { TITLE: 'Reference', VISIBILITY: 'unlisted', COLLECTION: '-' })
  })

  it('shows a space as fields, and as the API object with --json', async () => {
    const space = json(await run('space', 'create', '--title', 'Shown', '--json'))
    const fields = await run('space', 'get', space.id)
    expect(fields.stdout).toMatch(new RegExp(`^id +${space.id}$`, 'm'))
    expect(fields.stdout).toMatch(/^change requests +0 open, 0 draft, 0 total$/m)
    expect(json(await run('space', 'get', space.id, '--json'))).toMatchObject({ object: 'space', id: space.id, title: 'Shown' })
  })

  it('updates a space, and removes its emoji', async () => {
    const space = json(await run('space', 'create', '--title', 'Alpha', '--json'))
    const updated = json(await run('space', 'update', space.id, '--title', 'Alpha 2', '--edit-mode', 'locked', '--emoji', '🅰️', '--json'))
    expect(updated).toMatchObject({ title: 'Alpha 2', editMode: 'locked', emoji: '🅰️' })
    expect(json(await run('space', 'update', space.id, '--remove-emoji', '--json')).emoji).toBe('')
    expect((await run('space', 'update', space.id, '--language', 'fr')).stdout).toMatch(/^language +fr$/m)
  })

  it('moves a space among its siblings and into a collection', async () => {
    const shelf = json(await run('collection', 'create', '--title', 'Shelf', '--json'))
    const first = json(await run('space', 'create', '--title', 'First', '--parent', shelf.id, '--json'))
    const second = json(await run('space', 'create', '--title', 'Second', '--parent', shelf.id, '--json'))
    expect(json(await run('space', 'move', second.id, '--before-space', first.id, '--json')).id).toBe(second.id)
    expect(json(await run('space', 'list', '--collection', shelf.id, '--json')).items.map((s: any) => s.title)).toEqual(['Second', 'First'])
    const loose = json(await run('space', 'create', '--title', 'Loose', '--json'))
    expect((await run('space', 'move', loose.id, '--parent', shelf.id)).stdout).toMatch(new RegExp(`^collection +${shelf.id}$`, 'm'))
  })

  it('duplicates a space as a copy', async () => {
    const space = json(await run('space', 'create', '--title', 'Original', '--json'))
    const copy = await run('space', 'duplicate', space.id)
    expect(copy.stdout).toMatch(/^Created space \w+ "Original \(copy\)"\.$/m)
  })

  it('deletes a space, which leaves the list until it is restored', async () => {
    const space = json(await run('space', 'create', '--title', 'Phoenix', '--json'))
    expect((await run('space', 'delete', space.id)).stdout).toContain(`docsctl space restore ${space.id}`)
    expect(json(await run('space', 'list', '--limit', '1000', '--json')).items.map((s: any) => s.id)).not.toContain(space.id)
    expect((await run('space', 'restore', space.id)).stdout).toBe(`Restored space ${space.id} "Phoenix".\n`)
    expect(json(await run('space', 'list', '--limit', '1000', '--json')).items.map((s: any) => s.id)).toContain(space.id)
  })

  it('transfers a space to another organization', async () => {
    const space = json(await run('space', 'create', '--title', 'Traveller', '--json'))
    expect(json(await run('space', 'transfer', space.id, '--to', elsewhereId, '--json')).organization).toBe(elsewhereId)
  })

  it('fails with the message on stderr, or the error object on stdout with --json', async () => {
    const human = await run('space', 'get', 'nope')
    expect(human.exitCode).not.toBe(0)
    expect(human.stdout).toBe('')
    expect(human.stderr).toBe('Error: Space "nope" does not exist or is not visible to you.\n')
    const asJson = await run('space', 'get', 'nope', '--json')
    expect(asJson.exitCode).not.toBe(0)
    expect(json(asJson)).toEqual({ error: { code: 404, message: 'Space "nope" does not exist or is not visible to you.' } })
  })
})

describe('docsctl user add', () => {
  it('makes a member with a role and a token that the role rules apply to', async () => {
    const added = json(await run('user', 'add', '--email', 'bob@x.io', '--name', 'Bob', '--role', 'read', '--json'))
    expect(added).toMatchObject({ role: 'read', organization: organizationId, user: { email: 'bob@x.io' }, token: expect.any(String) })
    const list = await docsctl(dataDir, ['space', 'list', '--token', added.token])
    expect(list.exitCode).toBe(0)
    expect(list.stdout).toMatch(/^ID\s+TITLE/)
    const refused = await docsctl(dataDir, ['space', 'create', '--title', 'Nope', '--token', added.token, '--json'])
    expect(refused.exitCode).not.toBe(0)
    expect(refused.stderr).toContain('"create" role')
    expect(json(refused).error.code).toBe(403)
    const twice = await run('user', 'add', '--email', 'bob@x.io')
    expect(twice.exitCode).not.toBe(0)
    expect(twice.stderr).toContain('already a member')
  })
})

describe('transports', () => {
  it('prints the same output in-process and against a running server', async () => {
    json(await run('space', 'create', '--title', 'Same Everywhere', '--json'))
    // In-process the organization is the workspace's; the served caller belongs to two, so --org names it.
    const ambiguous = await remote('space', 'list')
    expect(ambiguous.exitCode).not.toBe(0)
    expect(ambiguous.stderr).toContain('--org')
    const local = await run('space', 'list', '--limit', '1000')
    const served = await remote('space', 'list', '--limit', '1000', '--org', organizationId)
    expect(served.exitCode).toBe(0)
    expect(served.stdout).toContain('Same Everywhere')
    expect(served.stdout).toBe(local.stdout)
    // JSON is equal too once `urls` are set aside: they start with the base address, which is the server's when
    // served and the default base (http://127.0.0.1:8080) in-process.
    const withoutUrls = (value: unknown) => JSON.parse(JSON.stringify(value, (key, v) => (key === 'urls' ? undefined : v)))
    const localJson = json(await run('space', 'list', '--limit', '1000', '--json'))
    const servedJson = json(await remote('space', 'list', '--limit', '1000', '--org', organizationId, '--json'))
    expect(withoutUrls(servedJson)).toEqual(withoutUrls(localJson))
    expect(servedJson.items[0].urls.location.startsWith(`${server.url}/v1/`)).toBe(true)
  })

  it('fails with the same message and error object on both transports', async () => {
    for (const args of [['space', 'get', 'missing'], ['collection', 'get', 'missing']]) {
      const local = await run(...args)
      const served = await remote(...args)
      expect(served.exitCode).not.toBe(0)
      expect(served.stderr).toBe(local.stderr)
    }
    const local = await run('space', 'get', 'missing', '--json')
    const served = await remote('space', 'get', 'missing', '--json')
    expect(json(served)).toEqual(json(local))
    expect(json(served).error.code).toBe(404)
  })

  it('says clearly when the server cannot be reached', async () => {
    const result = await docsctl(dataDir, ['--api-url', 'http://127.0.0.1:9', 'space', 'list'])
    expect(result.exitCode).not.toBe(0)
    expect(result.stderr).toContain('Cannot reach the docsctl server')
  })
})
