import type { Insertable, Selectable, Updateable } from 'kysely'

export interface SiteSectionGroupTable {
  id: string
  site_id: string
  title: string
  icon: string | null
  /** Order among the site's root items (sections outside groups, and groups). */
  sort_order: number
  created_at: string
  updated_at: string
}
export type SiteSectionGroupRow = Selectable<SiteSectionGroupTable>
export type NewSiteSectionGroupRow = Insertable<SiteSectionGroupTable>
export type SiteSectionGroupUpdate = Updateable<SiteSectionGroupTable>
