/**
 * Reusable contents (blocks pages pull in with `{% include %}`; `.gitbook/includes` in Git Sync format) of a
 * space's content, of a revision, and of a change request. They come in by git import and `docsctl dev`.
 */
import { Type } from '@sinclair/typebox/type'
import { defineOperation } from './operation'
import { Id } from './schemas/common'
import { loadRevision } from './content'
import { crContent } from './change-requests'
import { presentReusableContent } from './presenters/reusable-content'
import { NotFoundError } from '../errors'
import type { ContentSnapshot } from '../domain/revisions/content'

const SpaceId = { spaceId: Id('Id of the space') }
const ReusableContentId = { reusableContentId: Id('Id of the reusable content') }

function reusableOf(content: ContentSnapshot, id: string) {
  const reusable = content.reusableContents?.get(id)
  if (!reusable) throw new NotFoundError(`Reusable content "${id}" does not exist in this revision.`)
  return presentReusableContent(reusable, { markdown: true })
}

export const getReusableContentById = defineOperation({
  id: 'getReusableContentById',
  method: 'GET',
  path: '/spaces/{spaceId}/content/reusable-contents/{reusableContentId}',
  tag: 'content',
  summary: 'A reusable content of the active revision',
  params: Type.Object({ ...SpaceId, ...ReusableContentId }),
  success: 200,
  async handler(ctx, { params }) {
    const { content } = await loadRevision(ctx, params.spaceId)
    return reusableOf(content, params.reusableContentId)
  },
})

export const getReusableContentInRevisionById = defineOperation({
  id: 'getReusableContentInRevisionById',
  method: 'GET',
  path: '/spaces/{spaceId}/revisions/{revisionId}/reusable-contents/{reusableContentId}',
  tag: 'content',
  summary: 'A reusable content of a revision',
  params: Type.Object({ ...SpaceId, revisionId: Id('Id of the revision'), ...ReusableContentId }),
  success: 200,
  async handler(ctx, { params }) {
    const { content } = await loadRevision(ctx, params.spaceId, params.revisionId)
    return reusableOf(content, params.reusableContentId)
  },
})

export const getReusableContentInChangeRequestById = defineOperation({
  id: 'getReusableContentInChangeRequestById',
  method: 'GET',
  path: '/spaces/{spaceId}/change-requests/{changeRequestId}/content/reusable-contents/{reusableContentId}',
  tag: 'change-requests',
  summary: 'A reusable content of a change request',
  params: Type.Object({ ...SpaceId, changeRequestId: Id('Id or number of the change request'), ...ReusableContentId }),
  success: 200,
  async handler(ctx, { params }) {
    const { content } = await crContent(ctx, params.spaceId, params.changeRequestId)
    return reusableOf(content, params.reusableContentId)
  },
})
