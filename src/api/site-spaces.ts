/** Site spaces: the spec's Site spaces table. One default site-space per section, or per site at the root. */
import { Type } from '@sinclair/typebox/type'
import { defineOperation, type OperationContext } from './operation'
import { Id, Nullable } from './schemas/common'
import { Limits } from './schemas/limits'
import { ListOf, PageQuery, pageOfList } from './schemas/pagination'
import { Condition, SiteCredentialsQuery, changeSiteStructure, checkCondition, currentSiteView, loadSite, spaceOfOrganization } from './sites'
import { sectionIn } from './site-sections'
import { presentSiteSpace } from './presenters/site'
import { addSiteSpaceTo, moveAmongSiblings, siteSpaceSiblings, updateSiteSpaceOf } from '../domain/sites/edit-site-structure'
import { allSiteSpaces, defaultSection, hasSections, isDefaultSiteSpace, type SiteTree } from '../domain/sites/site-tree'
import { createSpace } from '../domain/spaces/create-space'
import { deleteSiteSpace } from '../store/site-structure'
import type { SiteRow } from '../store/tables/site.table'
import { NotFoundError } from '../errors'

const SiteParams = Type.Object({ organizationId: Id('Id of the organization'), siteId: Id('Id of the site') })
const SiteSpaceParams = Type.Object({ organizationId: Id('Id of the organization'), siteId: Id('Id of the site'), siteSpaceId: Id('Id of the site-space') })
const SiteSpace = Type.Object({ object: Type.Literal('site-space'), id: Type.String(), path: Type.String() }, { additionalProperties: true })

/** A site-space of the tree, or 404. */
export function siteSpaceIn(tree: SiteTree, siteSpaceId: string) {
  const siteSpace = allSiteSpaces(tree).find((s) => s.id === siteSpaceId)
  if (!siteSpace) throw new NotFoundError(`Site space "${siteSpaceId}" does not exist on site "${tree.site.id}".`)
  return siteSpace
}

async function presentSiteSpaceNow(ctx: OperationContext, site: SiteRow, siteSpaceId: string) {
  const view = await currentSiteView(ctx, site)
  return presentSiteSpace(view, siteSpaceIn(view.tree, siteSpaceId))
}

export const listSiteSpaces = defineOperation({
  id: 'listSiteSpaces',
  method: 'GET',
  path: '/orgs/{organizationId}/sites/{siteId}/site-spaces',
  tag: 'site-spaces',
  summary: 'List the site-spaces of a site in structure order',
  params: SiteParams,
  query: Type.Object({
    shareKey: SiteCredentialsQuery.shareKey,
    ...PageQuery,
    default: Type.Optional(Type.Boolean({ description: 'true: only default site-spaces (one per section, or the root one); false: only the others.' })),
  }),
  success: 200,
  response: ListOf(SiteSpace),
  async handler(ctx, { params, query }) {
    const view = await currentSiteView(ctx, await loadSite(ctx, params.organizationId, params.siteId))
    const items = allSiteSpaces(view.tree).filter((s) => query.default === undefined || isDefaultSiteSpace(view.tree, s) === query.default)
    return pageOfList(items.map((s) => presentSiteSpace(view, s)), query)
  },
})

export const addSpaceToSite = defineOperation({
  id: 'addSpaceToSite',
  method: 'POST',
  path: '/orgs/{organizationId}/sites/{siteId}/site-spaces',
  tag: 'site-spaces',
  summary: 'Show a space on the site: in a section, else the default section, else at the root',
  params: SiteParams,
  body: Type.Object({
    spaceId: Nullable(Type.String({ minLength: 1, maxLength: 64, description: 'Id of the space; null creates a new space.' })),
    sectionId: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Section to add it to (default: the default section, or the root of a site without sections).' })),
  }),
  bodyRequired: true,
  success: 201,
  response: SiteSpace,
  async handler(ctx, { params, body }) {
    const site = await loadSite(ctx, params.organizationId, params.siteId, 'create')
    const existing = body.spaceId === null ? undefined : await spaceOfOrganization(ctx, body.spaceId, site.organization_id, 'body.spaceId')
    if (!existing) await ctx.access.authorize('organization', 'createContent', { kind: 'organization', row: { id: site.organization_id } })
    const siteSpace = await changeSiteStructure(ctx, site, async (trx, tree) => {
      const sectionId = body.sectionId !== undefined ? sectionIn(tree, body.sectionId).id : hasSections(tree) ? defaultSection(tree)!.id : null
      const space = existing ?? (await createSpace(trx, { organizationId: site.organization_id, parentId: null, title: 'Untitled space' }))
      return addSiteSpaceTo(trx, tree, sectionId, space)
    })
    return presentSiteSpaceNow(ctx, site, siteSpace.id)
  },
})

export const updateSiteSpaceById = defineOperation({
  id: 'updateSiteSpaceById',
  method: 'PATCH',
  path: '/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}',
  tag: 'site-spaces',
  summary: 'Update a site-space: its path, condition, or the space it shows',
  description: '`condition`: left out keeps it, null removes it. `path` is unique among the site-spaces of its section (409).',
  params: SiteSpaceParams,
  body: Type.Object({
    path: Type.Optional(Type.String({ minLength: Limits.siteSpace.path.min, maxLength: Limits.siteSpace.path.max })),
    condition: Type.Optional(Nullable(Condition)),
    spaceId: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'The space to show instead.' })),
  }),
  bodyRequired: true,
  success: 200,
  response: SiteSpace,
  async handler(ctx, { params, body }) {
    const site = await loadSite(ctx, params.organizationId, params.siteId, 'create')
    const condition = checkCondition(body.condition)
    const space = body.spaceId === undefined ? undefined : await spaceOfOrganization(ctx, body.spaceId, site.organization_id, 'body.spaceId')
    await changeSiteStructure(ctx, site, (trx, tree) => updateSiteSpaceOf(trx, tree, siteSpaceIn(tree, params.siteSpaceId), { path: body.path, condition, space }))
    return presentSiteSpaceNow(ctx, site, params.siteSpaceId)
  },
})

export const deleteSiteSpaceById = defineOperation({
  id: 'deleteSiteSpaceById',
  method: 'DELETE',
  path: '/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}',
  tag: 'site-spaces',
  summary: 'Remove a space from the site (the space stays); the next site-space becomes the default if it was',
  params: SiteSpaceParams,
  success: 204,
  async handler(ctx, { params }) {
    const site = await loadSite(ctx, params.organizationId, params.siteId, 'create')
    await changeSiteStructure(ctx, site, async (trx, tree) => {
      if (allSiteSpaces(tree).some((s) => s.id === params.siteSpaceId)) await deleteSiteSpace(trx, params.siteSpaceId)
    })
  },
})

export const moveSiteSpace = defineOperation({
  id: 'moveSiteSpace',
  method: 'POST',
  path: '/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/move',
  tag: 'site-spaces',
  summary: 'Move a site-space among its siblings (deprecated: use sortSiteStructure)',
  params: SiteSpaceParams,
  body: Type.Object({
    position: Type.Optional(
      Type.Object({
        before: Type.Optional(Type.Object({ type: Type.Literal('site-space'), siteSpace: Type.String({ minLength: 1 }) })),
        after: Type.Optional(Type.Object({ type: Type.Literal('site-space'), siteSpace: Type.String({ minLength: 1 }) })),
      }),
    ),
  }),
  success: 200,
  response: SiteSpace,
  async handler(ctx, { params, body }) {
    const site = await loadSite(ctx, params.organizationId, params.siteId, 'create')
    await changeSiteStructure(ctx, site, async (trx, tree) => {
      const siteSpace = siteSpaceIn(tree, params.siteSpaceId)
      await moveAmongSiblings(trx, { id: siteSpace.id, sort_order: siteSpace.sort_order, table: 'site_spaces' }, siteSpaceSiblings(tree, siteSpace.section_id), body.position)
    })
    return presentSiteSpaceNow(ctx, site, params.siteSpaceId)
  },
})
