import type { Selectable } from 'kysely'

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'skipped'

export interface JobTable {
  id: string
  seq: number
  kind: string
  space_id: string | null
  payload: string
  status: JobStatus
  attempts: number
  max_attempts: number
  run_after: string
  result: string | null
  error: string | null
  created_at: string
  started_at: string | null
  finished_at: string | null
  /** JSON `{phase, files, bytes}`: what the job has read or written so far. */
  progress: string | null
}
export type JobRow = Selectable<JobTable>
