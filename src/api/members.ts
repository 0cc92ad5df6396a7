/**
 * Organization members, minimal: invite by email with a role, list, change a role. (Filters, teams, link
 * invites and SSO members come with organization administration.)
 */
import { Type } from '@sinclair/typebox/type'
import { defineOperation } from './operation'
import { Id, RoleOrNull } from './schemas/common'
import { Limits } from './schemas/limits'
import { PageQuery, listEnvelope } from './schemas/pagination'
import { presentMember } from './presenters/member'
import { countReachableSpaces } from '../domain/permissions/member-reach'
import { loadOrganization } from './organizations'
import { findMember, insertMember, listMembersWithUsers, updateMemberRole, countAdmins } from '../store/members'
import { findUserById } from '../store/users'
import { findOrCreateUser } from '../domain/users/create-user'
import { nowIso } from '../store/ids'
import { ConflictError, NotFoundError } from '../errors'
import type { OperationContext } from './operation'
import type { MemberRow } from '../store/tables/member.table'
import type { UserRow } from '../store/tables/user.table'

const OrganizationId = Type.Object({ organizationId: Id('Id of the organization') })
const MemberParams = Type.Object({ organizationId: Id('Id of the organization'), userId: Id('Id of the user') })
const Email = Type.String({ format: 'email', maxLength: Limits.user.email })

export const listMembersInOrganizationById = defineOperation({
  id: 'listMembersInOrganizationById',
  method: 'GET',
  path: '/orgs/{organizationId}/members',
  tag: 'members',
  summary: 'List the members of an organization',
  params: OrganizationId,
  query: Type.Object({ ...PageQuery }),
  success: 200,
  async handler(ctx, { params, query }) {
    const org = await loadOrganization(ctx, params.organizationId)
    await ctx.access.authorize('organization', 'listMembers', { kind: 'organization', row: org })
    const page = await listMembersWithUsers(ctx.db, org.id, { page: query.page, limit: query.limit! })
    return listEnvelope({ ...page, items: await presentMembers(ctx, org.id, page.items) })
  },
})

/** Members of an organization, each read with its user (one joined row), with the counts a member shows. */
export async function presentMembers(ctx: OperationContext, organizationId: string, rows: (MemberRow & UserRow)[]) {
  const reach = await countReachableSpaces(ctx.db, organizationId, rows.map((row) => ({ member: row, user: row })))
  return rows.map((row) => presentMember(row, row, countsOf(reach, row.id), ctx.baseUrl))
}

/** Teams and sites do not exist yet, so every member belongs to none. */
function countsOf(reach: Map<string, number>, userId: string) {
  return { spaces: reach.get(userId) ?? 0, teams: 0, sites: 0 }
}

async function loadMember(ctx: OperationContext, organizationId: string, userId: string) {
  const member = await findMember(ctx.db, organizationId, userId)
  const user = member && (await findUserById(ctx.db, userId))
  if (!member || !user) throw new NotFoundError(`User "${userId}" is not a member of organization "${organizationId}".`)
  return { member, user }
}

export const getMemberInOrganizationById = defineOperation({
  id: 'getMemberInOrganizationById',
  method: 'GET',
  path: '/orgs/{organizationId}/members/{userId}',
  tag: 'members',
  summary: 'Get a member of an organization',
  params: MemberParams,
  success: 200,
  async handler(ctx, { params }) {
    const org = await loadOrganization(ctx, params.organizationId)
    await ctx.access.authorize('organization', 'listMembers', { kind: 'organization', row: org })
    const { member, user } = await loadMember(ctx, org.id, params.userId)
    const reach = await countReachableSpaces(ctx.db, org.id, [{ member, user }])
    return presentMember(member, user, countsOf(reach, user.id), ctx.baseUrl)
  },
})

export const updateMemberInOrganizationById = defineOperation({
  id: 'updateMemberInOrganizationById',
  method: 'PATCH',
  path: '/orgs/{organizationId}/members/{userId}',
  tag: 'members',
  summary: "Change a member's role (admins); null makes the member a guest",
  params: MemberParams,
  body: Type.Object({ role: RoleOrNull }),
  bodyRequired: true,
  success: 200,
  async handler(ctx, { params, body }) {
    const org = await loadOrganization(ctx, params.organizationId)
    await ctx.access.authorize('organization', 'admin', { kind: 'organization', row: org })
    const { member, user } = await loadMember(ctx, org.id, params.userId)
    await ctx.db.transaction().execute(async (trx) => {
      if (member.role === 'admin' && body.role !== 'admin' && (await countAdmins(trx, org.id)) <= 1) {
        throw new ConflictError('This member is the last admin of the organization: make another member admin first.')
      }
      await updateMemberRole(trx, org.id, user.id, body.role)
    })
    ctx.access.invalidate()
    const updated = { ...member, role: body.role }
    const reach = await countReachableSpaces(ctx.db, org.id, [{ member: updated, user }])
    return presentMember(updated, user, countsOf(reach, user.id), ctx.baseUrl)
  },
})

export const inviteUsersToOrganization = defineOperation({
  id: 'inviteUsersToOrganization',
  method: 'POST',
  path: '/orgs/{organizationId}/invites',
  tag: 'members',
  summary: 'Add users to an organization by email, with a role (admins)',
  description: 'Users that do not exist yet are created. Members already in the organization keep their role.',
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
