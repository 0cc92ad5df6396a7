/** Spaces: the spec's nine Spaces rows plus createSpace. */
import { Type } from '@sinclair/typebox/type'
import { defineOperation, type OperationContext } from './operation'
import { ContentPosition, DefaultLevel, EditMode, Emoji, Id, Language, MergeRules, Nullable, SpaceVisibility } from './schemas/common'
import { Limits } from './schemas/limits'
import { ListOf, PageQuery, listEnvelope } from './schemas/pagination'
import { presentSpace, presentSpaces } from './presenters/space'
import { loadOrganization } from './organizations'
import { loadCollection } from './collections'
import { findSpaceById, listSpaces, updateSpace } from '../store/spaces'
import { nowIso } from '../store/ids'
import { createSpace as createSpaceRow } from '../domain/spaces/create-space'
import { deleteSpace, duplicateSpace as duplicateSpaceRow, moveSpace as moveSpaceRow, restoreSpace as restoreSpaceRow, transferSpace as transferSpaceRow } from '../domain/spaces/space-lifecycle'
import { visibleContentIds } from '../domain/permissions/visible-content'
import { VISITOR_TOKEN_MAX_LENGTH } from '../domain/sites/visitor-token'
import { BadRequestError, NotFoundError } from '../errors'
import type { SpaceRow, SpaceUpdate } from '../store/tables/space.table'

const SpaceId = Type.Object({ spaceId: Id('Id of the space') })
const Space = Type.Object({ object: Type.Literal('space'), id: Type.String(), title: Type.String() }, { additionalProperties: true })
const Title = Type.String({ maxLength: Limits.space.title })

/** Loads a space the caller may see (404 alike for missing and invisible ones). Deleted spaces load too. */
export async function loadSpace(ctx: OperationContext, spaceId: string): Promise<SpaceRow> {
  const row = await findSpaceById(ctx.db, spaceId)
  if (!row) throw new NotFoundError(`Space "${spaceId}" does not exist or is not visible to you.`)
  await ctx.access.authorize('space', 'view', { kind: 'space', row })
  return row
}

/** Loads a live space: a deleted one answers 404 with how to get it back. */
export async function loadLiveSpace(ctx: OperationContext, spaceId: string): Promise<SpaceRow> {
  const row = await loadSpace(ctx, spaceId)
  if (row.deleted_at) throw new NotFoundError(`Space "${spaceId}" was deleted on ${row.deleted_at}; restore it with POST /v1/spaces/${spaceId}/restore.`)
  return row
}

function checkVisibility(visibility: string | undefined, parentId: string | null) {
  if (visibility === 'in-collection' && !parentId) {
    throw new BadRequestError('body.visibility: "in-collection" is only for spaces in a collection; move the space into one first.')
  }
}

export const getSpaceById = defineOperation({
  id: 'getSpaceById',
  method: 'GET',
  path: '/spaces/{spaceId}',
  tag: 'spaces',
  summary: 'Get a space',
  description: 'A deleted space is answered with `deletedAt` while it can be restored.',
  params: SpaceId,
  query: Type.Object({
    shareKey: Type.Optional(Type.String({ maxLength: Limits.shareLink.key, description: 'Key of an active share link: opens the spaces of the published site it belongs to.' })),
    visitorAuthToken: Type.Optional(Type.String({ maxLength: VISITOR_TOKEN_MAX_LENGTH, description: 'A visitor token signed for a published site: opens the spaces it shows the visitor.' })),
  }),
  success: 200,
  response: Space,
  async handler(ctx, { params, query }) {
    return presentSpace(await loadSpace(ctx, params.spaceId), ctx)
  },
})

export const updateSpaceById = defineOperation({
  id: 'updateSpaceById',
  method: 'PATCH',
  path: '/spaces/{spaceId}',
  tag: 'spaces',
  summary: 'Update a space (admins of the space)',
  params: SpaceId,
  body: Type.Object({
    title: Type.Optional(Title),
    emoji: Type.Optional(Nullable(Emoji)),
    icon: Type.Optional(Nullable(Type.String({ format: 'uri', maxLength: 2048 }))),
    editMode: Type.Optional(EditMode),
    defaultLevel: Type.Optional(DefaultLevel),
    language: Type.Optional(Nullable(Language)),
    visibility: Type.Optional(SpaceVisibility),
    mergeRules: Type.Optional(MergeRules),
  }),
  bodyRequired: true,
  success: 200,
  response: Space,
  async handler(ctx, { params, body }) {
    const row = await loadLiveSpace(ctx, params.spaceId)
    await ctx.access.authorize('space', 'admin', { kind: 'space', row })
    checkVisibility(body.visibility, row.parent_id)
    const update: SpaceUpdate = { updated_at: nowIso() }
    if (body.title !== undefined) update.title = body.title
    if (body.emoji !== undefined) update.emoji = body.emoji
    if (body.icon !== undefined) update.icon = body.icon
    if (body.editMode !== undefined) update.edit_mode = body.editMode
    if (body.defaultLevel !== undefined) update.default_level = body.defaultLevel
    if (body.language !== undefined) update.language = body.language
    if (body.visibility !== undefined) update.visibility = body.visibility
    if (body.mergeRules !== undefined) update.merge_rules = JSON.stringify(body.mergeRules)
    await updateSpace(ctx.db, row.id, update)
    ctx.access.invalidate()
    return presentSpace((await findSpaceById(ctx.db, row.id))!, ctx)
  },
})

export const deleteSpaceById = defineOperation({
  id: 'deleteSpaceById',
  method: 'DELETE',
  path: '/spaces/{spaceId}',
  tag: 'spaces',
  summary: 'Delete a space: restorable for 7 days, then removed for good',
  params: SpaceId,
  success: 204,
  async handler(ctx, { params }) {
    const row = await findSpaceById(ctx.db, params.spaceId)
    if (!row) return
    await ctx.access.authorize('space', 'admin', { kind: 'space', row })
    await deleteSpace(ctx.db, row)
  },
})

export const restoreSpace = defineOperation({
  id: 'restoreSpace',
  method: 'POST',
  path: '/spaces/{spaceId}/restore',
  tag: 'spaces',
  summary: 'Restore a space deleted in the last 7 days',
  description: 'The space returns to its collection, or to the organization root when the collection is gone.',
  params: SpaceId,
  success: 200,
  response: Space,
  async handler(ctx, { params }) {
    const row = await loadSpace(ctx, params.spaceId)
    await ctx.access.authorize('space', 'admin', { kind: 'space', row })
    return presentSpace(await restoreSpaceRow(ctx.db, row), ctx)
  },
})

export const duplicateSpace = defineOperation({
  id: 'duplicateSpace',
  method: 'POST',
  path: '/spaces/{spaceId}/duplicate',
  tag: 'spaces',
  summary: 'Duplicate a space with its content',
  params: SpaceId,
  success: 201,
  response: Space,
  async handler(ctx, { params }) {
    const row = await loadLiveSpace(ctx, params.spaceId)
    await authorizeCreateIn(ctx, row.organization_id, row.parent_id)
    return presentSpace(await duplicateSpaceRow(ctx.db, row), ctx)
  },
})

export const moveSpace = defineOperation({
  id: 'moveSpace',
  method: 'POST',
  path: '/spaces/{spaceId}/move',
  tag: 'spaces',
  summary: 'Move a space to another collection and/or position',
  params: SpaceId,
  body: Type.Object(
    {
      parent: Type.Optional(Nullable(Type.String({ minLength: 1, description: 'Id of the parent collection; null: the organization root.' }))),
      position: Type.Optional(ContentPosition),
    },
    { minProperties: 1 },
  ),
  bodyRequired: true,
  success: 200,
  response: Space,
  async handler(ctx, { params, body }) {
    const row = await loadLiveSpace(ctx, params.spaceId)
    await ctx.access.authorize('space', 'admin', { kind: 'space', row })
    if (body.parent !== undefined && body.parent !== row.parent_id) await authorizeCreateIn(ctx, row.organization_id, body.parent)
    await moveSpaceRow(ctx.db, row, body)
    ctx.access.invalidate()
    return presentSpace((await findSpaceById(ctx.db, row.id))!, ctx)
  },
})

export const transferSpace = defineOperation({
  id: 'transferSpace',
  method: 'POST',
  path: '/spaces/{spaceId}/transfer',
  tag: 'spaces',
  summary: 'Transfer a space to another organization (admin of both)',
  params: SpaceId,
  body: Type.Object({ organization: Type.String({ minLength: 1, description: 'Id of the target organization' }) }),
  bodyRequired: true,
  success: 200,
  response: Space,
  async handler(ctx, { params, body }) {
    const row = await loadLiveSpace(ctx, params.spaceId)
    const source = await loadOrganization(ctx, row.organization_id)
    await ctx.access.authorize('organization', 'admin', { kind: 'organization', row: source })
    const target = await loadOrganization(ctx, body.organization)
    await ctx.access.authorize('organization', 'admin', { kind: 'organization', row: target })
    await transferSpaceRow(ctx.db, row, target.id)
    ctx.access.invalidate()
    return presentSpace((await findSpaceById(ctx.db, row.id))!, ctx)
  },
})

export const listSpacesInOrganizationById = defineOperation({
  id: 'listSpacesInOrganizationById',
  method: 'GET',
  path: '/orgs/{organizationId}/spaces',
  tag: 'spaces',
  summary: 'List the spaces of an organization (all collections included)',
  params: Type.Object({ organizationId: Id('Id of the organization') }),
  query: Type.Object({ ...PageQuery }),
  success: 200,
  response: ListOf(Space),
  async handler(ctx, { params, query }) {
    const org = await loadOrganization(ctx, params.organizationId)
    const visibleIds = (await visibleContentIds(ctx.db, ctx.access, org.id))?.spaces
    const page = await listSpaces(ctx.db, { organizationId: org.id, visibleIds }, { page: query.page, limit: query.limit! })
    return listEnvelope({ ...page, items: await presentSpaces(page.items, ctx) })
  },
})

export const createSpace = defineOperation({
  id: 'createSpace',
  method: 'POST',
  path: '/orgs/{organizationId}/spaces',
  tag: 'spaces',
  summary: 'Create a space; it starts with an empty first revision',
  params: Type.Object({ organizationId: Id('Id of the organization') }),
  body: Type.Object({
    title: Type.Optional(Title),
    emoji: Type.Optional(Emoji),
    parent: Type.Optional(Type.String({ minLength: 1, description: 'Id of a parent collection' })),
    language: Type.Optional(Language),
    editMode: Type.Optional(EditMode),
    visibility: Type.Optional(SpaceVisibility),
    defaultLevel: Type.Optional(DefaultLevel),
  }),
  success: 201,
  response: Space,
  async handler(ctx, { params, body }) {
    const org = await loadOrganization(ctx, params.organizationId)
    await authorizeCreateIn(ctx, org.id, body.parent ?? null)
    checkVisibility(body.visibility, body.parent ?? null)
    const row = await ctx.db.transaction().execute((trx) =>
      createSpaceRow(trx, {
        organizationId: org.id,
        parentId: body.parent ?? null,
        title: body.title?.trim() || 'Untitled space',
        emoji: body.emoji,
        language: body.language,
        editMode: body.editMode,
        visibility: body.visibility,
        defaultLevel: body.defaultLevel,
      }),
    )
    return presentSpace(row, ctx)
  },
})

/** Creating content needs `create` on the collection it goes into, or on the organization at the root. */
async function authorizeCreateIn(ctx: OperationContext, organizationId: string, parentId: string | null) {
  if (parentId) {
    const parent = await loadCollection(ctx, parentId)
    if (parent.organization_id !== organizationId) throw new BadRequestError(`body.parent: collection "${parentId}" is not in organization "${organizationId}".`)
    await ctx.access.authorize('collection', 'create', { kind: 'collection', row: parent })
  } else {
    const org = await loadOrganization(ctx, organizationId)
    await ctx.access.authorize('organization', 'createContent', { kind: 'organization', row: org })
  }
}
