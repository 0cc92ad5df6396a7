import { existsSync, readdirSync, readFileSync, renameSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { docsctl, get, initWorkspace, json, serve, tempDir } from './support'

const INIT = ['init', '--yes', '--org', 'Acme Docs', '--email', 'ada@acme.com', '--name', 'Ada']

/** One workspace for the tests that only need one to exist; init's own tests make theirs. */
let workspace: Awaited<ReturnType<typeof initWorkspace>>
beforeAll(async () => {
  workspace = await initWorkspace()
})

describe('docsctl --version and --help', () => {
  it('prints the package version with --version', async () => {
    const version = await docsctl(tempDir(), ['--version'])
    expect(version.exitCode).toBe(0)
    expect(version.stdout).toBe(`${JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version}\n`)
  })

  it('lists every command group in --help', async () => {
    const help = await docsctl(tempDir(), ['--help'])
    expect(help.exitCode).toBe(0)
    for (const group of ['init', 'serve', 'org', 'collection', 'space', 'token', 'user']) expect(help.stdout).toMatch(new RegExp(`^  ${group}\\b`, 'm'))
  })

  it('shows examples in the help of a group and of each command', async () => {
    const group = await docsctl(tempDir(), ['space', '--help'])
    expect(group.exitCode).toBe(0)
    expect(group.stdout).toContain('Examples:')
    expect(group.stdout).toContain('$ docsctl space create --title')
    const command = await docsctl(tempDir(), ['space', 'create', '--help'])
    expect(command.stdout).toContain('Examples:')
    expect(command.stdout).toContain('--title <title>')
  })
})

describe('docsctl init', () => {
  it('prints exactly one JSON document {organization, user, token} and remembers the token in a private file', async () => {
    const dataDir = tempDir()
    const result = await docsctl(dataDir, [...INIT, '--json'])
    expect(result.exitCode).toBe(0)
    const out = json(result)
    expect(Object.keys(out)).toEqual(['organization', 'user', 'token'])
    expect(out.organization).toMatchObject({ object: 'organization', title: 'Acme Docs' })
    expect(out.user).toMatchObject({ object: 'user', email: 'ada@acme.com', displayName: 'Ada' })
    expect(typeof out.token).toBe('string')
    expect(out.token.length).toBeGreaterThanOrEqual(43)
    expect(statSync(join(dataDir, 'credentials.json')).mode & 0o777).toBe(0o600)
    const orgs = json(await docsctl(dataDir, ['org', 'list', '--json']))
    expect(orgs.items.map((o: any) => o.id)).toEqual([out.organization.id])
  })

  it('prints a summary with the token when not asked for JSON', async () => {
    const result = await docsctl(tempDir(), INIT)
    expect(result.exitCode).toBe(0)
    expect(result.stdout).toMatch(/^Created workspace in /)
    expect(result.stdout).toMatch(/^ {2}token +dct_\S{43}$/m)
  })

  it('lets commands use the token from DOCSCTL_TOKEN or --token when none is remembered', async () => {
    const { dataDir, token } = workspace
    const credentials = join(dataDir, 'credentials.json')
    renameSync(credentials, `${credentials}.away`)
    try {
      const anonymous = await docsctl(dataDir, ['space', 'list'])
      expect(anonymous.exitCode).not.toBe(0)
      expect(anonymous.stderr).toContain('Authentication required')
      expect((await docsctl(dataDir, ['space', 'list'], { DOCSCTL_TOKEN: token })).exitCode).toBe(0)
      expect((await docsctl(dataDir, ['--token', token, 'space', 'list'])).exitCode).toBe(0)
      expect((await docsctl(dataDir, ['space', 'list', '--token', token])).exitCode).toBe(0)
    } finally {
      renameSync(`${credentials}.away`, credentials)
    }
  })

  it('refuses to run on an existing workspace, saying so and leaving its data intact', async () => {
    const { dataDir, organization } = workspace
    const kept = json(await docsctl(dataDir, ['space', 'create', '--title', 'Kept', '--json']))
    const before = readFileSync(join(dataDir, 'credentials.json'), 'utf8')
    const again = await docsctl(dataDir, ['init', '--yes', '--org', 'Other', '--email', 'bob@acme.com'])
    expect(again.exitCode).not.toBe(0)
    expect(again.stderr).toContain('workspace already exists')
    expect(again.stderr).toContain('nothing was changed')
    expect(readFileSync(join(dataDir, 'credentials.json'), 'utf8')).toBe(before)
    const orgs = await docsctl(dataDir, ['org', 'list'])
    expect(orgs.stdout).toContain(organization.id)
    expect(orgs.stdout).toContain('Acme Docs')
    expect(orgs.stdout).not.toContain('Other')
    expect(json(await docsctl(dataDir, ['space', 'get', kept.id, '--json'])).title).toBe('Kept')
    const asJson = await docsctl(dataDir, ['init', '--yes', '--org', 'Other', '--email', 'bob@acme.com', '--json'])
    expect(asJson.exitCode).not.toBe(0)
    expect(json(asJson).error).toMatchObject({ code: 409, message: expect.stringContaining('already exists') })
  })

  it('fails without a terminal when --yes, --org or --email is missing, creating nothing', async () => {
    const parent = tempDir()
    const dataDir = join(parent, 'store')
    for (const args of [['init'], ['init', '--org', 'Acme Docs'], ['init', '--yes', '--email', 'ada@acme.com']]) {
      const result = await docsctl(dataDir, args)
      expect(result.exitCode).not.toBe(0)
      expect(result.stderr).toContain('docsctl init --yes --org')
    }
    expect(readdirSync(parent)).toEqual([])
  })

  it('refuses an invalid --email or --org, naming the option and creating nothing', async () => {
    const parent = tempDir()
    const dataDir = join(parent, 'store')
    const badEmail = await docsctl(dataDir, ['init', '--yes', '--org', 'Acme Docs', '--email', 'not-an-email'])
    expect(badEmail.exitCode).not.toBe(0)
    expect(badEmail.stderr).toContain('--email')
    const badOrg = await docsctl(dataDir, ['init', '--yes', '--org', 'A', '--email', 'ada@acme.com', '--json'])
    expect(badOrg.exitCode).not.toBe(0)
    expect(json(badOrg).error).toMatchObject({ code: 400, message: expect.stringContaining('--org') })
    expect(readdirSync(parent)).toEqual([])
  })

  it('creates the folder named by --data-dir, which wins over DOCSCTL_DATA_DIR', async () => {
    const fromEnv = tempDir()
    const fromFlag = join(tempDir(), 'a', 'b')
    expect((await docsctl(fromEnv, ['--data-dir', fromFlag, ...INIT])).exitCode).toBe(0)
    expect(existsSync(join(fromFlag, 'credentials.json'))).toBe(true)
    expect(readdirSync(fromEnv)).toEqual([])
  })
})

describe('a missing store', () => {
  it('makes every command fail with a message that says to run `docsctl init`, creating nothing', async () => {
    const parent = tempDir()
    const dataDir = join(parent, 'store')
    for (const args of [['space', 'list'], ['org', 'get'], ['token', 'list'], ['serve', '--port', '0']]) {
      const result = await docsctl(dataDir, args)
      expect(result.exitCode, args.join(' ')).not.toBe(0)
      expect(result.stderr, args.join(' ')).toContain('Run `docsctl init`')
    }
    const asJson = await docsctl(dataDir, ['collection', 'list', '--json'])
    expect(json(asJson).error).toEqual({ code: 404, message: expect.stringContaining('Run `docsctl init`') })
    expect(readdirSync(parent)).toEqual([])
  })
})

describe('usage errors', () => {
  it('are printed on stderr, and as an error object on stdout with --json', async () => {
    const dataDir = tempDir()
    const human = await docsctl(dataDir, ['space', 'list', '--limit', 'many'])
    expect(human.exitCode).not.toBe(0)
    expect(human.stdout).toBe('')
    expect(human.stderr).toContain('"many" is not a whole number')
    const position = await docsctl(dataDir, ['page', 'move', 'some-page', '--space', 's', '--cr', '1', '--at', 'x'])
    expect(position.exitCode).not.toBe(0)
    expect(position.stderr).toContain('"x" is not a whole number')
    const asJson = await docsctl(dataDir, ['space', 'transfer', 'some-space', '--json'])
    expect(asJson.exitCode).not.toBe(0)
    expect(asJson.stderr).toContain('--to')
    expect(json(asJson)).toEqual({ error: { code: 400, message: expect.stringContaining("required option '--to") } })
    const unknown = await docsctl(dataDir, ['spaceship', '--json'])
    expect(unknown.exitCode).not.toBe(0)
    expect(json(unknown).error.message).toContain("unknown command 'spaceship'")
  })
})

describe('docsctl token', () => {
  it('creates a token that is printed once: alone, or as "token" in the JSON object', async () => {
    const { dataDir } = workspace
    const created = await docsctl(dataDir, ['token', 'create', '--name', 'ci', '--json'])
    expect(created.exitCode).toBe(0)
    expect(json(created)).toMatchObject({ token: expect.any(String), name: 'ci' })
    const human = await docsctl(dataDir, ['token', 'create', '--name', 'shell'])
    expect(human.exitCode).toBe(0)
    expect(human.stdout).toMatch(/^dct_[A-Za-z0-9_-]{43}\n$/)
    expect((await docsctl(dataDir, ['space', 'list', '--token', human.stdout.trim()])).exitCode).toBe(0)
  })

  it('lists tokens by name and never shows the tokens themselves', async () => {
    const { dataDir } = workspace
    const { token } = json(await docsctl(dataDir, ['token', 'create', '--name', 'listed', '--json']))
    const list = await docsctl(dataDir, ['token', 'list'])
    expect(list.stdout).toMatch(/^ID\s+NAME\s+CREATED\s+LAST USED$/m)
    expect(list.stdout).toMatch(/\blisted\b/)
    expect(list.stdout).not.toContain(token)
    const asJson = await docsctl(dataDir, ['token', 'list', '--json'])
    expect(json(asJson).items.map((t: any) => t.label)).toContain('listed')
    expect(asJson.stdout).not.toContain(token)
    expect(asJson.stdout).not.toContain('dct_')
  })

  it('revokes a token, which then fails to authenticate, and refuses an id that is not a token', async () => {
    const { dataDir } = workspace
    const { token, id } = json(await docsctl(dataDir, ['token', 'create', '--name', 'doomed', '--json']))
    expect((await docsctl(dataDir, ['space', 'list'], { DOCSCTL_TOKEN: token })).exitCode).toBe(0)
    const revoked = await docsctl(dataDir, ['token', 'revoke', id])
    expect(revoked.exitCode).toBe(0)
    expect(revoked.stdout).toBe(`Revoked token ${id}.\n`)
    const refused = await docsctl(dataDir, ['space', 'list', '--json'], { DOCSCTL_TOKEN: token })
    expect(refused.exitCode).not.toBe(0)
    expect(json(refused).error).toMatchObject({ code: 401, message: expect.stringContaining('invalid or was revoked') })
    const unknown = await docsctl(dataDir, ['token', 'revoke', 'no-such-token', '--json'])
    expect(unknown.exitCode).not.toBe(0)
    expect(json(unknown).error.code).toBe(404)
  })
})

describe('docsctl serve', () => {
  it('prints its URL, answers there, and exits 0 on SIGTERM and on SIGINT', async () => {
    const { dataDir, token } = workspace
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const server = await serve(dataDir)
      expect(server.output()).toContain(`docsctl is listening on ${server.url}`)
      const info = await get(`${server.url}/v1/`, token)
      expect(info.status).toBe(200)
      expect(await info.json()).toMatchObject({ version: expect.any(String) })
      expect((await get(`${server.url}/v1/`)).status).toBe(401)
      expect(await server.stop(signal)).toBe(0)
    }
  })

  it('lets requests name local repositories on a loopback address, and beyond it only with --allow-local-files', async () => {
    // A workspace of its own: the imports it queues are not the other tests' business.
    const { dataDir, token } = await initWorkspace(tempDir())
    const space = json(await docsctl(dataDir, ['space', 'create', '--title', 'Local files', '--json']))
    const cases: [string[], number][] = [[[], 204], [['--host', '0.0.0.0'], 400], [['--host', '0.0.0.0', '--allow-local-files'], 204]]
    for (const [extra, status] of cases) {
      // Beyond loopback without the flag, it says so as it starts.
      const server = await serve(dataDir, extra, status === 400 ? [/requests may not name its files/] : [])
      try {
        const res = await fetch(`${server.url}/v1/spaces/${space.id}/git/import`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ url: join(dataDir, 'no-such-repository'), ref: 'refs/heads/main' }),
        })
        expect({ extra, status: res.status }).toEqual({ extra, status })
        if (status === 400) expect(((await res.json()) as { error: { message: string } }).error.message).toContain('--allow-local-files')
        if (status !== 400) expect(server.output()).not.toContain('requests may not name its files')
      } finally {
        await server.stop()
      }
    }
  })

  it('sees a token revoked by a CLI command on the same data directory while it runs', async () => {
    const { dataDir } = workspace
    const { token, id } = json(await docsctl(dataDir, ['token', 'create', '--name', 'short-lived', '--json']))
    const server = await serve(dataDir)
    try {
      expect((await get(`${server.url}/v1/user`, token)).status).toBe(200)
      expect((await docsctl(dataDir, ['token', 'revoke', id])).exitCode).toBe(0)
      // The server notices another process's writes within its read cache's check interval.
      await new Promise((resolve) => setTimeout(resolve, 150))
      expect((await get(`${server.url}/v1/user`, token)).status).toBe(401)
    } finally {
      await server.stop()
    }
  })

  it('creates a workspace with --init on an empty folder and prints a working token; later it prints the remembered one', async () => {
    const dataDir = tempDir()
    const first = await serve(dataDir, ['--init'], [/^token: (\S+)$/m])
    const token = first.matches[0][1]
    expect((await get(`${first.url}/v1/orgs`, token)).status).toBe(200)
    expect(await first.stop()).toBe(0)
    expect(JSON.parse(readFileSync(join(dataDir, 'credentials.json'), 'utf8')).token).toBe(token)
    const second = await serve(dataDir, ['--init'], [/^token: (\S+)$/m])
    expect(second.matches[0][1]).toBe(token)
    expect((await get(`${second.url}/v1/orgs`, token)).status).toBe(200)
    expect(await second.stop()).toBe(0)
  })
})
