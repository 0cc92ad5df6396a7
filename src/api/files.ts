/** Files of a space's content, of a revision, and of a change request; and the pages that reference a file. */
import { Type } from '@sinclair/typebox/type'
import { defineOperation } from './operation'
import { Id } from './schemas/common'
import { PageQuery as ListPageQuery, pageOfList } from './schemas/pagination'
import { loadRevision } from './content'
import { crContent } from './change-requests'
import { presentFile } from './presenters/file'
import { checkLinks } from '../domain/links/check-links'
import { NotFoundError } from '../errors'
import type { ContentSnapshot, FileSnapshot } from '../domain/revisions/content'

const SpaceId = { spaceId: Id('Id of the space') }
const CrId = { changeRequestId: Id('Id or number of the change request') }
const FileId = { fileId: Id('Id of the file') }

function filesOf(content: ContentSnapshot): FileSnapshot[] {
  return [...(content.files?.values() ?? [])].sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1))
}

function fileOf(content: ContentSnapshot, fileId: string): FileSnapshot {
  const file = content.files?.get(fileId)
  if (!file) throw new NotFoundError(`File "${fileId}" does not exist in this revision.`)
  return file
}

/** Pages whose links point at the file. */
function backlinks(content: ContentSnapshot, fileId: string, spaceId: string) {
  fileOf(content, fileId)
  const pages = new Map<string, { path: string; lines: number[] }>()
  for (const link of checkLinks(content)) {
    if (link.kind !== 'file' || link.targetFile !== fileId) continue
    const entry = pages.get(link.page) ?? { path: link.path, lines: [] }
    entry.lines.push(link.line)
    pages.set(link.page, entry)
  }
  return [...pages].map(([page, { path, lines }]) => ({
    object: 'link' as const,
    status: 'ok',
    relation: 'reference',
    targetReference: { kind: 'file', file: fileId, space: spaceId },
    locationReferences: [{ kind: 'page', page, space: spaceId }],
    location: { page, path, lines },
  }))
}

const listQuery = Type.Object({ ...ListPageQuery })

export const listFiles = defineOperation({
  id: 'listFiles',
  method: 'GET',
  path: '/spaces/{spaceId}/content/files',
  tag: 'content',
  summary: 'The files of the active revision',
  params: Type.Object(SpaceId),
  query: listQuery,
  success: 200,
  async handler(ctx, { params, query }) {
    const { content } = await loadRevision(ctx, params.spaceId)
    return pageOfList(filesOf(content).map((f) => presentFile(f, ctx.baseUrl)), query)
  },
})

export const getFileById = defineOperation({
  id: 'getFileById',
  method: 'GET',
  path: '/spaces/{spaceId}/content/files/{fileId}',
  tag: 'content',
  summary: 'A file of the active revision',
  params: Type.Object({ ...SpaceId, ...FileId }),
  success: 200,
  async handler(ctx, { params }) {
    const { content } = await loadRevision(ctx, params.spaceId)
    return presentFile(fileOf(content, params.fileId), ctx.baseUrl)
  },
})

export const listFileBacklinks = defineOperation({
  id: 'listFileBacklinks',
  method: 'GET',
  path: '/spaces/{spaceId}/content/files/{fileId}/backlinks',
  tag: 'content',
  summary: 'The pages of the active revision that reference a file',
  params: Type.Object({ ...SpaceId, ...FileId }),
  query: listQuery,
  success: 200,
  async handler(ctx, { params, query }) {
    const { content } = await loadRevision(ctx, params.spaceId)
    return pageOfList(backlinks(content, params.fileId, params.spaceId), query)
  },
})

export const listFilesInRevisionById = defineOperation({
  id: 'listFilesInRevisionById',
  method: 'GET',
  path: '/spaces/{spaceId}/revisions/{revisionId}/files',
  tag: 'content',
  summary: 'The files of a revision',
  params: Type.Object({ ...SpaceId, revisionId: Id('Id of the revision') }),
  query: listQuery,
  success: 200,
  async handler(ctx, { params, query }) {
    const { content } = await loadRevision(ctx, params.spaceId, params.revisionId)
    return pageOfList(filesOf(content).map((f) => presentFile(f, ctx.baseUrl)), query)
  },
})

export const getFileInRevisionById = defineOperation({
  id: 'getFileInRevisionById',
  method: 'GET',
  path: '/spaces/{spaceId}/revisions/{revisionId}/files/{fileId}',
  tag: 'content',
  summary: 'A file of a revision',
  params: Type.Object({ ...SpaceId, revisionId: Id('Id of the revision'), ...FileId }),
  success: 200,
  async handler(ctx, { params }) {
    const { content } = await loadRevision(ctx, params.spaceId, params.revisionId)
    return presentFile(fileOf(content, params.fileId), ctx.baseUrl)
  },
})

export const listFilesInChangeRequestById = defineOperation({
  id: 'listFilesInChangeRequestById',
  method: 'GET',
  path: '/spaces/{spaceId}/change-requests/{changeRequestId}/content/files',
  tag: 'change-requests',
  summary: 'The files of a change request',
  params: Type.Object({ ...SpaceId, ...CrId }),
  query: listQuery,
  success: 200,
  async handler(ctx, { params, query }) {
    const { content } = await crContent(ctx, params.spaceId, params.changeRequestId)
    return pageOfList(filesOf(content).map((f) => presentFile(f, ctx.baseUrl)), query)
  },
})

export const getFileInChangeRequestById = defineOperation({
  id: 'getFileInChangeRequestById',
  method: 'GET',
  path: '/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}',
  tag: 'change-requests',
  summary: 'A file of a change request',
  params: Type.Object({ ...SpaceId, ...CrId, ...FileId }),
  success: 200,
  async handler(ctx, { params }) {
    const { content } = await crContent(ctx, params.spaceId, params.changeRequestId)
    return presentFile(fileOf(content, params.fileId), ctx.baseUrl)
  },
})

export const listFileBacklinksInChangeRequest = defineOperation({
  id: 'listFileBacklinksInChangeRequest',
  method: 'GET',
  path: '/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}/backlinks',
  tag: 'change-requests',
  summary: 'The pages of a change request that reference a file',
  params: Type.Object({ ...SpaceId, ...CrId, ...FileId }),
  query: listQuery,
  success: 200,
  async handler(ctx, { params, query }) {
    const { content } = await crContent(ctx, params.spaceId, params.changeRequestId)
    return pageOfList(backlinks(content, params.fileId, params.spaceId), query)
  },
})
