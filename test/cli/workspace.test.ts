import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { docsctl, initWorkspace, json, serve, tempDir } from './support'

describe('docsctl init', () => {
  it('prints {organization, user, token} as one JSON document and remembers the token', async () => {
    const dataDir = tempDir()
    const result = await docsctl(dataDir, ['init', '--yes', '--org', 'Acme Docs', '--email', 'ada@acme.com', '--name', 'Ada', '--json'])
    expect(result.exitCode).toBe(0)
    const out = json(result)
    expect(Object.keys(out)).toEqual(['organization', 'user', 'token'])
    expect(out.organization).toMatchObject({ object: 'organization', title: 'Acme Docs' })
    expect(out.user).toMatchObject({ object: 'user', email: 'ada@acme.com', displayName: 'Ada' })
    expect(out.token).toMatch(/^dct_[A-Za-z0-9_-]{43}$/)
    expect(statSync(join(dataDir, 'credentials.json')).mode & 0o777).toBe(0o600)
    const orgs = json(await docsctl(dataDir, ['org', 'list', '--json']))
    expect(orgs.items.map((o: any) => o.id)).toEqual([out.organization.id])
  })

  it('changes nothing when the workspace exists, and says so', async () => {
    const { dataDir, organization } = await initWorkspace()
    await docsctl(dataDir, ['space', 'create', '--title', 'Kept'])
    const before = readFileSync(join(dataDir, 'credentials.json'), 'utf8')
    const again = await docsctl(dataDir, ['init', '--yes', '--org', 'Other', '--email', 'bob@acme.com'])
    expect(again.exitCode).not.toBe(0)
    expect(again.stderr).toContain('already exists')
    expect(readFileSync(join(dataDir, 'credentials.json'), 'utf8')).toBe(before)
    const spaces = json(await docsctl(dataDir, ['space', 'list', '--json']))
    expect(spaces.items.map((s: any) => s.title)).toEqual(['Kept'])
    expect(json(await docsctl(dataDir, ['org', 'get', '--json'])).id).toBe(organization.id)
    const asJson = await docsctl(dataDir, ['init', '--yes', '--org', 'Other', '--email', 'bob@acme.com', '--json'])
    expect(json(asJson).error).toMatchObject({ code: 409, message: expect.stringContaining('already exists') })
  })

  it('fails without a terminal when --org or --email is missing, creating nothing', async () => {
    const dataDir = tempDir()
    const result = await docsctl(dataDir, ['init'])
    expect(result.exitCode).not.toBe(0)
    expect(result.stderr).toContain('--yes --org')
    const after = await docsctl(dataDir, ['space', 'list'])
    expect(after.stderr).toContain('docsctl init')
    const badEmail = await docsctl(dataDir, ['init', '--yes', '--org', 'Acme', '--email', 'nope'])
    expect(badEmail.exitCode).not.toBe(0)
    expect(badEmail.stderr).toContain('--email')
  })

  it('tells to run `docsctl init` when the store is missing', async () => {
    const result = await docsctl(tempDir(), ['space', 'list'])
    expect(result.exitCode).not.toBe(0)
    expect(result.stderr).toContain('Run `docsctl init`')
  })
})

describe('docsctl --version and --help', () => {
  it('prints the version and teaches with examples', async () => {
    const version = await docsctl(tempDir(), ['--version'])
    expect(version.stdout.trim()).toBe(JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version)
    const help = await docsctl(tempDir(), ['--help'])
    for (const group of ['init', 'serve', 'org', 'collection', 'space', 'token']) expect(help.stdout).toContain(group)
    const spaceHelp = await docsctl(tempDir(), ['space', 'create', '--help'])
    expect(spaceHelp.stdout).toContain('Examples:')
    expect(spaceHelp.stdout).toContain('--title')
  })
})

describe('docsctl token', () => {
  it('creates a token shown once, lists it by name, and revokes it', async () => {
    const { dataDir } = await initWorkspace()
    const created = await docsctl(dataDir, ['token', 'create', '--name', 'ci', '--json'])
    expect(created.exitCode).toBe(0)
    const { token, id } = json(created)
    expect(token).toMatch(/^dct_/)
    const list = await docsctl(dataDir, ['token', 'list'])
    expect(list.stdout).toMatch(/ID\s+NAME\s+CREATED/)
    expect(list.stdout).toContain('ci')
    expect(list.stdout).not.toContain(token)
    expect((await docsctl(dataDir, ['space', 'list', '--token', token])).exitCode).toBe(0)
    expect((await docsctl(dataDir, ['token', 'revoke', id])).exitCode).toBe(0)
    const refused = await docsctl(dataDir, ['space', 'list'], { DOCSCTL_TOKEN: token })
    expect(refused.exitCode).not.toBe(0)
    expect(refused.stderr).toContain('invalid or was revoked')
    const human = await docsctl(dataDir, ['token', 'create'])
    expect(human.stdout.trim()).toMatch(/^dct_[A-Za-z0-9_-]{43}$/)
  })
})

describe('docsctl serve', () => {
  it('prints its URL, answers there, and stops cleanly on SIGTERM and SIGINT', async () => {
    const { dataDir, token } = await initWorkspace()
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const server = await serve(dataDir)
      expect((await fetch(`${server.url}/v1/`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200)
      expect((await fetch(`${server.url}/v1/`)).status).toBe(401)
      server.process.kill(signal)
      const result = await server.process
      expect(result.exitCode).toBe(0)
    }
  })

  it('sees a token revoked by a CLI command on the same data directory while it runs', async () => {
    const { dataDir } = await initWorkspace()
    const { token, id } = json(await docsctl(dataDir, ['token', 'create', '--name', 'short-lived', '--json']))
    const server = await serve(dataDir)
    const get = () => fetch(`${server.url}/v1/user`, { headers: { authorization: `Bearer ${token}` } })
    expect((await get()).status).toBe(200)
    expect((await docsctl(dataDir, ['token', 'revoke', id])).exitCode).toBe(0)
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect((await get()).status).toBe(401)
    server.process.kill('SIGTERM')
    await server.process
  })

  it('creates a workspace with --init and prints a working token; later it prints the remembered one', async () => {
    const dataDir = tempDir()
    const first = await serve(dataDir, ['--init'])
    const token = /token: (\S+)/.exec(first.output())?.[1] ?? (await new Promise<string>((r) => setTimeout(() => r(/token: (\S+)/.exec(first.output())![1]), 200)))
    expect((await fetch(`${first.url}/v1/orgs`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200)
    first.process.kill('SIGTERM')
    await first.process
    const second = await serve(dataDir, ['--init'])
    await new Promise((r) => setTimeout(r, 200))
    expect(second.output()).toContain(`token: ${token}`)
    second.process.kill('SIGTERM')
    await second.process
  })
})
