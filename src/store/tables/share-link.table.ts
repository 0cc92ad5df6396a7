import type { Insertable, Selectable, Updateable } from 'kysely'

export interface ShareLinkTable {
  id: string
  site_id: string
  name: string
  /** sha256 (hex) of the link's secret key, to find the link a key belongs to. */
  key_hash: string
  active: number
  created_at: string
  updated_at: string
}
export type ShareLinkRow = Selectable<ShareLinkTable>
export type NewShareLinkRow = Insertable<ShareLinkTable>
export type ShareLinkUpdate = Updateable<ShareLinkTable>
