/** Teams of an organization and their members. */
import { sql } from 'kysely'
import type { Db, Trx } from './database'
import { paginate, type PageRequest } from './pagination'
import type { NewTeamRow, TeamMemberRow, TeamRow } from './tables/team.table'

export async function findTeam(db: Db | Trx, organizationId: string, teamId: string): Promise<TeamRow | undefined> {
  return db.selectFrom('teams').selectAll().where('organization_id', '=', organizationId).where('id', '=', teamId).executeTakeFirst()
}

export interface TeamFilter {
  /** Case-insensitive part of the title. */
  title?: string
  /** Only the teams this user owns (an owner team member). */
  ownedBy?: string
  /** Only the teams this user belongs to. */
  memberId?: string
}

/** Lower-cased LIKE pattern for a case-insensitive "contains", with LIKE's wildcards escaped. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** Teams of an organization, oldest first. */
export function listTeams(db: Db, organizationId: string, filter: TeamFilter, request: PageRequest) {
  let query = db.selectFrom('teams').selectAll('teams').where('teams.organization_id', '=', organizationId)
  if (filter.title) query = query.where(sql<boolean>`lower(teams.title) like ${containsPattern(filter.title)} escape '\\'`)
  if (filter.ownedBy) {
    const owner = filter.ownedBy
    query = query.where('teams.id', 'in', (eb) => eb.selectFrom('team_members').select('team_id').where('user_id', '=', owner).where('role', '=', 'owner'))
  }
  if (filter.memberId) {
    const member = filter.memberId
    query = query.where('teams.id', 'in', (eb) => eb.selectFrom('team_members').select('team_id').where('user_id', '=', member))
  }
  return paginate(db, query, [{ column: 'teams.created_at', direction: 'asc' }, { column: 'teams.id', direction: 'asc' }], request)
}

export async function insertTeam(trx: Db | Trx, row: NewTeamRow): Promise<void> {
  await trx.insertInto('teams').values(row).execute()
}

export async function updateTeamTitle(db: Db | Trx, teamId: string, title: string): Promise<void> {
  await db.updateTable('teams').set({ title }).where('id', '=', teamId).execute()
}

export async function deleteTeam(db: Db | Trx, teamId: string): Promise<void> {
  await db.deleteFrom('teams').where('id', '=', teamId).execute()
}

/** Team memberships of a user in an organization's teams. */
export function listTeamMembershipsOfUser(db: Db | Trx, organizationId: string, userId: string): Promise<TeamMemberRow[]> {
  return db
    .selectFrom('team_members')
    .innerJoin('teams', 'teams.id', 'team_members.team_id')
    .selectAll('team_members')
    .where('teams.organization_id', '=', organizationId)
    .where('team_members.user_id', '=', userId)
    .execute()
}

/** Members of a team with their organization membership and user, oldest team membership first. */
export function listTeamMembers(db: Db, organizationId: string, teamId: string, request: PageRequest) {
  const query = db
    .selectFrom('team_members')
    .innerJoin('members', (join) => join.onRef('members.user_id', '=', 'team_members.user_id').on('members.organization_id', '=', organizationId))
    .innerJoin('users', 'users.id', 'team_members.user_id')
    .selectAll('members')
    .select(['users.id as id', 'users.display_name', 'users.email', 'users.photo_url', 'users.created_at', 'team_members.role as team_role', 'team_members.joined_at as team_joined_at'])
    .where('team_members.team_id', '=', teamId)
  return paginate(db, query, [{ column: 'team_members.joined_at', direction: 'asc' }, { column: 'users.id', direction: 'asc' }], request)
}

export async function findTeamMember(db: Db | Trx, teamId: string, userId: string): Promise<TeamMemberRow | undefined> {
  return db.selectFrom('team_members').selectAll().where('team_id', '=', teamId).where('user_id', '=', userId).executeTakeFirst()
}

/** Adds a member to a team, or changes its team role. */
export async function upsertTeamMember(trx: Db | Trx, teamId: string, userId: string, role: string, at: string): Promise<void> {
  await trx
    .insertInto('team_members')
    .values({ team_id: teamId, user_id: userId, role, joined_at: at })
    .onConflict((oc) => oc.columns(['team_id', 'user_id']).doUpdateSet({ role }))
    .execute()
}

export async function deleteTeamMember(db: Db | Trx, teamId: string, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('team_members').where('team_id', '=', teamId).where('user_id', '=', userId).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/** Removes a user from every team of an organization (when it leaves the organization). */
export async function deleteTeamMembershipsOfUser(trx: Db | Trx, organizationId: string, userId: string): Promise<void> {
  await trx
    .deleteFrom('team_members')
    .where('user_id', '=', userId)
    .where('team_id', 'in', (eb) => eb.selectFrom('teams').select('id').where('organization_id', '=', organizationId))
    .execute()
}

/** Member counts of teams. */
export async function countTeamMembers(db: Db, teamIds: string[]): Promise<Map<string, number>> {
  if (teamIds.length === 0) return new Map()
  const rows = await db.selectFrom('team_members').select(['team_id', (eb) => eb.fn.countAll<number>().as('n')]).where('team_id', 'in', teamIds).groupBy('team_id').execute()
  return new Map(rows.map((r) => [r.team_id, Number(r.n)]))
}

/** How many teams of the organization each user belongs to. */
export async function countTeamsOfUsers(db: Db, organizationId: string, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map()
  const rows = await db
    .selectFrom('team_members')
    .innerJoin('teams', 'teams.id', 'team_members.team_id')
    .select(['team_members.user_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('teams.organization_id', '=', organizationId)
    .where('team_members.user_id', 'in', userIds)
    .groupBy('team_members.user_id')
    .execute()
  return new Map(rows.map((r) => [r.user_id, Number(r.n)]))
}
