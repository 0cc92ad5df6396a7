import type { Insertable, Selectable, Updateable } from 'kysely'

export interface MemberTable {
  organization_id: string
  user_id: string
  /** Org role; null: guest (sees only what they are invited to). */
  role: string | null
  joined_at: string
  last_seen_at: string | null
  disabled: number
  sso: number
}
export type MemberRow = Selectable<MemberTable>
export type NewMemberRow = Insertable<MemberTable>
export type MemberUpdate = Updateable<MemberTable>
