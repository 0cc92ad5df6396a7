import type { Insertable, Selectable, Updateable } from 'kysely'

export interface SpaceTable {
  id: string
  organization_id: string
  parent_id: string | null
  title: string
  emoji: string | null
  icon: string | null
  visibility: string
  edit_mode: string
  /** Role, 'inherit', or null. */
  default_level: string | null
  language: string | null
  /** JSON merge rules `{type: 'inherit' | 'none' | 'rules', …}`. */
  merge_rules: string
  /** The active revision. */
  revision_id: string
  sort_order: number
  created_at: string
  updated_at: string
  /** Set when deleted: restorable for 7 days, then purged. */
  deleted_at: string | null
}
export type SpaceRow = Selectable<SpaceTable>
export type NewSpaceRow = Insertable<SpaceTable>
export type SpaceUpdate = Updateable<SpaceTable>
