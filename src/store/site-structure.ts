/** The rows that make up a site's structure: section groups, sections and site-spaces. Sites are small: read whole. */
import type { Db, Trx } from './database'
import type { NewSiteSectionGroupRow, SiteSectionGroupRow, SiteSectionGroupUpdate } from './tables/site-section-group.table'
import type { NewSiteSectionRow, SiteSectionRow, SiteSectionUpdate } from './tables/site-section.table'
import type { NewSiteSpaceRow, SiteSpaceRow, SiteSpaceUpdate } from './tables/site-space.table'

export interface SiteStructureRows {
  groups: SiteSectionGroupRow[]
  sections: SiteSectionRow[]
  siteSpaces: SiteSpaceRow[]
}

/** Every group, section and site-space of a site, each in sibling order. */
export async function listSiteStructureRows(db: Db | Trx, siteId: string): Promise<SiteStructureRows> {
  const [groups, sections, siteSpaces] = await Promise.all([
    db.selectFrom('site_section_groups').selectAll().where('site_id', '=', siteId).orderBy('sort_order').orderBy('id').execute(),
    db.selectFrom('site_sections').selectAll().where('site_id', '=', siteId).orderBy('sort_order').orderBy('id').execute(),
    db.selectFrom('site_spaces').selectAll().where('site_id', '=', siteId).orderBy('sort_order').orderBy('id').execute(),
  ])
  return { groups, sections, siteSpaces }
}

export async function insertSiteSectionGroup(trx: Db | Trx, row: NewSiteSectionGroupRow): Promise<void> {
  await trx.insertInto('site_section_groups').values(row).execute()
}

export async function updateSiteSectionGroup(trx: Db | Trx, id: string, update: SiteSectionGroupUpdate): Promise<void> {
  await trx.updateTable('site_section_groups').set(update).where('id', '=', id).execute()
}

export async function deleteSiteSectionGroup(trx: Db | Trx, id: string): Promise<void> {
  await trx.deleteFrom('site_section_groups').where('id', '=', id).execute()
}

export async function insertSiteSection(trx: Db | Trx, row: NewSiteSectionRow): Promise<void> {
  await trx.insertInto('site_sections').values(row).execute()
}

export async function updateSiteSection(trx: Db | Trx, id: string, update: SiteSectionUpdate): Promise<void> {
  await trx.updateTable('site_sections').set(update).where('id', '=', id).execute()
}

/** Deletes a section with its site-spaces (by cascade). */
export async function deleteSiteSection(trx: Db | Trx, id: string): Promise<void> {
  await trx.deleteFrom('site_sections').where('id', '=', id).execute()
}

export async function insertSiteSpace(trx: Db | Trx, row: NewSiteSpaceRow): Promise<void> {
  await trx.insertInto('site_spaces').values(row).execute()
}

export async function updateSiteSpace(trx: Db | Trx, id: string, update: SiteSpaceUpdate): Promise<void> {
  await trx.updateTable('site_spaces').set(update).where('id', '=', id).execute()
}

export async function updateSiteSpacesOfSite(trx: Db | Trx, siteId: string, sectionId: string | null, update: SiteSpaceUpdate): Promise<void> {
  await trx.updateTable('site_spaces').set(update).where('site_id', '=', siteId).where('section_id', sectionId === null ? 'is' : '=', sectionId).execute()
}

export async function deleteSiteSpace(trx: Db | Trx, id: string): Promise<void> {
  await trx.deleteFrom('site_spaces').where('id', '=', id).execute()
}
