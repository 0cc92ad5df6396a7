import type { Trx } from '../../store/database'
import { insertSpace } from '../../store/spaces'
import { insertRevision } from '../../store/revisions'
import { newId, nowIso } from '../../store/ids'
import type { SpaceRow } from '../../store/tables/space.table'
import { sortOrderAt } from '../ordering/place-content'
import type { PositionInput } from '../ordering/place-among-siblings'

export interface CreateSpaceArgs {
  organizationId: string
  parentId: string | null
  title: string
  emoji?: string | null
  icon?: string | null
  language?: string | null
  editMode?: string
  visibility?: string
  defaultLevel?: string | null
  mergeRules?: unknown
  position?: PositionInput
}

/** Creates a space with its first, empty revision (type `edits`), at the end of its parent unless placed. */
export async function createSpace(trx: Trx, args: CreateSpaceArgs): Promise<SpaceRow> {
  const at = nowIso()
  const id = newId()
  const revisionId = newId()
  const row: SpaceRow = {
    id,
    organization_id: args.organizationId,
    parent_id: args.parentId,
    title: args.title,
    emoji: args.emoji ?? null,
    icon: args.icon ?? null,
    visibility: args.visibility ?? (args.parentId ? 'in-collection' : 'private'),
    edit_mode: args.editMode ?? 'live',
    default_level: args.defaultLevel === undefined ? 'inherit' : args.defaultLevel,
    language: args.language ?? null,
    merge_rules: JSON.stringify(args.mergeRules ?? { type: 'inherit' }),
    revision_id: revisionId,
    sort_order: await sortOrderAt(trx, null, args.parentId, args.organizationId, args.position),
    created_at: at,
    updated_at: at,
    deleted_at: null,
  }
  await insertSpace(trx, row)
  await insertRevision(trx, { id: revisionId, space_id: id, parents: '[]', type: 'edits', created_at: at })
  return row
}
