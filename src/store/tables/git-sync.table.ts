import type { Selectable } from 'kysely'

export interface GitSyncTable {
  space_id: string
  /** Without credentials. */
  url: string
  ref: string
  repo_name: string
  provider: string
  tree_url: string | null
  commit_url: string | null
  project_directory: string | null
  /** `timestamp` of the last applied sync: older ones are skipped. */
  last_timestamp: string | null
  last_commit: string | null
  updated_at: string
}
export type GitSyncRow = Selectable<GitSyncTable>
