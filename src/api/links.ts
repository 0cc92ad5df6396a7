/**
 * Link checking: the links of a space's pages (or of one page) with their status, as a list with `stats`.
 * `stats.broken.changeRequest` counts broken links that open change requests add.
 */
import { Type } from '@sinclair/typebox/type'
import { defineOperation, type OperationContext } from './operation'
import { Id } from './schemas/common'
import { PageQuery as ListPageQuery, pageOfList } from './schemas/pagination'
import { findPage, loadRevision } from './content'
import { crContent } from './change-requests'
import { checkLinks, type CheckedLink } from '../domain/links/check-links'
import { contentOfRevision } from '../domain/change-requests/change-requests'
import { listChangeRequests } from '../store/change-requests'
import { listOpenAPISpecSlugs } from '../store/openapi-specs'
import { loadLiveSpace } from './spaces'

/** Slugs of the OpenAPI specs of the space's organization: what `{% openapi spec="…" %}` blocks may name. */
async function openapiSpecsOf(ctx: OperationContext, spaceId: string): Promise<Set<string>> {
  return listOpenAPISpecSlugs(ctx.db, (await loadLiveSpace(ctx, spaceId)).organization_id)
}

function presentLink(link: CheckedLink, spaceId: string) {
  return {
    object: 'link' as const,
    status: link.status,
    relation: 'reference',
    target: link.target,
    targetReference: {
      kind: link.kind,
      ...(link.targetPage ? { page: link.targetPage } : {}),
      ...(link.targetReusableContent ? { reusableContent: link.targetReusableContent } : {}),
      ...(link.kind === 'url' ? { url: link.target } : {}),
      ...(link.kind === 'openapi' ? { spec: link.target } : {}),
      space: spaceId,
    },
    locationReferences: [{ kind: 'page', page: link.page, space: spaceId }],
    location: { page: link.page, path: link.path, line: link.line },
  }
}

/** A page of checked links, with the list's stats. */
function linkList(links: CheckedLink[], spaceId: string, query: { page?: string; limit?: number }, brokenInChangeRequests: number) {
  return {
    ...pageOfList(links.map((link) => presentLink(link, spaceId)), query),
    stats: { total: links.length, broken: { total: links.filter((l) => l.status === 'broken').length, changeRequest: brokenInChangeRequests } },
  }
}

/** Broken links that open change requests would add to the space (compared by page, line and target). */
async function brokenInOpenChangeRequests(ctx: OperationContext, spaceId: string, live: CheckedLink[], openapiSpecs: Set<string>): Promise<number> {
  const known = new Set(live.filter((l) => l.status === 'broken').map((l) => `${l.page}:${l.target}`))
  const added = new Set<string>()
  const open = await listChangeRequests(ctx.db, spaceId, { status: 'open' }, { limit: 1000 })
  for (const cr of open.items) {
    for (const link of checkLinks(await contentOfRevision(ctx.db, cr.revision_id), { openapiSpecs })) {
      const key = `${link.page}:${link.target}`
      if (link.status === 'broken' && !known.has(key)) added.add(key)
    }
  }
  return added.size
}

export const listSpaceLinks = defineOperation({
  id: 'listSpaceLinks',
  method: 'GET',
  path: '/spaces/{spaceId}/links',
  tag: 'content',
  summary: "The links of the space's pages, each `ok`, `broken` or `in-app`, with stats",
  params: Type.Object({ spaceId: Id('Id of the space') }),
  query: Type.Object({ ...ListPageQuery }),
  success: 200,
  async handler(ctx, { params, query }) {
    const { content } = await loadRevision(ctx, params.spaceId)
    const openapiSpecs = await openapiSpecsOf(ctx, params.spaceId)
    const links = checkLinks(content, { openapiSpecs })
    return linkList(links, params.spaceId, query, await brokenInOpenChangeRequests(ctx, params.spaceId, links, openapiSpecs))
  },
})

export const listPageLinks = defineOperation({
  id: 'listPageLinks',
  method: 'GET',
  path: '/spaces/{spaceId}/content/page/{pageId}/links',
  tag: 'content',
  summary: 'The links of one page of the live content, with stats',
  params: Type.Object({ spaceId: Id('Id of the space'), pageId: Id('Id of the page') }),
  query: Type.Object({ ...ListPageQuery }),
  success: 200,
  async handler(ctx, { params, query }) {
    const { content } = await loadRevision(ctx, params.spaceId)
    findPage(content, params.pageId)
    return linkList(checkLinks(content, { only: (p) => p.id === params.pageId, openapiSpecs: await openapiSpecsOf(ctx, params.spaceId) }), params.spaceId, query, 0)
  },
})

export const listChangeRequestLinks = defineOperation({
  id: 'listChangeRequestLinks',
  method: 'GET',
  path: '/spaces/{spaceId}/change-requests/{changeRequestId}/links',
  tag: 'change-requests',
  summary: "The links of a change request's pages, with stats",
  params: Type.Object({ spaceId: Id('Id of the space'), changeRequestId: Id('Id or number of the change request') }),
  query: Type.Object({ ...ListPageQuery }),
  success: 200,
  async handler(ctx, { params, query }) {
    return linkList(checkLinks((await crContent(ctx, params.spaceId, params.changeRequestId)).content, { openapiSpecs: await openapiSpecsOf(ctx, params.spaceId) }), params.spaceId, query, 0)
  },
})

export const listChangeRequestPageLinks = defineOperation({
  id: 'listChangeRequestPageLinks',
  method: 'GET',
  path: '/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/links',
  tag: 'change-requests',
  summary: 'The links of one page of a change request, with stats',
  params: Type.Object({ spaceId: Id('Id of the space'), changeRequestId: Id('Id or number of the change request'), pageId: Id('Id of the page') }),
  query: Type.Object({ ...ListPageQuery }),
  success: 200,
  async handler(ctx, { params, query }) {
    const { content } = await crContent(ctx, params.spaceId, params.changeRequestId)
    findPage(content, params.pageId)
    return linkList(checkLinks(content, { only: (p) => p.id === params.pageId, openapiSpecs: await openapiSpecsOf(ctx, params.spaceId) }), params.spaceId, query, 0)
  },
})
