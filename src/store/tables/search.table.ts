import type { Generated } from 'kysely'

/** Which space, page and section a row of the full-text index is, and a hash of its indexed text. */
export interface SearchRowTable {
  /** The rowid of the section in the FTS5 index `search_sections`. */
  id: Generated<number>
  space_id: string
  page_id: string
  /** The section's anchor (its heading's slug); '' for the text before the first heading. */
  anchor: string
  section_title: string
  hash: string
}

/** The revision whose pages the index holds, per space. */
export interface SearchIndexedTable {
  space_id: string
  revision_id: string
}
