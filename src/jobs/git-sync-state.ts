/** What git import and export share: finding the space and its sync, ordering by timestamp, and recording a sync. */
import type { Engine } from '../engine'
import type { Db, Trx } from '../store/database'
import type { JobRow } from '../store/tables/job.table'
import type { GitSyncRow } from '../store/tables/git-sync.table'
import type { SpaceRow } from '../store/tables/space.table'
import { findSpaceById } from '../store/spaces'
import { findGitSync, upsertGitSync } from '../store/git-syncs'
import { nowIso } from '../store/ids'
import { NotFoundError } from '../errors'

export interface GitSyncPayload {
  spaceId: string
  /** Without credentials; those stay in memory (engine.secrets) under the job id. */
  url: string
  ref: string
  repoProjectDirectory?: string
  repoTreeURL?: string
  repoCommitURL?: string
  timestamp?: string
  force?: boolean
  gitInfo?: { provider?: string; url?: string }
  /** The address had credentials (kept in memory only). */
  hasCredentials?: boolean
}

export type SyncStart =
  | { skipped: { reason: string } }
  | { space: SpaceRow; sync: GitSyncRow | undefined; url: string }

/** The space, its sync and the address to use — or why this sync is skipped (older than the last one applied). */
export async function startSync(engine: Engine, job: JobRow, payload: GitSyncPayload, what: 'import' | 'export'): Promise<SyncStart> {
  const space = await findSpaceById(engine.db, payload.spaceId)
  if (!space || space.deleted_at) throw new NotFoundError(`Space "${payload.spaceId}" no longer exists.`)
  const sync = await findGitSync(engine.db, space.id)
  if (payload.timestamp && sync?.last_timestamp && payload.timestamp < sync.last_timestamp && !payload.force) {
    return { skipped: { reason: `An operation of ${sync.last_timestamp} was applied already; this one is of ${payload.timestamp}.` } }
  }
  const secretUrl = engine.secrets.get(job.id)
  if (payload.hasCredentials && secretUrl === undefined) {
    throw new Error(`The repository credentials are only kept in memory and were lost in a restart: start the ${what} again.`)
  }
  return { space, sync, url: secretUrl ?? payload.url }
}

/** Records the sync of a space after an import or export of `commit`. */
export async function recordSync(db: Db | Trx, spaceId: string, payload: GitSyncPayload, previous: GitSyncRow | undefined, commit: string): Promise<void> {
  const at = nowIso()
  await upsertGitSync(db, {
    space_id: spaceId,
    url: payload.url,
    ref: payload.ref,
    repo_name: payload.url.replace(/\/+$/, '').replace(/\.git$/, '').split(/[/:]/).slice(-2).join('/'),
    provider: payload.gitInfo?.provider ?? previous?.provider ?? 'git',
    tree_url: payload.repoTreeURL ?? previous?.tree_url ?? null,
    commit_url: payload.repoCommitURL ?? previous?.commit_url ?? null,
    project_directory: payload.repoProjectDirectory ?? null,
    last_timestamp: payload.timestamp ?? at,
    last_commit: commit,
    updated_at: at,
  })
}
