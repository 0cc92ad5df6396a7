import type { Insertable, Selectable, Updateable } from 'kysely'

export interface SiteSectionTable {
  id: string
  site_id: string
  /** The section group it belongs to, or null at the root. */
  group_id: string | null
  title: string
  description: string | null
  icon: string | null
  /** Unique within the site. */
  path: string
  /** Source of a condition expression (domain/sites/conditions.ts), or null. */
  condition: string | null
  /** The default site-space of the section while it exists (else the first one is). */
  default_site_space_id: string | null
  /** Order among its siblings: the root items, or the sections of its group. */
  sort_order: number
  created_at: string
  updated_at: string
}
export type SiteSectionRow = Selectable<SiteSectionTable>
export type NewSiteSectionRow = Insertable<SiteSectionTable>
export type SiteSectionUpdate = Updateable<SiteSectionTable>
