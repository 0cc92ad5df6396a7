/**
 * Changes to a site's structure: sections, section groups and site-spaces, added, changed, removed and moved. Each
 * function runs inside the caller's transaction, on the tree read in that transaction, and keeps the rules:
 *
 * - a site has either sections or root site-spaces, never both: adding the first section to a site with root
 *   site-spaces first gathers them into a section of their own;
 * - section paths are unique within the site, site-space paths among their siblings (409 otherwise); new items get
 *   a path from their title, made unique with `-2`, `-3` …;
 * - items are placed among their siblings by `sort_order` (see domain/ordering), at the end unless a position says.
 */
import type { Trx } from '../../store/database'
import type { SiteSectionRow, SiteSectionUpdate } from '../../store/tables/site-section.table'
import type { SiteSpaceRow, SiteSpaceUpdate } from '../../store/tables/site-space.table'
import type { SiteSectionGroupRow } from '../../store/tables/site-section-group.table'
import type { SpaceRow } from '../../store/tables/space.table'
import {
  deleteSiteSectionGroup,
  insertSiteSection,
  insertSiteSectionGroup,
  insertSiteSpace,
  updateSiteSection,
  updateSiteSectionGroup,
  updateSiteSpace,
  updateSiteSpacesOfSite,
} from '../../store/site-structure'
import { updateSite } from '../../store/sites'
import { findSpaceById } from '../../store/spaces'
import { newId, nowIso } from '../../store/ids'
import { slugify } from '../revisions/content'
import { ORDER_STEP, pointerId, sortOrderFor, spreadOrders, type PositionInput } from '../ordering/place-among-siblings'
import { BadRequestError, ConflictError } from '../../errors'
import { defaultSection, defaultSiteSpaceIn, hasSections, siteSpacesIn, type SiteTree } from './site-tree'

/**
 * Writes the defaults as they are read now (see site-tree.ts) into their pointers, before a change: a default then
 * stays the default when items move or are added, and only a deleted default hands over to the first remaining one.
 */
export async function pinDefaults(trx: Trx, tree: SiteTree): Promise<void> {
  const section = defaultSection(tree)
  const rootSpace = defaultSiteSpaceIn(tree, null)
  const siteUpdate: { default_section_id?: string; default_site_space_id?: string } = {}
  if (section && tree.site.default_section_id !== section.id) siteUpdate.default_section_id = section.id
  if (rootSpace && tree.site.default_site_space_id !== rootSpace.id) siteUpdate.default_site_space_id = rootSpace.id
  if (Object.keys(siteUpdate).length) {
    await updateSite(trx, tree.site.id, siteUpdate)
    tree.site = { ...tree.site, ...siteUpdate }
  }
  for (const row of tree.sections) {
    const first = defaultSiteSpaceIn(tree, row.id)
    if (first && row.default_site_space_id !== first.id) {
      await updateSiteSection(trx, row.id, { default_site_space_id: first.id })
      row.default_site_space_id = first.id
    }
  }
}

/** Longest path of a section or site-space. */
export const PATH_MAX = 100

/** A path segment from a title (room left for a `-2` suffix). */
const pathFrom = (title: string, fallback: string) => slugify(title, fallback, PATH_MAX - 4)

/** `base`, else `base-2`, `base-3` … : the first not in `taken`. */
export function uniquePath(base: string, taken: Iterable<string>): string {
  const used = new Set(taken)
  if (!used.has(base)) return base
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`
}

type Table = 'site_sections' | 'site_section_groups' | 'site_spaces'
export interface OrderedItem {
  id: string
  sort_order: number
  table: Table
}

/**
 * The sort order that puts an item at `position` among `siblings` (the item itself is left out of them); when two
 * neighbours leave no room, the siblings are renumbered first.
 */
async function orderAmong(trx: Trx, siblings: OrderedItem[], itemId: string | null, position: PositionInput | undefined): Promise<number> {
  const others = siblings.filter((s) => s.id !== itemId)
  let order = sortOrderFor(others, position)
  if (order === 'renumber') {
    const spread = spreadOrders(others)
    for (const [i, sibling] of spread.entries()) await setOrder(trx, others[i].table, sibling.id, sibling.sort_order)
    order = sortOrderFor(spread, position) as number
  }
  return order
}

async function setOrder(trx: Trx, table: Table, id: string, sort_order: number) {
  const at = nowIso()
  if (table === 'site_sections') await updateSiteSection(trx, id, { sort_order, updated_at: at })
  else if (table === 'site_section_groups') await updateSiteSectionGroup(trx, id, { sort_order, updated_at: at })
  else await updateSiteSpace(trx, id, { sort_order, updated_at: at })
}

/** The site's root items (sections outside groups, and groups), in order. */
export function rootSiblings(tree: SiteTree): OrderedItem[] {
  return tree.root.map((item) =>
    item.kind === 'section' ? { id: item.section.id, sort_order: item.section.sort_order, table: 'site_sections' as const } : { id: item.group.id, sort_order: item.group.sort_order, table: 'site_section_groups' as const },
  )
}

/** The siblings of a section: the sections of its group, or the root items. */
export function sectionSiblings(tree: SiteTree, section: Pick<SiteSectionRow, 'group_id'>): OrderedItem[] {
  if (!section.group_id) return rootSiblings(tree)
  const group = tree.root.find((item) => item.kind === 'group' && item.group.id === section.group_id)
  return group?.kind === 'group' ? group.sections.map((s) => ({ id: s.id, sort_order: s.sort_order, table: 'site_sections' as const })) : []
}

/** The siblings of a site-space: the site-spaces of its section, or of the root. */
export function siteSpaceSiblings(tree: SiteTree, sectionId: string | null): OrderedItem[] {
  return siteSpacesIn(tree, sectionId).map((s) => ({ id: s.id, sort_order: s.sort_order, table: 'site_spaces' as const }))
}

const TABLE_OF_TYPE: Record<string, Table> = { 'site-space': 'site_spaces', 'site-section': 'site_sections', 'site-section-group': 'site_section_groups' }

/**
 * Moves an item among its siblings (the deprecated move operations and sortSiteStructure). The position names a
 * sibling by type and id: a sibling of another type (or not a sibling) is a 400 naming the field.
 */
export async function moveAmongSiblings(trx: Trx, item: OrderedItem, siblings: OrderedItem[], position: PositionInput | undefined): Promise<void> {
  const pointer = position?.before ?? position?.after
  if (pointer) {
    const sibling = siblings.find((s) => s.id === pointerId(pointer))
    if (sibling && TABLE_OF_TYPE[pointer.type] !== sibling.table) {
      throw new BadRequestError(`body.position.${position?.before ? 'before' : 'after'}: "${sibling.id}" is not a ${pointer.type}; name the sibling with its own type.`)
    }
  }
  await setOrder(trx, item.table, item.id, await orderAmong(trx, siblings, item.id, position))
}

function spaceTitle(space: Pick<SpaceRow, 'title'>, fallback: string): string {
  const title = space.title.trim()
  return title.length >= 2 ? title.slice(0, 128) : fallback
}

/** Adds a space to the site: in the section, or at the root with null. Answers the new site-space. */
export async function addSiteSpaceTo(trx: Trx, tree: SiteTree, sectionId: string | null, space: Pick<SpaceRow, 'id' | 'title'>): Promise<SiteSpaceRow> {
  const siblings = siteSpacesIn(tree, sectionId)
  const at = nowIso()
  const row: SiteSpaceRow = {
    id: newId(),
    site_id: tree.site.id,
    section_id: sectionId,
    space_id: space.id,
    path: uniquePath(pathFrom(space.title, 'space'), siblings.map((s) => s.path)),
    condition: null,
    sort_order: await orderAmong(trx, siteSpaceSiblings(tree, sectionId), null, undefined),
    created_at: at,
    updated_at: at,
  }
  await insertSiteSpace(trx, row)
  siblings.push(row)
  tree.siteSpaces.set(sectionId, siblings)
  return row
}

export interface NewSection {
  space: Pick<SpaceRow, 'id' | 'title'>
  title?: string | null
  icon?: string | null
}

/**
 * Adds a section whose first site-space shows `space`, at the end of the root. On a site with root site-spaces,
 * they first become a section of their own (the default), titled after the default one's space.
 */
export async function addSection(trx: Trx, tree: SiteTree, input: NewSection): Promise<SiteSectionRow> {
  const rootSpaces = siteSpacesIn(tree, null)
  if (!hasSections(tree) && rootSpaces.length > 0) {
    const first = rootSpaces.find((s) => s.id === tree.site.default_site_space_id) ?? rootSpaces[0]
    const firstSpace = await findSpaceById(trx, first.space_id)
    const gathered = await insertSection(trx, tree, { title: spaceTitle({ title: firstSpace?.title ?? '' }, tree.site.title), icon: null }, first.id)
    await updateSiteSpacesOfSite(trx, tree.site.id, null, { section_id: gathered.id, updated_at: nowIso() })
    await updateSite(trx, tree.site.id, { default_section_id: gathered.id, default_site_space_id: null, updated_at: nowIso() })
    tree.siteSpaces.set(gathered.id, rootSpaces.map((s) => ({ ...s, section_id: gathered.id })))
    tree.siteSpaces.delete(null)
  }
  const section = await insertSection(trx, tree, { title: input.title ?? spaceTitle(input.space, 'Untitled section'), icon: input.icon ?? null }, null)
  await addSiteSpaceTo(trx, tree, section.id, input.space)
  return section
}

async function insertSection(trx: Trx, tree: SiteTree, fields: { title: string; icon: string | null }, defaultSiteSpaceId: string | null): Promise<SiteSectionRow> {
  const at = nowIso()
  const row: SiteSectionRow = {
    id: newId(),
    site_id: tree.site.id,
    group_id: null,
    title: fields.title,
    description: null,
    icon: fields.icon,
    path: uniquePath(pathFrom(fields.title, 'section'), tree.sections.map((s) => s.path)),
    condition: null,
    default_site_space_id: defaultSiteSpaceId,
    sort_order: await orderAmong(trx, rootSiblings(tree), null, undefined),
    created_at: at,
    updated_at: at,
  }
  await insertSiteSection(trx, row)
  tree.sections.push(row)
  tree.root.push({ kind: 'section', section: row })
  return row
}

export interface SectionChanges {
  title?: string
  path?: string
  defaultSiteSpace?: string
  /** A checked condition, null to remove it, undefined to keep it. */
  condition?: string | null
  icon?: string | null
  description?: string | null
}

/** Changes a section; its path stays unique within the site and its default must be one of its site-spaces. */
export async function updateSection(trx: Trx, tree: SiteTree, section: SiteSectionRow, changes: SectionChanges): Promise<void> {
  const update: SiteSectionUpdate = { updated_at: nowIso() }
  if (changes.title !== undefined) update.title = changes.title
  if (changes.path !== undefined && changes.path !== section.path) {
    const clash = tree.sections.find((s) => s.id !== section.id && s.path === changes.path)
    if (clash) throw new ConflictError(`body.path: "${changes.path}" is already the path of section "${clash.id}" on this site; choose another path.`)
    update.path = changes.path
  }
  if (changes.defaultSiteSpace !== undefined) {
    if (!siteSpacesIn(tree, section.id).some((s) => s.id === changes.defaultSiteSpace)) {
      throw new BadRequestError(`body.defaultSiteSpace: "${changes.defaultSiteSpace}" is not a site space of section "${section.id}".`)
    }
    update.default_site_space_id = changes.defaultSiteSpace
  }
  if (changes.condition !== undefined) update.condition = changes.condition
  if (changes.icon !== undefined) update.icon = changes.icon
  if (changes.description !== undefined) update.description = changes.description
  await updateSiteSection(trx, section.id, update)
}

export interface SiteSpaceChanges {
  path?: string
  condition?: string | null
  space?: Pick<SpaceRow, 'id'>
}

/** Changes a site-space; its path stays unique among its siblings. */
export async function updateSiteSpaceOf(trx: Trx, tree: SiteTree, siteSpace: SiteSpaceRow, changes: SiteSpaceChanges): Promise<void> {
  const update: SiteSpaceUpdate = { updated_at: nowIso() }
  if (changes.path !== undefined && changes.path !== siteSpace.path) {
    const clash = siteSpacesIn(tree, siteSpace.section_id).find((s) => s.id !== siteSpace.id && s.path === changes.path)
    if (clash) {
      const where = siteSpace.section_id ? `section "${siteSpace.section_id}"` : 'the root of the site'
      throw new ConflictError(`body.path: "${changes.path}" is already the path of site space "${clash.id}" in ${where}; choose another path.`)
    }
    update.path = changes.path
  }
  if (changes.condition !== undefined) update.condition = changes.condition
  if (changes.space !== undefined) update.space_id = changes.space.id
  await updateSiteSpace(trx, siteSpace.id, update)
}

/**
 * Sets the site's defaults: `defaultSiteSection` (a section of the site) and `defaultSiteSpace` (a root site-space,
 * or, on a site with sections, a site-space of the default section — after `defaultSiteSection` applies).
 */
export async function setSiteDefaults(trx: Trx, tree: SiteTree, changes: { defaultSiteSection?: string; defaultSiteSpace?: string }): Promise<void> {
  let sectionId: string | undefined = defaultSection(tree)?.id
  if (changes.defaultSiteSection !== undefined) {
    if (!tree.sections.some((s) => s.id === changes.defaultSiteSection)) throw new BadRequestError(`body.defaultSiteSection: "${changes.defaultSiteSection}" is not a section of site "${tree.site.id}".`)
    sectionId = changes.defaultSiteSection
    await updateSite(trx, tree.site.id, { default_section_id: sectionId })
  }
  if (changes.defaultSiteSpace !== undefined) {
    const scope = sectionId ?? null
    if (!siteSpacesIn(tree, scope).some((s) => s.id === changes.defaultSiteSpace)) {
      throw new BadRequestError(
        `body.defaultSiteSpace: "${changes.defaultSiteSpace}" is not a site space ${scope ? `of the default section "${scope}"` : 'at the root of the site'}.`,
      )
    }
    if (scope) await updateSiteSection(trx, scope, { default_site_space_id: changes.defaultSiteSpace })
    else await updateSite(trx, tree.site.id, { default_site_space_id: changes.defaultSiteSpace })
  }
}

/** Adds a section group at the end of the root, with these sections (moved into it in the order given). */
export async function addSectionGroup(trx: Trx, tree: SiteTree, fields: { title: string; icon: string | null; sections: SiteSectionRow[] }): Promise<SiteSectionGroupRow> {
  const at = nowIso()
  const group: SiteSectionGroupRow = {
    id: newId(),
    site_id: tree.site.id,
    title: fields.title,
    icon: fields.icon,
    sort_order: await orderAmong(trx, rootSiblings(tree), null, undefined),
    created_at: at,
    updated_at: at,
  }
  await insertSiteSectionGroup(trx, group)
  for (const [i, section] of fields.sections.entries()) await updateSiteSection(trx, section.id, { group_id: group.id, sort_order: (i + 1) * ORDER_STEP, updated_at: at })
  return group
}

/** Moves a section into a group, at the end of it. */
export async function addSectionToGroup(trx: Trx, group: SiteSectionGroupRow, section: SiteSectionRow, groupSections: SiteSectionRow[]): Promise<void> {
  const last = groupSections.filter((s) => s.id !== section.id).at(-1)
  await updateSiteSection(trx, section.id, { group_id: group.id, sort_order: (last?.sort_order ?? 0) + ORDER_STEP, updated_at: nowIso() })
}

/** Takes a section out of its group: it goes to the root, right after the group. */
export async function removeSectionFromGroup(trx: Trx, tree: SiteTree, group: SiteSectionGroupRow, section: SiteSectionRow): Promise<void> {
  const order = await orderAmong(trx, rootSiblings(tree), section.id, { after: { type: 'site-section-group', id: group.id } })
  await updateSiteSection(trx, section.id, { group_id: null, sort_order: order, updated_at: nowIso() })
}

/** Deletes a group and keeps its sections: they take the group's place at the root, in their order. */
export async function deleteGroupKeepingSections(trx: Trx, tree: SiteTree, group: SiteSectionGroupRow): Promise<void> {
  const at = nowIso()
  const flattened = tree.root.flatMap((item): { table: Table; id: string }[] =>
    item.kind === 'section'
      ? [{ table: 'site_sections', id: item.section.id }]
      : item.group.id === group.id
        ? item.sections.map((s) => ({ table: 'site_sections', id: s.id }))
        : [{ table: 'site_section_groups', id: item.group.id }],
  )
  for (const [i, item] of flattened.entries()) {
    if (item.table === 'site_sections') await updateSiteSection(trx, item.id, { group_id: null, sort_order: (i + 1) * ORDER_STEP, updated_at: at })
    else await updateSiteSectionGroup(trx, item.id, { sort_order: (i + 1) * ORDER_STEP, updated_at: at })
  }
  await deleteSiteSectionGroup(trx, group.id)
}
