import type { Insertable, Selectable, Updateable } from 'kysely'

export interface CollectionTable {
  id: string
  organization_id: string
  parent_id: string | null
  title: string
  description: string | null
  /** Role, 'inherit', or null. */
  default_level: string | null
  /** Order among the siblings (spaces and collections of one parent share one order). */
  sort_order: number
  created_at: string
  updated_at: string
}
export type CollectionRow = Selectable<CollectionTable>
export type NewCollectionRow = Insertable<CollectionTable>
export type CollectionUpdate = Updateable<CollectionTable>
