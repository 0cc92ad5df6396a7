import type { Db, Trx } from './database'
import { paginate, type PageRequest } from './pagination'
import { preparedRead } from './prepared-reads'
import { sql } from 'kysely'
import { containsPattern, deleteTeamMembershipsOfUser } from './teams'
import type { MemberRow, MemberUpdate, NewMemberRow } from './tables/member.table'

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

export interface MemberListOptions {
  /** `joinedAt` (default), `lastSeenAt` (then only members seen at least once) or `name`. */
  sort?: 'joinedAt' | 'lastSeenAt' | 'name'
  /** Default `desc`. */
  order?: 'asc' | 'desc'
  /** Only members with this role; `guest`: only guests. */
  role?: string
  /** Case-insensitive part of the display name or email. */
  search?: string
}

const SORT_COLUMNS = { joinedAt: 'members.joined_at', lastSeenAt: 'members.last_seen_at', name: 'users.display_name' } as const

/** Members with their users, by `joinedAt`, newest first unless told otherwise. */
export function listMembersWithUsers(db: Db, organizationId: string, request: PageRequest, options: MemberListOptions = {}) {
  let query = db
    .selectFrom('members')
    .innerJoin('users', 'users.id', 'members.user_id')
    .selectAll('members')
    .select(['users.id as id', 'users.display_name', 'users.email', 'users.photo_url', 'users.created_at'])
    .where('members.organization_id', '=', organizationId)
  if (options.role === 'guest') query = query.where('members.role', 'is', null)
  else if (options.role) query = query.where('members.role', '=', options.role)
  if (options.search) {
    const pattern = containsPattern(options.search)
    query = query.where((eb) => eb.or([sql<boolean>`lower(users.display_name) like ${pattern} escape '\\'`, sql<boolean>`lower(users.email) like ${pattern} escape '\\'`]))
  }
  const sort = options.sort ?? 'joinedAt'
  if (sort === 'lastSeenAt') query = query.where('members.last_seen_at', 'is not', null)
  const direction = options.order ?? 'desc'
  return paginate(db, query, [{ column: SORT_COLUMNS[sort], direction }, { column: 'users.id', direction }], request)
}

export async function updateMember(db: Db | Trx, organizationId: string, userId: string, update: MemberUpdate): Promise<void> {
  await db.updateTable('members').set(update).where('organization_id', '=', organizationId).where('user_id', '=', userId).execute()
}

/** Removes a member with its team memberships and explicit permissions in the organization. */
export async function deleteMember(trx: Trx, organizationId: string, userId: string): Promise<void> {
  await deleteTeamMembershipsOfUser(trx, organizationId, userId)
  await trx.deleteFrom('content_permissions').where('organization_id', '=', organizationId).where('user_id', '=', userId).execute()
  await trx.deleteFrom('members').where('organization_id', '=', organizationId).where('user_id', '=', userId).execute()
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
