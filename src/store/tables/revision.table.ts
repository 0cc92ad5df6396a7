import type { Insertable, Selectable } from 'kysely'

/** An immutable snapshot of a space's content. Rows are only ever inserted. */
export interface RevisionTable {
  id: string
  space_id: string
  /** JSON array of parent revision ids. */
  parents: string
  type: string
  created_at: string
  /** Hash of the content manifest blob; null for an empty revision. */
  content_hash: string | null
  /** JSON `{oid, message, createdByService, url, ref}` for a revision made from a commit. */
  git: string | null
}
export type RevisionRow = Selectable<RevisionTable>
export type NewRevisionRow = Insertable<RevisionTable>
