import type { CollectionRow } from '../../store/tables/collection.table'
import type { OperationContext } from '../operation'
import { apiUrl, appUrl } from './urls'

export async function presentCollection(row: CollectionRow, ctx: OperationContext) {
  return {
    object: 'collection' as const,
    id: row.id,
    title: row.title,
    ...(row.description !== null ? { description: row.description } : {}),
    organization: row.organization_id,
    ...(row.parent_id ? { parent: row.parent_id } : {}),
    defaultLevel: row.default_level,
    urls: {
      location: apiUrl(ctx.baseUrl, `/collections/${row.id}`),
      app: appUrl(ctx.baseUrl, `/o/${row.organization_id}/c/${row.id}`),
    },
    permissions: await ctx.access.permissionsOf('collection', { kind: 'collection', row }),
  }
}
