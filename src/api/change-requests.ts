/** Change requests and their content: the spec's "Change requests" and "Change request content" tables. */
import { Type } from '@sinclair/typebox/type'
import { defineOperation, type OperationContext } from './operation'
import { Emoji, Id } from './schemas/common'
import { Limits } from './schemas/limits'
import { PageQuery as ListPageQuery, listEnvelope } from './schemas/pagination'
import { loadLiveSpace } from './spaces'
import { PageQuery, RevisionQuery, findPage, presentRevisionOf } from './content'
import { presentChangeRequest, presentChangeRequests } from './presenters/change-request'
import { documentConverter, pageContext, presentPage, presentPageTree } from './presenters/page'
import { presentFile } from './presenters/file'
import { findChangeRequest, listChangeRequests, updateChangeRequest as updateChangeRequestRow } from '../store/change-requests'
import { findRevisionById } from '../store/revisions'
import { nowIso } from '../store/ids'
import { createChangeRequest as createChangeRequestRow, mergeChangeRequest as mergeChangeRequestRows, updateContent, updateFromSpace } from '../domain/change-requests/change-requests'
import { loadContent } from '../domain/revisions/content'
import { signPrintLink } from '../domain/print/print-link'
import { IMPORT_SOURCES, importDocument, type ImportSource } from '../domain/change-requests/import-content'
import type { ContentChange } from '../domain/change-requests/apply-content-changes'
import type { PreparedFile } from '../domain/files/file-source'
import { BadRequestError, ConflictError, NotFoundError } from '../errors'
import type { ChangeRequestRow } from '../store/tables/change-request.table'
import type { SpaceRow } from '../store/tables/space.table'

const STATUSES = ['draft', 'open', 'archived', 'merged'] as const
const Status = Type.Unsafe<(typeof STATUSES)[number]>({ type: 'string', enum: [...STATUSES] })
const CrParams = Type.Object({ spaceId: Id('Id of the space'), changeRequestId: Id('Id or number of the change request') })
const ChangeRequest = Type.Object({ object: Type.Literal('change-request'), id: Type.String(), number: Type.Number() }, { additionalProperties: true })

/** The space and one of its change requests (404 when either is missing or invisible). */
export async function loadChangeRequest(ctx: OperationContext, spaceId: string, changeRequestId: string): Promise<{ space: SpaceRow; cr: ChangeRequestRow }> {
  const space = await loadLiveSpace(ctx, spaceId)
  const cr = await findChangeRequest(ctx.db, space.id, changeRequestId)
  if (!cr) throw new NotFoundError(`Change request "${changeRequestId}" does not exist in space "${spaceId}".`)
  return { space, cr }
}

export const createChangeRequest = defineOperation({
  id: 'createChangeRequest',
  method: 'POST',
  path: '/spaces/{spaceId}/change-requests',
  tag: 'change-requests',
  summary: "Create a change request from the space's active revision",
  params: Type.Object({ spaceId: Id('Id of the space') }),
  body: Type.Object({
    subject: Type.Optional(Type.String({ maxLength: Limits.changeRequest.subject })),
    agentTaskId: Type.Optional(Type.String({ maxLength: 256 })),
  }),
  success: 201,
  response: ChangeRequest,
  async handler(ctx, { params, body }) {
    const space = await loadLiveSpace(ctx, params.spaceId)
    await ctx.access.authorize('space', 'edit', { kind: 'space', row: space })
    const cr = await createChangeRequestRow(ctx.db, space, ctx.actor.user.id, body.subject?.trim() ?? '')
    return presentChangeRequest(ctx, space, cr)
  },
})

export const listChangeRequestsForSpace = defineOperation({
  id: 'listChangeRequestsForSpace',
  method: 'GET',
  path: '/spaces/{spaceId}/change-requests',
  tag: 'change-requests',
  summary: 'List the change requests of a space (default: open ones), newest first',
  params: Type.Object({ spaceId: Id('Id of the space') }),
  query: Type.Object({
    ...ListPageQuery,
    status: Type.Optional(Type.Unsafe<string>({ type: 'string', enum: [...STATUSES], default: 'open' })),
    creator: Type.Optional(Type.String({ description: 'Only change requests created by this user.' })),
    contributor: Type.Optional(Type.String({ description: 'Only change requests this user created or changed the content of.' })),
  }),
  success: 200,
  async handler(ctx, { params, query }) {
    const space = await loadLiveSpace(ctx, params.spaceId)
    const page = await listChangeRequests(ctx.db, space.id, { status: query.status, createdBy: query.creator, contributor: query.contributor }, { page: query.page, limit: query.limit! })
    return listEnvelope({ ...page, items: await presentChangeRequests(ctx, space, page.items) })
  },
})

export const getChangeRequestById = defineOperation({
  id: 'getChangeRequestById',
  method: 'GET',
  path: '/spaces/{spaceId}/change-requests/{changeRequestId}',
  tag: 'change-requests',
  summary: 'Get a change request by id or number',
  params: CrParams,
  success: 200,
  response: ChangeRequest,
  async handler(ctx, { params }) {
    const { space, cr } = await loadChangeRequest(ctx, params.spaceId, params.changeRequestId)
    return presentChangeRequest(ctx, space, cr)
  },
})

export const updateChangeRequestById = defineOperation({
  id: 'updateChangeRequestById',
  method: 'PATCH',
  path: '/spaces/{spaceId}/change-requests/{changeRequestId}',
  tag: 'change-requests',
  summary: 'Change the subject or status of a change request',
  description: 'Status moves between draft, open and archived; a merged change request keeps its status, and merging is done with …/merge.',
  params: CrParams,
  body: Type.Object({ subject: Type.Optional(Type.String({ maxLength: Limits.changeRequest.subject })), status: Type.Optional(Status) }),
  bodyRequired: true,
  success: 200,
  response: ChangeRequest,
  async handler(ctx, { params, body }) {
    const { space, cr } = await loadChangeRequest(ctx, params.spaceId, params.changeRequestId)
    await ctx.access.authorize('space', 'edit', { kind: 'space', row: space })
    if (body.status !== undefined && body.status !== cr.status) {
      if (cr.status === 'merged') throw new ConflictError(`Change request #${cr.number} is merged: its status cannot change.`)
      if (body.status === 'merged') throw new BadRequestError('body.status: a change request becomes "merged" by POST …/merge, not by setting its status.')
    }
    const updated = { ...cr, updated_at: nowIso(), ...(body.subject !== undefined ? { subject: body.subject.trim() } : {}), ...(body.status !== undefined ? { status: body.status } : {}) }
    await updateChangeRequestRow(ctx.db, cr.id, { subject: updated.subject, status: updated.status, updated_at: updated.updated_at })
    return presentChangeRequest(ctx, space, updated)
  },
})

export const mergeChangeRequest = defineOperation({
  id: 'mergeChangeRequest',
  method: 'POST',
  path: '/spaces/{spaceId}/change-requests/{changeRequestId}/merge',
  tag: 'change-requests',
  summary: 'Merge a change request into the space (three-way); 409 lists the conflicts',
  params: CrParams,
  success: 200,
  async handler(ctx, { params }) {
    const { space, cr } = await loadChangeRequest(ctx, params.spaceId, params.changeRequestId)
    await ctx.access.authorize('space', 'merge', { kind: 'space', row: space })
    return { revision: await mergeChangeRequestRows(ctx.db, space, cr), result: 'merge' }
  },
})

export const updateChangeRequest = defineOperation({
  id: 'updateChangeRequest',
  method: 'POST',
  path: '/spaces/{spaceId}/change-requests/{changeRequestId}/update',
  tag: 'change-requests',
  summary: "Bring the space's current content into the change request (three-way); 409 lists the conflicts",
  params: CrParams,
  success: 200,
  async handler(ctx, { params }) {
    const { space, cr } = await loadChangeRequest(ctx, params.spaceId, params.changeRequestId)
    await ctx.access.authorize('space', 'edit', { kind: 'space', row: space })
    return { revision: await updateFromSpace(ctx.db, space, cr), result: 'update' }
  },
})

const PageFields = {
  title: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
  slug: Type.Optional(Type.String({ maxLength: 100 })),
  emoji: Type.Optional(Type.Union([Emoji, Type.Literal('')])),
  icon: Type.Optional(Type.String({ maxLength: 100 })),
  description: Type.Optional(Type.String({ maxLength: 1000 })),
  hidden: Type.Optional(Type.Boolean()),
  noIndex: Type.Optional(Type.Boolean()),
  noRobotsIndex: Type.Optional(Type.Boolean()),
}
const Document = Type.Object({ markdown: Type.Optional(Type.String({ maxLength: 1_000_000 })) })
const Change = Type.Union([
  Type.Object({
    operation: Type.Literal('insert_page'),
    document: Document,
    into: Type.Optional(Type.String({ minLength: 1 })),
    at: Type.Optional(Type.Integer({ minimum: 0 })),
    ref: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
    type: Type.Optional(Type.Unsafe<'document' | 'group'>({ type: 'string', enum: ['document', 'group'] })),
    ...PageFields,
  }),
  Type.Object({
    operation: Type.Literal('update_page'),
    page: Type.String({ minLength: 1 }),
    document: Type.Optional(Document),
    into: Type.Optional(Type.Union([Type.String({ minLength: 1 }), Type.Null()])),
    at: Type.Optional(Type.Integer({ minimum: 0 })),
    ...PageFields,
  }),
  Type.Object({ operation: Type.Literal('delete_page'), page: Type.String({ minLength: 1 }) }),
  Type.Object({ operation: Type.Literal('revert_page'), page: Type.String({ minLength: 1 }), revision: Type.Optional(Type.String({ minLength: 1 })) }),
  Type.Object({
    operation: Type.Literal('insert_files'),
    files: Type.Array(
      Type.Object({
        ref: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
        name: Type.String({ minLength: 1, maxLength: 256 }),
        contentType: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
        url: Type.Optional(Type.String({ format: 'uri', maxLength: 2048 })),
        base64: Type.Optional(Type.String({ maxLength: 1_400_000 })),
      }),
      { minItems: 1, maxItems: 20 },
    ),
  }),
])

export const updateChangeRequestContent = defineOperation({
  id: 'updateChangeRequestContent',
  method: 'POST',
  path: '/spaces/{spaceId}/change-requests/{changeRequestId}/content',
  tag: 'change-requests',
  summary: 'Apply an ordered batch of page changes (1 to 50) atomically, as one new revision',
  description:
    'Operations: insert_page, update_page, delete_page, revert_page, insert_files (url or base64 of at most 1 MiB; a `ref` links it from pages of the batch). A Markdown document\'s front matter sets the page metadata and wins over the fields; the title comes from front matter, else the leading heading, else `title`. One invalid change rejects the whole batch, naming it.',
  params: CrParams,
  query: Type.Object({ compat: Type.Optional(Type.Boolean({ default: true, description: 'false: answer {changeRequest, changes}' })) }),
  body: Type.Object({ changes: Type.Array(Change, { minItems: 1, maxItems: 50 }) }),
  bodyRequired: true,
  success: 200,
  async handler(ctx, { params, query, body }) {
    const { space, cr } = await loadChangeRequest(ctx, params.spaceId, params.changeRequestId)
    await ctx.access.authorize('space', 'edit', { kind: 'space', row: space })
    const result = await updateContent(ctx.db, space, cr, ctx.actor.user.id, body.changes as never)
    const changeRequest = await presentChangeRequest(ctx, space, result.cr)
    if (query.compat !== false) return changeRequest
    const location = (page: string) => `${ctx.baseUrl}/v1/spaces/${space.id}/change-requests/${cr.id}/content/page/${page}`
    return {
      changeRequest,
      changes: result.outcomes.map((o) => ({ object: o.object, page: { object: 'page', id: o.page, urls: { location: location(o.page) } } })),
      insertedFiles: result.insertedFiles.map((f) => presentFile(f, ctx.baseUrl)),
    }
  },
})

/** A change request with its head revision and content. */
export async function crContent(ctx: OperationContext, spaceId: string, changeRequestId: string) {
  const { space, cr } = await loadChangeRequest(ctx, spaceId, changeRequestId)
  const revision = (await findRevisionById(ctx.db, cr.revision_id))!
  return { space, cr, revision, content: await loadContent(ctx.db, revision.content_hash) }
}

export const getRevisionOfChangeRequestById = defineOperation({
  id: 'getRevisionOfChangeRequestById',
  method: 'GET',
  path: '/spaces/{spaceId}/change-requests/{changeRequestId}/content',
  tag: 'change-requests',
  summary: "The change request's head revision",
  params: CrParams,
  query: RevisionQuery,
  success: 200,
  async handler(ctx, { params }) {
    const { revision, content } = await crContent(ctx, params.spaceId, params.changeRequestId)
    return presentRevisionOf(ctx, revision, content)
  },
})

export const listPagesInChangeRequest = defineOperation({
  id: 'listPagesInChangeRequest',
  method: 'GET',
  path: '/spaces/{spaceId}/change-requests/{changeRequestId}/content/pages',
  tag: 'change-requests',
  summary: 'The page tree of the change request',
  params: CrParams,
  query: RevisionQuery,
  success: 200,
  async handler(ctx, { params }) {
    const { space, content } = await crContent(ctx, params.spaceId, params.changeRequestId)
    return { pages: presentPageTree(pageContext(ctx.baseUrl, space.id, content)) }
  },
})

export const getPageInChangeRequestById = defineOperation({
  id: 'getPageInChangeRequestById',
  method: 'GET',
  path: '/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}',
  tag: 'change-requests',
  summary: 'A page of the change request, with its Markdown',
  params: Type.Object({ spaceId: Id('Id of the space'), changeRequestId: Id('Id or number of the change request'), pageId: Id('Id of the page') }),
  query: PageQuery,
  success: 200,
  async handler(ctx, { params, query }) {
    const { space, content } = await crContent(ctx, params.spaceId, params.changeRequestId)
    return presentPage(findPage(content, params.pageId), pageContext(ctx.baseUrl, space.id, content, await documentConverter(query.format)))
  },
})

export const getChangeRequestPDF = defineOperation({
  id: 'getChangeRequestPDF',
  method: 'GET',
  path: '/spaces/{spaceId}/change-requests/{changeRequestId}/pdf',
  tag: 'change-requests',
  summary: 'A temporary (1 hour) address of a print-ready rendering of the change request, or of one page',
  description: 'The address serves HTML laid out for printing (one page a sheet); print it to PDF from a browser.',
  params: CrParams,
  query: Type.Object({ only: Type.Optional(Type.Boolean()), page: Type.Optional(Type.String({ minLength: 1 })) }),
  success: 200,
  async handler(ctx, { params, query }) {
    const { space, cr, content } = await crContent(ctx, params.spaceId, params.changeRequestId)
    if (query.page) findPage(content, query.page)
    if (query.only && !query.page) throw new BadRequestError('query.page: is required with only=true.')
    const token = await signPrintLink(ctx.db, {
      spaceId: space.id,
      revisionId: cr.revision_id,
      ...(query.only && query.page ? { pageId: query.page } : {}),
      title: `${space.title} — #${cr.number} ${cr.subject}`.trim(),
    })
    return { url: `${ctx.baseUrl}/print/${token}` }
  },
})

export const importContentInChangeRequest = defineOperation({
  id: 'importContentInChangeRequest',
  method: 'POST',
  path: '/spaces/{spaceId}/change-requests/{changeRequestId}/content/import',
  tag: 'change-requests',
  summary: 'Import a document from an address into the change request as a new page',
  description:
    '`source`: `markdown` (a Markdown file; front matter sets metadata), `html` or `website` (an HTML page, converted to Markdown), `docx` (a Word document, converted; its images become files of the change request).',
  params: CrParams,
  body: Type.Object({
    url: Type.String({ format: 'uri', maxLength: 2048 }),
    source: Type.Unsafe<ImportSource>({ type: 'string', enum: [...IMPORT_SOURCES] }),
  }),
  bodyRequired: true,
  success: 201,
  async handler(ctx, { params, body }) {
    const { space, cr } = await loadChangeRequest(ctx, params.spaceId, params.changeRequestId)
    await ctx.access.authorize('space', 'edit', { kind: 'space', row: space })
    const document = await importDocument(body.url, body.source)
    const changes: ContentChange[] = []
    const prepared = new Map<number, PreparedFile[]>()
    if (document.files.length) {
      prepared.set(0, document.files)
      changes.push({ operation: 'insert_files', files: document.files.map((f) => ({ ref: f.name, name: f.name, contentType: f.contentType })) })
    }
    changes.push({ operation: 'insert_page', title: document.title ?? titleFromUrl(body.url), document: { markdown: document.markdown } })
    const result = await updateContent(ctx.db, space, cr, ctx.actor.user.id, changes, prepared)
    return { revision: result.cr.revision_id, importedResources: 1 + document.files.length, totalResources: 1 + document.files.length }
  },
})

/** A title from the last path segment of an address (`getting-started.md` → `getting started`). */
function titleFromUrl(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.split('/').filter(Boolean).pop() ?? '').replace(/\.[a-z0-9]+$/i, '')
  return name.replace(/[-_]+/g, ' ').trim() || 'Imported page'
}
