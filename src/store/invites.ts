/** Invite links of organizations. */
import type { Db, Trx } from './database'
import { paginate, type PageRequest } from './pagination'
import type { InviteRow, NewInviteRow } from './tables/invite.table'

export async function findInvite(db: Db | Trx, organizationId: string, id: string): Promise<InviteRow | undefined> {
  return db.selectFrom('invites').selectAll().where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst()
}

/** Invite links to the organization itself (not to a space or collection in it), oldest first. */
export function listOrganizationInvites(db: Db, organizationId: string, request: PageRequest) {
  const query = db.selectFrom('invites').selectAll().where('organization_id', '=', organizationId).where('space_id', 'is', null).where('collection_id', 'is', null)
  return paginate(db, query, [{ column: 'created_at', direction: 'asc' }, { column: 'id', direction: 'asc' }], request)
}

export async function insertInvite(db: Db | Trx, row: NewInviteRow): Promise<void> {
  await db.insertInto('invites').values(row).execute()
}

export async function updateInviteRole(db: Db | Trx, id: string, role: string | null): Promise<void> {
  await db.updateTable('invites').set({ role }).where('id', '=', id).execute()
}

export async function deleteInvite(db: Db | Trx, id: string): Promise<void> {
  await db.deleteFrom('invites').where('id', '=', id).execute()
}
