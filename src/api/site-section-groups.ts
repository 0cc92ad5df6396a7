/** Site section groups: the spec's Site section groups table. Deleting a group keeps its sections. */
import { Type } from '@sinclair/typebox/type'
import { defineOperation, type OperationContext } from './operation'
import { Id, Nullable } from './schemas/common'
import { Limits } from './schemas/limits'
import { ListOf, PageQuery, pageOfList } from './schemas/pagination'
import { changeSiteStructure, currentSiteView, loadSite } from './sites'
import { presentSiteSectionGroup } from './presenters/site'
import { addSectionGroup, addSectionToGroup, deleteGroupKeepingSections, moveAmongSiblings, removeSectionFromGroup, rootSiblings } from '../domain/sites/edit-site-structure'
import type { SiteTree } from '../domain/sites/site-tree'
import { updateSiteSectionGroup } from '../store/site-structure'
import { nowIso } from '../store/ids'
import type { SiteRow } from '../store/tables/site.table'
import { BadRequestError, NotFoundError } from '../errors'

const SiteParams = Type.Object({ organizationId: Id('Id of the organization'), siteId: Id('Id of the site') })
const GroupParams = Type.Object({ organizationId: Id('Id of the organization'), siteId: Id('Id of the site'), siteSectionGroupId: Id('Id of the section group') })
const SiteSectionGroup = Type.Object({ object: Type.Literal('site-section-group'), id: Type.String(), title: Type.String() }, { additionalProperties: true })
const Title = Type.String({ minLength: Limits.siteSectionGroup.title.min, maxLength: Limits.siteSectionGroup.title.max })
const Icon = Type.String({ maxLength: Limits.siteSectionGroup.icon, description: 'Name of an icon.' })
const GroupPointer = Type.Object({
  type: Type.Unsafe<'site-section' | 'site-section-group'>({ type: 'string', enum: ['site-section', 'site-section-group'] }),
  id: Type.String({ minLength: 1, maxLength: 64 }),
})

/** A section group of the tree, or 404. */
function groupIn(tree: SiteTree, groupId: string) {
  const group = tree.groups.find((g) => g.id === groupId)
  if (!group) throw new NotFoundError(`Section group "${groupId}" does not exist on site "${tree.site.id}".`)
  return group
}

function sectionsOfGroup(tree: SiteTree, groupId: string) {
  const entry = tree.root.find((item) => item.kind === 'group' && item.group.id === groupId)
  return entry?.kind === 'group' ? entry.sections : []
}

async function presentGroupNow(ctx: OperationContext, site: SiteRow, groupId: string) {
  const view = await currentSiteView(ctx, site)
  return presentSiteSectionGroup(view, groupIn(view.tree, groupId))
}

export const listSiteSectionGroups = defineOperation({
  id: 'listSiteSectionGroups',
  method: 'GET',
  path: '/orgs/{organizationId}/sites/{siteId}/section-groups',
  tag: 'site-section-groups',
  summary: 'List the section groups of a site in order, each with its sections',
  params: SiteParams,
  query: Type.Object({ ...PageQuery }),
  success: 200,
  response: ListOf(SiteSectionGroup),
  async handler(ctx, { params, query }) {
    const view = await currentSiteView(ctx, await loadSite(ctx, params.organizationId, params.siteId))
    return pageOfList(view.tree.groups.map((g) => presentSiteSectionGroup(view, g)), query)
  },
})

export const addSectionGroupToSite = defineOperation({
  id: 'addSectionGroupToSite',
  method: 'POST',
  path: '/orgs/{organizationId}/sites/{siteId}/section-groups',
  tag: 'site-section-groups',
  summary: 'Add a section group at the end of the site, moving these sections into it',
  params: SiteParams,
  body: Type.Object({
    title: Title,
    icon: Type.Optional(Nullable(Icon)),
    sections: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: Limits.siteSectionGroup.sections, uniqueItems: true, description: 'Ids of sections to move into the group, in order.' })),
  }),
  bodyRequired: true,
  success: 201,
  response: SiteSectionGroup,
  async handler(ctx, { params, body }) {
    const site = await loadSite(ctx, params.organizationId, params.siteId, 'create')
    const group = await changeSiteStructure(ctx, site, async (trx, tree) => {
      const sections = (body.sections ?? []).map((id, i) => {
        const section = tree.sections.find((s) => s.id === id)
        if (!section) throw new BadRequestError(`body.sections[${i}]: "${id}" is not a section of site "${site.id}".`)
        return section
      })
      return addSectionGroup(trx, tree, { title: body.title, icon: body.icon ?? null, sections })
    })
    return presentGroupNow(ctx, site, group.id)
  },
})

export const updateSiteSectionGroupById = defineOperation({
  id: 'updateSiteSectionGroupById',
  method: 'PATCH',
  path: '/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}',
  tag: 'site-section-groups',
  summary: 'Update the title or icon of a section group (null removes the icon)',
  params: GroupParams,
  body: Type.Object({ title: Type.Optional(Title), icon: Type.Optional(Nullable(Icon)) }),
  bodyRequired: true,
  success: 200,
  response: SiteSectionGroup,
  async handler(ctx, { params, body }) {
    const site = await loadSite(ctx, params.organizationId, params.siteId, 'create')
    await changeSiteStructure(ctx, site, async (trx, tree) => {
      const group = groupIn(tree, params.siteSectionGroupId)
      await updateSiteSectionGroup(trx, group.id, {
        updated_at: nowIso(),
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(body.icon !== undefined ? { icon: body.icon } : {}),
      })
    })
    return presentGroupNow(ctx, site, params.siteSectionGroupId)
  },
})

export const deleteSiteSectionGroupById = defineOperation({
  id: 'deleteSiteSectionGroupById',
  method: 'DELETE',
  path: '/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}',
  tag: 'site-section-groups',
  summary: 'Delete a section group; its sections stay, in its place at the root',
  params: GroupParams,
  success: 204,
  async handler(ctx, { params }) {
    const site = await loadSite(ctx, params.organizationId, params.siteId, 'create')
    await changeSiteStructure(ctx, site, async (trx, tree) => {
      const group = tree.groups.find((g) => g.id === params.siteSectionGroupId)
      if (group) await deleteGroupKeepingSections(trx, tree, group)
    })
  },
})

export const addSectionToSiteSectionGroup = defineOperation({
  id: 'addSectionToSiteSectionGroup',
  method: 'POST',
  path: '/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/sections',
  tag: 'site-section-groups',
  summary: 'Move a section into the group (at its end)',
  params: GroupParams,
  body: Type.Object({ sectionId: Type.String({ minLength: 1, maxLength: 64 }) }),
  bodyRequired: true,
  success: 200,
  response: SiteSectionGroup,
  async handler(ctx, { params, body }) {
    const site = await loadSite(ctx, params.organizationId, params.siteId, 'create')
    await changeSiteStructure(ctx, site, async (trx, tree) => {
      const group = groupIn(tree, params.siteSectionGroupId)
      const section = tree.sections.find((s) => s.id === body.sectionId)
      if (!section) throw new BadRequestError(`body.sectionId: "${body.sectionId}" is not a section of site "${site.id}".`)
      await addSectionToGroup(trx, group, section, sectionsOfGroup(tree, group.id))
    })
    return presentGroupNow(ctx, site, params.siteSectionGroupId)
  },
})

export const removeSectionFromSiteSectionGroup = defineOperation({
  id: 'removeSectionFromSiteSectionGroup',
  method: 'DELETE',
  path: '/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/sections/{siteSectionId}',
  tag: 'site-section-groups',
  summary: 'Take a section out of the group: it goes to the root, right after the group',
  params: Type.Object({ ...GroupParams.properties, siteSectionId: Id('Id of the section') }),
  success: 204,
  async handler(ctx, { params }) {
    const site = await loadSite(ctx, params.organizationId, params.siteId, 'create')
    await changeSiteStructure(ctx, site, async (trx, tree) => {
      const group = groupIn(tree, params.siteSectionGroupId)
      const section = sectionsOfGroup(tree, group.id).find((s) => s.id === params.siteSectionId)
      if (section) await removeSectionFromGroup(trx, tree, group, section)
    })
  },
})

export const moveSiteSectionGroup = defineOperation({
  id: 'moveSiteSectionGroup',
  method: 'POST',
  path: '/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/move',
  tag: 'site-section-groups',
  summary: 'Move a section group among the root items (deprecated: use sortSiteStructure)',
  params: GroupParams,
  body: Type.Object({ position: Type.Optional(Type.Object({ before: Type.Optional(GroupPointer), after: Type.Optional(GroupPointer) })) }),
  success: 200,
  response: SiteSectionGroup,
  async handler(ctx, { params, body }) {
    const site = await loadSite(ctx, params.organizationId, params.siteId, 'create')
    await changeSiteStructure(ctx, site, async (trx, tree) => {
      const group = groupIn(tree, params.siteSectionGroupId)
      await moveAmongSiblings(trx, { id: group.id, sort_order: group.sort_order, table: 'site_section_groups' }, rootSiblings(tree), body.position)
    })
    return presentGroupNow(ctx, site, params.siteSectionGroupId)
  },
})
