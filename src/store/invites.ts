/** Invite links of organizations. */
import type { Db, Trx } from './database'
import { paginate, type PageRequest } from './pagination'
import type { InviteRow, NewInviteRow } from './tables/invite.table'

export async function findInvite(db: Db | Trx, organizationId: string, id: string): Promise<InviteRow | undefined> {
  return db.selectFrom('invites').selectAll().where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst()
}

/** Invite links of an organization, oldest first. */
export function listInvites(db: Db, organizationId: string, request: PageRequest) {
  const query = db.selectFrom('invites').selectAll().where('organization_id', '=', organizationId)
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
