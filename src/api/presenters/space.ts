import type { SpaceRow } from '../../store/tables/space.table'
import type { OperationContext } from '../operation'
import { countSpaceActivity, type SpaceActivityCounts } from '../../store/space-counts'
import { apiUrl, appUrl } from './urls'
import { presentGitSync } from './git-sync'
import { findGitSyncsOf } from '../../store/git-syncs'
import type { GitSyncRow } from '../../store/tables/git-sync.table'

export async function presentSpace(row: SpaceRow, ctx: OperationContext) {
  const counts = await countSpaceActivity(ctx.db, [row.id])
  const syncs = await findGitSyncsOf(ctx.db, [row.id])
  return present(row, counts.get(row.id)!, syncs.get(row.id), ctx)
}

/** Presents a page of spaces: their counters are read in one go. */
export async function presentSpaces(rows: SpaceRow[], ctx: OperationContext) {
  const ids = rows.map((row) => row.id)
  const [counts, syncs] = await Promise.all([countSpaceActivity(ctx.db, ids), findGitSyncsOf(ctx.db, ids)])
  return Promise.all(rows.map((row) => present(row, counts.get(row.id)!, syncs.get(row.id), ctx)))
}

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
    ...(row.deleted_at ? { deletedAt: row.deleted_at } : {}),
    editMode: row.edit_mode,
    mergeRules: JSON.parse(row.merge_rules),
    urls: {
      location: apiUrl(ctx.baseUrl, `/spaces/${row.id}`),
      app: appUrl(ctx.baseUrl, `/s/${row.id}`),
      ...(published ? { published: `${ctx.baseUrl}/s/${row.id}/` } : {}),
      ...(row.visibility === 'public' ? { public: `${ctx.baseUrl}/s/${row.id}/` } : {}),
      ...(row.icon ? { icon: row.icon } : {}),
    },
    organization: row.organization_id,
    ...(row.parent_id ? { parent: row.parent_id } : {}),
    ...(row.language ? { language: row.language } : {}),
    ...(sync ? { gitSync: presentGitSync(sync) } : {}),
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
