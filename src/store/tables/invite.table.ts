import type { Insertable, Selectable } from 'kysely'

/** An invite link: to the organization (role), or to a space or collection in it (role as the level there). */
export interface InviteTable {
  id: string
  organization_id: string
  space_id: string | null
  collection_id: string | null
  /** Organization role, or level on the space/collection; null: guest. */
  role: string | null
  created_by: string | null
  created_at: string
}
export type InviteRow = Selectable<InviteTable>
export type NewInviteRow = Insertable<InviteTable>
