/**
 * OpenAPI specifications of an organization, by slug, and their versions. Creating or updating a spec answers at
 * once with `processingState: pending` and queues the processing job (jobs/openapi-process.ts), which fetches,
 * parses and validates the source and makes a new version when the content changed.
 */
import { Type, type Static } from '@sinclair/typebox/type'
import { defineOperation, type OperationContext } from './operation'
import { Id } from './schemas/common'
import { Limits } from './schemas/limits'
import { ListOf, PageQuery, listEnvelope } from './schemas/pagination'
import { loadOrganization } from './organizations'
import { presentOpenAPISpec, presentOpenAPISpecContent, presentOpenAPISpecVersion } from './presenters/openapi-spec'
import { assertLocalFilesAllowed } from './local-files'
import { deleteOpenAPISpec, findOpenAPISpecBySlug, findOpenAPISpecVersion, insertOpenAPISpec, listOpenAPISpecs as listSpecs, listOpenAPISpecVersions as listVersions, updateOpenAPISpec } from '../store/openapi-specs'
import { findOrganizationById } from '../store/organizations'
import { insertJob } from '../store/jobs'
import { newId, nowIso } from '../store/ids'
import { LEVEL } from '../domain/permissions/roles'
import { BadRequestError, NotFoundError } from '../errors'
import type { OpenAPISpecRow } from '../store/tables/openapi-spec.table'

const SLUG_PATTERN = '^[a-z0-9]+(?:-[a-z0-9]+)*$'
const Slug = Type.String({ minLength: Limits.openapiSpec.slug.min, maxLength: Limits.openapiSpec.slug.max, pattern: SLUG_PATTERN, description: 'Slug of the spec: lowercase letters and digits in words joined by single hyphens (1 to 100).' })
const OrganizationId = Type.Object({ organizationId: Id('Id of the organization') })
const SpecParams = Type.Object({ organizationId: Id('Id of the organization'), specSlug: Type.String({ minLength: 1, maxLength: Limits.openapiSpec.slug.max, description: 'Slug of the OpenAPI spec' }) })
const VersionParams = Type.Object({ ...SpecParams.properties, versionId: Id('Id of the version') })
const Visibility = Type.Unsafe<'private' | 'public'>({ type: 'string', enum: ['private', 'public'], description: '`private`: members only; `public`: anyone with the address.' })

const Source = Type.Object(
  {
    url: Type.Optional(Type.String({ format: 'uri', maxLength: Limits.openapiSpec.url, description: 'http, https or file address of the entry file.' })),
    text: Type.Optional(Type.String({ minLength: 1, maxLength: Limits.openapiSpec.textBytes, description: 'The entry file as text (JSON or YAML).' })),
    files: Type.Optional(
      Type.Record(Type.String({ minLength: 1, maxLength: 1024 }), Type.String({ maxLength: Limits.openapiSpec.textBytes }), {
        description: 'docsctl: other files the uploaded text references with `$ref`, by path relative to it (what `docsctl openapi add --file` sends).',
      }),
    ),
    filename: Type.Optional(Type.String({ minLength: 1, maxLength: 1024, description: 'docsctl: path of the uploaded text among `files` (default openapi.yaml).' })),
  },
  { description: 'Where the spec comes from: `{url}` or `{text}` (one of the two).' },
)
type SourceBody = Static<typeof Source>

const Spec = Type.Object({ object: Type.Literal('openapi-spec'), id: Type.String(), slug: Type.String(), processingState: Type.String() }, { additionalProperties: true })
const Version = Type.Object({ object: Type.Literal('openapi-spec-version'), id: Type.String(), url: Type.String() }, { additionalProperties: true })
const Content = Type.Object({ filesystem: Type.Object({}, { additionalProperties: true }), url: Type.String() }, { additionalProperties: true })

/** The source columns for a body `source`, checked beyond what the schema can say. */
function sourceColumns(ctx: OperationContext, source: SourceBody): Pick<OpenAPISpecRow, 'source_url' | 'source_files'> {
  if ((source.url === undefined) === (source.text === undefined)) throw new BadRequestError('body.source: give either `url` (an address to fetch) or `text` (the spec itself), not both or neither.')
  if (source.url !== undefined) {
    if (!/^(https?|file):/i.test(source.url)) throw new BadRequestError('body.source.url: must be an http, https or file address.')
    if (/^file:/i.test(source.url)) assertLocalFilesAllowed(ctx, 'body.source.url')
    if (source.files) throw new BadRequestError('body.source.files: only goes with `text`.')
    return { source_url: source.url, source_files: null }
  }
  const entry = source.filename ?? 'openapi.yaml'
  const files = { ...(source.files ?? {}), [entry]: source.text! }
  for (const path of Object.keys(files)) {
    if (path.startsWith('/') || path.split('/').some((part) => part === '..' || part === '.' || part === '') || path.includes('\\')) {
      throw new BadRequestError(`body.source.files: "${path}" must be a relative path inside the spec's folder (no "..", no leading "/").`)
    }
  }
  return { source_url: null, source_files: JSON.stringify({ entry, files }) }
}

/** Loads an organization's spec the caller may see, or 404 alike for missing and invisible ones. */
export async function loadSpec(ctx: OperationContext, organizationId: string, slug: string): Promise<OpenAPISpecRow> {
  const spec = (await findOrganizationById(ctx.db, organizationId)) ? await findOpenAPISpecBySlug(ctx.db, organizationId, slug) : undefined
  const missing = `OpenAPI spec "${slug}" does not exist in organization "${organizationId}" or is not visible to you.`
  if (!spec) throw new NotFoundError(missing)
  try {
    await ctx.access.authorize('openapiSpec', 'view', { kind: 'openapiSpec', row: spec })
  } catch (error) {
    if (error instanceof NotFoundError) throw new NotFoundError(missing)
    throw error
  }
  return spec
}

/** Queues the processing of a spec; it reads `pending` until the job starts. */
async function enqueueProcessing(ctx: OperationContext, specId: string) {
  await insertJob(ctx.db, { kind: 'openapi-process', spaceId: null, payload: { specId }, maxAttempts: 1 })
  ctx.engine.jobs.wake()
}

async function latestVersion(ctx: OperationContext, spec: OpenAPISpecRow) {
  const version = spec.last_version_id ? await findOpenAPISpecVersion(ctx.db, spec.id, spec.last_version_id) : undefined
  if (!version) throw new NotFoundError(`OpenAPI spec "${spec.slug}" has no version yet (processingState "${spec.processing_state}"${spec.last_process_error_code ? `, last error ${spec.last_process_error_code}` : ''}).`)
  return version
}

async function versionById(ctx: OperationContext, spec: OpenAPISpecRow, versionId: string) {
  const version = await findOpenAPISpecVersion(ctx.db, spec.id, versionId)
  if (!version) throw new NotFoundError(`OpenAPI spec "${spec.slug}" has no version "${versionId}".`)
  return version
}

export const listOpenAPISpecs = defineOperation({
  id: 'listOpenAPISpecs',
  method: 'GET',
  path: '/orgs/{organizationId}/openapi',
  tag: 'openapi',
  summary: "The organization's OpenAPI specs, by slug (guests see the public ones)",
  params: OrganizationId,
  query: Type.Object({ ...PageQuery }),
  success: 200,
  response: ListOf(Spec),
  async handler(ctx, { params, query }) {
    const org = await loadOrganization(ctx, params.organizationId)
    const member = (await ctx.access.organizationLevel(org.id)) >= LEVEL.read
    const page = await listSpecs(ctx.db, org.id, { visibility: member ? undefined : 'public' }, { page: query.page, limit: query.limit! })
    return listEnvelope({ ...page, items: await Promise.all(page.items.map((row) => presentOpenAPISpec(row, ctx))) })
  },
})

export const createOpenAPISpec = defineOperation({
  id: 'createOpenAPISpec',
  method: 'POST',
  path: '/orgs/{organizationId}/openapi',
  tag: 'openapi',
  summary: 'Create an OpenAPI spec from an address or uploaded text; it is processed in the background (processingState)',
  params: OrganizationId,
  body: Type.Object({ slug: Slug, source: Source }),
  success: 201,
  response: Spec,
  async handler(ctx, { params, body }) {
    const org = await loadOrganization(ctx, params.organizationId)
    await ctx.access.authorize('organization', 'createOpenAPISpec', { kind: 'organization', row: org })
    const spec = newSpecRow(org.id, body.slug, sourceColumns(ctx, body.source))
    await insertOpenAPISpec(ctx.db, spec)
    await enqueueProcessing(ctx, spec.id)
    return presentOpenAPISpec(spec, ctx)
  },
})

function newSpecRow(organizationId: string, slug: string, source: Pick<OpenAPISpecRow, 'source_url' | 'source_files'>): OpenAPISpecRow {
  const at = nowIso()
  return {
    id: newId(),
    organization_id: organizationId,
    slug,
    ...source,
    visibility: 'private',
    processing_state: 'pending',
    last_version_id: null,
    last_processed_at: null,
    last_process_error_code: null,
    last_process_errors: null,
    last_process_error_count: 0,
    created_at: at,
    updated_at: at,
  }
}

export const getOpenAPISpecBySlug = defineOperation({
  id: 'getOpenAPISpecBySlug',
  method: 'GET',
  path: '/orgs/{organizationId}/openapi/{specSlug}',
  tag: 'openapi',
  summary: 'An OpenAPI spec by slug (a private one only for members)',
  params: SpecParams,
  success: 200,
  response: Spec,
  async handler(ctx, { params }) {
    return presentOpenAPISpec(await loadSpec(ctx, params.organizationId, params.specSlug), ctx)
  },
})

export const createOrUpdateOpenAPISpecBySlug = defineOperation({
  id: 'createOrUpdateOpenAPISpecBySlug',
  method: 'PUT',
  path: '/orgs/{organizationId}/openapi/{specSlug}',
  tag: 'openapi',
  summary: 'Create the spec with this slug, or give it a new source; processed again in the background',
  params: Type.Object({ organizationId: Id('Id of the organization'), specSlug: Slug }),
  body: Type.Object({ source: Source }),
  success: 200,
  response: Spec,
  async handler(ctx, { params, body }) {
    const org = await loadOrganization(ctx, params.organizationId)
    const source = sourceColumns(ctx, body.source)
    const existing = await findOpenAPISpecBySlug(ctx.db, org.id, params.specSlug)
    let spec: OpenAPISpecRow
    if (existing) {
      await ctx.access.authorize('openapiSpec', 'edit', { kind: 'openapiSpec', row: existing })
      spec = { ...existing, ...source, processing_state: 'pending', updated_at: nowIso() }
      await updateOpenAPISpec(ctx.db, spec.id, { ...source, processing_state: 'pending', updated_at: spec.updated_at })
    } else {
      await ctx.access.authorize('organization', 'createOpenAPISpec', { kind: 'organization', row: org })
      spec = newSpecRow(org.id, params.specSlug, source)
      await insertOpenAPISpec(ctx.db, spec)
    }
    await enqueueProcessing(ctx, spec.id)
    return presentOpenAPISpec(spec, ctx)
  },
})

export const updateOpenAPISpecBySlug = defineOperation({
  id: 'updateOpenAPISpecBySlug',
  method: 'PATCH',
  path: '/orgs/{organizationId}/openapi/{specSlug}',
  tag: 'openapi',
  summary: 'Make the spec private or public',
  params: SpecParams,
  body: Type.Object({ visibility: Visibility }),
  success: 200,
  response: Spec,
  async handler(ctx, { params, body }) {
    const spec = await loadSpec(ctx, params.organizationId, params.specSlug)
    await ctx.access.authorize('openapiSpec', 'edit', { kind: 'openapiSpec', row: spec })
    const at = nowIso()
    await updateOpenAPISpec(ctx.db, spec.id, { visibility: body.visibility, updated_at: at })
    return presentOpenAPISpec({ ...spec, visibility: body.visibility, updated_at: at }, ctx)
  },
})

export const deleteOpenAPISpecBySlug = defineOperation({
  id: 'deleteOpenAPISpecBySlug',
  method: 'DELETE',
  path: '/orgs/{organizationId}/openapi/{specSlug}',
  tag: 'openapi',
  summary: 'Delete the spec and its versions (204 also when there is none)',
  params: SpecParams,
  success: 204,
  async handler(ctx, { params }) {
    const org = await loadOrganization(ctx, params.organizationId)
    const spec = await findOpenAPISpecBySlug(ctx.db, org.id, params.specSlug)
    if (!spec) return
    await ctx.access.authorize('openapiSpec', 'edit', { kind: 'openapiSpec', row: spec })
    await deleteOpenAPISpec(ctx.db, spec.id)
  },
})

export const listOpenAPISpecVersions = defineOperation({
  id: 'listOpenAPISpecVersions',
  method: 'GET',
  path: '/orgs/{organizationId}/openapi/{specSlug}/versions',
  tag: 'openapi',
  summary: 'Versions of the spec, newest first',
  params: SpecParams,
  query: Type.Object({ ...PageQuery }),
  success: 200,
  response: ListOf(Version),
  async handler(ctx, { params, query }) {
    const spec = await loadSpec(ctx, params.organizationId, params.specSlug)
    const page = await listVersions(ctx.db, spec.id, { page: query.page, limit: query.limit! })
    return listEnvelope({ ...page, items: page.items.map((version) => presentOpenAPISpecVersion(spec, version, ctx)) })
  },
})

export const getLatestOpenAPISpecVersion = defineOperation({
  id: 'getLatestOpenAPISpecVersion',
  method: 'GET',
  path: '/orgs/{organizationId}/openapi/{specSlug}/versions/latest',
  tag: 'openapi',
  summary: 'The latest version of the spec (404 before the first successful processing)',
  params: SpecParams,
  success: 200,
  response: Version,
  async handler(ctx, { params }) {
    const spec = await loadSpec(ctx, params.organizationId, params.specSlug)
    return presentOpenAPISpecVersion(spec, await latestVersion(ctx, spec), ctx)
  },
})

export const getLatestOpenAPISpecVersionContent = defineOperation({
  id: 'getLatestOpenAPISpecVersionContent',
  method: 'GET',
  path: '/orgs/{organizationId}/openapi/{specSlug}/versions/latest/content',
  tag: 'openapi',
  summary: 'The content of the latest version: `{filesystem, url}`',
  params: SpecParams,
  success: 200,
  response: Content,
  async handler(ctx, { params }) {
    const spec = await loadSpec(ctx, params.organizationId, params.specSlug)
    return presentOpenAPISpecContent(spec, await latestVersion(ctx, spec))
  },
})

export const getOpenAPISpecVersionById = defineOperation({
  id: 'getOpenAPISpecVersionById',
  method: 'GET',
  path: '/orgs/{organizationId}/openapi/{specSlug}/versions/{versionId}',
  tag: 'openapi',
  summary: 'One version of the spec',
  params: VersionParams,
  success: 200,
  response: Version,
  async handler(ctx, { params }) {
    const spec = await loadSpec(ctx, params.organizationId, params.specSlug)
    return presentOpenAPISpecVersion(spec, await versionById(ctx, spec, params.versionId), ctx)
  },
})

export const getOpenAPISpecVersionContentById = defineOperation({
  id: 'getOpenAPISpecVersionContentById',
  method: 'GET',
  path: '/orgs/{organizationId}/openapi/{specSlug}/versions/{versionId}/content',
  tag: 'openapi',
  summary: 'The content of one version: `{filesystem, url}`',
  params: VersionParams,
  success: 200,
  response: Content,
  async handler(ctx, { params }) {
    const spec = await loadSpec(ctx, params.organizationId, params.specSlug)
    return presentOpenAPISpecContent(spec, await versionById(ctx, spec, params.versionId))
  },
})
