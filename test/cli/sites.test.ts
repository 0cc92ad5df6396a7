import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { docsctl, initWorkspace, json, serve, type RunningServer } from './support'

/** One workspace for the file; every test makes the spaces and sites it uses. */
let dataDir: string
let organizationId: string
let server: RunningServer | undefined

beforeAll(async () => {
  const workspace = await initWorkspace()
  dataDir = workspace.dataDir
  organizationId = workspace.organization.id
})
afterAll(async () => {
  await server?.stop()
})

const run = (...args: string[]) => docsctl(dataDir, args)
const runJson = async (...args: string[]) => {
  const result = await run(...args, '--json')
  expect(result.exitCode, result.stderr).toBe(0)
  return json(result)
}
const newSpace = async (title: string) => (await runJson('space', 'create', '--title', title)).id as string

describe('docsctl site', () => {
  it('creates, lists, shows, updates, publishes and deletes sites, as tables and as JSON', async () => {
    const spaceId = await newSpace('Guide')
    const created = await run('site', 'create', '--title', 'Developer docs', '--space', spaceId)
    expect(created.exitCode).toBe(0)
    const siteId = /^Created site (\w+) "Developer docs" \(public, not published yet: docsctl site publish \1\)\.$/m.exec(created.stdout)![1]
    const table = await run('site', 'list')
    expect(table.stdout).toMatch(/^ID +TITLE +VISIBILITY +PUBLISHED +SPACES +CREATED$/m)
    expect(table.stdout).toMatch(new RegExp(`^${siteId} +Developer docs +public +no +1 `, 'm'))
    expect((await runJson('site', 'list', '--space', spaceId)).items.map((s: any) => s.id)).toEqual([siteId])

    const updated = await run('site', 'update', siteId, '--visibility', 'share-link', '--hostname', 'docs.acme.io', '--adaptive-content', 'on', '--proxy', 'acme.io/docs')
    expect(updated.stdout).toMatch(/^visibility +share-link$/m)
    expect(updated.stdout).toMatch(/^hostname +docs\.acme\.io$/m)
    expect(updated.stdout).toMatch(/^adaptive content +on$/m)
    expect(updated.stdout).toMatch(/^proxy +acme\.io\/docs$/m)
    expect((await runJson('site', 'update', siteId, '--remove-proxy', '--remove-hostname')).proxy).toBeUndefined()

    expect((await run('site', 'publish', siteId)).stdout).toContain(`Published site ${siteId} at `)
    expect((await runJson('site', 'list', '--published')).items.map((s: any) => s.id)).toContain(siteId)
    expect((await run('site', 'get', siteId)).stdout).toMatch(/^published +yes$/m)
    expect((await runJson('site', 'unpublish', siteId)).published).toBe(false)
    expect((await runJson('site', 'list', '--unpublished')).items.map((s: any) => s.id)).toContain(siteId)

    expect((await run('site', 'delete', siteId)).stdout).toBe(`Deleted site ${siteId}.\n`)
    const gone = await run('site', 'get', siteId)
    expect(gone.exitCode).toBe(1)
    expect(gone.stderr).toContain('does not exist')
  })

  it('builds the structure with sections, site spaces and groups, and shows it as an outline', async () => {
    const [guide, api, sdk] = [await newSpace('Guide'), await newSpace('API'), await newSpace('SDK')]
    const siteId = (await runJson('site', 'create', '--title', 'Structured', '--space', guide)).id
    const section = await runJson('site', 'section', 'add', '--site', siteId, '--space', api, '--title', 'API reference')
    expect(section).toMatchObject({ object: 'site-section', title: 'API reference', path: 'api-reference' })
    const siteSpace = await runJson('site', 'space', 'add', '--site', siteId, '--space', sdk, '--section', section.id)
    expect(siteSpace.section).toBe(section.id)

    const sections = await run('site', 'section', 'list', '--site', siteId)
    expect(sections.stdout).toMatch(/^ID +TITLE +PATH +DEFAULT +GROUP +SPACES +CONDITION$/m)
    expect(sections.stdout).toMatch(new RegExp(`^${section.id} +API reference +api-reference +- +2 +-$`, 'm'))

    const updated = await run('site', 'section', 'update', section.id, '--site', siteId, '--path', 'api', '--condition', 'visitor.claims.isAdmin')
    expect(updated.exitCode, updated.stderr).toBe(0)
    expect(updated.stdout).toMatch(/ api +.* visitor\.claims\.isAdmin$/m)
    const bad = await run('site', 'section', 'update', section.id, '--site', siteId, '--condition', 'visitor.claims.isAdmin &&')
    expect(bad.exitCode).toBe(1)
    expect(bad.stderr).toContain('body.condition: syntax error at position 26')
    expect((await runJson('site', 'section', 'update', section.id, '--site', siteId, '--remove-condition')).condition).toBeUndefined()

    const group = await runJson('site', 'group', 'add', '--site', siteId, '--title', 'References', '--section', section.id)
    const outline = await run('site', 'structure', siteId)
    expect(outline.stdout).toMatch(new RegExp(`^group +${group.id} +References$`, 'm'))
    expect(outline.stdout).toMatch(new RegExp(`^  section +${section.id} +/api +API reference$`, 'm'))
    expect(outline.stdout).toMatch(new RegExp(`^    space +${siteSpace.id} +/sdk +SDK \\(${sdk}\\)$`, 'm'))
    expect(outline.stdout).toMatch(/^section +\w+ +\/guide +Guide +\[default\]$/m)

    const moved = await run('site', 'sort', siteId, '--item', `site-section-group:${group.id}`, '--before', `site-section:${(await runJson('site', 'section', 'list', '--site', siteId)).items[0].id}`)
    expect(moved.stdout).toBe(`Moved site-section-group ${group.id}.\n`)
    expect((await run('site', 'structure', siteId)).stdout.split('\n')[0]).toMatch(/^group /)
    const badPointer = await run('site', 'sort', siteId, '--item', 'section:x')
    expect(badPointer.exitCode).not.toBe(0)
    expect(badPointer.stderr).toContain('is not <type>:<id>')

    expect((await run('site', 'group', 'delete', group.id, '--site', siteId)).stdout).toContain('its sections stay')
    expect((await runJson('site', 'space', 'list', '--site', siteId, '--default')).items.map((s: any) => s.space.id)).toEqual([api, guide])
    expect((await run('site', 'space', 'delete', siteSpace.id, '--site', siteId)).exitCode).toBe(0)
    expect((await run('site', 'section', 'delete', section.id, '--site', siteId)).stdout).toBe(`Deleted section ${section.id}.\n`)
    expect((await runJson('site', 'section', 'list', '--site', siteId)).items.map((s: any) => s.default)).toEqual([true])
  })

  it('opens a share-link site with an active link key, and a visitor-auth site with a visitor token', async () => {
    const siteId = (await runJson('site', 'create', '--title', 'Partners', '--visibility', 'share-link', '--space', await newSpace('Partner guide'))).id
    await run('site', 'publish', siteId)
    const refused = await run('site', 'published', siteId)
    expect(refused.exitCode).toBe(1)
    expect(refused.stderr).toContain('shareKey')
    const created = await run('site', 'share-link', 'create', '--site', siteId, '--name', 'Acme')
    const url = /: (http\S+)$/m.exec(created.stdout)![1]
    const key = new URL(url).searchParams.get('shareKey')!
    const linkId = (await runJson('site', 'share-link', 'list', '--site', siteId)).items[0].id
    const opened = await run('site', 'published', siteId, '--share-key', key)
    expect(opened.exitCode, opened.stderr).toBe(0)
    expect(opened.stdout).toMatch(/^Partners \(share-link, http/m)
    expect(opened.stdout).toMatch(/^space +\w+ +\/partner-guide +Partner guide/m)
    expect((await run('site', 'share-link', 'update', linkId, '--site', siteId, '--inactive')).stdout).toMatch(new RegExp(`^${linkId} +Acme +no `, 'm'))
    expect((await run('site', 'published', siteId, '--share-key', key)).exitCode).toBe(1)

    await run('site', 'update', siteId, '--visibility', 'visitor-auth')
    const token = await run('site', 'visitor-token', '--site', siteId, '--claims', '{"plan":"pro"}')
    expect(token.stdout).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+\n$/)
    expect((await run('site', 'published', siteId, '--visitor-token', token.stdout.trim())).exitCode).toBe(0)
    expect((await run('site', 'published', siteId)).stderr).toContain('visitorAuthToken')
    const badClaims = await run('site', 'visitor-token', '--site', siteId, '--claims', '[1]', '--json')
    expect(badClaims.exitCode).not.toBe(0)
    expect(json(badClaims).error.message).toContain('must be a JSON object')
  })

  it('sets the visitor schema from a file and lists the conditions it suggests', async () => {
    const siteId = (await runJson('site', 'create', '--title', 'Adaptive')).id
    const empty = JSON.parse((await run('site', 'schema', 'get', '--site', siteId, '--json')).stdout)
    expect(empty.jsonSchema).toEqual({ type: 'object', properties: {}, additionalProperties: false })
    const file = join(dataDir, 'schema.json')
    writeFileSync(file, JSON.stringify({ type: 'object', properties: { isAdmin: { type: 'boolean', description: 'Admin' } }, additionalProperties: false }))
    expect((await run('site', 'schema', 'set', '--site', siteId, '--file', file)).stdout).toBe('Set the visitor schema (1 top-level claims).\n')
    expect((await runJson('site', 'schema', 'get', '--site', siteId)).jsonSchema.properties.isAdmin.type).toBe('boolean')
    const conditions = await run('site', 'schema', 'conditions', '--site', siteId)
    expect(conditions.stdout).toMatch(/^CONDITION +DESCRIPTION$/m)
    expect(conditions.stdout).toMatch(/^!visitor\.claims\.isAdmin +Visitors whose signed claim "isAdmin" is false or missing/m)
    writeFileSync(file, JSON.stringify({ type: 'object', properties: { plan: { type: 'string', description: 'Plan' } }, additionalProperties: false }))
    const refused = await run('site', 'schema', 'set', '--site', siteId, '--file', file)
    expect(refused.exitCode).toBe(1)
    expect(refused.stderr).toContain('body.jsonSchema.properties.plan.type: must be one of "boolean"')
  })

  it('documents every verb with examples, nested groups included', async () => {
    const help = await run('site', '--help')
    expect(help.exitCode).toBe(0)
    for (const verb of ['create', 'list', 'get', 'update', 'delete', 'publish', 'unpublish', 'published', 'visitor-token', 'section', 'space', 'group', 'share-link', 'schema']) {
      expect(help.stdout).toMatch(new RegExp(`^  ${verb}\\b`, 'm'))
    }
    expect(help.stdout).toContain('$ docsctl site section add --site <siteId>')
    for (const args of [['site', 'section', '--help'], ['site', 'share-link', 'create', '--help'], ['site', 'schema', 'set', '--help'], ['site', 'visitor-token', '--help']]) {
      const text = (await run(...args)).stdout
      expect(text, args.join(' ')).toMatch(/Examples:\n {2}\$ docsctl site /)
    }
    expect((await run('site', 'section', '--help')).stdout).toContain('More in `docsctl site section <command> --help`.')
  })

  it('gives the same result against a server with --api-url', async () => {
    server = await serve(dataDir)
    const siteId = (await runJson('site', 'create', '--title', 'Remote', '--new-space')).id
    const local = await runJson('site', 'structure', siteId)
    const remote = await runJson('--api-url', server.url, 'site', 'structure', siteId, '--org', organizationId)
    expect(remote.structure.map((s: any) => [s.id, s.path])).toEqual(local.structure.map((s: any) => [s.id, s.path]))
    expect(remote.structure[0].space.title).toBe('Remote')
  })
})
