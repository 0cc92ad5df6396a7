import type { OpenAPISpecRow, OpenAPISpecVersionRow } from '../../store/tables/openapi-spec.table'
import type { OperationContext } from '../operation'
import { apiUrl, appUrl } from './urls'

function specPath(spec: Pick<OpenAPISpecRow, 'organization_id' | 'slug'>) {
  return `/orgs/${spec.organization_id}/openapi/${spec.slug}`
}

/** An OpenAPI spec as GitBook's OpenAPISpec; `permissions` from the one resolver. */
export async function presentOpenAPISpec(spec: OpenAPISpecRow, ctx: OperationContext) {
  const permissions = await ctx.access.permissionsOf('openapiSpec', { kind: 'openapiSpec', row: spec })
  return {
    object: 'openapi-spec' as const,
    id: spec.id,
    createdAt: spec.created_at,
    updatedAt: spec.updated_at,
    slug: spec.slug,
    ...(spec.source_url ? { sourceURL: spec.source_url } : {}),
    processingState: spec.processing_state,
    visibility: spec.visibility,
    ...(spec.last_version_id ? { lastVersion: spec.last_version_id } : {}),
    ...(spec.last_processed_at ? { lastProcessedAt: spec.last_processed_at } : {}),
    ...(spec.last_process_error_code ? { lastProcessErrorCode: spec.last_process_error_code } : {}),
    ...(spec.last_process_errors ? { lastProcessedErrors: JSON.parse(spec.last_process_errors) as { message: string; code?: string }[] } : {}),
    lastProcessedErrorCount: spec.last_process_error_count,
    permissions: { view: permissions.view, edit: permissions.edit },
    urls: {
      location: apiUrl(ctx.baseUrl, specPath(spec)),
      app: appUrl(ctx.baseUrl, specPath(spec)),
      ...(spec.visibility === 'public' ? { published: apiUrl(ctx.baseUrl, `${specPath(spec)}/versions/latest/content`) } : {}),
    },
  }
}

export function presentOpenAPISpecVersion(spec: OpenAPISpecRow, version: Pick<OpenAPISpecVersionRow, 'id' | 'url' | 'created_at'>, ctx: OperationContext) {
  return {
    object: 'openapi-spec-version' as const,
    id: version.id,
    createdAt: version.created_at,
    url: version.url,
    urls: { location: apiUrl(ctx.baseUrl, `${specPath(spec)}/versions/${version.id}`) },
  }
}

/** A version's content: the parsed files by path, the entry file's path and where it was read from. */
export function presentOpenAPISpecContent(spec: OpenAPISpecRow, version: OpenAPISpecVersionRow) {
  return {
    filesystem: JSON.parse(version.filesystem) as Record<string, unknown>,
    entrypoint: version.entrypoint,
    url: version.url,
    urls: { source: version.url, public: spec.visibility === 'public' ? version.url : null },
  }
}
