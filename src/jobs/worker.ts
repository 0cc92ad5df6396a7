/**
 * The job worker: runs durable jobs from the `jobs` table. One worker per process (the server runs one; the CLI
 * runs a job inline and waits). Jobs of one space run in order, one at a time. A runner throws TransientJobError
 * for failures worth retrying (network): the job is queued again with exponential backoff until its attempts run
 * out; any other error fails it with the reason. Work must be all-or-nothing, so a job interrupted by a restart
 * simply runs again.
 */
import type { Engine } from '../engine'
import type { JobRow } from '../store/tables/job.table'
import { claimNextJob, finishJob, requeueInterruptedJobs, retryJob, setJobProgress } from '../store/jobs'

export class TransientJobError extends Error {}

/** What a job has done so far: files read (import) or written (export), and their bytes. */
export interface JobProgress {
  phase: 'read' | 'write'
  files: number
  bytes: number
}

/**
 * A runner answers the job's result; `skipped` marks work that was deliberately not done (an older sync). It may
 * call `report` as often as it likes: the store is written at most every PROGRESS_INTERVAL_MS, and at the end.
 */
export type JobRunner = (engine: Engine, job: JobRow, payload: any, report: (progress: JobProgress) => void) => Promise<{ result?: unknown; skipped?: boolean }>

const PROGRESS_INTERVAL_MS = 100

export interface WorkerOptions {
  /** Idle polling interval. */
  pollMs?: number
  /** First retry delay; doubles on each attempt. */
  backoffMs?: number
  log?: (message: string) => void
}

export class JobWorker {
  private timer: NodeJS.Timeout | undefined
  private running: Promise<void> | undefined
  private stopped = false
  private polling = false

  constructor(
    private readonly engine: Engine,
    private readonly runners: Record<string, JobRunner>,
    private readonly options: WorkerOptions = {},
  ) {}

  /** Requeues jobs a stopped process left running, then polls for due jobs (retries) until stopped. */
  async start(): Promise<void> {
    this.polling = true
    await requeueInterruptedJobs(this.engine.db)
    this.wake()
  }

  /** Looks for work now (call after enqueueing). */
  wake(): void {
    if (this.stopped || this.running) return
    clearTimeout(this.timer)
    this.running = this.drain().finally(() => {
      this.running = undefined
      if (this.polling && !this.stopped) this.timer = setTimeout(() => this.wake(), this.options.pollMs ?? 1000)
    })
  }

  /** While jobs are being run: a promise of the moment the worker runs out of due ones (undefined when idle). */
  busy(): Promise<void> | undefined {
    return this.running
  }

  /** Stops taking jobs and waits for the one in progress. */
  async stop(): Promise<void> {
    this.stopped = true
    clearTimeout(this.timer)
    await this.running
  }

  private async drain(): Promise<void> {
    for (let job = await claimNextJob(this.engine.db, new Date().toISOString()); job && !this.stopped; job = await claimNextJob(this.engine.db, new Date().toISOString())) {
      await runJob(this.engine, job, this.runners, this.options)
    }
  }
}

/** Runs one claimed job to its outcome (or to its next retry). */
export async function runJob(engine: Engine, job: JobRow, runners: Record<string, JobRunner>, options: WorkerOptions = {}): Promise<void> {
  const runner = runners[job.kind]
  if (!runner) {
    await finishJob(engine.db, job.id, 'failed', { error: `No runner for jobs of kind "${job.kind}".` })
    return
  }
  let latest: JobProgress | undefined
  let writtenAt = 0
  const report = (progress: JobProgress) => {
    latest = progress
    const now = Date.now()
    if (now - writtenAt < PROGRESS_INTERVAL_MS) return
    writtenAt = now
    void setJobProgress(engine.db, job.id, progress).catch(() => undefined)
  }
  try {
    const outcome = await runner(engine, job, JSON.parse(job.payload), report)
    await finishJob(engine.db, job.id, outcome.skipped ? 'skipped' : 'succeeded', { result: outcome.result, progress: latest })
  } catch (error) {
    const message = (error as Error).message ?? String(error)
    if (error instanceof TransientJobError && job.attempts < job.max_attempts) {
      const delay = (options.backoffMs ?? 2000) * 2 ** (job.attempts - 1)
      options.log?.(`job ${job.id} (${job.kind}) failed, retrying in ${delay} ms: ${message}`)
      await retryJob(engine.db, job.id, new Date(Date.now() + delay).toISOString(), message)
    } else {
      await finishJob(engine.db, job.id, 'failed', { error: message })
    }
  }
}
