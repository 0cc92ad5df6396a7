/** A section of a page in the full-text index (an FTS5 table: every column is text). */
export interface SearchSectionTable {
  space_id: string
  page_id: string
  /** The section's anchor (its heading's slug); '' for the text before the first heading. */
  anchor: string
  page_title: string
  section_title: string
  body: string
}

/** The revision whose pages the index holds, per space. */
export interface SearchIndexedTable {
  space_id: string
  revision_id: string
}
