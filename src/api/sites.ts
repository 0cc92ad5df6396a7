/**
 * Sites: the spec's Sites table (list, create, get, update, delete, adaptive schema, template conditions, the
 * published profile) plus GitBook's publishSite, unpublishSite, getSiteStructure and sortSiteStructure, and
 * docsctl's createSiteVisitorToken.
 */
import { Type } from '@sinclair/typebox/type'
import { defineOperation, type OperationContext } from './operation'
import { Id, Nullable } from './schemas/common'
import { Limits } from './schemas/limits'
import { ListOf, PageQuery, listEnvelope } from './schemas/pagination'
import { loadOrganization } from './organizations'
import { loadLiveSpace } from './spaces'
import { presentSite, presentSiteSection, presentSiteSectionGroup, presentSiteSpace, presentSiteStructure, presentSites, siteViewOf, type SiteView } from './presenters/site'
import { DEFAULT_SITE_CUSTOMIZATION } from './presenters/site-customization'
import { deleteSite, findSiteByHostname, findSiteById, listSites as listSiteRows, updateSite } from '../store/sites'
import { nowIso } from '../store/ids'
import { createSite as createSiteRows } from '../domain/sites/create-site'
import { loadSiteTree, loadSpacesOf } from '../domain/sites/load-site-tree'
import { loadVisitorView, openPublishedSite } from '../domain/sites/published-access'
import { moveAmongSiblings, pinDefaults, rootSiblings, sectionSiblings, setSiteDefaults, siteSpaceSiblings } from '../domain/sites/edit-site-structure'
import { ADAPTIVE_JSON_SCHEMA, normalizeAdaptiveSchema, templateConditions, type AdaptiveJsonSchema } from '../domain/sites/adaptive-schema'
import { ConditionSyntaxError, parseCondition } from '../domain/sites/conditions'
import { signVisitorToken, VISITOR_TOKEN_MAX_LENGTH, VISITOR_TOKEN_MAX_TTL_SECONDS } from '../domain/sites/visitor-token'
import { visitorKeyOf } from '../domain/sites/site-secrets'
import type { SiteTree } from '../domain/sites/site-tree'
import { CAPABILITIES, type Action } from '../domain/permissions/roles'
import { BadRequestError, ConflictError, NotFoundError } from '../errors'
import type { Trx } from '../store/database'
import type { SiteRow, SiteUpdate } from '../store/tables/site.table'
import type { SpaceRow } from '../store/tables/space.table'

export const SITE_TYPES = ['basic', 'premium', 'ultimate', 'sponsored', 'legacy-basic', 'legacy-premium'] as const
export const SITE_VISIBILITIES = ['public', 'unlisted', 'share-link', 'visitor-auth'] as const

export const SiteParams = Type.Object({ organizationId: Id('Id of the organization'), siteId: Id('Id of the site') })
const Site = Type.Object({ object: Type.Literal('site'), id: Type.String(), title: Type.String() }, { additionalProperties: true })
const Title = Type.String({ minLength: Limits.site.title.min, maxLength: Limits.site.title.max })
const SiteType = Type.Unsafe<(typeof SITE_TYPES)[number]>({ type: 'string', enum: [...SITE_TYPES], description: 'Type of the site (default `basic`).' })
const SiteVisibility = Type.Unsafe<(typeof SITE_VISIBILITIES)[number]>({
  type: 'string',
  enum: [...SITE_VISIBILITIES],
  description: 'Audience of the published site: `public`, `unlisted` (anyone authenticated), `share-link` (with an active share key), `visitor-auth` (with a visitor token).',
})
/** The spec's hostname rule: three or more dot-separated lowercase labels of letters, digits and inner hyphens. */
const Hostname = Type.String({ maxLength: Limits.site.hostname, pattern: '^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?[.]){2,}[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$' })
/** A host with a top-level domain of two or more letters, then one or more `/segment` parts. */
const ProxyOrigin = Type.String({ maxLength: Limits.site.proxy, pattern: '^([\\w-]+\\.)*[\\w-]+\\.[a-zA-Z]{2,}(\\/[\\w-]+)+$' })
/** A condition over the visitor's claims (domain/sites/conditions.ts); null removes it, leaving it out keeps it. */
export const Condition = Type.String({ minLength: Limits.siteSection.condition.min, maxLength: Limits.siteSection.condition.max })
/** Read by getPublishedContentSite and getSpaceById: credentials of a published site's audience. */
export const SiteCredentialsQuery = {
  shareKey: Type.Optional(Type.String({ maxLength: 256, description: 'Key of an active share link (sites published through share links).' })),
  visitorAuthToken: Type.Optional(Type.String({ maxLength: VISITOR_TOKEN_MAX_LENGTH, description: 'A visitor token (JWT) signed for the site: `docsctl site visitor-token`.' })),
}

/**
 * Loads a site of the organization that the caller may see (404 alike for a missing site, a site of another
 * organization and one the caller may not see), and authorizes `action` on it.
 */
export async function loadSite(ctx: OperationContext, organizationId: string, siteId: string, action: Action<'site'> = 'view'): Promise<SiteRow> {
  const row = await findSiteById(ctx.db, siteId)
  if (!row || row.organization_id !== organizationId) throw new NotFoundError(`Site "${siteId}" does not exist in organization "${organizationId}" or is not visible to you.`)
  // One check: below `view` it is a 404 (the site is not revealed), below `action` a 403 naming the role needed.
  await ctx.access.authorize('site', action, { kind: 'site', row })
  return row
}

/** The site row as it is now (it may have been deleted since it was loaded). */
async function siteNow(db: OperationContext['db'] | Trx, siteId: string): Promise<SiteRow> {
  const row = await findSiteById(db, siteId)
  if (!row) throw new NotFoundError(`Site "${siteId}" no longer exists.`)
  return row
}

/** Runs a change to a site's structure in one transaction, on the tree read inside it (its defaults pinned first). */
export function changeSiteStructure<T>(ctx: OperationContext, site: SiteRow, change: (trx: Trx, tree: SiteTree) => Promise<T>): Promise<T> {
  return ctx.db.transaction().execute(async (trx) => {
    const tree = await loadSiteTree(trx, await siteNow(trx, site.id))
    await pinDefaults(trx, tree)
    return change(trx, tree)
  })
}

/** The site's structure as it is now, with its spaces presented. */
export async function currentSiteView(ctx: OperationContext, site: SiteRow): Promise<SiteView> {
  const tree = await loadSiteTree(ctx.db, await siteNow(ctx.db, site.id))
  return siteViewOf(ctx, tree, await loadSpacesOf(ctx.db, tree))
}

/** Checks a condition when it is saved: a syntax error is a 400 naming the field and the position. */
export function checkCondition(condition: string | null | undefined, field = 'body.condition'): string | null | undefined {
  if (typeof condition !== 'string') return condition
  try {
    parseCondition(condition)
  } catch (error) {
    if (error instanceof ConditionSyntaxError) throw new BadRequestError(`${field}: ${error.message}.`)
    throw error
  }
  return condition
}

export const listSites = defineOperation({
  id: 'listSites',
  method: 'GET',
  path: '/orgs/{organizationId}/sites',
  tag: 'sites',
  summary: 'List the sites of an organization, oldest first',
  description: 'Members with a role see every site; guests see none.',
  params: Type.Object({ organizationId: Id('Id of the organization') }),
  query: Type.Object({
    ...PageQuery,
    space: Type.Optional(Type.String({ minLength: 1, description: 'Only sites that show this space.' })),
    title: Type.Optional(Type.String({ maxLength: Limits.site.title.max, description: 'Only sites whose title contains this text (any letter case).' })),
    published: Type.Optional(Type.Boolean({ description: 'Only published (true) or unpublished (false) sites.' })),
  }),
  success: 200,
  response: ListOf(Site),
  async handler(ctx, { params, query }) {
    const org = await loadOrganization(ctx, params.organizationId)
    if ((await ctx.access.organizationLevel(org.id)) < CAPABILITIES.site.view) return listEnvelope({ items: [], count: 0 })
    const page = await listSiteRows(ctx.db, { organizationId: org.id, spaceId: query.space, title: query.title, published: query.published }, { page: query.page, limit: query.limit! })
    return listEnvelope({ ...page, items: await presentSites(page.items, ctx) })
  },
})

export const createSite = defineOperation({
  id: 'createSite',
  method: 'POST',
  path: '/orgs/{organizationId}/sites',
  tag: 'sites',
  summary: 'Create a site (unpublished; needs the create role)',
  description: '`spaces`: ids of spaces to show at the root of the site, or `"new"` for a new space named after the site.',
  params: Type.Object({ organizationId: Id('Id of the organization') }),
  body: Type.Object({
    type: Type.Optional(SiteType),
    title: Type.Optional(Title),
    visibility: Type.Optional(SiteVisibility),
    spaces: Type.Optional(
      Type.Union([Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: Limits.site.spaces }), Type.Literal('new')], {
        description: 'Space ids to add, or "new" to create a space for the site.',
      }),
    ),
  }),
  success: 201,
  response: Site,
  async handler(ctx, { params, body }) {
    const org = await loadOrganization(ctx, params.organizationId)
    await ctx.access.authorize('organization', 'createContent', { kind: 'organization', row: org })
    const spaces: SpaceRow[] = []
    for (const spaceId of Array.isArray(body.spaces) ? body.spaces : []) spaces.push(await spaceOfOrganization(ctx, spaceId, org.id, 'body.spaces'))
    const row = await ctx.db.transaction().execute((trx) =>
      createSiteRows(trx, {
        organizationId: org.id,
        type: body.type ?? 'basic',
        title: body.title ?? 'Untitled site',
        visibility: body.visibility ?? 'public',
        spaces,
        newSpace: body.spaces === 'new',
      }),
    )
    return presentSite(row, ctx)
  },
})

/** A live space of the organization that the caller may see (404 when missing, 400 when in another organization). */
export async function spaceOfOrganization(ctx: OperationContext, spaceId: string, organizationId: string, field: string) {
  const space = await loadLiveSpace(ctx, spaceId)
  if (space.organization_id !== organizationId) throw new BadRequestError(`${field}: space "${spaceId}" is not in organization "${organizationId}".`)
  return space
}

export const getSiteById = defineOperation({
  id: 'getSiteById',
  method: 'GET',
  path: '/orgs/{organizationId}/sites/{siteId}',
  tag: 'sites',
  summary: 'Get a site',
  params: SiteParams,
  success: 200,
  response: Site,
  async handler(ctx, { params }) {
    return presentSite(await loadSite(ctx, params.organizationId, params.siteId), ctx)
  },
})

export const updateSiteById = defineOperation({
  id: 'updateSiteById',
  method: 'PATCH',
  path: '/orgs/{organizationId}/sites/{siteId}',
  tag: 'sites',
  summary: 'Update the settings of a site (admins)',
  description: '`proxy` and `hostname`: null removes them. `defaultSiteSpace` is a root site-space, or one of the default section on a site with sections.',
  params: SiteParams,
  body: Type.Object({
    title: Type.Optional(Title),
    visibility: Type.Optional(SiteVisibility),
    basename: Type.Optional(Type.String({ minLength: Limits.site.basename.min, maxLength: Limits.site.basename.max })),
    hostname: Type.Optional(Nullable(Hostname)),
    agentsContext: Type.Optional(Type.Unsafe<'excluded' | 'included'>({ type: 'string', enum: ['excluded', 'included'], description: 'Whether AI agents may read the site.' })),
    defaultSiteSpace: Type.Optional(Type.String({ minLength: 1, description: 'Id of the default site-space.' })),
    defaultSiteSection: Type.Optional(Type.String({ minLength: 1, description: 'Id of the default section.' })),
    adaptiveContent: Type.Optional(Type.Object({ enabled: Type.Boolean() }, { description: 'Whether conditions decide what visitors see.' })),
    proxy: Type.Optional(Nullable(ProxyOrigin)),
  }),
  bodyRequired: true,
  success: 200,
  response: Site,
  async handler(ctx, { params, body }) {
    const site = await loadSite(ctx, params.organizationId, params.siteId, 'admin')
    await changeSiteStructure(ctx, site, async (trx, tree) => {
      const update: SiteUpdate = { updated_at: nowIso() }
      if (body.title !== undefined) update.title = body.title
      if (body.visibility !== undefined) update.visibility = body.visibility
      if (body.basename !== undefined) update.basename = body.basename
      if (body.agentsContext !== undefined) update.agents_context = body.agentsContext
      if (body.adaptiveContent !== undefined) update.adaptive_content = body.adaptiveContent.enabled ? 1 : 0
      if (body.proxy !== undefined) update.proxy = body.proxy
      if (body.hostname !== undefined && body.hostname !== site.hostname) {
        const holder = body.hostname === null ? undefined : await findSiteByHostname(trx, body.hostname)
        if (holder) throw new ConflictError(`body.hostname: "${body.hostname}" is already the hostname of another site; choose another one.`)
        update.hostname = body.hostname
      }
      await updateSite(trx, site.id, update)
      await setSiteDefaults(trx, tree, body)
    })
    return presentSite(await siteNow(ctx.db, site.id), ctx)
  },
})

export const deleteSiteById = defineOperation({
  id: 'deleteSiteById',
  method: 'DELETE',
  path: '/orgs/{organizationId}/sites/{siteId}',
  tag: 'sites',
  summary: 'Delete a site with its sections, site-spaces and share links (the spaces stay)',
  params: SiteParams,
  success: 204,
  async handler(ctx, { params }) {
    const row = await findSiteById(ctx.db, params.siteId)
    if (!row || row.organization_id !== params.organizationId) return
    await loadSite(ctx, params.organizationId, params.siteId, 'admin')
    await ctx.db.transaction().execute((trx) => deleteSite(trx, row.id))
  },
})

function publishing(id: 'publishSite' | 'unpublishSite', published: boolean) {
  return defineOperation({
    id,
    method: 'POST',
    path: `/orgs/{organizationId}/sites/{siteId}/${published ? 'publish' : 'unpublish'}`,
    tag: 'sites',
    summary: published ? 'Publish a site: its audience (by visibility) can read it' : 'Unpublish a site: nobody reads it until it is published again',
    description: 'The only way `published` changes. Admins of the site.',
    params: SiteParams,
    success: 200,
    response: Site,
    async handler(ctx, { params }) {
      const site = await loadSite(ctx, params.organizationId, params.siteId, 'admin')
      await updateSite(ctx.db, site.id, { published: published ? 1 : 0, updated_at: nowIso() })
      return presentSite(await siteNow(ctx.db, site.id), ctx)
    },
  })
}

export const publishSite = publishing('publishSite', true)
export const unpublishSite = publishing('unpublishSite', false)

export const getPublishedContentSite = defineOperation({
  id: 'getPublishedContentSite',
  method: 'GET',
  path: '/orgs/{organizationId}/sites/{siteId}/published',
  tag: 'sites',
  summary: "A published site as its audience sees it: the site and its structure",
  description:
    'Answered only while the site is published, and only to its audience: `public` and `unlisted` sites to any authenticated caller, `share-link` sites with `shareKey` (an active share link), `visitor-auth` sites with `visitorAuthToken` (a visitor token signed for the site). With adaptive content on, conditions decide, on the claims of the visitor token, which sections and site-spaces are shown.',
  params: SiteParams,
  query: Type.Object(SiteCredentialsQuery),
  success: 200,
  async handler(ctx, { params, query }) {
    const site = await findSiteById(ctx.db, params.siteId)
    if (!site || site.organization_id !== params.organizationId) throw new NotFoundError(`Site "${params.siteId}" does not exist in organization "${params.organizationId}".`)
    const claims = await openPublishedSite(ctx.db, site, query)
    ctx.access.useSiteCredentials(query)
    const { tree, spaces } = await loadVisitorView(ctx.db, site, claims)
    const view = await siteViewOf(ctx, tree, spaces)
    return {
      object: 'published-content-site' as const,
      site: await presentSite(site, ctx),
      structure: presentSiteStructure(view),
      customizations: { site: DEFAULT_SITE_CUSTOMIZATION, siteSpaces: {} },
      scripts: [],
    }
  },
})

export const getSiteStructure = defineOperation({
  id: 'getSiteStructure',
  method: 'GET',
  path: '/orgs/{organizationId}/sites/{siteId}/structure',
  tag: 'sites',
  summary: 'The whole structure of a site (every section and site-space, conditions not applied)',
  params: SiteParams,
  query: Type.Object({ shareKey: SiteCredentialsQuery.shareKey }),
  success: 200,
  async handler(ctx, { params }) {
    return presentSiteStructure(await currentSiteView(ctx, await loadSite(ctx, params.organizationId, params.siteId)))
  },
})

const ITEM_TYPES = ['site-space', 'site-section', 'site-section-group'] as const
const ItemPointer = Type.Object({
  type: Type.Unsafe<(typeof ITEM_TYPES)[number]>({ type: 'string', enum: [...ITEM_TYPES] }),
  id: Type.String({ minLength: 1, maxLength: 64 }),
})

export const sortSiteStructure = defineOperation({
  id: 'sortSiteStructure',
  method: 'PATCH',
  path: '/orgs/{organizationId}/sites/{siteId}/structure/sort',
  tag: 'sites',
  summary: 'Move a site-space, section or section group among its siblings',
  description: 'Siblings: the site-spaces of one section (or of the root), the sections of one group, or the root items (sections outside groups, and groups). Without `before` or `after` the item goes last.',
  params: SiteParams,
  body: Type.Object({
    item: ItemPointer,
    position: Type.Object({ before: Type.Optional(ItemPointer), after: Type.Optional(ItemPointer) }),
  }),
  bodyRequired: true,
  success: 200,
  async handler(ctx, { params, body }) {
    const site = await loadSite(ctx, params.organizationId, params.siteId, 'create')
    await changeSiteStructure(ctx, site, async (trx, tree) => {
      const { item, position } = body
      if (item.type === 'site-space') {
        const siteSpace = [...tree.siteSpaces.values()].flat().find((s) => s.id === item.id)
        if (!siteSpace) throw new NotFoundError(`Site space "${item.id}" does not exist on site "${site.id}".`)
        await moveAmongSiblings(trx, { id: item.id, sort_order: siteSpace.sort_order, table: 'site_spaces' }, siteSpaceSiblings(tree, siteSpace.section_id), position)
      } else if (item.type === 'site-section') {
        const section = tree.sections.find((s) => s.id === item.id)
        if (!section) throw new NotFoundError(`Section "${item.id}" does not exist on site "${site.id}".`)
        await moveAmongSiblings(trx, { id: item.id, sort_order: section.sort_order, table: 'site_sections' }, sectionSiblings(tree, section), position)
      } else {
        const group = tree.groups.find((g) => g.id === item.id)
        if (!group) throw new NotFoundError(`Section group "${item.id}" does not exist on site "${site.id}".`)
        await moveAmongSiblings(trx, { id: item.id, sort_order: group.sort_order, table: 'site_section_groups' }, rootSiblings(tree), position)
      }
    })
    const view = await currentSiteView(ctx, site)
    if (body.item.type === 'site-space') return presentSiteSpace(view, [...view.tree.siteSpaces.values()].flat().find((s) => s.id === body.item.id)!)
    if (body.item.type === 'site-section') return presentSiteSection(view, view.tree.sections.find((s) => s.id === body.item.id)!)
    return presentSiteSectionGroup(view, view.tree.groups.find((g) => g.id === body.item.id)!)
  },
})

const AdaptiveJsonSchemaInput = Type.Unsafe<AdaptiveJsonSchema>(ADAPTIVE_JSON_SCHEMA)

/** The site's visitor schema; until one is set, the empty one (no claims), dated at the site's creation. */
function presentAdaptiveSchema(site: SiteRow) {
  if (!site.adaptive_schema) return { object: 'site-adaptive-schema' as const, jsonSchema: EMPTY_ADAPTIVE_SCHEMA, updatedAt: site.created_at }
  return { object: 'site-adaptive-schema' as const, jsonSchema: JSON.parse(site.adaptive_schema) as AdaptiveJsonSchema, updatedAt: site.adaptive_schema_updated_at! }
}

const EMPTY_ADAPTIVE_SCHEMA = { type: 'object', properties: {}, additionalProperties: false } as unknown as AdaptiveJsonSchema

export const getSiteAdaptiveSchema = defineOperation({
  id: 'getSiteAdaptiveSchema',
  method: 'GET',
  path: '/orgs/{organizationId}/sites/{siteId}/adaptive-schema',
  tag: 'sites',
  summary: 'The visitor schema of adaptive content (the empty schema until one is set)',
  params: SiteParams,
  success: 200,
  async handler(ctx, { params }) {
    const site = await loadSite(ctx, params.organizationId, params.siteId, 'viewAdaptiveSchema')
    return presentAdaptiveSchema(site)
  },
})

export const updateSiteAdaptiveSchema = defineOperation({
  id: 'updateSiteAdaptiveSchema',
  method: 'PUT',
  path: '/orgs/{organizationId}/sites/{siteId}/adaptive-schema',
  tag: 'sites',
  summary: 'Set the visitor schema of adaptive content (admins)',
  description:
    '`jsonSchema` is a draft-07 object schema: `{type: "object", properties, additionalProperties: false}` where each property is a boolean claim `{type: "boolean", description}`, except `unsigned`: `{type: "object", properties: {<boolean claims>}, additionalProperties: false}`.',
  params: SiteParams,
  body: Type.Object({ jsonSchema: AdaptiveJsonSchemaInput }),
  bodyRequired: true,
  success: 200,
  async handler(ctx, { params, body }) {
    const site = await loadSite(ctx, params.organizationId, params.siteId, 'editAdaptiveSchema')
    const at = nowIso()
    await updateSite(ctx.db, site.id, { adaptive_schema: JSON.stringify(normalizeAdaptiveSchema(body.jsonSchema)), adaptive_schema_updated_at: at, updated_at: at })
    return presentAdaptiveSchema(await siteNow(ctx.db, site.id))
  },
})

export const listSiteAdaptiveTemplateConditions = defineOperation({
  id: 'listSiteAdaptiveTemplateConditions',
  method: 'GET',
  path: '/orgs/{organizationId}/sites/{siteId}/adaptive-schema/template-conditions',
  tag: 'sites',
  summary: "Ready-made conditions for the claims of the site's visitor schema",
  params: SiteParams,
  success: 200,
  async handler(ctx, { params }) {
    const site = await loadSite(ctx, params.organizationId, params.siteId, 'viewAdaptiveSchema')
    return { items: templateConditions(site.adaptive_schema ? (JSON.parse(site.adaptive_schema) as AdaptiveJsonSchema) : undefined) }
  },
})

const DEFAULT_VISITOR_TOKEN_TTL_SECONDS = 60 * 60

export const createSiteVisitorToken = defineOperation({
  id: 'createSiteVisitorToken',
  method: 'POST',
  path: '/orgs/{organizationId}/sites/{siteId}/visitor-tokens',
  tag: 'sites',
  summary: 'Sign a visitor token (a JWT) for the site, carrying these claims (admins; docsctl only)',
  description:
    'The token opens a published `visitor-auth` site (`visitorAuthToken`) and the spaces it shows; on any site its claims are what conditions read. Signed with HS256 and a key of the site that never leaves the server.',
  params: SiteParams,
  body: Type.Object({
    claims: Type.Object({}, { additionalProperties: true, maxProperties: 100, description: 'The visitor claims, e.g. {"plan": "pro", "unsigned": {"beta": true}}.' }),
    expiresIn: Type.Optional(Type.Integer({ minimum: 60, maximum: VISITOR_TOKEN_MAX_TTL_SECONDS, default: DEFAULT_VISITOR_TOKEN_TTL_SECONDS, description: 'Seconds until it expires (default one hour, at most 30 days).' })),
  }),
  bodyRequired: true,
  success: 201,
  async handler(ctx, { params, body }) {
    const site = await loadSite(ctx, params.organizationId, params.siteId, 'admin')
    const expiresIn = body.expiresIn ?? DEFAULT_VISITOR_TOKEN_TTL_SECONDS
    const { token, expiresAt } = await signVisitorToken(await visitorKeyOf(ctx.db, site.id), site.id, body.claims, expiresIn)
    if (token.length > VISITOR_TOKEN_MAX_LENGTH) throw new BadRequestError(`body.claims: too large: the token would be ${token.length} characters, and visitorAuthToken takes at most ${VISITOR_TOKEN_MAX_LENGTH}.`)
    return { object: 'site-visitor-token' as const, site: site.id, token, expiresAt }
  },
})
