import { sql } from 'kysely'
import type { Db } from './database'
import type { JobRow, JobStatus } from './tables/job.table'
import { newId, nowIso } from './ids'

export async function insertJob(db: Db, job: { kind: string; spaceId: string | null; payload: unknown; maxAttempts?: number }): Promise<JobRow> {
  const at = nowIso()
  const row: Omit<JobRow, 'seq'> = {
    id: newId(),
    kind: job.kind,
    space_id: job.spaceId,
    payload: JSON.stringify(job.payload),
    status: 'queued',
    attempts: 0,
    max_attempts: job.maxAttempts ?? 5,
    run_after: at,
    result: null,
    error: null,
    created_at: at,
    started_at: null,
    finished_at: null,
    progress: null,
  }
  // The sequence is taken in the INSERT itself, so two writers can never draw the same number.
  await db
    .insertInto('jobs')
    .values({ ...row, seq: sql<number>`(select coalesce(max(seq), 0) + 1 from jobs)` })
    .execute()
  return (await findJobById(db, row.id))!
}

export function findJobById(db: Db, id: string): Promise<JobRow | undefined> {
  return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst()
}

export function listJobsOfSpace(db: Db, spaceId: string, limit = 50): Promise<JobRow[]> {
  return db.selectFrom('jobs').selectAll().where('space_id', '=', spaceId).orderBy('seq', 'desc').limit(limit).execute()
}

/**
 * Takes the next job that may run now: queued, due, and — for a space — the oldest unfinished job of that space
 * with no other job of the space running. Marks it running, in one transaction.
 */
export async function claimNextJob(db: Db, now: string): Promise<JobRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const candidates = await trx
      .selectFrom('jobs')
      .selectAll()
      .where('status', '=', 'queued')
      .where('run_after', '<=', now)
      .orderBy('seq')
      .limit(50)
      .execute()
    for (const job of candidates) {
      if (job.space_id) {
        const earlier = await trx
          .selectFrom('jobs')
          .select('id')
          .where('space_id', '=', job.space_id)
          .where('status', 'in', ['queued', 'running'])
          .where('seq', '<', job.seq)
          .executeTakeFirst()
        const running = await trx.selectFrom('jobs').select('id').where('space_id', '=', job.space_id).where('status', '=', 'running').executeTakeFirst()
        if (earlier || running) continue
      }
      await trx.updateTable('jobs').set({ status: 'running', attempts: job.attempts + 1, started_at: now }).where('id', '=', job.id).execute()
      return { ...job, status: 'running' as JobStatus, attempts: job.attempts + 1, started_at: now }
    }
    return undefined
  })
}

export async function finishJob(db: Db, id: string, status: 'succeeded' | 'failed' | 'skipped', details: { result?: unknown; error?: string; progress?: unknown }): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ status, finished_at: nowIso(), result: details.result === undefined ? null : JSON.stringify(details.result), error: details.error ?? null, ...(details.progress ? { progress: JSON.stringify(details.progress) } : {}) })
    .where('id', '=', id)
    .execute()
}

/** Records what a running job has done so far. */
export async function setJobProgress(db: Db, id: string, progress: unknown): Promise<void> {
  await db.updateTable('jobs').set({ progress: JSON.stringify(progress) }).where('id', '=', id).execute()
}

export async function retryJob(db: Db, id: string, runAfter: string, error: string): Promise<void> {
  await db.updateTable('jobs').set({ status: 'queued', run_after: runAfter, error }).where('id', '=', id).execute()
}

/** Jobs left running by a process that stopped: queued again (their work is all-or-nothing). */
export async function requeueInterruptedJobs(db: Db): Promise<number> {
  const result = await db.updateTable('jobs').set({ status: 'queued', run_after: nowIso(), progress: null }).where('status', '=', 'running').executeTakeFirst()
  return Number(result.numUpdatedRows)
}
