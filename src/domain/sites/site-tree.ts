/**
 * A site's structure in order, built from its rows: either sections (at the root, or in section groups), each with
 * its site-spaces, or — for a site without sections — site-spaces at the root.
 *
 * Defaults are read here, and only here: the default section is the one the site points at while it exists, else
 * the first section in structure order; the default site-space of a section (or of the root) likewise. So there is
 * exactly one default wherever there is anything, and deleting a default makes the next one the default.
 */
import type { SiteRow } from '../../store/tables/site.table'
import type { SiteSectionGroupRow } from '../../store/tables/site-section-group.table'
import type { SiteSectionRow } from '../../store/tables/site-section.table'
import type { SiteSpaceRow } from '../../store/tables/site-space.table'
import type { SiteStructureRows } from '../../store/site-structure'
import { evaluateCondition } from './conditions'

export type RootItem = { kind: 'section'; section: SiteSectionRow } | { kind: 'group'; group: SiteSectionGroupRow; sections: SiteSectionRow[] }

export interface SiteTree {
  site: SiteRow
  /** Root items in order: sections outside groups, and groups with their sections. */
  root: RootItem[]
  /** Every section in structure order (a group's sections where the group is). */
  sections: SiteSectionRow[]
  groups: SiteSectionGroupRow[]
  /** Site-spaces in order, by section id (null: the root of a site without sections). */
  siteSpaces: Map<string | null, SiteSpaceRow[]>
}

/** Builds the tree; rows come in sibling order (sort_order, id). */
export function buildSiteTree(site: SiteRow, rows: SiteStructureRows): SiteTree {
  const groupSections = new Map<string, SiteSectionRow[]>(rows.groups.map((g) => [g.id, []]))
  const rootItems: { order: number; id: string; item: RootItem }[] = []
  for (const section of rows.sections) {
    const inGroup = section.group_id ? groupSections.get(section.group_id) : undefined
    if (inGroup) inGroup.push(section)
    else rootItems.push({ order: section.sort_order, id: section.id, item: { kind: 'section', section } })
  }
  for (const group of rows.groups) rootItems.push({ order: group.sort_order, id: group.id, item: { kind: 'group', group, sections: groupSections.get(group.id)! } })
  rootItems.sort((a, b) => a.order - b.order || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  const root = rootItems.map((entry) => entry.item)
  const siteSpaces = new Map<string | null, SiteSpaceRow[]>()
  for (const siteSpace of rows.siteSpaces) {
    const list = siteSpaces.get(siteSpace.section_id) ?? []
    list.push(siteSpace)
    siteSpaces.set(siteSpace.section_id, list)
  }
  return { site, root, sections: root.flatMap((item) => (item.kind === 'section' ? [item.section] : item.sections)), groups: rows.groups, siteSpaces }
}

export function hasSections(tree: SiteTree): boolean {
  return tree.sections.length > 0
}

/** The default section (undefined for a site without sections). */
export function defaultSection(tree: SiteTree): SiteSectionRow | undefined {
  return tree.sections.find((s) => s.id === tree.site.default_section_id) ?? tree.sections[0]
}

/** The site-spaces of a section, or of the root with null. */
export function siteSpacesIn(tree: SiteTree, sectionId: string | null): SiteSpaceRow[] {
  return tree.siteSpaces.get(sectionId) ?? []
}

/** The default site-space of a section, or of the root with null. */
export function defaultSiteSpaceIn(tree: SiteTree, sectionId: string | null): SiteSpaceRow | undefined {
  const list = siteSpacesIn(tree, sectionId)
  const pointer = sectionId === null ? tree.site.default_site_space_id : tree.sections.find((s) => s.id === sectionId)?.default_site_space_id
  return list.find((s) => s.id === pointer) ?? list[0]
}

/** Whether a site-space is the default of its section (or of the root). */
export function isDefaultSiteSpace(tree: SiteTree, siteSpace: SiteSpaceRow): boolean {
  return defaultSiteSpaceIn(tree, siteSpace.section_id)?.id === siteSpace.id
}

/** Every site-space in structure order. */
export function allSiteSpaces(tree: SiteTree): SiteSpaceRow[] {
  return hasSections(tree) ? tree.sections.flatMap((s) => siteSpacesIn(tree, s.id)) : siteSpacesIn(tree, null)
}

export interface VisitorView {
  /** The visitor's claims, read by conditions. */
  claims: Record<string, unknown>
  /** Whether conditions apply (the site's adaptive content is enabled). */
  adaptive: boolean
  /** Whether a space can be shown (it exists and is not deleted). */
  liveSpace: (spaceId: string) => boolean
}

/**
 * The tree as a visitor sees it: site-spaces of deleted spaces and items whose condition does not hold are left out
 * (conditions apply when adaptive content is enabled), then sections left without site-spaces and groups left
 * without sections. Defaults are read again on what remains.
 */
export function visitorTree(tree: SiteTree, view: VisitorView): SiteTree {
  const shown = (condition: string | null) => !view.adaptive || condition === null || evaluateCondition(condition, view.claims)
  const siteSpaces = new Map<string | null, SiteSpaceRow[]>()
  for (const [sectionId, list] of tree.siteSpaces) siteSpaces.set(sectionId, list.filter((s) => view.liveSpace(s.space_id) && shown(s.condition)))
  const sectionShown = (section: SiteSectionRow) => shown(section.condition) && (siteSpaces.get(section.id)?.length ?? 0) > 0
  const root: RootItem[] = []
  for (const item of tree.root) {
    if (item.kind === 'section') {
      if (sectionShown(item.section)) root.push(item)
    } else {
      const sections = item.sections.filter(sectionShown)
      if (sections.length) root.push({ ...item, sections })
    }
  }
  return {
    site: tree.site,
    root,
    sections: root.flatMap((item) => (item.kind === 'section' ? [item.section] : item.sections)),
    groups: root.flatMap((item) => (item.kind === 'group' ? [item.group] : [])),
    siteSpaces,
  }
}
