import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openEngine, type Engine } from '../engine'
import { findJobById, insertJob, listJobsOfSpace } from '../store/jobs'
import { JobWorker, TransientJobError, type JobRunner } from './worker'

let engine: Engine
let dir: string
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'docsctl-jobs-'))
  engine = await openEngine({ dataDir: dir, create: true })
})
afterEach(async () => {
  await engine.close()
  rmSync(dir, { recursive: true, force: true })
})

const until = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 200 && !(await check()); i++) await new Promise((r) => setTimeout(r, 10))
}

describe('job worker', () => {
  it('runs the jobs of one space in order, one at a time, and records outcomes', async () => {
    const log: string[] = []
    let active = 0
    const runners: Record<string, JobRunner> = {
      step: async (_e, _job, payload) => {
        active++
        expect(active).toBe(1)
        await new Promise((r) => setTimeout(r, 5))
        log.push(payload.n)
        active--
        return payload.n === 'skip' ? { skipped: true } : { result: { done: payload.n } }
      },
    }
    for (const n of ['a', 'b', 'skip', 'c']) await insertJob(engine.db, { kind: 'step', spaceId: 'space-1', payload: { n } })
    const worker = new JobWorker(engine, runners, { pollMs: 10 })
    await worker.start()
    await until(async () => (await listJobsOfSpace(engine.db, 'space-1')).every((j) => j.status !== 'queued' && j.status !== 'running'))
    await worker.stop()
    expect(log).toEqual(['a', 'b', 'skip', 'c'])
    const jobs = (await listJobsOfSpace(engine.db, 'space-1')).reverse()
    expect(jobs.map((j) => j.status)).toEqual(['succeeded', 'succeeded', 'skipped', 'succeeded'])
    expect(JSON.parse(jobs[0].result!)).toEqual({ done: 'a' })
  })

  it('retries transient failures with backoff, and fails others with the reason', async () => {
    let calls = 0
    const runners: Record<string, JobRunner> = {
      flaky: async () => {
        calls++
        if (calls < 3) throw new TransientJobError('network down')
        return { result: 'ok' }
      },
      broken: async () => {
        throw new Error('bad input: nothing to import')
      },
    }
    const flaky = await insertJob(engine.db, { kind: 'flaky', spaceId: null, payload: {} })
    const broken = await insertJob(engine.db, { kind: 'broken', spaceId: null, payload: {} })
    const worker = new JobWorker(engine, runners, { pollMs: 5, backoffMs: 5 })
    await worker.start()
    await until(async () => (await findJobById(engine.db, flaky.id))!.status === 'succeeded')
    await worker.stop()
    expect(calls).toBe(3)
    expect(await findJobById(engine.db, flaky.id)).toMatchObject({ status: 'succeeded', attempts: 3 })
    expect(await findJobById(engine.db, broken.id)).toMatchObject({ status: 'failed', error: 'bad input: nothing to import', attempts: 1 })
  })

  it('runs again a job that a stopped process left running', async () => {
    const job = await insertJob(engine.db, { kind: 'step', spaceId: 's', payload: {} })
    await engine.db.updateTable('jobs').set({ status: 'running', attempts: 1 }).where('id', '=', job.id).execute()
    const worker = new JobWorker(engine, { step: async () => ({ result: 'again' }) }, { pollMs: 5 })
    await worker.start()
    await until(async () => (await findJobById(engine.db, job.id))!.status === 'succeeded')
    await worker.stop()
    expect(await findJobById(engine.db, job.id)).toMatchObject({ status: 'succeeded', attempts: 2 })
  })
})
