import type { Db, Trx } from './database'
import { paginate, type PageRequest } from './pagination'
import { preparedRead } from './prepared-reads'
import type { MemberRow, NewMemberRow } from './tables/member.table'

const memberOf = preparedRead((db, organizationId: string, userId: string) =>
  db.selectFrom('members').selectAll().where('organization_id', '=', organizationId).where('user_id', '=', userId),
)

export async function findMember(db: Db | Trx, organizationId: string, userId: string): Promise<MemberRow | undefined> {
  return (await memberOf(db, organizationId, userId))[0]
}

export async function insertMember(trx: Db | Trx, row: NewMemberRow): Promise<void> {
  await trx.insertInto('members').values(row).execute()
}

export function listMembersOfOrganization(db: Db, organizationId: string): Promise<MemberRow[]> {
  return db.selectFrom('members').selectAll().where('organization_id', '=', organizationId).orderBy('joined_at').execute()
}

/** Members with their users, newest first. */
export function listMembersWithUsers(db: Db, organizationId: string, request: PageRequest) {
  const query = db
    .selectFrom('members')
    .innerJoin('users', 'users.id', 'members.user_id')
    .selectAll('members')
    .select(['users.id as id', 'users.display_name', 'users.email', 'users.photo_url', 'users.created_at'])
    .where('members.organization_id', '=', organizationId)
  return paginate(db, query, [{ column: 'members.joined_at', direction: 'desc' }, { column: 'users.id', direction: 'desc' }], request)
}

export async function updateMemberRole(db: Db | Trx, organizationId: string, userId: string, role: string | null): Promise<void> {
  await db.updateTable('members').set({ role }).where('organization_id', '=', organizationId).where('user_id', '=', userId).execute()
}

export async function countAdmins(db: Db | Trx, organizationId: string): Promise<number> {
  const row = await db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organization_id', '=', organizationId)
    .where('role', '=', 'admin')
    .where('disabled', '=', 0)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** The organizations a user belongs to, with the membership (role, disabled). */
export function listMembershipsOfUser(db: Db, userId: string): Promise<MemberRow[]> {
  return db.selectFrom('members').selectAll().where('user_id', '=', userId).execute()
}
