import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { docsctl, initWorkspace, json, serve, type RunningServer } from './support'
import { startFixtureServer, type FixtureServer } from '../support/http-fixture'
import { INVALID_OPENAPI, OWNER_SCHEMA, PETSTORE, PET_SCHEMA, SWAGGER } from '../support/openapi'

let dataDir: string
let source: FixtureServer
let server: RunningServer
let folder: string

beforeAll(async () => {
  ;({ dataDir } = await initWorkspace())
  source = await startFixtureServer({ '/swagger.json': SWAGGER, '/invalid.yaml': INVALID_OPENAPI })
  folder = mkdtempSync(join(tmpdir(), 'docsctl-spec-'))
  mkdirSync(join(folder, 'api/schemas'), { recursive: true })
  mkdirSync(join(folder, 'common'))
  writeFileSync(join(folder, 'api/openapi.yaml'), PETSTORE)
  writeFileSync(join(folder, 'api/schemas/pet.yaml'), PET_SCHEMA)
  writeFileSync(join(folder, 'common/owner.json'), OWNER_SCHEMA)
  writeFileSync(join(folder, 'unrelated.yaml'), 'not: referenced')
})
afterAll(async () => {
  await server?.stop()
  await source.close()
})

const run = (...args: string[]) => docsctl(dataDir, args)

describe('openapi commands', () => {
  it('adds a spec from an address and waits for its processing', async () => {
    const added = await run('openapi', 'add', 'old-api', '--url', `${source.url}/swagger.json`)
    expect(added.exitCode, added.stderr).toBe(0)
    expect(added.stdout).toMatch(/^Added OpenAPI spec old-api \(complete, version \w+\)\.$/m)
    expect(added.stderr).toContain('openapi old-api: complete')
  })

  it('adds a local file with the files its $refs reach, and only those', async () => {
    const spec = json(await run('openapi', 'add', 'petstore', '--file', join(folder, 'api/openapi.yaml'), '--json'))
    expect(spec).toMatchObject({ slug: 'petstore', processingState: 'complete', lastProcessedErrorCount: 0 })
    const content = json(await run('openapi', 'content', 'petstore', '--json'))
    expect(content.entrypoint).toBe('api/openapi.yaml')
    expect(Object.keys(content.filesystem).sort()).toEqual(['api/openapi.yaml', 'api/schemas/pet.yaml', 'common/owner.json'])
    expect((await run('openapi', 'content', 'petstore')).stdout).toContain('api/openapi.yaml  (entry)')
  })

  it('lists, gets, publishes, updates and shows versions', async () => {
    const list = await run('openapi', 'list')
    expect(list.stdout).toMatch(/^SLUG +VISIBILITY +PROCESSING +ERROR +LAST VERSION$/m)
    expect(list.stdout).toMatch(/^petstore +private +complete /m)
    expect((await run('openapi', 'get', 'petstore')).stdout).toMatch(/^source +\(uploaded\)$/m)
    const published = await run('openapi', 'publish', 'petstore')
    expect(published.stdout).toMatch(/^OpenAPI spec petstore is public: http/m)
    writeFileSync(join(folder, 'api/schemas/pet.yaml'), PET_SCHEMA.replace('required: [id, name]', 'required: [id]'))
    const updated = json(await run('openapi', 'update', 'petstore', '--file', join(folder, 'api/openapi.yaml'), '--json'))
    const versions = json(await run('openapi', 'versions', 'petstore', '--json'))
    expect(versions.items).toHaveLength(2)
    expect(versions.items[0].id).toBe(updated.lastVersion)
    const first = json(await run('openapi', 'content', 'petstore', '--version-id', versions.items[1].id, '--json'))
    expect(first.filesystem['api/schemas/pet.yaml'].required).toEqual(['id', 'name'])
    expect((await run('openapi', 'versions', 'petstore')).stdout).toMatch(/^ID +CREATED +URL$/m)
  })

  it('fails with the processing error, and exits non-zero', async () => {
    const failed = await run('openapi', 'add', 'broken', '--url', `${source.url}/invalid.yaml`)
    expect(failed.exitCode).not.toBe(0)
    expect(failed.stderr).toContain('PARSE_ERROR')
    expect((await run('openapi', 'get', 'broken', '--json')).exitCode).toBe(0)
    const missing = await run('openapi', 'add', 'nothing', '--file', join(folder, 'nope.yaml'))
    expect(missing.exitCode).not.toBe(0)
    expect(missing.stderr).toContain('FETCH_ERROR')
    const bad = await run('openapi', 'add', 'Bad Slug', '--url', `${source.url}/swagger.json`)
    expect(bad.exitCode).not.toBe(0)
    expect(bad.stderr).toContain('slug')
  })

  it('works the same against a server, and removes specs', async () => {
    server = await serve(dataDir)
    const remote = (...args: string[]) => docsctl(dataDir, ['--api-url', server.url, ...args])
    const spec = json(await remote('openapi', 'add', 'remote', '--file', join(folder, 'api/openapi.yaml'), '--json'))
    expect(spec.processingState).toBe('complete')
    expect((await remote('openapi', 'rm', 'remote')).stdout).toBe('Deleted OpenAPI spec remote.\n')
    expect((await remote('openapi', 'get', 'remote')).exitCode).not.toBe(0)
  })
})
