import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { docsctl, initWorkspace, json, serve, type RunningServer } from './support'
import { startFixtureServer, type FixtureServer } from '../support/http-fixture'
import { answering, readDelivery } from '../support/integrations'

let dataDir: string
let endpoint: FixtureServer
let tunnel: FixtureServer
let server: RunningServer | undefined
let folder: string

beforeAll(async () => {
  ;({ dataDir } = await initWorkspace())
  endpoint = await startFixtureServer({ '/v1': answering(200) })
  tunnel = await startFixtureServer({ '/v1': answering(200) })
  folder = mkdtempSync(join(tmpdir(), 'docsctl-integration-'))
  writeFileSync(join(folder, 'icon.png'), Buffer.from('89504e470d0a1a0a', 'hex'))
  writeFileSync(join(folder, 'index.js'), 'export default {}\n')
  writeFileSync(
    join(folder, 'gitbook-manifest.yaml'),
    `name: manifest-app\ntitle: From manifest\ndescription: Published from a manifest\nicon: ./icon.png\nscript: ./index.js\nvisibility: unlisted\nscopes:\n  - space:content:read\ncategories: [content]\nsecrets:\n  FROM_FILE: one\nendpoint: ${endpoint.url}\n`,
  )
})
afterAll(async () => {
  await server?.stop()
  await endpoint.close()
  await tunnel.close()
})

const run = (...args: string[]) => docsctl(dataDir, args)

describe('integration commands', () => {
  it('publishes from flags, lists, gets and unpublishes', async () => {
    const published = await run('integration', 'publish', 'flags-app', '--title', 'Flags', '--description', 'From flags', '--endpoint', endpoint.url, '--scope', 'site:views:read', '--category', 'analytics', '--visibility', 'public')
    expect(published.exitCode, published.stderr).toBe(0)
    expect(published.stdout).toBe('Published integration flags-app (version 1, public).\n')
    const list = await run('integration', 'list', '--category', 'analytics')
    expect(list.stdout).toMatch(/flags-app\s+Flags\s+1\s+public/)
    expect(json(await run('integration', 'get', 'flags-app', '--json'))).toMatchObject({ name: 'flags-app', scopes: ['site:views:read'], urls: { publicEndpoint: endpoint.url } })
    expect((await run('integration', 'get', 'flags-app')).stdout).toMatch(/endpoint\s+http:\/\/127\.0\.0\.1/)
    expect((await run('integration', 'rm', 'flags-app')).stdout).toBe('Unpublished integration flags-app.\n')
    const gone = await run('integration', 'get', 'flags-app')
    expect(gone.exitCode).not.toBe(0)
    expect(gone.stderr).toContain('Integration "flags-app" does not exist')
  })

  it('publishes from a manifest with its icon, script and secrets, flags overriding it', async () => {
    const published = json(await run('integration', 'publish', '--manifest', join(folder, 'gitbook-manifest.yaml'), '--secret', 'FROM_FLAG=two', '--title', 'Overridden', '--json'))
    expect(published).toMatchObject({ name: 'manifest-app', title: 'Overridden', visibility: 'unlisted', categories: ['content'], urls: { icon: 'data:image/png;base64,iVBORw0KGgo=' } })
    expect(JSON.stringify(published)).not.toContain('two')
    const bad = await run('integration', 'publish', 'bad name', '--title', 'Bad', '--description', 'x')
    expect(bad.exitCode).not.toBe(0)
    expect(bad.stderr).toContain('integrationName')
    const missing = await run('integration', 'publish', '--manifest', join(folder, 'nope.yaml'))
    expect(missing.exitCode).not.toBe(0)
    expect(missing.stderr).toContain('nope.yaml')
  })

  it('installs and waits for the first delivery of installation_setup, then shows events and the trace', async () => {
    const installed = await run('integration', 'install', 'manifest-app')
    expect(installed.exitCode, installed.stderr).toBe(0)
    expect(installed.stderr).toMatch(/event installation_setup: Attempt 1 of 5: POST http:\/\/127\.0\.0\.1:\d+\/v1 answered 200\./)
    expect(installed.stdout).toMatch(/^Installed on organization \w+ \(installation \w+\); installation_setup event \w+ is success\.\n$/)
    const delivery = await readDelivery(endpoint.requests[endpoint.requests.length - 1])
    expect(delivery.signed).toBe(true)
    expect(delivery.environment.secrets).toEqual({ FROM_FILE: 'one', FROM_FLAG: 'two' })

    const installations = await run('integration', 'installations', 'manifest-app')
    expect(installations.stdout).toMatch(/active\s+0/)
    const events = json(await run('integration', 'events', 'manifest-app', '--json'))
    expect(events.items.map((e: any) => [e.payload.type, e.status])).toEqual([['installation_setup', 'success']])
    const event = await run('integration', 'event', 'manifest-app', events.items[0].id)
    expect(event.stdout).toMatch(/status\s+success/)
    expect(event.stdout).toMatch(/info\s+Attempt 1 of 5: POST .* answered 200\./)
  })

  it('turns development mode on and off through a server: the installation_setup event goes to the tunnel', async () => {
    server = await serve(dataDir)
    const remote = (...args: string[]) => docsctl(dataDir, ['--api-url', server!.url, ...args])
    await remote('integration', 'publish', 'dev-cli', '--title', 'Dev CLI', '--description', 'x', '--endpoint', endpoint.url)
    expect((await remote('integration', 'dev', 'dev-cli', tunnel.url)).stdout).toBe(`Development mode on for dev-cli: events of the owning organization go to ${tunnel.url}.\n`)
    const installed = json(await remote('integration', 'install', 'dev-cli', '--json'))
    expect(installed.event.status).toBe('success')
    expect(installed.trace.logs[0].message).toContain('(development tunnel)')
    expect((await Promise.all(tunnel.requests.map(readDelivery))).map((d) => d.event.eventId)).toContain(installed.event.id)
    expect((await remote('integration', 'dev-stop', 'dev-cli')).stdout).toBe('Development mode off for dev-cli.\n')
    expect(json(await remote('integration', 'get', 'dev-cli', '--json')).name).toBe('dev-cli')
    const bad = await remote('integration', 'dev', 'dev-cli', 'not-a-url')
    expect(bad.exitCode).not.toBe(0)
    expect(bad.stderr).toContain('tunnelUrl')
  })
})
