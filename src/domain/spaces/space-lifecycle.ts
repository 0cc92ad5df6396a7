/**
 * A space's life: delete (to the deleted state), restore within the retention period, duplicate, move, transfer.
 * Each write is one transaction.
 */
import type { Db } from '../../store/database'
import type { SpaceRow, SpaceUpdate } from '../../store/tables/space.table'
import { findSpaceById, updateSpace } from '../../store/spaces'
import { findCollectionById } from '../../store/collections'
import { deleteUnusedRevision } from '../../store/revisions'
import { nowIso } from '../../store/ids'
import { BadRequestError, ConflictError } from '../../errors'
import { Limits } from '../../api/schemas/limits'
import { sortOrderAt } from '../ordering/place-content'
import type { PositionInput } from '../ordering/place-among-siblings'
import { copyRevision } from '../revisions/copy-revision'
import { createSpace } from './create-space'

/** `in-collection` only makes sense inside a collection: outside one, the space becomes private. */
export function visibilityOutside(space: Pick<SpaceRow, 'visibility'>, parentId: string | null): string {
  return !parentId && space.visibility === 'in-collection' ? 'private' : space.visibility
}

export async function deleteSpace(db: Db, space: SpaceRow): Promise<void> {
  if (space.deleted_at) return
  const at = nowIso()
  await updateSpace(db, space.id, { deleted_at: at, updated_at: at })
}

export async function restoreSpace(db: Db, space: SpaceRow, now = Date.now()): Promise<SpaceRow> {
  if (!space.deleted_at) throw new ConflictError(`Space "${space.id}" is not deleted: there is nothing to restore.`)
  if (Date.parse(space.deleted_at) + Limits.deletedSpaceRetentionMs < now) {
    throw new ConflictError(`Space "${space.id}" was deleted more than 7 days ago and can no longer be restored.`)
  }
  await db.transaction().execute(async (trx) => {
    const parentId = space.parent_id && (await findCollectionById(trx, space.parent_id)) ? space.parent_id : null
    await updateSpace(trx, space.id, {
      deleted_at: null,
      parent_id: parentId,
      visibility: visibilityOutside(space, parentId),
      updated_at: nowIso(),
      sort_order: await sortOrderAt(trx, { kind: 'space', ...space }, parentId, space.organization_id),
    })
  })
  return (await findSpaceById(db, space.id))!
}

/** A copy of the space (settings and current content) right after it, titled "<title> (copy)". */
export async function duplicateSpace(db: Db, space: SpaceRow): Promise<SpaceRow> {
  return db.transaction().execute(async (trx) => {
    const copy = await createSpace(trx, {
      organizationId: space.organization_id,
      parentId: space.parent_id,
      title: `${space.title.slice(0, Limits.space.title - 7)} (copy)`,
      emoji: space.emoji,
      icon: space.icon,
      language: space.language,
      editMode: space.edit_mode,
      visibility: space.visibility,
      defaultLevel: space.default_level,
      mergeRules: JSON.parse(space.merge_rules),
      position: { after: { type: 'space', space: space.id } },
    })
    const revisionId = await copyRevision(trx, space.revision_id, copy.id)
    await updateSpace(trx, copy.id, { revision_id: revisionId })
    // The empty first revision made by createSpace is not needed: the copy starts from the source's content.
    await deleteUnusedRevision(trx, copy.revision_id)
    return { ...copy, revision_id: revisionId }
  })
}

/** Moves a space under `parent` (null: the root; absent: where it is) at `position` (default: the end). */
export async function moveSpace(db: Db, space: SpaceRow, move: { parent?: string | null; position?: PositionInput }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const parentId = move.parent === undefined ? space.parent_id : move.parent
    if (parentId) {
      const parent = await findCollectionById(trx, parentId)
      if (!parent || parent.organization_id !== space.organization_id) {
        throw new BadRequestError(`body.parent: collection "${parentId}" is not in this space's organization.`)
      }
    }
    const update: SpaceUpdate = {
      parent_id: parentId,
      visibility: visibilityOutside(space, parentId),
      sort_order: await sortOrderAt(trx, { kind: 'space', ...space }, parentId, space.organization_id, move.position),
      updated_at: nowIso(),
    }
    await updateSpace(trx, space.id, update)
  })
}

/** Moves a space to another organization, at the end of its root. */
export async function transferSpace(db: Db, space: SpaceRow, organizationId: string): Promise<void> {
  if (space.organization_id === organizationId) return
  await db.transaction().execute(async (trx) => {
    await updateSpace(trx, space.id, {
      organization_id: organizationId,
      parent_id: null,
      visibility: visibilityOutside(space, null),
      sort_order: await sortOrderAt(trx, null, null, organizationId),
      updated_at: nowIso(),
    })
  })
}
