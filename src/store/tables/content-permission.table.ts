import type { Insertable, Selectable } from 'kysely'

/** An explicit role of one user or team (exactly one of the two) on one space or collection (exactly one). */
export interface ContentPermissionTable {
  id: string
  organization_id: string
  space_id: string | null
  collection_id: string | null
  user_id: string | null
  team_id: string | null
  role: string
  created_at: string
}
export type ContentPermissionRow = Selectable<ContentPermissionTable>
export type NewContentPermissionRow = Insertable<ContentPermissionTable>
