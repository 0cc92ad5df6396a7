import type { Selectable } from 'kysely'

export type TranslationStatus = 'pending' | 'running' | 'completed'

export interface TranslationTable {
  id: string
  organization_id: string
  language: string
  source_space_id: string
  source_language: string
  /** JSON document tree. */
  instructions: string
  status: TranslationStatus
  result_space_id: string | null
  result_revision_id: string | null
  /** JSON stats object. */
  stats: string
  /** JSON translation memory of the last run (see the translation job). */
  memory: string | null
  created_at: string
  updated_at: string
}
export type TranslationRow = Selectable<TranslationTable>
