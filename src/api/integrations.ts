/**
 * Integrations (GitBook's integrations section): publish by name, list with filters, get, unpublish; installations on
 * organizations, spaces and sites, each change recorded as an event (`installation_setup`, `installation_deleted`,
 * `space_installation_setup`, …) and delivered to the integration by a durable job (jobs/integration-event.ts);
 * events with their delivery trace; development mode (a tunnel events go to); rendering a ContentKit UI through the
 * integration. How deliveries look on the wire: domain/integrations/deliver.ts.
 */
import { Type, type Static } from '@sinclair/typebox/type'
import LZString from 'lz-string'
import { defineOperation, WithStatus, type OperationContext } from './operation'
import { Id } from './schemas/common'
import { Limits } from './schemas/limits'
import { ListOf, PageQuery, listEnvelope } from './schemas/pagination'
import { loadOrganization } from './organizations'
import { loadLiveSpace } from './spaces'
import { loadSite } from './sites'
import { presentContentInstallation, presentInstallation, presentIntegration, presentIntegrationEvent, presentIntegrationEventTrace } from './presenters/integration'
import {
  countSpaceInstallations,
  deleteContentInstallation,
  deleteInstallation,
  deleteIntegration,
  findContentInstallation,
  findInstallation,
  findInstallationOfOrganization,
  findIntegrationByName,
  findIntegrationEvent,
  insertContentInstallation,
  insertInstallation,
  insertIntegration,
  listContentInstallations,
  listInstallations,
  listIntegrationEvents as listEventRows,
  listIntegrations as listIntegrationRows,
  updateInstallation,
  updateIntegration,
} from '../store/integrations'
import { findOrganizationByHostname, findOrganizationById } from '../store/organizations'
import { listMembershipsOfUser } from '../store/members'
import { findSpacesByIds } from '../store/spaces'
import { findSiteById } from '../store/sites'
import { newId, nowIso } from '../store/ids'
import { encryptSecrets } from '../domain/integrations/integration-secrets'
import { recordIntegrationEvent } from '../domain/integrations/record-event'
import { DeliveryError, deliver, deliveryTarget, environmentOf } from '../domain/integrations/deliver'
import { levelOf, LEVEL } from '../domain/permissions/roles'
import { ApiError, BadRequestError, ConflictError, NotFoundError } from '../errors'
import type { IntegrationContentInstallationRow, IntegrationInstallationRow, IntegrationRow } from '../store/tables/integration.table'

// GitBook's enumerations (IntegrationTarget, IntegrationVisibility, IntegrationScope, IntegrationCategory).
export const INTEGRATION_TARGETS = ['all', 'site', 'space', 'organization'] as const
export const INTEGRATION_VISIBILITIES = ['public', 'private', 'unlisted'] as const
export const INTEGRATION_SCOPES = [
  'space:content:read', 'space:content:write', 'space:metadata:read', 'space:metadata:write', 'space:git:sync', 'page:feedback:read',
  'site:metadata:read', 'site:views:read', 'site:script:inject', 'site:script:cookies', 'site:visitor:auth', 'site:visitor:claims',
  'site:adaptive:read', 'site:adaptive:write', 'conversations:ingest', 'openapi:read', 'openapi:write',
] as const
export const INTEGRATION_CATEGORIES = ['analytics', 'collaboration', 'content', 'marketing', 'visitor-auth', 'other'] as const
const INSTALLATION_STATUSES = ['active', 'pending', 'paused'] as const

const L = Limits.integration
const NAME_PATTERN = '^[a-zA-Z0-9-_.]+$'
const enumOf = <T extends readonly string[]>(values: T, description: string) => Type.Unsafe<T[number]>({ type: 'string', enum: [...values], description })
const Base64 = (description: string) => Type.String({ maxLength: L.imageBase64, pattern: '^[A-Za-z0-9+/]*={0,2}$', description })
const IntegrationName = Type.String({ minLength: 1, maxLength: L.name, pattern: NAME_PATTERN, description: 'Name of the integration (letters, digits, `-`, `_`, `.`).' })
const NameParams = Type.Object({ integrationName: IntegrationName })
const InstallationParams = Type.Object({ integrationName: IntegrationName, installationId: Id('Id of the installation') })
const Target = enumOf(INTEGRATION_TARGETS, 'Where the integration can be installed.')
const Visibility = enumOf(INTEGRATION_VISIBILITIES, '`public`: listed for everyone; `unlisted`: anyone with its name; `private`: the owning organization only.')
const Scope = enumOf(INTEGRATION_SCOPES, 'A permission the integration asks for.')
const Category = enumOf(INTEGRATION_CATEGORIES, 'A marketplace category.')
const ExternalIds = Type.Array(Type.String({ minLength: 1, maxLength: 256 }), { maxItems: L.externalIds, description: 'External ids the integration assigns (at most 5).' })
const Configuration = Type.Object({}, { additionalProperties: true, description: 'Configuration (free-form).' })

const ConfigurationProperty = Type.Object(
  {
    title: Type.Optional(Type.String({ maxLength: 100 })),
    description: Type.Optional(Type.String({ maxLength: 100 })),
    type: enumOf(['string', 'number', 'boolean', 'button'] as const, 'Type of the property.'),
    default: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Number(), Type.Boolean()])),
    completion_url: Type.Optional(Type.String({ maxLength: 2048 })),
    callback_url: Type.Optional(Type.String({ maxLength: 2048 })),
    button_text: Type.Optional(Type.String({ maxLength: 100 })),
    enum: Type.Optional(Type.Array(Type.String({ maxLength: 256 }), { maxItems: 100 })),
  },
  { additionalProperties: false },
)
const ConfigurationSchema = Type.Union([
  Type.Object({ properties: Type.Record(Type.String({ maxLength: 100 }), ConfigurationProperty), required: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 100, uniqueItems: true })) }, { additionalProperties: false }),
  Type.Object({ componentId: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false }),
])
const Block = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 100 }),
  title: Type.String({ minLength: L.block.title.min, maxLength: L.block.title.max }),
  description: Type.Optional(Type.String({ maxLength: L.block.description })),
  icon: Type.Optional(Type.String({ maxLength: 2048 })),
  urlUnfurl: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 2048 }), { maxItems: 50 })),
  markdown: Type.Optional(Type.Object({ codeblock: Type.String({ minLength: 1, maxLength: 100 }), body: Type.String({ minLength: 1, maxLength: 100 }) })),
})
const ContentSource = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 100 }),
  title: Type.String({ minLength: L.block.title.min, maxLength: L.block.title.max }),
  description: Type.Optional(Type.String({ maxLength: L.block.description })),
  icon: Type.Optional(Type.String({ maxLength: 2048 })),
  configuration: Type.Object({ componentId: Type.String({ minLength: 1, maxLength: 100 }) }),
})
const ContentSecurityPolicy = Type.Union([Type.String({ maxLength: 4096 }), Type.Record(Type.String({ maxLength: 64 }), Type.String({ maxLength: 4096 }))], {
  description: 'Policy for the scripts and blocks of the integration: a header value, or directives by name.',
})

const PublishBody = Type.Object({
  runtime: Type.Optional(enumOf(['v1', 'v2'] as const, 'Runtime version (default v1).')),
  icon: Type.Optional(Base64('Base64 content of the icon.')),
  title: Type.String({ minLength: L.title.min, maxLength: L.title.max }),
  description: Type.String({ maxLength: L.description }),
  summary: Type.Optional(Type.String({ maxLength: L.summary, description: 'Long form Markdown summary.' })),
  previewImages: Type.Optional(Type.Array(Base64('Base64 content of an image.'), { maxItems: L.previewImages })),
  visibility: Type.Optional(Visibility),
  target: Type.Optional(Target),
  scopes: Type.Array(Scope, { maxItems: INTEGRATION_SCOPES.length, uniqueItems: true }),
  categories: Type.Optional(Type.Array(Category, { maxItems: INTEGRATION_CATEGORIES.length, uniqueItems: true })),
  blocks: Type.Optional(Type.Array(Block, { maxItems: 50 })),
  contentSources: Type.Optional(Type.Array(ContentSource, { maxItems: 50 })),
  externalLinks: Type.Optional(Type.Array(Type.Object({ url: Type.String({ format: 'uri', maxLength: 2048 }), label: Type.String({ minLength: 1, maxLength: 100 }) }), { maxItems: L.externalLinks })),
  configurations: Type.Optional(Type.Object({ account: Type.Optional(ConfigurationSchema), space: Type.Optional(ConfigurationSchema), site: Type.Optional(ConfigurationSchema) }, { additionalProperties: false })),
  script: Type.Optional(Type.String({ maxLength: L.script, description: 'Content of the script (kept; docsctl does not run scripts: it delivers to `endpoint`).' })),
  organization: Type.String({ minLength: 1, maxLength: 64, description: 'Id or subdomain (hostname) of the publishing organization.' }),
  secrets: Type.Optional(
    Type.Record(Type.String({ minLength: 1, maxLength: L.secrets.name, pattern: '^[A-Za-z0-9_.-]+$' }), Type.String({ maxLength: L.secrets.value }), {
      maxProperties: L.secrets.count,
      description: 'Secrets handed to the integration in each delivery (`environment.secrets`); stored encrypted, never returned. Absent: the previous ones stay.',
    }),
  ),
  contentSecurityPolicy: Type.Optional(ContentSecurityPolicy),
  endpoint: Type.Optional(
    Type.String({ format: 'uri', maxLength: 2048, pattern: '^https?://', description: 'docsctl: http(s) address events and render requests are POSTed to (at `<endpoint>/v1`).' }),
  ),
})

const Integration = Type.Object({ object: Type.Literal('integration'), name: Type.String() }, { additionalProperties: true })
const Installation = Type.Object({ id: Type.String(), status: Type.String() }, { additionalProperties: true })
const ContentInstallation = Type.Object({ integration: Type.String(), installation: Type.String() }, { additionalProperties: true })
const Event = Type.Object({ id: Type.String(), integrationId: Type.String(), status: Type.String() }, { additionalProperties: true })

/** The integration by name, if the caller may see it (404 alike for missing and invisible) and may do `action`. */
async function loadIntegration(ctx: OperationContext, name: string, action: 'view' | 'admin' = 'view'): Promise<IntegrationRow> {
  const row = await findIntegrationByName(ctx.db, name)
  if (!row) throw new NotFoundError(`Integration "${name}" does not exist or is not visible to you.`)
  await ctx.access.authorize('integration', 'view', { kind: 'integration', row })
  if (action !== 'view') await ctx.access.authorize('integration', action, { kind: 'integration', row })
  return row
}

/** An installation of the integration that the caller administers (through its organization or the integration). */
async function loadInstallation(ctx: OperationContext, integration: IntegrationRow, installationId: string): Promise<IntegrationInstallationRow> {
  const row = await findInstallation(ctx.db, integration.id, installationId)
  if (!row || !(await managesInstallation(ctx, integration, row.organization_id))) throw new NotFoundError(`Integration "${integration.name}" has no installation "${installationId}" visible to you.`)
  return row
}

/** Admins of the integration see every installation; an organization's admins see (and manage) theirs. */
async function managesInstallation(ctx: OperationContext, integration: IntegrationRow, organizationId: string): Promise<boolean> {
  if ((await ctx.access.levelOf({ kind: 'integration', row: integration })) >= LEVEL.admin) return true
  return (await ctx.access.organizationLevel(organizationId)) >= LEVEL.admin
}

/** Wakes the worker after events were recorded (their deliveries are queued jobs). */
function dispatch(ctx: OperationContext) {
  ctx.engine.jobs.wake()
}

async function presentInstallations(ctx: OperationContext, integration: IntegrationRow, rows: IntegrationInstallationRow[]) {
  const counts = await countSpaceInstallations(ctx.db, rows.map((r) => r.id))
  return rows.map((row) => presentInstallation(row, integration, counts.get(row.id) ?? 0, ctx))
}

const stateOf = (row: { status: string; configuration: string }) => ({ status: row.status, configuration: JSON.parse(row.configuration) })

export const listIntegrations = defineOperation({
  id: 'listIntegrations',
  method: 'GET',
  path: '/integrations',
  tag: 'integrations',
  summary: "Integrations the caller can see: every public one, and the private and unlisted ones of the caller's organizations, by name",
  query: Type.Object({
    ...PageQuery,
    search: Type.Optional(Type.String({ maxLength: 100, description: 'Contained in the name or title (any case).' })),
    category: Type.Optional(Category),
    blockDomain: Type.Optional(Type.String({ maxLength: 100, pattern: NAME_PATTERN, description: "A domain one of the integration's blocks unfurls." })),
    blocks: Type.Optional(Type.Boolean({ description: 'Only integrations with blocks (true) or without (false).' })),
    contentSources: Type.Optional(Type.Boolean({ description: 'Only integrations with content sources (true) or without (false).' })),
    owner: Type.Optional(Id('Only integrations owned by this organization')),
    scope: Type.Optional(Scope),
    target: Type.Optional(Target),
  }),
  success: 200,
  response: ListOf(Integration),
  async handler(ctx, { query }) {
    const memberOf: string[] = []
    for (const member of await listMembershipsOfUser(ctx.db, ctx.actor.user.id)) {
      if (!member.disabled && levelOf(member.role) >= LEVEL.read) memberOf.push(member.organization_id)
    }
    const { page, limit, ...filter } = query
    const rows = await listIntegrationRows(ctx.db, { memberOf, ...filter }, { page, limit: limit! })
    return listEnvelope({ ...rows, items: await Promise.all(rows.items.map((row) => presentIntegration(row, ctx))) })
  },
})

export const getIntegrationByName = defineOperation({
  id: 'getIntegrationByName',
  method: 'GET',
  path: '/integrations/{integrationName}',
  tag: 'integrations',
  summary: 'One integration by name',
  params: NameParams,
  success: 200,
  response: Integration,
  async handler(ctx, { params }) {
    return presentIntegration(await loadIntegration(ctx, params.integrationName), ctx)
  },
})

export const publishIntegration = defineOperation({
  id: 'publishIntegration',
  method: 'POST',
  path: '/integrations/{integrationName}',
  tag: 'integrations',
  summary: 'Publish an integration under a name (a new version when it exists); admins of the publishing organization only',
  description:
    'Every field of GitBook\'s PublishIntegration, plus docsctl\'s `endpoint`: where events and render requests go. `secrets` are stored encrypted (AES-256-GCM) and never returned; absent, the previous ones stay.',
  params: NameParams,
  body: PublishBody,
  success: 200,
  response: Integration,
  async handler(ctx, { params, body }) {
    const org = (await findOrganizationById(ctx.db, body.organization)) ?? (await findOrganizationByHostname(ctx.db, body.organization))
    if (!org) throw new NotFoundError(`body.organization: no organization has the id or subdomain "${body.organization}".`)
    await loadOrganization(ctx, org.id)
    await ctx.access.authorize('organization', 'admin', { kind: 'organization', row: org })
    const existing = await findIntegrationByName(ctx.db, params.integrationName)
    if (existing && existing.organization_id !== org.id) throw new ConflictError(`Integration name "${params.integrationName}" is taken by another organization; choose another name.`)
    const at = nowIso()
    const columns = {
      runtime: body.runtime ?? 'v1',
      title: body.title,
      description: body.description,
      summary: body.summary ?? null,
      icon: body.icon ?? null,
      visibility: body.visibility ?? 'private',
      target: body.target ?? 'all',
      preview_images: JSON.stringify(body.previewImages ?? []),
      scopes: JSON.stringify(body.scopes),
      categories: JSON.stringify(body.categories ?? []),
      blocks: JSON.stringify(body.blocks ?? []),
      content_sources: JSON.stringify(body.contentSources ?? []),
      external_links: JSON.stringify(body.externalLinks ?? []),
      configurations: JSON.stringify(body.configurations ?? {}),
      content_security_policy: body.contentSecurityPolicy === undefined ? null : JSON.stringify(body.contentSecurityPolicy),
      script: body.script ?? '',
      endpoint: body.endpoint ?? null,
      updated_at: at,
    }
    const secrets = body.secrets === undefined ? undefined : await encryptSecrets(ctx.db, body.secrets)
    if (existing) {
      const update = { ...columns, version: existing.version + 1, ...(secrets !== undefined ? { secrets } : {}) }
      await updateIntegration(ctx.db, existing.id, update)
      return presentIntegration({ ...existing, ...update }, ctx)
    }
    const row: IntegrationRow = { id: newId(), name: params.integrationName, organization_id: org.id, version: 1, secrets: secrets ?? null, dev_tunnel_url: null, dev_all: 0, created_at: at, ...columns }
    try {
      await insertIntegration(ctx.db, row)
    } catch (error) {
      // Two publishers raced for a new name: the loser hears so.
      if (await findIntegrationByName(ctx.db, params.integrationName)) throw new ConflictError(`Integration name "${params.integrationName}" was just taken; publish again.`)
      throw error
    }
    return presentIntegration(row, ctx)
  },
})

export const unpublishIntegration = defineOperation({
  id: 'unpublishIntegration',
  method: 'DELETE',
  path: '/integrations/{integrationName}',
  tag: 'integrations',
  summary: 'Unpublish an integration: it goes with its installations and events (204 also when there was none)',
  params: NameParams,
  success: 204,
  async handler(ctx, { params }) {
    const row = await findIntegrationByName(ctx.db, params.integrationName)
    if (!row) return
    await loadIntegration(ctx, row.name, 'admin')
    await deleteIntegration(ctx.db, row.id)
  },
})

export const listIntegrationInstallations = defineOperation({
  id: 'listIntegrationInstallations',
  method: 'GET',
  path: '/integrations/{integrationName}/installations',
  tag: 'integrations',
  summary: "The integration's installations: all of them for its admins, those of the organizations the caller administers otherwise",
  params: NameParams,
  query: Type.Object({ ...PageQuery, externalId: Type.Optional(Type.String({ minLength: 1, maxLength: 256, description: 'Only installations carrying this external id.' })) }),
  success: 200,
  response: ListOf(Installation),
  async handler(ctx, { params, query }) {
    const integration = await loadIntegration(ctx, params.integrationName)
    let organizations: string[] | undefined
    if ((await ctx.access.levelOf({ kind: 'integration', row: integration })) < LEVEL.admin) {
      organizations = (await listMembershipsOfUser(ctx.db, ctx.actor.user.id)).filter((m) => !m.disabled && levelOf(m.role) >= LEVEL.admin).map((m) => m.organization_id)
    }
    const page = await listInstallations(ctx.db, integration.id, { externalId: query.externalId, organizations }, { page: query.page, limit: query.limit! })
    return listEnvelope({ ...page, items: await presentInstallations(ctx, integration, page.items) })
  },
})

export const installIntegration = defineOperation({
  id: 'installIntegration',
  method: 'POST',
  path: '/integrations/{integrationName}/installations',
  tag: 'integrations',
  summary: 'Install the integration on an organization (its admins only); records an `installation_setup` event',
  params: NameParams,
  body: Type.Object({ organization: Id('Id of the organization to install on') }),
  success: 201,
  response: Installation,
  async handler(ctx, { params, body }) {
    const integration = await loadIntegration(ctx, params.integrationName)
    const org = await loadOrganization(ctx, body.organization)
    await ctx.access.authorize('organization', 'installIntegration', { kind: 'organization', row: org })
    if (await findInstallationOfOrganization(ctx.db, integration.id, org.id)) throw new ConflictError(`Integration "${integration.name}" is already installed on organization "${org.id}"; update that installation instead.`)
    const at = nowIso()
    const row: IntegrationInstallationRow = { id: newId(), integration_id: integration.id, organization_id: org.id, status: 'active', configuration: '{}', external_ids: '[]', space_selection: 'selected', site_selection: 'selected', created_at: at, updated_at: at }
    await ctx.db.transaction().execute(async (trx) => {
      await insertInstallation(trx, row)
      await recordIntegrationEvent(trx, { integrationId: integration.id, installationId: row.id, organizationId: org.id, payload: { type: 'installation_setup', status: row.status, previous: { status: 'pending', configuration: {} } } })
    })
    dispatch(ctx)
    return presentInstallation(row, integration, 0, ctx)
  },
})

export const getIntegrationInstallationById = defineOperation({
  id: 'getIntegrationInstallationById',
  method: 'GET',
  path: '/integrations/{integrationName}/installations/{installationId}',
  tag: 'integrations',
  summary: 'One installation of the integration',
  params: InstallationParams,
  success: 200,
  response: Installation,
  async handler(ctx, { params }) {
    const integration = await loadIntegration(ctx, params.integrationName)
    const row = await loadInstallation(ctx, integration, params.installationId)
    return (await presentInstallations(ctx, integration, [row]))[0]
  },
})

export const updateIntegrationInstallation = defineOperation({
  id: 'updateIntegrationInstallation',
  method: 'PATCH',
  path: '/integrations/{integrationName}/installations/{installationId}',
  tag: 'integrations',
  summary: 'Change the configuration, external ids or selections of an installation; records an `installation_setup` event with the previous state',
  params: InstallationParams,
  body: Type.Object({
    configuration: Type.Optional(Configuration),
    externalIds: Type.Optional(ExternalIds),
    space_selection: Type.Optional(enumOf(['all', 'selected'] as const, 'All spaces, or the selected ones.')),
    site_selection: Type.Optional(enumOf(['all', 'selected'] as const, 'All sites, or the selected ones.')),
    status: Type.Optional(enumOf(INSTALLATION_STATUSES, 'docsctl: `active`, `pending` or `paused`.')),
  }),
  success: 200,
  response: Installation,
  async handler(ctx, { params, body }) {
    const integration = await loadIntegration(ctx, params.integrationName)
    const row = await loadInstallation(ctx, integration, params.installationId)
    const update = {
      ...(body.configuration !== undefined ? { configuration: JSON.stringify(body.configuration) } : {}),
      ...(body.externalIds !== undefined ? { external_ids: JSON.stringify(body.externalIds) } : {}),
      ...(body.space_selection !== undefined ? { space_selection: body.space_selection } : {}),
      ...(body.site_selection !== undefined ? { site_selection: body.site_selection } : {}),
      ...(body.status !== undefined ? { status: body.status } : {}),
      updated_at: nowIso(),
    }
    const updated = { ...row, ...update }
    await ctx.db.transaction().execute(async (trx) => {
      await updateInstallation(trx, row.id, update)
      await recordIntegrationEvent(trx, { integrationId: integration.id, installationId: row.id, organizationId: row.organization_id, payload: { type: 'installation_setup', status: updated.status, previous: stateOf(row) } })
    })
    dispatch(ctx)
    return (await presentInstallations(ctx, integration, [updated]))[0]
  },
})

export const uninstallIntegration = defineOperation({
  id: 'uninstallIntegration',
  method: 'DELETE',
  path: '/integrations/{integrationName}/installations/{installationId}',
  tag: 'integrations',
  summary: 'Uninstall the integration from an organization (with its spaces and sites); records an `installation_deleted` event',
  params: InstallationParams,
  success: 204,
  async handler(ctx, { params }) {
    const integration = await loadIntegration(ctx, params.integrationName)
    const existing = await findInstallation(ctx.db, integration.id, params.installationId)
    if (!existing) return
    const row = await loadInstallation(ctx, integration, params.installationId)
    await ctx.db.transaction().execute(async (trx) => {
      await deleteInstallation(trx, row.id)
      await recordIntegrationEvent(trx, { integrationId: integration.id, installationId: row.id, organizationId: row.organization_id, payload: { type: 'installation_deleted', previous: { configuration: JSON.parse(row.configuration) } } })
    })
    dispatch(ctx)
  },
})

type ContentKind = 'space' | 'site'

/** Installs (or finds) the installation on one space or site, with its `…_installation_setup` event. */
async function installOnContent(ctx: OperationContext, integration: IntegrationRow, installation: IntegrationInstallationRow, kind: ContentKind, targetId: string) {
  if (await findContentInstallation(ctx.db, installation.id, kind, targetId)) throw new ConflictError(`Integration "${integration.name}" is already installed on ${kind} "${targetId}".`)
  const at = nowIso()
  const row: IntegrationContentInstallationRow = { installation_id: installation.id, kind, target_id: targetId, status: 'active', configuration: '{}', external_ids: '[]', created_at: at, updated_at: at }
  await ctx.db.transaction().execute(async (trx) => {
    await insertContentInstallation(trx, row)
    await recordIntegrationEvent(trx, {
      integrationId: integration.id,
      installationId: installation.id,
      organizationId: installation.organization_id,
      payload: { type: `${kind}_installation_setup`, [`${kind}Id`]: targetId, status: row.status, previous: { status: 'pending', configuration: {} } },
    })
  })
  dispatch(ctx)
  return row
}

async function uninstallFromContent(ctx: OperationContext, integration: IntegrationRow, installation: IntegrationInstallationRow, kind: ContentKind, targetId: string) {
  const row = await findContentInstallation(ctx.db, installation.id, kind, targetId)
  if (!row) return
  await ctx.db.transaction().execute(async (trx) => {
    await deleteContentInstallation(trx, row)
    await recordIntegrationEvent(trx, {
      integrationId: integration.id,
      installationId: installation.id,
      organizationId: installation.organization_id,
      payload: { type: `${kind}_installation_deleted`, [`${kind}Id`]: targetId, previous: { configuration: JSON.parse(row.configuration) } },
    })
  })
  dispatch(ctx)
}

function refuseTarget(integration: IntegrationRow, kind: ContentKind) {
  if (integration.target !== 'all' && integration.target !== kind) throw new BadRequestError(`Integration "${integration.name}" installs on targets "${integration.target}", not on ${kind}s.`)
}

export const installIntegrationOnSpace = defineOperation({
  id: 'installIntegrationOnSpace',
  method: 'POST',
  path: '/integrations/{integrationName}/installations/{installationId}/spaces',
  tag: 'integrations',
  summary: "Enable an installation on one of its organization's spaces; records a `space_installation_setup` event",
  params: InstallationParams,
  body: Type.Object({ space: Id('Id of the space') }),
  success: 201,
  response: ContentInstallation,
  async handler(ctx, { params, body }) {
    const integration = await loadIntegration(ctx, params.integrationName)
    refuseTarget(integration, 'space')
    const installation = await loadInstallation(ctx, integration, params.installationId)
    const space = await loadLiveSpace(ctx, body.space)
    if (space.organization_id !== installation.organization_id) throw new BadRequestError(`body.space: space "${space.id}" is not in the installation's organization "${installation.organization_id}".`)
    await ctx.access.authorize('space', 'installIntegration', { kind: 'space', row: space })
    return presentContentInstallation(await installOnContent(ctx, integration, installation, 'space', space.id), integration, ctx)
  },
})

export const uninstallIntegrationFromSpace = defineOperation({
  id: 'uninstallIntegrationFromSpace',
  method: 'DELETE',
  path: '/integrations/{integrationName}/installations/{installationId}/spaces/{spaceId}',
  tag: 'integrations',
  summary: 'Disable an installation on a space; records a `space_installation_deleted` event (204 also when it was not there)',
  params: Type.Object({ ...InstallationParams.properties, spaceId: Id('Id of the space') }),
  success: 204,
  async handler(ctx, { params }) {
    const integration = await loadIntegration(ctx, params.integrationName)
    const installation = await loadInstallation(ctx, integration, params.installationId)
    await uninstallFromContent(ctx, integration, installation, 'space', params.spaceId)
  },
})

export const installIntegrationOnSite = defineOperation({
  id: 'installIntegrationOnSite',
  method: 'POST',
  path: '/integrations/{integrationName}/installations/{installationId}/sites',
  tag: 'integrations',
  summary: "Enable an installation on one of its organization's sites; records a `site_installation_setup` event",
  params: InstallationParams,
  body: Type.Object({ siteId: Id('Id of the site') }),
  success: 201,
  response: ContentInstallation,
  async handler(ctx, { params, body }) {
    const integration = await loadIntegration(ctx, params.integrationName)
    refuseTarget(integration, 'site')
    const installation = await loadInstallation(ctx, integration, params.installationId)
    const site = await findSiteById(ctx.db, body.siteId)
    if (!site || site.organization_id !== installation.organization_id) throw new BadRequestError(`body.siteId: the installation's organization "${installation.organization_id}" has no site "${body.siteId}".`)
    await loadSite(ctx, installation.organization_id, site.id, 'installIntegration')
    return presentContentInstallation(await installOnContent(ctx, integration, installation, 'site', site.id), integration, ctx)
  },
})

export const uninstallIntegrationFromSite = defineOperation({
  id: 'uninstallIntegrationFromSite',
  method: 'DELETE',
  path: '/integrations/{integrationName}/installations/{installationId}/sites/{siteId}',
  tag: 'integrations',
  summary: 'Disable an installation on a site; records a `site_installation_deleted` event (204 also when it was not there)',
  params: Type.Object({ ...InstallationParams.properties, siteId: Id('Id of the site') }),
  success: 204,
  async handler(ctx, { params }) {
    const integration = await loadIntegration(ctx, params.integrationName)
    const installation = await loadInstallation(ctx, integration, params.installationId)
    await uninstallFromContent(ctx, integration, installation, 'site', params.siteId)
  },
})

const ContentListQuery = Type.Object({
  ...PageQuery,
  externalId: Type.Optional(Type.String({ minLength: 1, maxLength: 256, description: 'Only installations carrying this external id.' })),
  extended: Type.Optional(Type.Boolean({ default: false, description: 'Return the space or site objects instead of their ids.' })),
})

/** The spaces or sites list of an integration: its admins' view across installations. */
async function listContent(ctx: OperationContext, name: string, kind: ContentKind, query: Static<typeof ContentListQuery>) {
  const integration = await loadIntegration(ctx, name, 'admin')
  const page = await listContentInstallations(ctx.db, integration.id, kind, { externalId: query.externalId }, { page: query.page, limit: query.limit! })
  const targets = new Map<string, any>()
  if (query.extended) {
    const ids = page.items.map((row) => row.target_id)
    const rows = kind === 'space' ? await findSpacesByIds(ctx.db, ids) : (await Promise.all(ids.map((id) => findSiteById(ctx.db, id)))).filter((row) => row !== undefined)
    for (const row of rows) targets.set(row!.id, row)
  }
  return listEnvelope({ ...page, items: await Promise.all(page.items.map((row) => presentContentInstallation(row, integration, ctx, targets.get(row.target_id)))) })
}

export const listIntegrationSpaceInstallations = defineOperation({
  id: 'listIntegrationSpaceInstallations',
  method: 'GET',
  path: '/integrations/{integrationName}/spaces',
  tag: 'integrations',
  summary: 'The spaces the integration is installed on, across its installations (its admins only)',
  params: NameParams,
  query: ContentListQuery,
  success: 200,
  response: ListOf(ContentInstallation),
  handler: (ctx, { params, query }) => listContent(ctx, params.integrationName, 'space', query),
})

export const listIntegrationSiteInstallations = defineOperation({
  id: 'listIntegrationSiteInstallations',
  method: 'GET',
  path: '/integrations/{integrationName}/sites',
  tag: 'integrations',
  summary: 'The sites the integration is installed on, across its installations (its admins only)',
  params: NameParams,
  query: ContentListQuery,
  success: 200,
  response: ListOf(ContentInstallation),
  handler: (ctx, { params, query }) => listContent(ctx, params.integrationName, 'site', query),
})

export const listIntegrationEvents = defineOperation({
  id: 'listIntegrationEvents',
  method: 'GET',
  path: '/integrations/{integrationName}/events',
  tag: 'integrations',
  summary: "The integration's events, newest first (its admins only); `status` is `pending` until delivered or given up",
  params: NameParams,
  query: Type.Object({ ...PageQuery }),
  success: 200,
  response: ListOf(Event),
  async handler(ctx, { params, query }) {
    const integration = await loadIntegration(ctx, params.integrationName, 'admin')
    const page = await listEventRows(ctx.db, integration.id, { page: query.page, limit: query.limit! })
    return listEnvelope({ ...page, items: page.items.map(presentIntegrationEvent) })
  },
})

export const getIntegrationEvent = defineOperation({
  id: 'getIntegrationEvent',
  method: 'GET',
  path: '/integrations/{integrationName}/events/{eventId}',
  tag: 'integrations',
  summary: 'One event with the trace of its delivery attempts',
  params: Type.Object({ integrationName: IntegrationName, eventId: Id('Id of the event') }),
  success: 200,
  response: Type.Object({ event: Event, trace: Type.Object({ logs: Type.Array(Type.Object({}, { additionalProperties: true })) }) }),
  async handler(ctx, { params }) {
    const integration = await loadIntegration(ctx, params.integrationName, 'admin')
    const row = await findIntegrationEvent(ctx.db, params.eventId)
    if (!row || row.integration_id !== integration.id) throw new NotFoundError(`Integration "${integration.name}" has no event "${params.eventId}".`)
    return { event: presentIntegrationEvent(row), trace: presentIntegrationEventTrace(row) }
  },
})

export const setIntegrationDevelopmentMode = defineOperation({
  id: 'setIntegrationDevelopmentMode',
  method: 'PUT',
  path: '/integrations/{integrationName}/dev',
  tag: 'integrations',
  summary: "Development mode: events (and render requests) go to the tunnel, those of the owning organization only unless `all`",
  params: NameParams,
  body: Type.Object({
    tunnelUrl: Type.String({ minLength: 1, maxLength: L.tunnelUrl, format: 'uri', pattern: '^https?://', description: 'http(s) address events are dispatched to (at `<tunnelUrl>/v1`).' }),
    all: Type.Optional(Type.Boolean({ default: false, description: "Forward every organization's events, not only the owning organization's." })),
  }),
  success: 204,
  async handler(ctx, { params, body }) {
    const integration = await loadIntegration(ctx, params.integrationName, 'admin')
    await updateIntegration(ctx.db, integration.id, { dev_tunnel_url: body.tunnelUrl, dev_all: body.all ? 1 : 0 })
  },
})

export const disableIntegrationDevelopmentMode = defineOperation({
  id: 'disableIntegrationDevelopmentMode',
  method: 'DELETE',
  path: '/integrations/{integrationName}/dev',
  tag: 'integrations',
  summary: 'Stop development mode: events go to the endpoint again (205)',
  params: NameParams,
  success: 205,
  async handler(ctx, { params }) {
    const integration = await loadIntegration(ctx, params.integrationName, 'admin')
    await updateIntegration(ctx.db, integration.id, { dev_tunnel_url: null, dev_all: 0 })
    return new WithStatus(205)
  },
})

/** GitBook's RenderIntegrationUI, as it arrives compressed in `request`. */
interface RenderRequest {
  componentId: string
  props: Record<string, unknown>
  context: Record<string, unknown>
  state?: Record<string, unknown>
  action?: Record<string, unknown>
}

export const renderIntegrationUIWithGet = defineOperation({
  id: 'renderIntegrationUIWithGet',
  method: 'GET',
  path: '/integrations/{integrationName}/render',
  tag: 'integrations',
  summary: 'Render a ContentKit component of the integration: the request goes to it as a `ui_render` event and its element comes back',
  description:
    '`request` is the JSON `{componentId, props, state?, context, action?}` compressed with LZ-string `compressToEncodedURIComponent`. It goes to the development tunnel when development mode applies to the caller (a member of the owning organization, or anyone with `all`), else to the endpoint. No endpoint: 409; no answer in time: 504; an answer that is not a ContentKit output: 502.',
  params: NameParams,
  query: Type.Object({ request: Type.String({ minLength: 1, maxLength: L.renderRequest, description: 'LZ-string compressed JSON render request.' }) }),
  success: 200,
  response: Type.Object({ type: Type.String() }, { additionalProperties: true }),
  async handler(ctx, { params, query }) {
    const integration = await loadIntegration(ctx, params.integrationName)
    const request = parseRenderRequest(query.request)
    const fromOwner = (await ctx.access.organizationLevel(integration.organization_id)) >= LEVEL.guest
    const target = deliveryTarget(integration, fromOwner ? integration.organization_id : null)
    if (!target) throw new ConflictError(`Integration "${integration.name}" has no endpoint to render with${integration.dev_tunnel_url ? ' (its development tunnel serves its own organization only)' : ''}: publish it with \`endpoint\`, or turn development mode on.`)
    const event = { eventId: newId(), type: 'ui_render', ...request, auth: { userId: ctx.actor.user.id } }
    let answer: { status: number; text: string }
    try {
      answer = await deliver(ctx.db, integration, target.url, event, environmentOf(ctx.baseUrl, integration))
    } catch (error) {
      if (!(error instanceof DeliveryError)) throw error
      throw new ApiError(error.kind === 'timeout' ? 504 : 502, `Integration "${integration.name}" did not answer the render request at ${target.url}: ${error.message}.`)
    }
    if (answer.status < 200 || answer.status >= 300) throw new ApiError(502, `Integration "${integration.name}" answered the render request with ${answer.status}${answer.text ? `: ${answer.text.slice(0, 200)}` : ''}.`)
    let output: any
    try {
      output = JSON.parse(answer.text)
    } catch {
      output = undefined
    }
    const isElement = output?.type === 'element' || (output?.type === undefined && typeof output?.element === 'object')
    if (!output || typeof output !== 'object' || (!isElement && output.type !== 'complete') || (isElement && (typeof output.element !== 'object' || output.element === null))) {
      throw new ApiError(502, `Integration "${integration.name}" answered the render request with something other than a ContentKit output ({type: "element", element} or {type: "complete"}).`)
    }
    return isElement ? { type: 'element', state: {}, props: {}, ...output } : output
  },
})

function parseRenderRequest(compressed: string): RenderRequest {
  let request: any
  try {
    const text = LZString.decompressFromEncodedURIComponent(compressed)
    request = text ? JSON.parse(text) : undefined
  } catch {
    request = undefined
  }
  if (!request || typeof request !== 'object' || Array.isArray(request)) throw new BadRequestError('query.request: is not LZ-string compressed JSON (compressToEncodedURIComponent of the render request).')
  if (typeof request.componentId !== 'string' || !request.componentId || request.componentId.length > 100) throw new BadRequestError('query.request: `componentId` must be a non-empty string of at most 100 characters.')
  for (const field of ['props', 'context'] as const) {
    if (typeof request[field] !== 'object' || request[field] === null || Array.isArray(request[field])) throw new BadRequestError(`query.request: \`${field}\` must be an object.`)
  }
  for (const field of ['state', 'action'] as const) {
    if (request[field] !== undefined && (typeof request[field] !== 'object' || request[field] === null || Array.isArray(request[field]))) throw new BadRequestError(`query.request: \`${field}\` must be an object when given.`)
  }
  return { componentId: request.componentId, props: request.props, context: request.context, ...(request.state ? { state: request.state } : {}), ...(request.action ? { action: request.action } : {}) }
}
