/** Site sections: the spec's Site sections table. A site with sections has exactly one default section. */
import { Type } from '@sinclair/typebox/type'
import { defineOperation, type OperationContext } from './operation'
import { Id, Nullable } from './schemas/common'
import { Limits } from './schemas/limits'
import { ListOf, PageQuery, pageOfList } from './schemas/pagination'
import { Condition, SiteCredentialsQuery, changeSiteStructure, checkCondition, currentSiteView, loadSite, spaceOfOrganization } from './sites'
import { presentSiteSection } from './presenters/site'
import { addSection, moveAmongSiblings, sectionSiblings, updateSection } from '../domain/sites/edit-site-structure'
import { createSpace } from '../domain/spaces/create-space'
import type { SiteTree } from '../domain/sites/site-tree'
import { deleteSiteSection } from '../store/site-structure'
import type { SiteRow } from '../store/tables/site.table'
import { NotFoundError } from '../errors'

const SectionParams = Type.Object({ organizationId: Id('Id of the organization'), siteId: Id('Id of the site'), siteSectionId: Id('Id of the section') })
const SiteSection = Type.Object({ object: Type.Literal('site-section'), id: Type.String(), title: Type.String() }, { additionalProperties: true })
const Title = Type.String({ minLength: Limits.siteSection.title.min, maxLength: Limits.siteSection.title.max })
const Icon = Type.String({ maxLength: Limits.siteSection.icon, description: 'Name of an icon.' })

/** A section of the tree, or 404. */
export function sectionIn(tree: SiteTree, sectionId: string) {
  const section = tree.sections.find((s) => s.id === sectionId)
  if (!section) throw new NotFoundError(`Section "${sectionId}" does not exist on site "${tree.site.id}".`)
  return section
}

async function presentSectionNow(ctx: OperationContext, site: SiteRow, sectionId: string) {
  const view = await currentSiteView(ctx, site)
  return presentSiteSection(view, sectionIn(view.tree, sectionId))
}

export const listSiteSections = defineOperation({
  id: 'listSiteSections',
  method: 'GET',
  path: '/orgs/{organizationId}/sites/{siteId}/sections',
  tag: 'site-sections',
  summary: 'List the sections of a site in structure order, each with its site-spaces',
  params: Type.Object({ organizationId: Id('Id of the organization'), siteId: Id('Id of the site') }),
  query: Type.Object({ shareKey: SiteCredentialsQuery.shareKey, ...PageQuery }),
  success: 200,
  response: ListOf(SiteSection),
  async handler(ctx, { params, query }) {
    const view = await currentSiteView(ctx, await loadSite(ctx, params.organizationId, params.siteId))
    return pageOfList(view.tree.sections.map((s) => presentSiteSection(view, s)), query)
  },
})

export const addSectionToSite = defineOperation({
  id: 'addSectionToSite',
  method: 'POST',
  path: '/orgs/{organizationId}/sites/{siteId}/sections',
  tag: 'site-sections',
  summary: "Add a section: the space becomes its first site-space (null: a new space)",
  description: "On a site whose spaces sit at the root, those first become a section of their own: the site's default section.",
  params: Type.Object({ organizationId: Id('Id of the organization'), siteId: Id('Id of the site') }),
  body: Type.Object({
    spaceId: Nullable(Type.String({ minLength: 1, maxLength: 64, description: 'Id of the space to show; null creates a new space.' })),
    title: Type.Optional(Nullable(Title)),
    icon: Type.Optional(Nullable(Icon)),
  }),
  bodyRequired: true,
  success: 201,
  response: SiteSection,
  async handler(ctx, { params, body }) {
    const site = await loadSite(ctx, params.organizationId, params.siteId, 'create')
    const existing = body.spaceId === null ? undefined : await spaceOfOrganization(ctx, body.spaceId, site.organization_id, 'body.spaceId')
    if (!existing) await ctx.access.authorize('organization', 'createContent', { kind: 'organization', row: { id: site.organization_id } })
    const section = await changeSiteStructure(ctx, site, async (trx, tree) => {
      const space = existing ?? (await createSpace(trx, { organizationId: site.organization_id, parentId: null, title: (body.title ?? 'Untitled section').slice(0, 50) }))
      return addSection(trx, tree, { space, title: body.title, icon: body.icon })
    })
    return presentSectionNow(ctx, site, section.id)
  },
})

export const updateSiteSectionById = defineOperation({
  id: 'updateSiteSectionById',
  method: 'PATCH',
  path: '/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}',
  tag: 'site-sections',
  summary: 'Update a section',
  description: '`condition`: left out keeps it, null removes it, a string is checked and saved. `path` is unique within the site (409).',
  params: SectionParams,
  body: Type.Object({
    title: Type.Optional(Title),
    path: Type.Optional(Type.String({ minLength: Limits.siteSection.path.min, maxLength: Limits.siteSection.path.max })),
    defaultSiteSpace: Type.Optional(Type.String({ minLength: 1, description: 'Id of a site-space of this section.' })),
    condition: Type.Optional(Nullable(Condition)),
    icon: Type.Optional(Nullable(Icon)),
    description: Type.Optional(Nullable(Type.String({ maxLength: Limits.siteSection.description }))),
  }),
  bodyRequired: true,
  success: 200,
  response: SiteSection,
  async handler(ctx, { params, body }) {
    const site = await loadSite(ctx, params.organizationId, params.siteId, 'create')
    const condition = checkCondition(body.condition)
    await changeSiteStructure(ctx, site, async (trx, tree) => updateSection(trx, tree, sectionIn(tree, params.siteSectionId), { ...body, condition }))
    return presentSectionNow(ctx, site, params.siteSectionId)
  },
})

export const deleteSiteSectionById = defineOperation({
  id: 'deleteSiteSectionById',
  method: 'DELETE',
  path: '/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}',
  tag: 'site-sections',
  summary: 'Delete a section with its site-spaces (the spaces stay); the next section becomes the default if it was',
  params: SectionParams,
  success: 204,
  async handler(ctx, { params }) {
    const site = await loadSite(ctx, params.organizationId, params.siteId, 'create')
    await changeSiteStructure(ctx, site, async (trx, tree) => {
      if (tree.sections.some((s) => s.id === params.siteSectionId)) await deleteSiteSection(trx, params.siteSectionId)
    })
  },
})

export const moveSiteSection = defineOperation({
  id: 'moveSiteSection',
  method: 'POST',
  path: '/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}/move',
  tag: 'site-sections',
  summary: 'Move a section among its siblings (deprecated: use sortSiteStructure)',
  params: SectionParams,
  body: Type.Object({
    position: Type.Optional(
      Type.Object({
        before: Type.Optional(Type.Object({ type: Type.Literal('site-section'), siteSection: Type.String({ minLength: 1 }) })),
        after: Type.Optional(Type.Object({ type: Type.Literal('site-section'), siteSection: Type.String({ minLength: 1 }) })),
      }),
    ),
  }),
  success: 200,
  response: SiteSection,
  async handler(ctx, { params, body }) {
    const site = await loadSite(ctx, params.organizationId, params.siteId, 'create')
    await changeSiteStructure(ctx, site, async (trx, tree) => {
      const section = sectionIn(tree, params.siteSectionId)
      await moveAmongSiblings(trx, { id: section.id, sort_order: section.sort_order, table: 'site_sections' }, sectionSiblings(tree, section), body.position)
    })
    return presentSectionNow(ctx, site, params.siteSectionId)
  },
})
