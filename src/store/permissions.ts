/** Explicit permissions of users and teams on spaces and collections (content_permissions). */
import type { Db, Trx } from './database'
import { paginate, type PageRequest } from './pagination'
import { newId, nextTimestamp } from './ids'
import type { ContentPermissionRow } from './tables/content-permission.table'

export interface PermissionTarget {
  organizationId: string
  spaceId?: string
  collectionId?: string
}
export type Principal = { userId: string; teamId?: undefined } | { teamId: string; userId?: undefined }

/** Rows of the grants that concern a user in an organization: its own and those of the teams it belongs to. */
export function listGrantsOfUser(db: Db | Trx, organizationId: string, userId: string): Promise<ContentPermissionRow[]> {
  return db
    .selectFrom('content_permissions')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where((eb) =>
      eb.or([
        eb('user_id', '=', userId),
        eb('team_id', 'in', eb.selectFrom('team_members').innerJoin('teams', 'teams.id', 'team_members.team_id').select('team_members.team_id').where('team_members.user_id', '=', userId).where('teams.organization_id', '=', organizationId)),
      ]),
    )
    .execute()
}

function whereTarget<Q extends { where: (...args: any[]) => Q }>(query: Q, target: PermissionTarget): Q {
  return target.spaceId ? query.where('space_id', '=', target.spaceId) : query.where('collection_id', '=', target.collectionId!)
}

function wherePrincipal<Q extends { where: (...args: any[]) => Q }>(query: Q, principal: Principal): Q {
  return principal.userId ? query.where('user_id', '=', principal.userId) : query.where('team_id', '=', principal.teamId!)
}

/** Sets the role of a user or team on a space or collection (one row per target and principal). */
export async function upsertPermission(trx: Trx, target: PermissionTarget, principal: Principal, role: string): Promise<void> {
  const existing = await wherePrincipal(whereTarget(trx.selectFrom('content_permissions').select('id'), target), principal).executeTakeFirst()
  if (existing) {
    await trx.updateTable('content_permissions').set({ role }).where('id', '=', existing.id).execute()
    return
  }
  await trx
    .insertInto('content_permissions')
    .values({
      id: newId(),
      organization_id: target.organizationId,
      space_id: target.spaceId ?? null,
      collection_id: target.collectionId ?? null,
      user_id: principal.userId ?? null,
      team_id: principal.teamId ?? null,
      role,
      created_at: nextTimestamp(),
    })
    .execute()
}

export async function findPermission(db: Db | Trx, target: PermissionTarget, principal: Principal): Promise<ContentPermissionRow | undefined> {
  return wherePrincipal(whereTarget(db.selectFrom('content_permissions').selectAll(), target), principal).executeTakeFirst()
}

/** Removes a permission; answers whether there was one. */
export async function deletePermission(db: Db | Trx, target: PermissionTarget, principal: Principal): Promise<boolean> {
  const result = await wherePrincipal(whereTarget(db.deleteFrom('content_permissions'), target), principal).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/** The users given a role on the target, with their user rows, oldest first. */
export function listUserPermissions(db: Db, target: PermissionTarget, request: PageRequest) {
  const query = whereTarget(
    db
      .selectFrom('content_permissions')
      .innerJoin('users', 'users.id', 'content_permissions.user_id')
      .select(['content_permissions.id as permission_id', 'content_permissions.role', 'content_permissions.created_at as granted_at'])
      .selectAll('users'),
    target,
  )
  return paginate(db, query, [{ column: 'content_permissions.created_at', direction: 'asc' }, { column: 'content_permissions.id', direction: 'asc' }], request)
}

/** The teams given a role on the target, oldest first. */
export function listTeamPermissions(db: Db, target: PermissionTarget, request: PageRequest) {
  const query = whereTarget(
    db
      .selectFrom('content_permissions')
      .innerJoin('teams', 'teams.id', 'content_permissions.team_id')
      .select(['content_permissions.id as permission_id', 'content_permissions.role', 'content_permissions.created_at as granted_at'])
      .selectAll('teams'),
    target,
  )
  return paginate(db, query, [{ column: 'content_permissions.created_at', direction: 'asc' }, { column: 'content_permissions.id', direction: 'asc' }], request)
}

/** How many spaces and collections each team has a role on. */
export async function countTeamTargets(db: Db, teamIds: string[]): Promise<Map<string, number>> {
  if (teamIds.length === 0) return new Map()
  const rows = await db
    .selectFrom('content_permissions')
    .select(['team_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('team_id', 'in', teamIds)
    .where('space_id', 'is not', null)
    .groupBy('team_id')
    .execute()
  return new Map(rows.map((r) => [r.team_id!, Number(r.n)]))
}
