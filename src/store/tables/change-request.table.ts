import type { Insertable, Selectable, Updateable } from 'kysely'

export interface ChangeRequestTable {
  id: string
  space_id: string
  /** Incremental within the space. */
  number: number
  status: string
  subject: string
  created_by: string
  /** Head revision of the change request. */
  revision_id: string
  /** The space revision it was created from. */
  revision_initial: string
  /** The space revision it was last updated from (merge base when set). */
  revision_merged_ancestor: string | null
  /** When merged, the space revision the merge produced. */
  revision_merged: string | null
  created_at: string
  updated_at: string
  /** JSON array of the ids of the users who created it or changed its content, in the order they first did. */
  contributors: string
}
export type ChangeRequestRow = Selectable<ChangeRequestTable>
export type NewChangeRequestRow = Insertable<ChangeRequestTable>
export type ChangeRequestUpdate = Updateable<ChangeRequestTable>
