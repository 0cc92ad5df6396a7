import type { Insertable, Selectable } from 'kysely'

export interface ApiTokenTable {
  id: string
  user_id: string
  name: string
  /** sha256 of the token, hex: the token itself is never stored. */
  token_hash: string
  created_at: string
  last_used_at: string | null
}
export type ApiTokenRow = Selectable<ApiTokenTable>
export type NewApiTokenRow = Insertable<ApiTokenTable>
