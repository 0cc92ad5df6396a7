import type { Trx } from '../../store/database'
import { findRevisionById, insertRevision } from '../../store/revisions'
import { newId, nowIso } from '../../store/ids'
import { NotFoundError } from '../../errors'

/**
 * A new revision of `targetSpaceId` holding the same content as `revisionId`. Content is content-addressed,
 * so the copy shares what it points at rather than duplicating bytes.
 */
export async function copyRevision(trx: Trx, revisionId: string, targetSpaceId: string): Promise<string> {
  const source = await findRevisionById(trx, revisionId)
  if (!source) throw new NotFoundError(`Revision "${revisionId}" does not exist.`)
  const id = newId()
  await insertRevision(trx, { id, space_id: targetSpaceId, parents: '[]', type: source.type, created_at: nowIso(), content_hash: source.content_hash })
  return id
}
