import type { Selectable } from 'kysely'

export type OpenAPISpecProcessingState = 'pending' | 'progress' | 'complete'
export type OpenAPISpecErrorCode = 'FETCH_TIMEOUT' | 'FETCH_ERROR' | 'PARSE_ERROR'

export interface OpenAPISpecTable {
  id: string
  organization_id: string
  slug: string
  /** The http, https or file address the spec is fetched from; null for uploaded text. */
  source_url: string | null
  /** Uploaded source, JSON `{entry, files: {path: text}}`; null for a spec fetched from `source_url`. */
  source_files: string | null
  visibility: 'private' | 'public'
  processing_state: OpenAPISpecProcessingState
  last_version_id: string | null
  last_processed_at: string | null
  last_process_error_code: OpenAPISpecErrorCode | null
  /** JSON `[{message, code?}]`. */
  last_process_errors: string | null
  last_process_error_count: number
  created_at: string
  updated_at: string
}
export type OpenAPISpecRow = Selectable<OpenAPISpecTable>

export interface OpenAPISpecVersionTable {
  id: string
  spec_id: string
  seq: number
  /** Where this version's content was read from (the source address, or the API address of uploaded text). */
  url: string
  /** The filesystem key of the entry file. */
  entrypoint: string
  /** JSON `{path: parsed document}`: the entry file and every file its `$ref`s reach. */
  filesystem: string
  content_hash: string
  created_at: string
}
export type OpenAPISpecVersionRow = Selectable<OpenAPISpecVersionTable>
