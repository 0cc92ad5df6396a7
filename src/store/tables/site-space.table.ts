import type { Insertable, Selectable, Updateable } from 'kysely'

/** A space placed on a site: in a section, or at the root of a site without sections. */
export interface SiteSpaceTable {
  id: string
  site_id: string
  section_id: string | null
  space_id: string
  /** Unique among its siblings (the site-spaces of the same section, or of the root). */
  path: string
  condition: string | null
  sort_order: number
  created_at: string
  updated_at: string
}
export type SiteSpaceRow = Selectable<SiteSpaceTable>
export type NewSiteSpaceRow = Insertable<SiteSpaceTable>
export type SiteSpaceUpdate = Updateable<SiteSpaceTable>
