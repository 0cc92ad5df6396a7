import type { SpaceRow } from '../../store/tables/space.table'
import type { OperationContext } from '../operation'
import { countSpaceActivity } from '../../store/space-counts'
import { apiUrl, appUrl } from './urls'

export async function presentSpace(row: SpaceRow, ctx: OperationContext) {
  const counts = await countSpaceActivity(ctx.db, row.id)
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
    revision: row.revision_id,
    defaultLevel: row.default_level,
    ...counts,
    permissions: await ctx.access.permissionsOf('space', { kind: 'space', row }),
  }
}
export type ApiSpace = Awaited<ReturnType<typeof presentSpace>>
