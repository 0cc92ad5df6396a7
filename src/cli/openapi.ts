/**
 * `docsctl openapi`: the organization's OpenAPI specs. `add` and `update` wait for the processing job and fail
 * when it failed; `--file` uploads a local file with every file its `$ref`s reach (read here, so it works against
 * a remote server too).
 */
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Option } from 'commander'
import type { GroupSpec } from './define-command'
import { nextHint, pageOptions, pageQuery } from './define-command'
import { formatFields, formatTable } from './output'
import type { CliContext } from './context'
import { ApiError } from '../errors'

const orgOption = () => new Option('--org <organizationId>', 'organization (default: the workspace organization)')
const sourceOptions = () => [
  new Option('--url <url>', 'http, https or file address of the spec').conflicts('file'),
  new Option('--file <path>', 'a local spec file (the files it references go along)'),
  new Option('--no-wait', 'return once the processing is queued'),
]

/** The API `source` for --url or --file. */
async function sourceFrom(options: { url?: string; file?: string }) {
  if (options.url) return { url: options.url }
  if (!options.file) throw new ApiError(400, 'Give the spec with --url <address> or --file <path>.')
  const { collectFiles, fetchText, SpecReadError } = await import('../domain/openapi/read-spec')
  try {
    const read = await collectFiles(pathToFileURL(resolve(options.file)), fetchText())
    const { [read.entrypoint]: text, ...files } = read.texts
    return { text, filename: read.entrypoint, ...(Object.keys(files).length ? { files } : {}) }
  } catch (error) {
    if (error instanceof SpecReadError) throw new ApiError(400, `${error.code}: ${error.message}`)
    throw error
  }
}

/** Waits for the processing that ends at or after `since`, printing the state changes on stderr. */
async function waitForProcessing(ctx: CliContext, organizationId: string, slug: string, since: string) {
  const client = await ctx.client()
  let last = ''
  for (let delay = 5; ; delay = Math.min(100, delay * 2)) {
    const spec = await client.call<any>('getOpenAPISpecBySlug', { params: { organizationId, specSlug: slug } })
    if (spec.processingState !== last && !ctx.output.json) ctx.output.err(`openapi ${slug}: ${spec.processingState}\n`)
    last = spec.processingState
    if (spec.processingState === 'complete' && (spec.lastProcessedAt ?? '') >= since) {
      if (spec.lastProcessErrorCode) throw new ApiError(422, `Processing ${slug} failed (${spec.lastProcessErrorCode}): ${spec.lastProcessedErrors?.[0]?.message ?? ''}`, { spec })
      return spec
    }
    await new Promise((r) => setTimeout(r, delay))
  }
}

function specFields(s: any) {
  return formatFields([
    ['slug', s.slug],
    ['id', s.id],
    ['source', s.sourceURL ?? '(uploaded)'],
    ['visibility', s.visibility],
    ['processing', s.processingState],
    ['last version', s.lastVersion],
    ['last processed', s.lastProcessedAt],
    ['last error', s.lastProcessErrorCode ? `${s.lastProcessErrorCode}: ${s.lastProcessedErrors?.[0]?.message ?? ''}` : undefined],
    ['url', s.urls?.location],
  ])
}

/** Sends the source (POST for add, PUT for update) and waits unless --no-wait. */
async function putSource(ctx: CliContext, slug: string, o: any, operation: 'createOpenAPISpec' | 'createOrUpdateOpenAPISpecBySlug') {
  const organizationId = await ctx.organizationId(o.org)
  const source = await sourceFrom(o)
  const client = await ctx.client()
  const spec: any =
    operation === 'createOpenAPISpec'
      ? await client.call('createOpenAPISpec', { params: { organizationId }, body: { slug, source } })
      : await client.call('createOrUpdateOpenAPISpecBySlug', { params: { organizationId, specSlug: slug }, body: { source } })
  // The processing that answers this request ends after the update (both times are the server's).
  return o.wait ? waitForProcessing(ctx, organizationId, slug, spec.updatedAt) : spec
}

export const openapiCommands: GroupSpec = {
  name: 'openapi',
  summary: 'OpenAPI specifications of the organization and their versions',
  commands: [
    {
      name: 'add',
      summary: 'Add a spec from an address or a local file, and wait for its processing',
      args: ['<slug>'],
      options: [...sourceOptions(), orgOption()],
      examples: ['docsctl openapi add petstore --url https://petstore3.swagger.io/api/v3/openapi.json', 'docsctl openapi add billing --file ./api/openapi.yaml'],
      run: (ctx, [slug], o) => putSource(ctx, slug, o, 'createOpenAPISpec'),
      human: (s) => `Added OpenAPI spec ${s.slug} (${s.processingState}${s.lastVersion ? `, version ${s.lastVersion}` : ''}).\n`,
    },
    {
      name: 'update',
      summary: 'Give a spec a new source (created when missing) and wait for its processing',
      args: ['<slug>'],
      options: [...sourceOptions(), orgOption()],
      examples: ['docsctl openapi update petstore --file ./openapi.yaml', 'docsctl openapi update petstore --url https://example.com/openapi.yaml --no-wait'],
      run: (ctx, [slug], o) => putSource(ctx, slug, o, 'createOrUpdateOpenAPISpecBySlug'),
      human: (s) => `Updated OpenAPI spec ${s.slug} (${s.processingState}${s.lastVersion ? `, version ${s.lastVersion}` : ''}).\n`,
    },
    {
      name: 'list',
      summary: "The organization's specs",
      options: [orgOption(), ...pageOptions()],
      examples: ['docsctl openapi list', 'docsctl openapi list --json'],
      run: async (ctx, _a, o) => (await ctx.client()).call('listOpenAPISpecs', { params: { organizationId: await ctx.organizationId(o.org) }, query: pageQuery(o) }),
      human: (r) =>
        formatTable(r.items, [
          { header: 'slug', value: (s: any) => s.slug },
          { header: 'visibility', value: (s: any) => s.visibility },
          { header: 'processing', value: (s: any) => s.processingState },
          { header: 'error', value: (s: any) => s.lastProcessErrorCode },
          { header: 'last version', value: (s: any) => s.lastVersion },
        ], 'No OpenAPI specs.') + nextHint(r),
    },
    {
      name: 'get',
      summary: 'One spec by slug',
      args: ['<slug>'],
      options: [orgOption()],
      examples: ['docsctl openapi get petstore'],
      run: async (ctx, [slug], o) => (await ctx.client()).call('getOpenAPISpecBySlug', { params: { organizationId: await ctx.organizationId(o.org), specSlug: slug } }),
      human: specFields,
    },
    {
      name: 'publish',
      summary: 'Make a spec public (anyone with its address reads it), or private again with --private',
      args: ['<slug>'],
      options: [new Option('--private', 'make it private instead'), orgOption()],
      examples: ['docsctl openapi publish petstore', 'docsctl openapi publish petstore --private'],
      run: async (ctx, [slug], o) =>
        (await ctx.client()).call('updateOpenAPISpecBySlug', { params: { organizationId: await ctx.organizationId(o.org), specSlug: slug }, body: { visibility: o.private ? 'private' : 'public' } }),
      human: (s) => `OpenAPI spec ${s.slug} is ${s.visibility}${s.urls.published ? `: ${s.urls.published}` : ''}.\n`,
    },
    {
      name: 'rm',
      summary: 'Delete a spec and its versions',
      args: ['<slug>'],
      options: [orgOption()],
      examples: ['docsctl openapi rm petstore'],
      run: async (ctx, [slug], o) => {
        await (await ctx.client()).call('deleteOpenAPISpecBySlug', { params: { organizationId: await ctx.organizationId(o.org), specSlug: slug } })
        return { deleted: slug }
      },
      human: (r) => `Deleted OpenAPI spec ${r.deleted}.\n`,
    },
    {
      name: 'versions',
      summary: 'The versions of a spec, newest first',
      args: ['<slug>'],
      options: [orgOption(), ...pageOptions()],
      examples: ['docsctl openapi versions petstore'],
      run: async (ctx, [slug], o) =>
        (await ctx.client()).call('listOpenAPISpecVersions', { params: { organizationId: await ctx.organizationId(o.org), specSlug: slug }, query: pageQuery(o) }),
      human: (r) =>
        formatTable(r.items, [
          { header: 'id', value: (v: any) => v.id },
          { header: 'created', value: (v: any) => v.createdAt },
          { header: 'url', value: (v: any) => v.url },
        ], 'No versions yet.') + nextHint(r),
    },
    {
      name: 'content',
      summary: 'The content of the latest version (or of --version-id): its files, parsed',
      args: ['<slug>'],
      options: [new Option('--version-id <versionId>', 'a version instead of the latest'), orgOption()],
      examples: ['docsctl openapi content petstore --json', 'docsctl openapi content petstore --version-id <versionId>'],
      run: async (ctx, [slug], o) => {
        const params = { organizationId: await ctx.organizationId(o.org), specSlug: slug }
        const client = await ctx.client()
        return o.versionId
          ? client.call('getOpenAPISpecVersionContentById', { params: { ...params, versionId: o.versionId } })
          : client.call('getLatestOpenAPISpecVersionContent', { params })
      },
      human: (c) => `Read from ${c.url}\n` + Object.keys(c.filesystem).map((path) => `  ${path}${path === c.entrypoint ? '  (entry)' : ''}\n`).join(''),
    },
  ],
}
