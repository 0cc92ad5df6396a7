/** Collections: the spec's eight Collections rows. */
import { Type } from '@sinclair/typebox/type'
import { defineOperation, type OperationContext } from './operation'
import { ContentPosition, DefaultLevel, Id, Nullable } from './schemas/common'
import { Limits } from './schemas/limits'
import { ListOf, PageQuery, listEnvelope } from './schemas/pagination'
import { presentCollection } from './presenters/collection'
import { presentSpaces } from './presenters/space'
import { loadOrganization } from './organizations'
import { findCollectionById, insertCollection, listCollectionsOfOrganization, updateCollection } from '../store/collections'
import { listSpaces } from '../store/spaces'
import { newId, nowIso } from '../store/ids'
import { sortOrderAt } from '../domain/ordering/place-content'
import { deleteCollectionTree } from '../domain/collections/delete-collection'
import { moveCollection as moveCollectionRow } from '../domain/collections/move-collection'
import { transferCollection as transferCollectionTree } from '../domain/collections/transfer-collection'
import { visibleContentIds } from '../domain/permissions/visible-content'
import { BadRequestError, NotFoundError } from '../errors'
import type { CollectionRow } from '../store/tables/collection.table'

const CollectionId = Type.Object({ collectionId: Id('Id of the collection') })
const Collection = Type.Object({ object: Type.Literal('collection'), id: Type.String(), title: Type.String() }, { additionalProperties: true })
const Space = Type.Object({ object: Type.Literal('space'), id: Type.String(), title: Type.String() }, { additionalProperties: true })

/** Loads a collection the caller may see (404 alike for missing and invisible ones). */
export async function loadCollection(ctx: OperationContext, collectionId: string): Promise<CollectionRow> {
  const row = await findCollectionById(ctx.db, collectionId)
  if (!row) throw new NotFoundError(`Collection "${collectionId}" does not exist or is not visible to you.`)
  await ctx.access.authorize('collection', 'view', { kind: 'collection', row })
  return row
}

export const getCollectionById = defineOperation({
  id: 'getCollectionById',
  method: 'GET',
  path: '/collections/{collectionId}',
  tag: 'collections',
  summary: 'Get a collection',
  params: CollectionId,
  success: 200,
  response: Collection,
  async handler(ctx, { params }) {
    return presentCollection(await loadCollection(ctx, params.collectionId), ctx)
  },
})

export const updateCollectionById = defineOperation({
  id: 'updateCollectionById',
  method: 'PATCH',
  path: '/collections/{collectionId}',
  tag: 'collections',
  summary: 'Update the title, description or default level of a collection (admins of the collection)',
  params: CollectionId,
  body: Type.Object({
    title: Type.Optional(Type.String({ minLength: 1, maxLength: Limits.collection.title })),
    description: Type.Optional(Type.String({ maxLength: Limits.collection.description })),
    defaultLevel: Type.Optional(DefaultLevel),
  }),
  bodyRequired: true,
  success: 200,
  response: Collection,
  async handler(ctx, { params, body }) {
    const row = await loadCollection(ctx, params.collectionId)
    await ctx.access.authorize('collection', 'admin', { kind: 'collection', row })
    await updateCollection(ctx.db, row.id, {
      updated_at: nowIso(),
      ...(body.title !== undefined ? { title: body.title } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.defaultLevel !== undefined ? { default_level: body.defaultLevel } : {}),
    })
    ctx.access.invalidate()
    return presentCollection((await findCollectionById(ctx.db, row.id))!, ctx)
  },
})

export const deleteCollectionById = defineOperation({
  id: 'deleteCollectionById',
  method: 'DELETE',
  path: '/collections/{collectionId}',
  tag: 'collections',
  summary: 'Delete a collection and the collections nested in it',
  description: 'Spaces inside move to the deleted state: restorable for 7 days (to the organization root), then removed.',
  params: CollectionId,
  success: 204,
  async handler(ctx, { params }) {
    const row = await findCollectionById(ctx.db, params.collectionId)
    if (!row) return
    await ctx.access.authorize('collection', 'admin', { kind: 'collection', row })
    await deleteCollectionTree(ctx.db, row)
  },
})

export const listSpacesInCollectionById = defineOperation({
  id: 'listSpacesInCollectionById',
  method: 'GET',
  path: '/collections/{collectionId}/spaces',
  tag: 'collections',
  summary: 'List the spaces directly in a collection',
  params: CollectionId,
  query: Type.Object({ ...PageQuery }),
  success: 200,
  response: ListOf(Space),
  async handler(ctx, { params, query }) {
    const row = await loadCollection(ctx, params.collectionId)
    const visibleIds = (await visibleContentIds(ctx.db, ctx.access, row.organization_id))?.spaces
    const page = await listSpaces(ctx.db, { organizationId: row.organization_id, parentId: row.id, visibleIds }, { page: query.page, limit: query.limit! })
    return listEnvelope({ ...page, items: await presentSpaces(page.items, ctx) })
  },
})

export const moveCollection = defineOperation({
  id: 'moveCollection',
  method: 'POST',
  path: '/collections/{collectionId}/move',
  tag: 'collections',
  summary: 'Move a collection to another parent and/or position',
  params: CollectionId,
  body: Type.Object(
    { parent: Type.Optional(Nullable(Type.String({ minLength: 1 }))), position: Type.Optional(ContentPosition) },
    { minProperties: 1 },
  ),
  bodyRequired: true,
  success: 200,
  response: Collection,
  async handler(ctx, { params, body }) {
    const row = await loadCollection(ctx, params.collectionId)
    await ctx.access.authorize('collection', 'admin', { kind: 'collection', row })
    if (body.parent) {
      const parent = await loadCollection(ctx, body.parent)
      await ctx.access.authorize('collection', 'create', { kind: 'collection', row: parent })
    }
    await moveCollectionRow(ctx.db, row, body)
    ctx.access.invalidate()
    return presentCollection((await findCollectionById(ctx.db, row.id))!, ctx)
  },
})

export const transferCollection = defineOperation({
  id: 'transferCollection',
  method: 'POST',
  path: '/collections/{collectionId}/transfer',
  tag: 'collections',
  summary: 'Transfer a collection, with everything in it, to another organization',
  description: 'The caller must be an admin of both organizations. The collection lands at the root of the target.',
  params: CollectionId,
  body: Type.Object({ organization: Type.String({ minLength: 1, description: 'Id of the target organization' }) }),
  bodyRequired: true,
  success: 200,
  response: Collection,
  async handler(ctx, { params, body }) {
    const row = await loadCollection(ctx, params.collectionId)
    const source = await loadOrganization(ctx, row.organization_id)
    await ctx.access.authorize('organization', 'admin', { kind: 'organization', row: source })
    const target = await loadOrganization(ctx, body.organization)
    await ctx.access.authorize('organization', 'admin', { kind: 'organization', row: target })
    await transferCollectionTree(ctx.db, row, target.id)
    ctx.access.invalidate()
    return presentCollection((await findCollectionById(ctx.db, row.id))!, ctx)
  },
})

export const listCollectionsInOrganizationById = defineOperation({
  id: 'listCollectionsInOrganizationById',
  method: 'GET',
  path: '/orgs/{organizationId}/collections',
  tag: 'collections',
  summary: 'List the collections of an organization',
  params: Type.Object({ organizationId: Id('Id of the organization') }),
  query: Type.Object({
    ...PageQuery,
    nested: Type.Optional(Type.Boolean({ default: true, description: 'List nested collections too (default true); false: only top-level ones.' })),
  }),
  success: 200,
  response: ListOf(Collection),
  async handler(ctx, { params, query }) {
    const org = await loadOrganization(ctx, params.organizationId)
    const visibleIds = (await visibleContentIds(ctx.db, ctx.access, org.id))?.collections
    const page = await listCollectionsOfOrganization(ctx.db, org.id, { nested: query.nested !== false, visibleIds }, { page: query.page, limit: query.limit! })
    return listEnvelope({ ...page, items: await Promise.all(page.items.map((c) => presentCollection(c, ctx))) })
  },
})

export const createCollection = defineOperation({
  id: 'createCollection',
  method: 'POST',
  path: '/orgs/{organizationId}/collections',
  tag: 'collections',
  summary: 'Create a collection, at the root or inside another collection',
  params: Type.Object({ organizationId: Id('Id of the organization') }),
  body: Type.Object({
    title: Type.Optional(Type.String({ maxLength: Limits.collection.title })),
    description: Type.Optional(Type.String({ maxLength: Limits.collection.description })),
    parent: Type.Optional(Type.String({ minLength: 1, description: 'Id of a parent collection' })),
    defaultLevel: Type.Optional(DefaultLevel),
  }),
  success: 201,
  response: Collection,
  async handler(ctx, { params, body }) {
    const org = await loadOrganization(ctx, params.organizationId)
    if (body.parent) {
      const parent = await loadCollection(ctx, body.parent)
      if (parent.organization_id !== org.id) throw new BadRequestError(`body.parent: collection "${body.parent}" is not in organization "${org.id}".`)
      await ctx.access.authorize('collection', 'create', { kind: 'collection', row: parent })
    } else {
      await ctx.access.authorize('organization', 'createContent', { kind: 'organization', row: org })
    }
    const at = nowIso()
    const row = await ctx.db.transaction().execute(async (trx) => {
      const row: CollectionRow = {
        id: newId(),
        organization_id: org.id,
        parent_id: body.parent ?? null,
        title: body.title?.trim() || 'Untitled collection',
        description: body.description ?? null,
        default_level: body.defaultLevel === undefined ? 'inherit' : body.defaultLevel,
        sort_order: await sortOrderAt(trx, null, body.parent ?? null, org.id),
        created_at: at,
        updated_at: at,
      }
      await insertCollection(trx, row)
      return row
    })
    ctx.access.invalidate()
    return presentCollection(row, ctx)
  },
})
