/** Teams: the spec's Teams table and GitBook's team-member operations. */
import { Type } from '@sinclair/typebox/type'
import { defineOperation, type OperationContext } from './operation'
import { Id } from './schemas/common'
import { Limits } from './schemas/limits'
import { ListOf, PageQuery, listEnvelope } from './schemas/pagination'
import { presentTeam, presentTeams } from './presenters/team'
import { loadOrganization } from './organizations'
import { presentMembers } from './members'
import { findMember } from '../store/members'
import { findUserByEmail } from '../store/users'
import { deleteTeam, deleteTeamMember, findTeam, insertTeam, listTeamMembers, listTeams, updateTeamTitle, upsertTeamMember } from '../store/teams'
import { newId, nextTimestamp } from '../store/ids'
import { BadRequestError, NotFoundError } from '../errors'
import type { Trx } from '../store/database'
import type { TeamRow } from '../store/tables/team.table'

const OrganizationId = Type.Object({ organizationId: Id('Id of the organization') })
const TeamParams = Type.Object({ organizationId: Id('Id of the organization'), teamId: Id('Id of the team') })
const TeamMemberParams = Type.Object({ organizationId: Id('Id of the organization'), teamId: Id('Id of the team'), userId: Id('Id of the user') })
const Title = Type.String({ minLength: Limits.team.title.min, maxLength: Limits.team.title.max, description: 'Title of the team, 1 to 64 characters.' })
const TeamRole = Type.Unsafe<'owner' | 'member'>({ type: 'string', enum: ['owner', 'member'], description: '`owner` manages the team\'s members; `member` belongs to it.' })
const Team = Type.Object({ object: Type.Literal('team'), id: Type.String(), title: Type.String() }, { additionalProperties: true })
/** A user id or an email. */
const UserRef = Type.String({ minLength: 1, maxLength: Limits.user.email })

/** Loads a team the caller may see (404 alike for missing and invisible ones). */
export async function loadTeam(ctx: OperationContext, organizationId: string, teamId: string): Promise<TeamRow> {
  const org = await loadOrganization(ctx, organizationId)
  const team = await findTeam(ctx.db, org.id, teamId)
  if (!team) throw new NotFoundError(`Team "${teamId}" does not exist in organization "${organizationId}".`)
  await ctx.access.authorize('team', 'view', { kind: 'team', row: team })
  return team
}

async function loadManagedTeam(ctx: OperationContext, organizationId: string, teamId: string): Promise<TeamRow> {
  const team = await loadTeam(ctx, organizationId, teamId)
  await ctx.access.authorize('team', 'admin', { kind: 'team', row: team })
  return team
}

/** The user id of an organization member named by id or email; 400 naming `field` otherwise. */
async function memberId(trx: Trx, organizationId: string, ref: string, field: string): Promise<string> {
  const byId = await findMember(trx, organizationId, ref)
  if (byId) return ref
  const user = ref.includes('@') ? await findUserByEmail(trx, ref) : undefined
  if (user && (await findMember(trx, organizationId, user.id))) return user.id
  throw new BadRequestError(`${field}: "${ref}" is not a member of organization "${organizationId}"; invite them to the organization first.`)
}

export const listTeamsInOrganizationById = defineOperation({
  id: 'listTeamsInOrganizationById',
  method: 'GET',
  path: '/orgs/{organizationId}/teams',
  tag: 'teams',
  summary: 'List the teams of an organization',
  params: OrganizationId,
  query: Type.Object({
    ...PageQuery,
    owner: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'A member id: only the teams that member can manage.' })),
    title: Type.Optional(Type.String({ maxLength: Limits.team.title.max, description: 'Only teams whose title contains this (any letter case).' })),
  }),
  success: 200,
  response: ListOf(Team),
  async handler(ctx, { params, query }) {
    const org = await loadOrganization(ctx, params.organizationId)
    await ctx.access.authorize('organization', 'listTeams', { kind: 'organization', row: org })
    // An admin of the organization can manage every team; anyone else the teams it owns.
    const owner = query.owner ? await findMember(ctx.db, org.id, query.owner) : undefined
    if (query.owner && !owner) throw new BadRequestError(`query.owner: "${query.owner}" is not a member of organization "${org.id}".`)
    const ownedBy = owner && owner.role !== 'admin' ? owner.user_id : undefined
    const page = await listTeams(ctx.db, org.id, { title: query.title, ownedBy }, { page: query.page, limit: query.limit! })
    return listEnvelope({ ...page, items: await presentTeams(page.items, ctx) })
  },
})

export const createOrganizationTeam = defineOperation({
  id: 'createOrganizationTeam',
  method: 'PUT',
  path: '/orgs/{organizationId}/teams',
  tag: 'teams',
  summary: 'Create a team, optionally with members (admins)',
  params: OrganizationId,
  body: Type.Object({ title: Title, members: Type.Optional(Type.Array(UserRef, { maxItems: 1000, description: 'Ids of organization members.' })) }),
  bodyRequired: true,
  success: 201,
  response: Team,
  async handler(ctx, { params, body }) {
    const org = await loadOrganization(ctx, params.organizationId)
    await ctx.access.authorize('organization', 'admin', { kind: 'organization', row: org })
    const row: TeamRow = { id: newId(), organization_id: org.id, title: body.title.trim() || body.title, created_at: nextTimestamp() }
    await ctx.db.transaction().execute(async (trx) => {
      await insertTeam(trx, row)
      for (const [i, ref] of (body.members ?? []).entries()) await upsertTeamMember(trx, row.id, await memberId(trx, org.id, ref, `body.members.${i}`), 'member', nextTimestamp())
    })
    return presentTeam(row, ctx)
  },
})

export const getTeamInOrganizationById = defineOperation({
  id: 'getTeamInOrganizationById',
  method: 'GET',
  path: '/orgs/{organizationId}/teams/{teamId}',
  tag: 'teams',
  summary: 'Get a team',
  params: TeamParams,
  success: 200,
  response: Team,
  async handler(ctx, { params }) {
    return presentTeam(await loadTeam(ctx, params.organizationId, params.teamId), ctx)
  },
})

export const updateTeamInOrganizationById = defineOperation({
  id: 'updateTeamInOrganizationById',
  method: 'PATCH',
  path: '/orgs/{organizationId}/teams/{teamId}',
  tag: 'teams',
  summary: 'Rename a team (admins and the team\'s owners)',
  params: TeamParams,
  body: Type.Object({ title: Title }),
  bodyRequired: true,
  success: 200,
  response: Team,
  async handler(ctx, { params, body }) {
    const team = await loadManagedTeam(ctx, params.organizationId, params.teamId)
    await updateTeamTitle(ctx.db, team.id, body.title)
    return presentTeam({ ...team, title: body.title }, ctx)
  },
})

export const removeTeamFromOrganizationById = defineOperation({
  id: 'removeTeamFromOrganizationById',
  method: 'DELETE',
  path: '/orgs/{organizationId}/teams/{teamId}',
  tag: 'teams',
  summary: 'Delete a team (admins and the team\'s owners); its permissions go with it',
  description: 'A team that does not exist answers 204 too.',
  params: TeamParams,
  success: 204,
  async handler(ctx, { params }) {
    const org = await loadOrganization(ctx, params.organizationId)
    const team = await findTeam(ctx.db, org.id, params.teamId)
    if (!team) return
    await ctx.access.authorize('team', 'admin', { kind: 'team', row: team })
    await deleteTeam(ctx.db, team.id)
    ctx.access.invalidate()
  },
})

export const listTeamMembersInOrganizationById = defineOperation({
  id: 'listTeamMembersInOrganizationById',
  method: 'GET',
  path: '/orgs/{organizationId}/teams/{teamId}/members',
  tag: 'teams',
  summary: 'List the members of a team, with their team role',
  params: TeamParams,
  query: Type.Object({ ...PageQuery }),
  success: 200,
  response: ListOf(Type.Object({ organization: Type.Object({}, { additionalProperties: true }), team: Type.Object({ role: Type.String() }) }, { additionalProperties: true })),
  async handler(ctx, { params, query }) {
    const team = await loadTeam(ctx, params.organizationId, params.teamId)
    const page = await listTeamMembers(ctx.db, team.organization_id, team.id, { page: query.page, limit: query.limit! })
    const members = await presentMembers(ctx, team.organization_id, page.items)
    return listEnvelope({ ...page, items: page.items.map((row, i) => ({ organization: members[i], team: { role: row.team_role }, permissions: { view: true } })) })
  },
})

export const updateMembersInOrganizationTeam = defineOperation({
  id: 'updateMembersInOrganizationTeam',
  method: 'PUT',
  path: '/orgs/{organizationId}/teams/{teamId}/members',
  tag: 'teams',
  summary: 'Add, remove and change the role of team members in one request (admins and the team\'s owners)',
  description: '`add` and `remove` take user ids or emails of organization members; `memberships` maps a user id to `{role}`.',
  params: TeamParams,
  body: Type.Object({
    add: Type.Optional(Type.Array(UserRef, { maxItems: 1000 })),
    memberships: Type.Optional(Type.Record(Type.String({ minLength: 1, maxLength: 64 }), Type.Object({ role: TeamRole }))),
    remove: Type.Optional(Type.Array(UserRef, { maxItems: 1000 })),
  }),
  bodyRequired: true,
  success: 204,
  async handler(ctx, { params, body }) {
    const team = await loadManagedTeam(ctx, params.organizationId, params.teamId)
    await ctx.db.transaction().execute(async (trx) => {
      for (const [i, ref] of (body.add ?? []).entries()) await upsertTeamMember(trx, team.id, await memberId(trx, team.organization_id, ref, `body.add.${i}`), 'member', nextTimestamp())
      for (const [userId, { role }] of Object.entries(body.memberships ?? {})) {
        await upsertTeamMember(trx, team.id, await memberId(trx, team.organization_id, userId, `body.memberships.${userId}`), role, nextTimestamp())
      }
      for (const [i, ref] of (body.remove ?? []).entries()) await deleteTeamMember(trx, team.id, await memberId(trx, team.organization_id, ref, `body.remove.${i}`))
    })
    ctx.access.invalidate()
  },
})

export const addMemberToOrganizationTeamById = defineOperation({
  id: 'addMemberToOrganizationTeamById',
  method: 'PUT',
  path: '/orgs/{organizationId}/teams/{teamId}/members/{userId}',
  tag: 'teams',
  summary: 'Add a member to a team, or change its team role (admins and the team\'s owners)',
  params: TeamMemberParams,
  body: Type.Object({ role: Type.Optional(TeamRole) }),
  bodyRequired: false,
  success: 204,
  async handler(ctx, { params, body }) {
    const team = await loadManagedTeam(ctx, params.organizationId, params.teamId)
    if (!(await findMember(ctx.db, team.organization_id, params.userId))) {
      throw new NotFoundError(`User "${params.userId}" is not a member of organization "${team.organization_id}".`)
    }
    await upsertTeamMember(ctx.db, team.id, params.userId, body?.role ?? 'member', nextTimestamp())
    ctx.access.invalidate()
  },
})

export const deleteMemberFromOrganizationTeamById = defineOperation({
  id: 'deleteMemberFromOrganizationTeamById',
  method: 'DELETE',
  path: '/orgs/{organizationId}/teams/{teamId}/members/{userId}',
  tag: 'teams',
  summary: 'Remove a member from a team (admins and the team\'s owners)',
  description: 'A user who is not in the team answers 204 too.',
  params: TeamMemberParams,
  success: 204,
  async handler(ctx, { params }) {
    const team = await loadManagedTeam(ctx, params.organizationId, params.teamId)
    await deleteTeamMember(ctx.db, team.id, params.userId)
    ctx.access.invalidate()
  },
})
