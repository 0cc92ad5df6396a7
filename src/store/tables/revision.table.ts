import type { Insertable, Selectable } from 'kysely'

/** An immutable snapshot of a space's content. Rows are only ever inserted. */
export interface RevisionTable {
  id: string
  space_id: string
  /** JSON array of parent revision ids. */
  parents: string
  type: string
  created_at: string
  /** The 32 bytes of the hash of the content manifest blob; null for an empty revision. */
  content_hash: Buffer | null
  /** JSON `{oid, message, createdByService, url, ref}` for a revision made from a commit. */
  git: string | null
}
/** A revision as the code sees it (store/revisions.ts converts): the content hash in hex, as blobs are named. */
export type RevisionRow = Omit<Selectable<RevisionTable>, 'content_hash'> & { content_hash: string | null }
export type NewRevisionRow = Omit<Insertable<RevisionTable>, 'content_hash'> & { content_hash?: string | null }
