/**
 * Sites and their structure as API objects: Site, SiteSection, SiteSpace (with its Space embedded),
 * SiteSectionGroup, SiteStructure, ShareLink. Structure objects are presented from a SiteView: the tree plus its
 * spaces, presented once per request.
 */
import type { OperationContext } from '../operation'
import type { SiteRow } from '../../store/tables/site.table'
import type { SiteSectionRow } from '../../store/tables/site-section.table'
import type { SiteSpaceRow } from '../../store/tables/site-space.table'
import type { SiteSectionGroupRow } from '../../store/tables/site-section-group.table'
import type { ShareLinkRow } from '../../store/tables/share-link.table'
import type { SpaceRow } from '../../store/tables/space.table'
import { countSiteSpaces } from '../../store/sites'
import { shareKeyOf } from '../../domain/sites/site-secrets'
import { defaultSection, defaultSiteSpaceIn, hasSections, siteSpacesIn, type SiteTree } from '../../domain/sites/site-tree'
import { presentSpaces, type ApiSpace } from './space'
import { apiUrl, appUrl } from './urls'

/** Where the site is published (its address whether or not it is published now). */
export function siteAddress(site: SiteRow, baseUrl: string): string {
  const root = site.hostname ? `https://${site.hostname}/` : `${baseUrl}/sites/${site.id}/`
  return site.basename ? `${root}${encodeURIComponent(site.basename)}/` : root
}

export async function presentSite(row: SiteRow, ctx: OperationContext) {
  return present(row, (await countSiteSpaces(ctx.db, [row.id])).get(row.id) ?? 0, ctx)
}

/** Presents a page of sites: their site-space counts are read in one go. */
export async function presentSites(rows: SiteRow[], ctx: OperationContext) {
  const counts = await countSiteSpaces(ctx.db, rows.map((row) => row.id))
  return Promise.all(rows.map((row) => present(row, counts.get(row.id) ?? 0, ctx)))
}

async function present(row: SiteRow, siteSpaces: number, ctx: OperationContext) {
  const address = siteAddress(row, ctx.baseUrl)
  return {
    object: 'site' as const,
    id: row.id,
    type: row.type,
    appliedType: row.type,
    title: row.title,
    hostname: row.hostname ?? undefined,
    basename: row.basename ?? undefined,
    proxy: row.proxy ? { origin: row.proxy, target: address } : undefined,
    visibility: row.visibility,
    defaultLevel: 'inherit' as const,
    permissions: await ctx.access.permissionsOf('site', { kind: 'site', row }),
    published: Boolean(row.published),
    siteSpaces,
    createdAt: row.created_at,
    adaptiveContent: { enabled: Boolean(row.adaptive_content) },
    agentsContext: row.agents_context,
    features: [],
    urls: {
      location: apiUrl(ctx.baseUrl, `/orgs/${row.organization_id}/sites/${row.id}`),
      app: appUrl(ctx.baseUrl, `/o/${row.organization_id}/sites/${row.id}`),
      preview: appUrl(ctx.baseUrl, `/o/${row.organization_id}/sites/${row.id}/preview`),
      published: row.published ? address : undefined,
    },
  }
}

/** A site's tree with its spaces presented, ready for the structure presenters below. */
export interface SiteView {
  tree: SiteTree
  spaces: Map<string, ApiSpace>
  /** The published address of the site when it is published (for `urls.published`). */
  address?: string
}

export async function siteViewOf(ctx: OperationContext, tree: SiteTree, spaces: Map<string, SpaceRow>): Promise<SiteView> {
  const presented = await presentSpaces([...spaces.values()], ctx)
  return {
    tree,
    spaces: new Map(presented.map((space) => [space.id, space])),
    address: tree.site.published ? siteAddress(tree.site, ctx.baseUrl) : undefined,
  }
}

function pathUrl(view: SiteView, ...paths: string[]): string | undefined {
  return view.address ? view.address + paths.map((p) => `${encodeURIComponent(p)}/`).join('') : undefined
}

export function presentSiteSpace(view: SiteView, row: SiteSpaceRow) {
  const space = view.spaces.get(row.space_id)!
  const section = row.section_id ? view.tree.sections.find((s) => s.id === row.section_id) : undefined
  return {
    object: 'site-space' as const,
    id: row.id,
    path: row.path,
    section: row.section_id ?? undefined,
    space,
    title: space.title,
    default: defaultSiteSpaceIn(view.tree, row.section_id)?.id === row.id,
    condition: row.condition ?? undefined,
    draft: false,
    hasAdvancedCustomizationFeature: false,
    urls: { published: section ? pathUrl(view, section.path, row.path) : pathUrl(view, row.path) },
  }
}

export function presentSiteSection(view: SiteView, row: SiteSectionRow) {
  return {
    object: 'site-section' as const,
    id: row.id,
    title: row.title,
    description: row.description ?? undefined,
    default: defaultSection(view.tree)?.id === row.id,
    draft: false,
    path: row.path,
    condition: row.condition ?? undefined,
    sectionGroup: row.group_id ?? undefined,
    icon: row.icon ?? undefined,
    siteSpaces: siteSpacesIn(view.tree, row.id).map((s) => presentSiteSpace(view, s)),
    urls: { published: pathUrl(view, row.path) },
  }
}

export function presentSiteSectionGroup(view: SiteView, group: SiteSectionGroupRow) {
  const entry = view.tree.root.find((item) => item.kind === 'group' && item.group.id === group.id)
  const sections = entry?.kind === 'group' ? entry.sections.map((s) => presentSiteSection(view, s)) : []
  return {
    object: 'site-section-group' as const,
    id: group.id,
    title: group.title,
    icon: group.icon ?? undefined,
    draft: false,
    sections,
    children: sections,
  }
}

/** `{type: "sections", structure}` (sections and groups at the root) or `{type: "siteSpaces", structure}`. */
export function presentSiteStructure(view: SiteView) {
  if (!hasSections(view.tree)) return { type: 'siteSpaces' as const, structure: siteSpacesIn(view.tree, null).map((s) => presentSiteSpace(view, s)) }
  return {
    type: 'sections' as const,
    structure: view.tree.root.map((item) => (item.kind === 'section' ? presentSiteSection(view, item.section) : presentSiteSectionGroup(view, item.group))),
  }
}

export async function presentShareLink(row: ShareLinkRow, site: SiteRow, ctx: OperationContext) {
  const key = await shareKeyOf(ctx.db, row.id)
  return {
    object: 'share-link' as const,
    id: row.id,
    name: row.name,
    active: Boolean(row.active),
    createdAt: row.created_at,
    urls: { published: `${siteAddress(site, ctx.baseUrl)}?shareKey=${key}` },
  }
}
