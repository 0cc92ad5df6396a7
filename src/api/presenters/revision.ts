import type { RevisionRow } from '../../store/tables/revision.table'
import type { ContentSnapshot } from '../../domain/revisions/content'
import { pageContext, presentPageTree } from './page'
import { appUrl } from './urls'
import { presentReusableContent } from './reusable-content'

export function presentRevision(revision: RevisionRow, content: ContentSnapshot, baseUrl: string, mergedFrom?: unknown) {
  return {
    object: 'revision' as const,
    id: revision.id,
    parents: JSON.parse(revision.parents) as string[],
    pages: presentPageTree(pageContext(baseUrl, revision.space_id, content)),
    files: [],
    reusableContents: [...(content.reusableContents?.values() ?? [])].map((r) => presentReusableContent(r)),
    tags: [],
    variables: content.variables,
    createdAt: revision.created_at,
    type: revision.type,
    ...(revision.git ? { git: JSON.parse(revision.git) } : {}),
    ...(mergedFrom ? { mergedFrom } : {}),
    urls: { app: appUrl(baseUrl, `/s/${revision.space_id}/~/revisions/${revision.id}`) },
  }
}
