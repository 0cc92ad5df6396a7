/**
 * Organization members: the spec's Organization members table (list with filters and sorts, get, change the role,
 * remove, ping, SSO flag, the member's spaces and teams) and inviting users by email.
 */
import { Type } from '@sinclair/typebox/type'
import { defineOperation } from './operation'
import { Id, RoleOrNull } from './schemas/common'
import { Limits } from './schemas/limits'
import { ListOf, PageQuery, listEnvelope, pageOfList } from './schemas/pagination'
import { presentMember } from './presenters/member'
import { presentSpaces } from './presenters/space'
import { presentTeams } from './presenters/team'
import { countReachableSpaces } from '../domain/permissions/member-reach'
import { PermissionResolver } from '../domain/permissions/resolve-permissions'
import { LEVEL, ROLES, roleAt, type Level } from '../domain/permissions/roles'
import { signVisitorClaims } from '../domain/auth/visitor-claims'
import { loadOrganization } from './organizations'
import { countAdmins, deleteMember, findMember, insertMember, listMembersWithUsers, updateMember, updateMemberRole } from '../store/members'
import { listPublishedSitesOfOrganization } from '../store/sites'
import { countTeamsOfUsers, listTeamMembershipsOfUser, listTeams } from '../store/teams'
import { listLiveSpacesOfOrganization } from '../store/spaces'
import { findUserById } from '../store/users'
import { findOrCreateUser } from '../domain/users/create-user'
import { nowIso } from '../store/ids'
import { ConflictError, NotFoundError } from '../errors'
import type { OperationContext } from './operation'
import type { MemberRow } from '../store/tables/member.table'
import type { OrganizationRow } from '../store/tables/organization.table'
import type { UserRow } from '../store/tables/user.table'
import type { SpaceRow } from '../store/tables/space.table'

const OrganizationId = Type.Object({ organizationId: Id('Id of the organization') })
const MemberParams = Type.Object({ organizationId: Id('Id of the organization'), userId: Id('Id of the user') })
const Email = Type.String({ format: 'email', maxLength: Limits.user.email })
const Order = Type.Unsafe<'asc' | 'desc'>({ type: 'string', enum: ['asc', 'desc'], default: 'desc', description: 'Order of the items (default `desc`).' })
const Member = Type.Object({ object: Type.Literal('member'), id: Type.String() }, { additionalProperties: true })

export const listMembersInOrganizationById = defineOperation({
  id: 'listMembersInOrganizationById',
  method: 'GET',
  path: '/orgs/{organizationId}/members',
  tag: 'members',
  summary: 'List the members of an organization',
  description: 'Sorted by `joinedAt` (default), `lastSeenAt` (then only members seen at least once: invited members who never came are left out) or `name`.',
  params: OrganizationId,
  query: Type.Object({
    ...PageQuery,
    order: Type.Optional(Order),
    role: Type.Optional(Type.Unsafe<string>({ type: 'string', enum: [...ROLES, 'guest'], description: 'Only members with this role (`guest`: only guests).' })),
    search: Type.Optional(Type.String({ maxLength: Limits.user.email, description: 'Only members whose display name or email contains this (any letter case).' })),
    sort: Type.Optional(Type.Unsafe<'joinedAt' | 'lastSeenAt' | 'name'>({ type: 'string', enum: ['joinedAt', 'lastSeenAt', 'name'], default: 'joinedAt' })),
  }),
  success: 200,
  response: ListOf(Member),
  async handler(ctx, { params, query }) {
    const org = await loadOrganization(ctx, params.organizationId)
    await ctx.access.authorize('organization', 'listMembers', { kind: 'organization', row: org })
    const page = await listMembersWithUsers(ctx.db, org.id, { page: query.page, limit: query.limit! }, query)
    return listEnvelope({ ...page, items: await presentMembers(ctx, org.id, page.items) })
  },
})

/** Members of an organization, each read with its user (one joined row), with the counts a member shows. */
export async function presentMembers(ctx: OperationContext, organizationId: string, rows: (MemberRow & UserRow)[]) {
  const [reach, teams] = await Promise.all([
    countReachableSpaces(ctx.db, organizationId, rows.map((row) => ({ member: row, user: row }))),
    countTeamsOfUsers(ctx.db, organizationId, rows.map((row) => row.id)),
  ])
  // Sites do not exist yet: every member belongs to none.
  return rows.map((row) => presentMember(row, row, { spaces: reach.get(row.id) ?? 0, teams: teams.get(row.id) ?? 0, sites: 0 }, ctx.baseUrl))
}

async function presentOne(ctx: OperationContext, member: MemberRow, user: UserRow) {
  return (await presentMembers(ctx, member.organization_id, [{ ...member, ...user }]))[0]
}

/** A member of the organization with its user, or 404. */
export async function loadMember(ctx: OperationContext, organizationId: string, userId: string) {
  const member = await findMember(ctx.db, organizationId, userId)
  const user = member && (await findUserById(ctx.db, userId))
  if (!member || !user) throw new NotFoundError(`User "${userId}" is not a member of organization "${organizationId}".`)
  return { member, user }
}

/** The organization, and the caller allowed to read about member `userId`: itself always, others with `action`. */
async function authorizeAboutMember(ctx: OperationContext, organizationId: string, userId: string, action: 'listMembers' | 'listTeams' | 'admin') {
  const org = await loadOrganization(ctx, organizationId)
  if (userId !== ctx.actor.user.id) await ctx.access.authorize('organization', action, { kind: 'organization', row: org })
  return org
}

export const getMemberInOrganizationById = defineOperation({
  id: 'getMemberInOrganizationById',
  method: 'GET',
  path: '/orgs/{organizationId}/members/{userId}',
  tag: 'members',
  summary: 'Get a member of an organization',
  params: MemberParams,
  success: 200,
  response: Member,
  async handler(ctx, { params }) {
    const org = await loadOrganization(ctx, params.organizationId)
    await ctx.access.authorize('organization', 'listMembers', { kind: 'organization', row: org })
    const { member, user } = await loadMember(ctx, org.id, params.userId)
    return presentOne(ctx, member, user)
  },
})

/** Refuses, with 409, to leave the organization without an admin. */
async function keepAnAdmin(db: Parameters<typeof countAdmins>[0], org: OrganizationRow, member: MemberRow, newRole: string | null | undefined) {
  if (member.role === 'admin' && newRole !== 'admin' && (await countAdmins(db, org.id)) <= 1) {
    throw new ConflictError(
      newRole === undefined
        ? 'This member is the last admin of the organization and cannot be removed: make another member admin first.'
        : 'This member is the last admin of the organization: make another member admin first.',
    )
  }
}

export const updateMemberInOrganizationById = defineOperation({
  id: 'updateMemberInOrganizationById',
  method: 'PATCH',
  path: '/orgs/{organizationId}/members/{userId}',
  tag: 'members',
  summary: "Change a member's role (admins); null makes the member a guest",
  description: 'The last admin of an organization cannot be demoted (409).',
  params: MemberParams,
  body: Type.Object({ role: RoleOrNull }),
  bodyRequired: true,
  success: 200,
  response: Member,
  async handler(ctx, { params, body }) {
    const org = await loadOrganization(ctx, params.organizationId)
    await ctx.access.authorize('organization', 'admin', { kind: 'organization', row: org })
    const { member, user } = await loadMember(ctx, org.id, params.userId)
    await ctx.db.transaction().execute(async (trx) => {
      await keepAnAdmin(trx, org, member, body.role)
      await updateMemberRole(trx, org.id, user.id, body.role)
    })
    ctx.access.invalidate()
    return presentOne(ctx, { ...member, role: body.role }, user)
  },
})

export const removeMemberFromOrganizationById = defineOperation({
  id: 'removeMemberFromOrganizationById',
  method: 'DELETE',
  path: '/orgs/{organizationId}/members/{userId}',
  tag: 'members',
  summary: 'Remove a member from an organization (admins; any member may leave)',
  description: 'Its team memberships and explicit permissions in the organization go with it. The last admin cannot be removed (409). A user who is not a member answers 204 too.',
  params: MemberParams,
  success: 204,
  async handler(ctx, { params }) {
    const org = await authorizeAboutMember(ctx, params.organizationId, params.userId, 'admin')
    await ctx.db.transaction().execute(async (trx) => {
      const member = await findMember(trx, org.id, params.userId)
      if (!member) return
      await keepAnAdmin(trx, org, member, undefined)
      await deleteMember(trx, org.id, params.userId)
    })
    ctx.access.invalidate()
  },
})

export const updateOrganizationMemberLastSeenAt = defineOperation({
  id: 'updateOrganizationMemberLastSeenAt',
  method: 'POST',
  path: '/orgs/{organizationId}/ping',
  tag: 'members',
  summary: "Record that the caller is active in the organization (its member's lastSeenAt)",
  description:
    'Answers `docsVisitorClaims`, a JWT signed by this server with the member\'s claims, when the organization has content published with `visitor-auth` that the member can read; otherwise `{}`.',
  params: OrganizationId,
  success: 200,
  response: Type.Object({ docsVisitorClaims: Type.Optional(Type.String()) }),
  async handler(ctx, { params }) {
    const org = await loadOrganization(ctx, params.organizationId)
    const user = ctx.actor.user
    await updateMember(ctx.db, org.id, user.id, { last_seen_at: nowIso() })
    const member = (await findMember(ctx.db, org.id, user.id))!
    if (!(await readsVisitorAuthContent(ctx, org.id))) return {}
    const teams = await listTeamMembershipsOfUser(ctx.db, org.id, user.id)
    const token = await signVisitorClaims(
      ctx.db,
      { sub: user.id, email: user.email, name: user.display_name, organization: org.id, role: member.role, teams: teams.map((t) => t.team_id) },
      ctx.baseUrl,
    )
    return { docsVisitorClaims: token }
  },
})

/**
 * Whether the organization publishes something to authenticated visitors the caller may see: a published
 * `visitor-auth` site (the member's claims open it), or a live `visitor-auth` space the caller can read.
 */
async function readsVisitorAuthContent(ctx: OperationContext, organizationId: string): Promise<boolean> {
  if ((await listPublishedSitesOfOrganization(ctx.db, organizationId)).some((site) => site.visibility === 'visitor-auth')) return true
  for (const space of await listLiveSpacesOfOrganization(ctx.db, organizationId)) {
    if (space.visibility === 'visitor-auth' && (await ctx.access.levelOf({ kind: 'space', row: space })) >= LEVEL.read) return true
  }
  return false
}

export const setUserAsSSOMemberForOrganization = defineOperation({
  id: 'setUserAsSSOMemberForOrganization',
  method: 'POST',
  path: '/orgs/{organizationId}/members/{userId}/sso',
  tag: 'members',
  summary: 'Mark a member as an SSO member (admins)',
  params: MemberParams,
  success: 200,
  response: Member,
  async handler(ctx, { params }) {
    const org = await loadOrganization(ctx, params.organizationId)
    await ctx.access.authorize('organization', 'admin', { kind: 'organization', row: org })
    const { member, user } = await loadMember(ctx, org.id, params.userId)
    await updateMember(ctx.db, org.id, user.id, { sso: 1 })
    return presentOne(ctx, { ...member, sso: 1 }, user)
  },
})

export const listSpacesForOrganizationMember = defineOperation({
  id: 'listSpacesForOrganizationMember',
  method: 'GET',
  path: '/orgs/{organizationId}/members/{userId}/spaces',
  tag: 'members',
  summary: 'List the spaces a member can reach, with its role in each (admins, or the member itself)',
  description: 'Newest space first by default. `permission` is the member\'s role in the space, decided as for any request of the member.',
  params: MemberParams,
  query: Type.Object({ ...PageQuery, order: Type.Optional(Order) }),
  success: 200,
  response: ListOf(Type.Object({ permission: Type.String(), space: Type.Object({}, { additionalProperties: true }) })),
  async handler(ctx, { params, query }) {
    const org = await authorizeAboutMember(ctx, params.organizationId, params.userId, 'admin')
    const { user } = await loadMember(ctx, org.id, params.userId)
    const theirs = user.id === ctx.actor.user.id ? ctx.access : new PermissionResolver(ctx.db, { user, tokenId: null })
    const reached: { level: Level; row: SpaceRow }[] = []
    for (const row of await listLiveSpacesOfOrganization(ctx.db, org.id, query.order ?? 'desc')) {
      const level = await theirs.levelOf({ kind: 'space', row })
      if (level >= LEVEL.read) reached.push({ level, row })
    }
    const page = pageOfList(reached, query)
    const spaces = await presentSpaces(page.items.map((item) => item.row), ctx)
    return { ...page, items: page.items.map((item, i) => ({ permission: roleAt(item.level)!, space: spaces[i] })) }
  },
})

export const listTeamsForOrganizationMember = defineOperation({
  id: 'listTeamsForOrganizationMember',
  method: 'GET',
  path: '/orgs/{organizationId}/members/{userId}/teams',
  tag: 'members',
  summary: 'List the teams of a member, with its role in each',
  params: MemberParams,
  query: Type.Object({ ...PageQuery, title: Type.Optional(Type.String({ maxLength: 64, description: 'Only teams whose title contains this (any letter case).' })) }),
  success: 200,
  response: ListOf(Type.Object({ team: Type.Object({}, { additionalProperties: true }), member: Type.Object({ role: Type.String() }) })),
  async handler(ctx, { params, query }) {
    const org = await authorizeAboutMember(ctx, params.organizationId, params.userId, 'listTeams')
    const { user } = await loadMember(ctx, org.id, params.userId)
    const page = await listTeams(ctx.db, org.id, { title: query.title, memberId: user.id }, { page: query.page, limit: query.limit! })
    const roles = new Map((await listTeamMembershipsOfUser(ctx.db, org.id, user.id)).map((t) => [t.team_id, t.role]))
    const teams = await presentTeams(page.items, ctx)
    return listEnvelope({ ...page, items: teams.map((team) => ({ team, member: { role: roles.get(team.id) ?? 'member' } })) })
  },
})

export const inviteUsersToOrganization = defineOperation({
  id: 'inviteUsersToOrganization',
  method: 'POST',
  path: '/orgs/{organizationId}/invites',
  tag: 'members',
  summary: 'Add users to an organization by email, with a role (admins)',
  description:
    'Users that do not exist yet are created. They are pending members until first seen (`lastSeenAt` unset, left out of the list sorted by `lastSeenAt`). Members already in the organization keep their role.',
  params: OrganizationId,
  body: Type.Object({
    emails: Type.Array(Type.Union([Email, Type.Object({ email: Email, role: RoleOrNull })]), { minItems: 1, maxItems: 100 }),
    role: Type.Optional(RoleOrNull),
    sso: Type.Optional(Type.Boolean()),
  }),
  bodyRequired: true,
  success: 200,
  async handler(ctx, { params, body }) {
    const org = await loadOrganization(ctx, params.organizationId)
    await ctx.access.authorize('organization', 'admin', { kind: 'organization', row: org })
    const users: string[] = []
    await ctx.db.transaction().execute(async (trx) => {
      for (const entry of body.emails) {
        const email = typeof entry === 'string' ? entry : entry.email
        const role = typeof entry === 'string' ? (body.role === undefined ? org.default_role : body.role) : entry.role
        const { user } = await findOrCreateUser(trx, email)
        if (!(await findMember(trx, org.id, user.id))) {
          await insertMember(trx, { organization_id: org.id, user_id: user.id, role, joined_at: nowIso(), last_seen_at: null, disabled: 0, sso: body.sso ? 1 : 0 })
          users.push(user.id)
        }
      }
    })
    return { users, invited: users.length }
  },
})
