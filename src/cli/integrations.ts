/**
 * `docsctl integration`: publish integrations, install them, read their events and delivery traces, and point them at
 * a development tunnel. `publish` reads a manifest (YAML or JSON, the fields of the publish body; `icon`,
 * `previewImages` and `script` may be paths relative to it, read here so it works against a remote server too), and
 * flags override it. `install` waits for the first delivery attempt of its `installation_setup` event.
 */
import { readFileSync } from 'node:fs'
import { loadYaml } from '../domain/revisions/front-matter'
import { dirname, resolve } from 'node:path'
import { Option } from 'commander'
import type { GroupSpec } from './define-command'
import { nextHint, pageOptions, pageQuery } from './define-command'
import { formatFields, formatTable } from './output'
import type { CliContext } from './context'
import { ApiError } from '../errors'

const orgOption = () => new Option('--org <organizationId>', 'organization (default: the workspace organization)')
const collect = (value: string, previous: string[] = []) => [...previous, value]

/** A manifest value that names a file next to the manifest: its content (base64 for images), else the value itself. */
function fileOr(base: string, value: unknown, encoding: 'base64' | 'utf8'): unknown {
  if (typeof value !== 'string' || !/^\.{1,2}\/|\.(png|jpe?g|gif|svg|webp|js|mjs|ts)$/i.test(value)) return value
  try {
    return readFileSync(resolve(base, value)).toString(encoding)
  } catch (error) {
    throw new ApiError(400, `Manifest: cannot read "${value}": ${(error as Error).message}`)
  }
}

/** The manifest file (YAML or JSON); the YAML parser loads only here, not at every CLI start. */
async function readManifest(path: string): Promise<Record<string, any>> {
  let manifest: unknown
  try {
    manifest = (await loadYaml())(readFileSync(path, 'utf8'))
  } catch (error) {
    throw new ApiError(400, `--manifest ${path}: ${(error as Error).message}`)
  }
  if (!manifest || typeof manifest !== 'object' || Array.isArray(manifest)) throw new ApiError(400, `--manifest ${path}: must be a YAML or JSON object.`)
  const base = dirname(resolve(path))
  const body: Record<string, any> = { ...(manifest as Record<string, any>) }
  if (body.icon !== undefined) body.icon = fileOr(base, body.icon, 'base64')
  if (Array.isArray(body.previewImages)) body.previewImages = body.previewImages.map((image: unknown) => fileOr(base, image, 'base64'))
  if (body.script !== undefined) body.script = fileOr(base, body.script, 'utf8')
  return body
}

function parseSecrets(pairs: string[] = []): Record<string, string> | undefined {
  if (!pairs.length) return undefined
  const secrets: Record<string, string> = {}
  for (const pair of pairs) {
    const at = pair.indexOf('=')
    if (at < 1) throw new ApiError(400, `--secret "${pair}": give NAME=VALUE.`)
    secrets[pair.slice(0, at)] = pair.slice(at + 1)
  }
  return secrets
}

async function publish(ctx: CliContext, nameArg: string | undefined, o: any) {
  const manifest = o.manifest ? await readManifest(o.manifest) : {}
  const { name: manifestName, ...fromManifest } = manifest
  const name = nameArg ?? manifestName
  if (!name) throw new ApiError(400, 'Name the integration: docsctl integration publish <name> (or `name` in the manifest).')
  const secrets = parseSecrets(o.secret)
  const body = {
    ...fromManifest,
    ...(o.title !== undefined ? { title: o.title } : {}),
    ...(o.description !== undefined ? { description: o.description } : {}),
    ...(o.endpoint !== undefined ? { endpoint: o.endpoint } : {}),
    ...(o.visibility !== undefined ? { visibility: o.visibility } : {}),
    ...(o.target !== undefined ? { target: o.target } : {}),
    ...(o.category ? { categories: o.category } : {}),
    ...(secrets ? { secrets: { ...(fromManifest.secrets ?? {}), ...secrets } } : {}),
    organization: o.org ?? fromManifest.organization ?? (await ctx.organizationId()),
    scopes: o.scope ?? fromManifest.scopes ?? [],
  }
  return (await ctx.client()).call('publishIntegration', { params: { integrationName: String(name) }, body })
}

/** Waits for the first delivery attempt of an event, printing it on stderr; answers the event with its trace. */
async function waitForFirstAttempt(ctx: CliContext, integrationName: string, eventId: string) {
  const client = await ctx.client()
  for (let delay = 5; ; delay = Math.min(100, delay * 2)) {
    const read = await client.call<any>('getIntegrationEvent', { params: { integrationName, eventId } })
    const last = read.trace.logs[read.trace.logs.length - 1]
    if (last) {
      if (!ctx.output.json) ctx.output.err(`event ${read.event.payload.type}: ${last.message}\n`)
      return read
    }
    await new Promise((r) => setTimeout(r, delay))
  }
}

function integrationFields(i: any) {
  return formatFields([
    ['name', i.name],
    ['title', i.title],
    ['version', i.version],
    ['visibility', i.visibility],
    ['target', i.target],
    ['owner', i.owner?.id],
    ['scopes', i.scopes?.join(', ')],
    ['categories', i.categories?.join(', ')],
    ['endpoint', i.urls?.publicEndpoint],
    ['url', i.urls?.location],
  ])
}

const eventColumns = [
  { header: 'id', value: (e: any) => e.id },
  { header: 'type', value: (e: any) => e.payload?.type },
  { header: 'status', value: (e: any) => e.status },
  { header: 'installation', value: (e: any) => e.installationId },
  { header: 'created', value: (e: any) => e.createdAt },
]

export const integrationCommands: GroupSpec = {
  name: 'integration',
  aliases: ['integrations'],
  summary: 'Integrations: publish, install, read events and their delivery traces, development mode',
  commands: [
    {
      name: 'publish',
      summary: 'Publish an integration (a new version when it exists) from a manifest and/or flags',
      args: ['[name]'],
      options: [
        new Option('--manifest <file>', 'YAML or JSON with the publish fields (icon, previewImages and script may be file paths)'),
        new Option('--title <title>', 'title (2-30 characters)'),
        new Option('--description <text>', 'description (at most 100 characters)'),
        new Option('--endpoint <url>', 'http(s) address events and render requests are POSTed to (at <url>/v1)'),
        new Option('--visibility <visibility>', 'public, unlisted or private (default private)').choices(['public', 'unlisted', 'private']),
        new Option('--target <target>', 'where it installs (default all)').choices(['all', 'site', 'space', 'organization']),
        new Option('--scope <scope>', 'a scope it asks for (repeatable)').argParser(collect),
        new Option('--category <category>', 'a category (repeatable)').argParser(collect),
        new Option('--secret <NAME=VALUE>', 'a secret handed to it in each delivery (repeatable; stored encrypted, never shown)').argParser(collect),
        orgOption(),
      ],
      examples: [
        'docsctl integration publish analytics --title Analytics --description "Counts views" --endpoint https://hooks.example.com/analytics --scope site:views:read',
        'docsctl integration publish --manifest gitbook-manifest.yaml --secret API_KEY=xyz',
      ],
      run: (ctx, [name], o) => publish(ctx, name, o),
      human: (i) => `Published integration ${i.name} (version ${i.version}, ${i.visibility}).\n`,
    },
    {
      name: 'list',
      summary: 'Integrations you can see, with filters',
      options: [
        new Option('--search <text>', 'contained in the name or title'),
        new Option('--category <category>', 'only this category'),
        new Option('--scope <scope>', 'only integrations asking for this scope'),
        new Option('--target <target>', 'only this target'),
        new Option('--owner <organizationId>', 'only integrations of this organization'),
        new Option('--block-domain <domain>', 'only integrations with a block unfurling this domain'),
        ...pageOptions(),
      ],
      examples: ['docsctl integration list', 'docsctl integration list --category analytics --json'],
      run: async (ctx, _a, o) =>
        (await ctx.client()).call('listIntegrations', {
          query: {
            ...pageQuery(o),
            ...(o.search ? { search: o.search } : {}),
            ...(o.category ? { category: o.category } : {}),
            ...(o.scope ? { scope: o.scope } : {}),
            ...(o.target ? { target: o.target } : {}),
            ...(o.owner ? { owner: o.owner } : {}),
            ...(o.blockDomain ? { blockDomain: o.blockDomain } : {}),
          },
        }),
      human: (r) =>
        formatTable(r.items, [
          { header: 'name', value: (i: any) => i.name },
          { header: 'title', value: (i: any) => i.title },
          { header: 'version', value: (i: any) => String(i.version) },
          { header: 'visibility', value: (i: any) => i.visibility },
          { header: 'owner', value: (i: any) => i.owner?.id },
        ], 'No integrations.') + nextHint(r),
    },
    {
      name: 'get',
      summary: 'One integration by name',
      args: ['<name>'],
      examples: ['docsctl integration get analytics'],
      run: async (ctx, [name]) => (await ctx.client()).call('getIntegrationByName', { params: { integrationName: name } }),
      human: integrationFields,
    },
    {
      name: 'rm',
      summary: 'Unpublish an integration (with its installations and events)',
      args: ['<name>'],
      examples: ['docsctl integration rm analytics'],
      run: async (ctx, [name]) => {
        await (await ctx.client()).call('unpublishIntegration', { params: { integrationName: name } })
        return { deleted: name }
      },
      human: (r) => `Unpublished integration ${r.deleted}.\n`,
    },
    {
      name: 'install',
      summary: 'Install an integration on an organization and wait for the first delivery attempt of its installation_setup event',
      args: ['<name>'],
      options: [orgOption(), new Option('--no-wait', 'return once the installation exists')],
      examples: ['docsctl integration install analytics', 'docsctl integration install analytics --org <organizationId> --no-wait'],
      run: async (ctx, [name], o) => {
        const client = await ctx.client()
        const installation: any = await client.call('installIntegration', { params: { integrationName: name }, body: { organization: await ctx.organizationId(o.org) } })
        if (!o.wait) return { installation }
        const events: any = await client.call('listIntegrationEvents', { params: { integrationName: name }, query: { limit: 50 } })
        const setup = events.items.find((e: any) => e.installationId === installation.id && e.payload.type === 'installation_setup')
        return { installation, ...(setup ? await waitForFirstAttempt(ctx, name, setup.id) : {}) }
      },
      human: (r) => `Installed on organization ${r.installation.target.organization} (installation ${r.installation.id})${r.event ? `; installation_setup event ${r.event.id} is ${r.event.status}` : ''}.\n`,
    },
    {
      name: 'installations',
      summary: "An integration's installations",
      args: ['<name>'],
      options: [new Option('--external-id <id>', 'only installations with this external id'), ...pageOptions()],
      examples: ['docsctl integration installations analytics'],
      run: async (ctx, [name], o) =>
        (await ctx.client()).call('listIntegrationInstallations', { params: { integrationName: name }, query: { ...pageQuery(o), ...(o.externalId ? { externalId: o.externalId } : {}) } }),
      human: (r) =>
        formatTable(r.items, [
          { header: 'id', value: (i: any) => i.id },
          { header: 'organization', value: (i: any) => i.target.organization },
          { header: 'status', value: (i: any) => i.status },
          { header: 'spaces', value: (i: any) => String(i.spaces) },
          { header: 'created', value: (i: any) => i.createdAt },
        ], 'No installations.') + nextHint(r),
    },
    {
      name: 'events',
      summary: "An integration's events, newest first",
      args: ['<name>'],
      options: pageOptions(),
      examples: ['docsctl integration events analytics'],
      run: async (ctx, [name], o) => (await ctx.client()).call('listIntegrationEvents', { params: { integrationName: name }, query: pageQuery(o) }),
      human: (r) => formatTable(r.items, eventColumns, 'No events.') + nextHint(r),
    },
    {
      name: 'event',
      summary: 'One event with the trace of its delivery attempts',
      args: ['<name>', '<eventId>'],
      examples: ['docsctl integration event analytics <eventId>'],
      run: async (ctx, [name, eventId]) => (await ctx.client()).call('getIntegrationEvent', { params: { integrationName: name, eventId } }),
      human: (r) =>
        formatFields([
          ['id', r.event.id],
          ['type', r.event.payload.type],
          ['status', r.event.status],
          ['installation', r.event.installationId],
          ['created', r.event.createdAt],
        ]) + r.trace.logs.map((l: any) => `  ${l.timestamp} ${l.level.padEnd(5)} ${l.message}\n`).join(''),
    },
    {
      name: 'dev',
      summary: 'Development mode: send events (and render requests) to a tunnel',
      args: ['<name>', '<tunnelUrl>'],
      options: [new Option('--all', "forward every organization's events, not only the owning organization's")],
      examples: ['docsctl integration dev analytics http://127.0.0.1:8787', 'docsctl integration dev analytics https://my-tunnel.example.com --all'],
      run: async (ctx, [name, tunnelUrl], o) => {
        await (await ctx.client()).call('setIntegrationDevelopmentMode', { params: { integrationName: name }, body: { tunnelUrl, all: Boolean(o.all) } })
        return { integration: name, tunnelUrl, all: Boolean(o.all) }
      },
      human: (r) => `Development mode on for ${r.integration}: events ${r.all ? 'of every organization' : 'of the owning organization'} go to ${r.tunnelUrl}.\n`,
    },
    {
      name: 'dev-stop',
      summary: 'Stop development mode: events go to the endpoint again',
      args: ['<name>'],
      examples: ['docsctl integration dev-stop analytics'],
      run: async (ctx, [name]) => {
        await (await ctx.client()).call('disableIntegrationDevelopmentMode', { params: { integrationName: name } })
        return { integration: name, development: false }
      },
      human: (r) => `Development mode off for ${r.integration}.\n`,
    },
  ],
}
