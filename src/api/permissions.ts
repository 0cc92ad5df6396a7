/**
 * Explicit permissions of users and teams on spaces and collections: GitBook's space-permissions and
 * collection-permissions operations (invite, list users and teams, update, remove, aggregate). One definition,
 * made for each kind of content. What a permission means is decided by the resolver (resolve-permissions.ts).
 */
import { Type } from '@sinclair/typebox/type'
import { defineOperation, type OperationContext } from './operation'
import { Id, RoleOrNull } from './schemas/common'
import { ListOf, PageQuery, listEnvelope, pageOfList } from './schemas/pagination'
import { presentUser } from './presenters/user'
import { presentTeams } from './presenters/team'
import { loadSpace } from './spaces'
import { loadCollection } from './collections'
import { deletePermission, findPermission, listTeamPermissions, listUserPermissions, upsertPermission, type PermissionTarget, type Principal } from '../store/permissions'
import { findMember, listMembersOfOrganization } from '../store/members'
import { findTeam } from '../store/teams'
import { findUsersByIds } from '../store/users'
import { PermissionResolver, type Subject } from '../domain/permissions/resolve-permissions'
import { LEVEL, ROLES, roleAt, type Level } from '../domain/permissions/roles'
import { BadRequestError, NotFoundError } from '../errors'
import type { Trx } from '../store/database'

type Kind = 'space' | 'collection'

interface Loaded {
  subject: Subject & { kind: Kind }
  target: PermissionTarget
}

async function loadTarget(ctx: OperationContext, kind: Kind, id: string): Promise<Loaded> {
  if (kind === 'space') {
    const row = await loadSpace(ctx, id)
    return { subject: { kind, row }, target: { organizationId: row.organization_id, spaceId: row.id } }
  }
  const row = await loadCollection(ctx, id)
  return { subject: { kind, row }, target: { organizationId: row.organization_id, collectionId: row.id } }
}

/** Loads the target and allows managing its permissions (admins of the space or collection). */
async function loadManaged(ctx: OperationContext, kind: Kind, id: string): Promise<Loaded> {
  const loaded = await loadTarget(ctx, kind, id)
  await ctx.access.authorize(kind, 'admin', loaded.subject as never)
  return loaded
}

async function checkUser(trx: Trx | OperationContext['db'], organizationId: string, userId: string, field: string) {
  if (!(await findMember(trx, organizationId, userId))) throw new BadRequestError(`${field}: user "${userId}" is not a member of organization "${organizationId}"; invite them to the organization first.`)
}

async function checkTeam(trx: Trx | OperationContext['db'], organizationId: string, teamId: string, field: string) {
  if (!(await findTeam(trx, organizationId, teamId))) throw new BadRequestError(`${field}: team "${teamId}" does not exist in organization "${organizationId}".`)
}

/** Sets (a role) or removes (null) the permission of one principal. */
async function setPermission(trx: Trx, target: PermissionTarget, principal: Principal, role: string | null) {
  if (role === null) await deletePermission(trx, target, principal)
  else await upsertPermission(trx, target, principal, role)
}

const Role = Type.Unsafe<(typeof ROLES)[number]>({ type: 'string', enum: [...ROLES] })
const UserPermission = Type.Object({ permission: Type.String(), user: Type.Object({}, { additionalProperties: true }) })
const TeamPermission = Type.Object({ permission: Type.String(), team: Type.Object({}, { additionalProperties: true }) })

function permissionOperations(kind: Kind, ids: Record<'invite' | 'listUsers' | 'updateUser' | 'removeUser' | 'listTeams' | 'updateTeam' | 'removeTeam' | 'aggregate', string>) {
  const param = kind === 'space' ? 'spaceId' : 'collectionId'
  const base = kind === 'space' ? '/spaces/{spaceId}/permissions' : '/collections/{collectionId}/permissions'
  const Params = Type.Object({ [param]: Id(`Id of the ${kind}`) })
  const UserParams = Type.Object({ [param]: Id(`Id of the ${kind}`), userId: Id('Id of the user') })
  const TeamParams = Type.Object({ [param]: Id(`Id of the ${kind}`), teamId: Id('Id of the team') })
  const idOf = (params: Record<string, string>) => params[param]
  const tag = `${kind}-permissions`

  const invite = defineOperation({
    id: ids.invite,
    method: 'POST',
    path: base,
    tag,
    summary: `Give users and/or teams a role on a ${kind} (admins of the ${kind}); null removes their permission`,
    params: Params,
    body: Type.Object({
      role: RoleOrNull,
      users: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 1000 })),
      teams: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 1000 })),
    }),
    bodyRequired: true,
    success: 204,
    async handler(ctx, { params, body }) {
      const { target } = await loadManaged(ctx, kind, idOf(params))
      if (!body.users && !body.teams) throw new BadRequestError('body: send `users` or `teams` (or both), each a non-empty list of ids.')
      await ctx.db.transaction().execute(async (trx) => {
        for (const [i, userId] of (body.users ?? []).entries()) {
          await checkUser(trx, target.organizationId, userId, `body.users.${i}`)
          await setPermission(trx, target, { userId }, body.role)
        }
        for (const [i, teamId] of (body.teams ?? []).entries()) {
          await checkTeam(trx, target.organizationId, teamId, `body.teams.${i}`)
          await setPermission(trx, target, { teamId }, body.role)
        }
      })
      ctx.access.invalidate()
    },
  })

  const listUsers = defineOperation({
    id: ids.listUsers,
    method: 'GET',
    path: `${base}/users`,
    tag,
    summary: `List the users given a role on the ${kind}, oldest permission first`,
    params: Params,
    query: Type.Object({ ...PageQuery }),
    success: 200,
    response: ListOf(UserPermission),
    async handler(ctx, { params, query }) {
      const { target } = await loadTarget(ctx, kind, idOf(params))
      const page = await listUserPermissions(ctx.db, target, { page: query.page, limit: query.limit! })
      return listEnvelope({ ...page, items: page.items.map((row) => ({ permission: row.role, user: presentUser(row, ctx.baseUrl) })) })
    },
  })

  const updateUser = defineOperation({
    id: ids.updateUser,
    method: 'PATCH',
    path: `${base}/users/{userId}`,
    tag,
    summary: `Change the role of a user given a permission on the ${kind}; null removes it`,
    params: UserParams,
    body: Type.Object({ role: RoleOrNull }),
    bodyRequired: true,
    success: 204,
    async handler(ctx, { params, body }) {
      const { target } = await loadManaged(ctx, kind, idOf(params))
      if (!(await findPermission(ctx.db, target, { userId: params.userId }))) throw new NotFoundError(`User "${params.userId}" has no permission on this ${kind}; give one with POST /v1${base.replace(`{${param}}`, idOf(params))}.`)
      await ctx.db.transaction().execute((trx) => setPermission(trx, target, { userId: params.userId }, body.role))
      ctx.access.invalidate()
    },
  })

  const removeUser = defineOperation({
    id: ids.removeUser,
    method: 'DELETE',
    path: `${base}/users/{userId}`,
    tag,
    summary: `Remove the permission of a user on the ${kind} (204 also when there was none)`,
    params: UserParams,
    success: 204,
    async handler(ctx, { params }) {
      const { target } = await loadManaged(ctx, kind, idOf(params))
      await deletePermission(ctx.db, target, { userId: params.userId })
      ctx.access.invalidate()
    },
  })

  const listTeams = defineOperation({
    id: ids.listTeams,
    method: 'GET',
    path: `${base}/teams`,
    tag,
    summary: `List the teams given a role on the ${kind}, oldest permission first`,
    params: Params,
    query: Type.Object({ ...PageQuery }),
    success: 200,
    response: ListOf(TeamPermission),
    async handler(ctx, { params, query }) {
      const { target } = await loadTarget(ctx, kind, idOf(params))
      const page = await listTeamPermissions(ctx.db, target, { page: query.page, limit: query.limit! })
      const teams = await presentTeams(page.items, ctx)
      return listEnvelope({ ...page, items: page.items.map((row, i) => ({ permission: row.role, team: teams[i] })) })
    },
  })

  const updateTeam = defineOperation({
    id: ids.updateTeam,
    method: 'PATCH',
    path: `${base}/teams/{teamId}`,
    tag,
    summary: `Change the role of a team given a permission on the ${kind}; null removes it`,
    params: TeamParams,
    body: Type.Object({ role: RoleOrNull }),
    bodyRequired: true,
    success: 204,
    async handler(ctx, { params, body }) {
      const { target } = await loadManaged(ctx, kind, idOf(params))
      if (!(await findPermission(ctx.db, target, { teamId: params.teamId }))) throw new NotFoundError(`Team "${params.teamId}" has no permission on this ${kind}.`)
      await ctx.db.transaction().execute((trx) => setPermission(trx, target, { teamId: params.teamId }, body.role))
      ctx.access.invalidate()
    },
  })

  const removeTeam = defineOperation({
    id: ids.removeTeam,
    method: 'DELETE',
    path: `${base}/teams/{teamId}`,
    tag,
    summary: `Remove the permission of a team on the ${kind} (204 also when there was none)`,
    params: TeamParams,
    success: 204,
    async handler(ctx, { params }) {
      const { target } = await loadManaged(ctx, kind, idOf(params))
      await deletePermission(ctx.db, target, { teamId: params.teamId })
      ctx.access.invalidate()
    },
  })

  const aggregate = defineOperation({
    id: ids.aggregate,
    method: 'GET',
    path: `${base}/aggregate`,
    tag,
    summary: `List every member who can reach the ${kind}, with the role that applies (organization role, default level, own or team permission: the highest)`,
    params: Params,
    query: Type.Object({ ...PageQuery, role: Type.Optional(Role) }),
    success: 200,
    response: ListOf(UserPermission),
    async handler(ctx, { params, query }) {
      const { subject, target } = await loadTarget(ctx, kind, idOf(params))
      const members = await listMembersOfOrganization(ctx.db, target.organizationId)
      const users = await findUsersByIds(ctx.db, members.map((m) => m.user_id))
      const reached: { level: Level; userId: string }[] = []
      for (const member of members) {
        const user = users.get(member.user_id)!
        const level = await new PermissionResolver(ctx.db, { user, tokenId: null }).levelOf(subject)
        if (level >= LEVEL.read && (!query.role || roleAt(level) === query.role)) reached.push({ level, userId: user.id })
      }
      const page = pageOfList(reached, query)
      return { ...page, items: page.items.map((item) => ({ permission: roleAt(item.level)!, user: presentUser(users.get(item.userId)!, ctx.baseUrl) })) }
    },
  })

  return { invite, listUsers, updateUser, removeUser, listTeams, updateTeam, removeTeam, aggregate }
}

const space = permissionOperations('space', {
  invite: 'inviteToSpace',
  listUsers: 'listUserPermissionsInSpace',
  updateUser: 'updateUserPermissionInSpace',
  removeUser: 'removeUserFromSpace',
  listTeams: 'listTeamPermissionsInSpace',
  updateTeam: 'updateTeamPermissionInSpace',
  removeTeam: 'removeTeamFromSpace',
  aggregate: 'listPermissionsAggregateInSpace',
})
const collection = permissionOperations('collection', {
  invite: 'inviteToCollection',
  listUsers: 'listUserPermissionsInCollection',
  updateUser: 'updateUserPermissionInCollection',
  removeUser: 'removeUserFromCollection',
  listTeams: 'listTeamPermissionsInCollection',
  updateTeam: 'updateTeamPermissionInCollection',
  removeTeam: 'removeTeamFromCollection',
  aggregate: 'listPermissionsAggregateInCollection',
})

export const {
  invite: inviteToSpace,
  listUsers: listUserPermissionsInSpace,
  updateUser: updateUserPermissionInSpace,
  removeUser: removeUserFromSpace,
  listTeams: listTeamPermissionsInSpace,
  updateTeam: updateTeamPermissionInSpace,
  removeTeam: removeTeamFromSpace,
  aggregate: listPermissionsAggregateInSpace,
} = space
export const {
  invite: inviteToCollection,
  listUsers: listUserPermissionsInCollection,
  updateUser: updateUserPermissionInCollection,
  removeUser: removeUserFromCollection,
  listTeams: listTeamPermissionsInCollection,
  updateTeam: updateTeamPermissionInCollection,
  removeTeam: removeTeamFromCollection,
  aggregate: listPermissionsAggregateInCollection,
} = collection
