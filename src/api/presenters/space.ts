import type { SpaceRow } from '../../store/tables/space.table'
import type { OperationContext } from '../operation'
import { countActivityOfSpace, countSpaceActivity, type SpaceActivityCounts } from '../../store/space-counts'
import { apiUrl, appUrl } from './urls'
import { presentGitSync } from './git-sync'
import { findGitSyncOf, findGitSyncsOf } from '../../store/git-syncs'
import type { GitSyncRow } from '../../store/tables/git-sync.table'

export async function presentSpace(row: SpaceRow, ctx: OperationContext) {
  return present(row, await countActivityOfSpace(ctx.db, row.id), await findGitSyncOf(ctx.db, row.id), ctx)
}

/** Presents a page of spaces: their counters are read in one go. */
export async function presentSpaces(rows: SpaceRow[], ctx: OperationContext) {
  const ids = rows.map((row) => row.id)
  const [counts, syncs] = await Promise.all([countSpaceActivity(ctx.db, ids), findGitSyncsOf(ctx.db, ids)])
  return Promise.all(rows.map((row) => present(row, counts.get(row.id)!, syncs.get(row.id), ctx)))
}

/**
 * Optional fields are `undefined` when absent (JSON leaves them out) rather than spread into the literal: this runs
 * on every space answer, and spreading conditional objects costs more than the rest of the presenter.
 */
async function present(row: SpaceRow, counts: SpaceActivityCounts, sync: GitSyncRow | undefined, ctx: OperationContext) {
  const published = row.visibility !== 'private' && row.visibility !== 'in-collection'
  return {
    object: 'space' as const,
    id: row.id,
    title: row.title,
    emoji: row.emoji ?? '',
    visibility: row.visibility,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    deletedAt: row.deleted_at || undefined,
    editMode: row.edit_mode,
    mergeRules: JSON.parse(row.merge_rules),
    urls: {
      location: apiUrl(ctx.baseUrl, `/spaces/${row.id}`),
      app: appUrl(ctx.baseUrl, `/s/${row.id}`),
      published: published ? `${ctx.baseUrl}/s/${row.id}/` : undefined,
      public: row.visibility === 'public' ? `${ctx.baseUrl}/s/${row.id}/` : undefined,
      icon: row.icon || undefined,
    },
    organization: row.organization_id,
    parent: row.parent_id || undefined,
    language: row.language || undefined,
    gitSync: sync ? presentGitSync(sync) : undefined,
    revision: row.revision_id,
    defaultLevel: row.default_level,
    comments: counts.comments,
    changeRequests: counts.changeRequests,
    changeRequestsOpen: counts.changeRequestsOpen,
    changeRequestsDraft: counts.changeRequestsDraft,
    permissions: await ctx.access.permissionsOf('space', { kind: 'space', row }),
  }
}
export type ApiSpace = Awaited<ReturnType<typeof present>>
