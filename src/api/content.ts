/** Space content: the active revision, its pages, pages by id and by path, and any revision of the space. */
import { Type } from '@sinclair/typebox/type'
import { defineOperation, type OperationContext } from './operation'
import { Id } from './schemas/common'
import { loadLiveSpace } from './spaces'
import { findRevisionById } from '../store/revisions'
import { findChangeRequestMergedInto } from '../store/change-requests'
import { loadContent, type ContentSnapshot } from '../domain/revisions/content'
import { documentConverter, pageContext, presentPage, presentPageTree } from './presenters/page'
import { presentRevision } from './presenters/revision'
import { presentChangeRequest } from './presenters/change-request'
import { NotFoundError } from '../errors'
import type { RevisionRow } from '../store/tables/revision.table'

const SpaceId = { spaceId: Id('Id of the space') }
/** `format`: `markdown` (default) answers the page's Markdown, `document` GitBook's JSON document of it. */
export const PageQuery = Type.Object({
  format: Type.Optional(Type.Unsafe<'document' | 'markdown'>({ type: 'string', enum: ['document', 'markdown'] })),
  evaluated: Type.Optional(Type.Boolean({ default: false })),
  metadata: Type.Optional(Type.Boolean({ default: true })),
  computed: Type.Optional(Type.Boolean({ default: true })),
})
export const RevisionQuery = Type.Object({ metadata: Type.Optional(Type.Boolean({ default: true })), computed: Type.Optional(Type.Boolean({ default: true })) })

/** A revision of the space (the active one by default), with its content. */
export async function loadRevision(ctx: OperationContext, spaceId: string, revisionId?: string): Promise<{ revision: RevisionRow; content: ContentSnapshot }> {
  const space = await loadLiveSpace(ctx, spaceId)
  const revision = await findRevisionById(ctx.db, revisionId ?? space.revision_id)
  if (!revision || revision.space_id !== space.id) throw new NotFoundError(`Revision "${revisionId}" does not exist in space "${spaceId}".`)
  return { revision, content: await loadContent(ctx.db, revision.content_hash) }
}

/** The revision as GitBook's Revision; a merge revision names the change request it came from. */
export async function presentRevisionOf(ctx: OperationContext, revision: RevisionRow, content: ContentSnapshot) {
  let mergedFrom: unknown
  if (revision.type === 'merge') {
    const cr = await findChangeRequestMergedInto(ctx.db, revision.id)
    const space = await loadLiveSpace(ctx, revision.space_id)
    if (cr) mergedFrom = await presentChangeRequest(ctx, space, cr)
  }
  return presentRevision(revision, content, ctx.baseUrl, mergedFrom)
}

export function findPage(content: ContentSnapshot, pageId: string) {
  const page = content.pages.get(pageId)
  if (!page) throw new NotFoundError(`Page "${pageId}" does not exist in this revision.`)
  return page
}

export function findPageByPath(ctx: ReturnType<typeof pageContext>, path: string) {
  const wanted = path.replace(/^\/+|\/+$/g, '')
  for (const [id, pagePath] of ctx.paths) if (pagePath === wanted) return ctx.content.pages.get(id)!
  throw new NotFoundError(`No page has the path "${path}" in this revision.`)
}

export const getCurrentRevision = defineOperation({
  id: 'getCurrentRevision',
  method: 'GET',
  path: '/spaces/{spaceId}/content',
  tag: 'content',
  summary: "The space's active revision, with its page tree",
  params: Type.Object(SpaceId),
  query: RevisionQuery,
  success: 200,
  async handler(ctx, { params }) {
    const { revision, content } = await loadRevision(ctx, params.spaceId)
    return presentRevisionOf(ctx, revision, content)
  },
})

export const listPages = defineOperation({
  id: 'listPages',
  method: 'GET',
  path: '/spaces/{spaceId}/content/pages',
  tag: 'content',
  summary: 'The page tree of the active revision',
  params: Type.Object(SpaceId),
  query: RevisionQuery,
  success: 200,
  async handler(ctx, { params }) {
    const { content } = await loadRevision(ctx, params.spaceId)
    return { pages: presentPageTree(pageContext(ctx.baseUrl, params.spaceId, content)) }
  },
})

export const getPageById = defineOperation({
  id: 'getPageById',
  method: 'GET',
  path: '/spaces/{spaceId}/content/page/{pageId}',
  tag: 'content',
  summary: 'A page of the active revision, with its Markdown',
  params: Type.Object({ ...SpaceId, pageId: Id('Id of the page') }),
  query: PageQuery,
  success: 200,
  async handler(ctx, { params, query }) {
    const { content } = await loadRevision(ctx, params.spaceId)
    return presentPage(findPage(content, params.pageId), pageContext(ctx.baseUrl, params.spaceId, content, await documentConverter(query.format)))
  },
})

export const getPageByPath = defineOperation({
  id: 'getPageByPath',
  method: 'GET',
  path: '/spaces/{spaceId}/content/path/{pagePath}',
  tag: 'content',
  summary: 'A page of the active revision by its path (URL-encode the slashes)',
  params: Type.Object({ ...SpaceId, pagePath: Type.String({ minLength: 1, maxLength: 2048 }) }),
  query: PageQuery,
  success: 200,
  async handler(ctx, { params, query }) {
    const { content } = await loadRevision(ctx, params.spaceId)
    const pages = pageContext(ctx.baseUrl, params.spaceId, content, await documentConverter(query.format))
    return presentPage(findPageByPath(pages, params.pagePath), pages)
  },
})

const RevisionParams = Type.Object({ ...SpaceId, revisionId: Id('Id of the revision') })

export const getRevisionById = defineOperation({
  id: 'getRevisionById',
  method: 'GET',
  path: '/spaces/{spaceId}/revisions/{revisionId}',
  tag: 'content',
  summary: 'A revision of the space',
  params: RevisionParams,
  query: RevisionQuery,
  success: 200,
  async handler(ctx, { params }) {
    const { revision, content } = await loadRevision(ctx, params.spaceId, params.revisionId)
    return presentRevisionOf(ctx, revision, content)
  },
})

export const listPagesInRevisionById = defineOperation({
  id: 'listPagesInRevisionById',
  method: 'GET',
  path: '/spaces/{spaceId}/revisions/{revisionId}/pages',
  tag: 'content',
  summary: 'The page tree of a revision',
  params: RevisionParams,
  query: RevisionQuery,
  success: 200,
  async handler(ctx, { params }) {
    const { content } = await loadRevision(ctx, params.spaceId, params.revisionId)
    return { pages: presentPageTree(pageContext(ctx.baseUrl, params.spaceId, content)) }
  },
})

export const getPageInRevisionById = defineOperation({
  id: 'getPageInRevisionById',
  method: 'GET',
  path: '/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}',
  tag: 'content',
  summary: 'A page of a revision',
  params: Type.Object({ ...SpaceId, revisionId: Id('Id of the revision'), pageId: Id('Id of the page') }),
  query: PageQuery,
  success: 200,
  async handler(ctx, { params, query }) {
    const { content } = await loadRevision(ctx, params.spaceId, params.revisionId)
    return presentPage(findPage(content, params.pageId), pageContext(ctx.baseUrl, params.spaceId, content, await documentConverter(query.format)))
  },
})

export const getPageInRevisionByPath = defineOperation({
  id: 'getPageInRevisionByPath',
  method: 'GET',
  path: '/spaces/{spaceId}/revisions/{revisionId}/path/{pagePath}',
  tag: 'content',
  summary: 'A page of a revision by its path',
  params: Type.Object({ ...SpaceId, revisionId: Id('Id of the revision'), pagePath: Type.String({ minLength: 1, maxLength: 2048 }) }),
  query: PageQuery,
  success: 200,
  async handler(ctx, { params, query }) {
    const { content } = await loadRevision(ctx, params.spaceId, params.revisionId)
    const pages = pageContext(ctx.baseUrl, params.spaceId, content, await documentConverter(query.format))
    return presentPage(findPageByPath(pages, params.pagePath), pages)
  },
})
