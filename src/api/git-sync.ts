/**
 * Git sync: import a GitBook-format repository into a space, as a durable job (the answer is 204 at once), and
 * read the sync state and the jobs' outcomes. Credentials in the address never reach the store: the job keeps
 * them in memory, and the address is stored and shown without them.
 */
import { Type, type Static } from '@sinclair/typebox/type'
import { defineOperation, type OperationContext } from './operation'
import { Id } from './schemas/common'
import { loadLiveSpace } from './spaces'
import { findGitSync, deleteGitSync } from '../store/git-syncs'
import { insertJob, listJobsOfSpace } from '../store/jobs'
import { safeUrl } from '../git/safe-url'
import { assertLocalFilesAllowed } from './local-files'
import { presentGitSync } from './presenters/git-sync'
import { BadRequestError, NotFoundError } from '../errors'
import type { JobRow } from '../store/tables/job.table'

const SpaceId = Type.Object({ spaceId: Id('Id of the space') })
const Ref = Type.String({ pattern: '^refs/heads/\\S+$', maxLength: 255, description: 'refs/heads/<branch>' })
const SyncBody = {
  url: Type.String({ minLength: 1, maxLength: 2048, description: 'Repository address: http(s) (credentials allowed), file://, or a local path.' }),
  ref: Ref,
  repoCacheID: Type.Optional(Type.String({ maxLength: 256 })),
  repoTreeURL: Type.Optional(Type.String({ maxLength: 2048 })),
  repoCommitURL: Type.Optional(Type.String({ maxLength: 2048 })),
  repoProjectDirectory: Type.Optional(Type.String({ maxLength: 1024 })),
  timestamp: Type.Optional(Type.String({ format: 'date-time' })),
  force: Type.Optional(Type.Boolean()),
  gitInfo: Type.Optional(Type.Object({ provider: Type.Optional(Type.String({ maxLength: 64 })), url: Type.Optional(Type.String({ maxLength: 2048 })) })),
}

const SyncBodySchema = Type.Object(SyncBody)

export function presentJob(job: JobRow) {
  return {
    object: 'job' as const,
    id: job.id,
    kind: job.kind,
    status: job.status,
    attempts: job.attempts,
    createdAt: job.created_at,
    ...(job.started_at ? { startedAt: job.started_at } : {}),
    ...(job.finished_at ? { finishedAt: job.finished_at } : {}),
    ...(job.error ? { error: job.error } : {}),
    ...(job.result ? { result: JSON.parse(job.result) } : {}),
    ...(job.progress ? { progress: JSON.parse(job.progress) } : {}),
  }
}

/**
 * Queues a git sync job of the space for the caller (who needs `triggerGitSync`). The address is stored without
 * its credentials; those stay in the engine's memory for the job.
 */
async function enqueueSync(ctx: OperationContext, spaceId: string, kind: 'git-import' | 'git-export', body: Static<typeof SyncBodySchema>, extra: Record<string, unknown>) {
  const space = await loadLiveSpace(ctx, spaceId)
  await ctx.access.authorize('space', 'triggerGitSync', { kind: 'space', row: space })
  if (/^https?:\/\//i.test(body.url)) {
    try {
      new URL(body.url)
    } catch {
      throw new BadRequestError('body.url: is not a valid address.')
    }
  } else assertLocalFilesAllowed(ctx, 'body.url')
  const url = safeUrl(body.url)
  const job = await insertJob(ctx.db, {
    kind,
    spaceId: space.id,
    payload: {
      spaceId: space.id,
      url,
      ref: body.ref,
      repoProjectDirectory: body.repoProjectDirectory,
      repoTreeURL: body.repoTreeURL,
      repoCommitURL: body.repoCommitURL,
      timestamp: body.timestamp,
      force: body.force,
      gitInfo: body.gitInfo,
      hasCredentials: url !== body.url,
      ...extra,
    },
  })
  if (url !== body.url) ctx.engine.secrets.set(job.id, body.url)
  ctx.engine.jobs.wake()
}

export const importGitRepository = defineOperation({
  id: 'importGitRepository',
  method: 'POST',
  path: '/spaces/{spaceId}/git/import',
  tag: 'git-sync',
  summary: 'Import a GitBook-format repository into the space (a job; 204 at once)',
  description: 'The outcome is listed by GET …/git/jobs. `standalone`: a revision that does not replace the space content.',
  params: SpaceId,
  body: Type.Object({ ...SyncBody, standalone: Type.Optional(Type.Boolean()) }),
  bodyRequired: true,
  success: 204,
  async handler(ctx, { params, body }) {
    await enqueueSync(ctx, params.spaceId, 'git-import', body, { standalone: body.standalone })
  },
})

export const exportToGitRepository = defineOperation({
  id: 'exportToGitRepository',
  method: 'POST',
  path: '/spaces/{spaceId}/git/export',
  tag: 'git-sync',
  summary: "Write the space's content as one commit on the ref and push it (a job; 204 at once)",
  description: 'The caller is the author; the current tip is the parent (the branch is created when absent). When the tip moved since the last sync, the job fails unless `force`.',
  params: SpaceId,
  body: Type.Object({ ...SyncBody, commitMessage: Type.String({ minLength: 1, maxLength: 10_000 }) }),
  bodyRequired: true,
  success: 204,
  async handler(ctx, { params, body }) {
    await enqueueSync(ctx, params.spaceId, 'git-export', body, {
      commitMessage: body.commitMessage,
      author: { name: ctx.actor.user.display_name, email: ctx.actor.user.email },
    })
  },
})

export const getSpaceGitInfo = defineOperation({
  id: 'getSpaceGitInfo',
  method: 'GET',
  path: '/spaces/{spaceId}/git/info',
  tag: 'git-sync',
  summary: 'The git sync state of the space',
  params: SpaceId,
  success: 200,
  async handler(ctx, { params }) {
    const space = await loadLiveSpace(ctx, params.spaceId)
    const sync = await findGitSync(ctx.db, space.id)
    if (!sync) throw new NotFoundError(`Space "${space.id}" is not synced with a repository: import one with POST /v1/spaces/${space.id}/git/import.`)
    return presentGitSync(sync)
  },
})

export const deleteGitLegacyInstallation = defineOperation({
  id: 'deleteGitLegacyInstallation',
  method: 'DELETE',
  path: '/spaces/{spaceId}/git/legacy-installation',
  tag: 'git-sync',
  summary: 'Remove the git sync of the space (204 also when there is none)',
  params: SpaceId,
  success: 204,
  async handler(ctx, { params }) {
    const space = await loadLiveSpace(ctx, params.spaceId)
    await ctx.access.authorize('space', 'admin', { kind: 'space', row: space })
    await deleteGitSync(ctx.db, space.id)
  },
})

export const listGitSyncJobs = defineOperation({
  id: 'listGitSyncJobs',
  method: 'GET',
  path: '/spaces/{spaceId}/git/jobs',
  tag: 'git-sync',
  summary: "The space's git sync jobs, newest first, with their outcome (queued, running, succeeded, failed, skipped)",
  params: SpaceId,
  success: 200,
  async handler(ctx, { params }) {
    const space = await loadLiveSpace(ctx, params.spaceId)
    const items = (await listJobsOfSpace(ctx.db, space.id)).map(presentJob)
    return { count: items.length, items }
  },
})
