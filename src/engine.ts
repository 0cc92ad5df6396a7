/**
 * The engine: an open store plus the settings every operation needs. The CLI (in-process transport) and the
 * HTTP server each open one and hand it to `executeOperation`.
 */
import { openStore, type Db, type Store } from './store/database'
import type { ReadCache } from './store/read-cache'
import { JobWorker } from './jobs/worker'
import { jobRunners } from './jobs/runners'
import { purgeExpiredSpaces } from './domain/spaces/purge-expired-spaces'

export interface Engine {
  db: Db
  store: Store
  dataDir: string
  cache: ReadCache
  /** Absolute base address used in `urls` when no request tells a better one. */
  baseUrl: string
  /** Background jobs (git sync …): `wake()` after enqueueing. The server also starts its polling. */
  jobs: JobWorker
  /** Secrets jobs need (repository credentials) by job id: in memory only, never in the store. */
  secrets: Map<string, string>
  /**
   * Whether requests may name this machine's files (local repository paths, file:// addresses): yes in-process and
   * for a server on a loopback address; a server listening beyond the machine only with --allow-local-files.
   */
  localFiles: boolean
  close(): Promise<void>
}

export const DEFAULT_BASE_URL = 'http://127.0.0.1:8080'

export interface EngineOptions {
  dataDir: string
  baseUrl?: string
  /** Create the data directory and the store if missing (only `init` does). */
  create?: boolean
  /** See Engine.localFiles (default: true). */
  localFiles?: boolean
}

export async function openEngine(options: EngineOptions): Promise<Engine> {
  const store = await openStore(options.dataDir, { create: options.create })
  const engine: Engine = {
    db: store.db,
    store,
    cache: store.cache,
    dataDir: options.dataDir,
    baseUrl: (options.baseUrl ?? process.env.DOCSCTL_BASE_URL ?? DEFAULT_BASE_URL).replace(/\/+$/, ''),
    jobs: undefined as unknown as JobWorker,
    secrets: new Map(),
    localFiles: options.localFiles ?? true,
    async close() {
      await engine.jobs.stop()
      await store.close()
    },
  }
  // Retry delays and the idle poll can be shortened (tests of retries do); the defaults suit a server.
  engine.jobs = new JobWorker(engine, jobRunners, { backoffMs: positiveNumber(process.env.DOCSCTL_JOB_BACKOFF_MS), pollMs: positiveNumber(process.env.DOCSCTL_JOB_POLL_MS) })
  // Spaces deleted more than 7 days ago are removed for good whenever an engine opens (every CLI start)
  // and periodically in the server.
  await purgeExpiredSpaces(engine.db)
  return engine
}

/** Whether a server listening on `host` may read and write this machine's files for requests (see Engine.localFiles). */
export function serverMayUseLocalFiles(host: string, allowLocalFiles = false): boolean {
  return allowLocalFiles || host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)
}

function positiveNumber(value: string | undefined): number | undefined {
  const n = Number(value)
  return value && Number.isFinite(n) && n > 0 ? n : undefined
}
