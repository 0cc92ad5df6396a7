import type { TranslationRow } from '../../store/tables/translation.table'
import type { OperationContext } from '../operation'
import { apiUrl } from './urls'

/** A translation as GitBook's Translation; `permissions` from the one resolver. */
export async function presentTranslation(row: TranslationRow, ctx: OperationContext) {
  const permissions = await ctx.access.permissionsOf('translation', { kind: 'translation', row })
  return {
    object: 'translation' as const,
    id: row.id,
    status: row.status,
    source: { space: row.source_space_id, language: row.source_language },
    language: row.language,
    instructions: JSON.parse(row.instructions),
    ...(row.result_space_id && row.result_revision_id ? { result: { space: row.result_space_id, revision: row.result_revision_id, language: row.language } } : {}),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    stats: JSON.parse(row.stats),
    permissions: { view: permissions.view, edit: permissions.edit },
    urls: { location: apiUrl(ctx.baseUrl, `/orgs/${row.organization_id}/translations/${row.id}`) },
  }
}
