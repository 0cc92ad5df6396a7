/**
 * Invite links (GitBook's link-invite operations): an invite to the organization carries a role; an invite to a
 * space or collection carries a level there. Whoever holds an invite's id joins with it — unless the organization
 * turned `inviteLinks` off. Inviting users by email is `inviteUsersToOrganization` (members.ts).
 */
import { Type } from '@sinclair/typebox/type'
import { defineOperation, type OperationContext } from './operation'
import { Id, RoleOrNull } from './schemas/common'
import { ListOf, PageQuery, listEnvelope } from './schemas/pagination'
import { presentSpace } from './presenters/space'
import { presentCollection } from './presenters/collection'
import { apiUrl } from './presenters/urls'
import { loadOrganization } from './organizations'
import { loadSpace } from './spaces'
import { loadCollection } from './collections'
import { deleteInvite, findInvite, insertInvite, listOrganizationInvites, updateInviteRole } from '../store/invites'
import { findOrganizationById } from '../store/organizations'
import { findMember, insertMember, updateMemberRole } from '../store/members'
import { findPermission, upsertPermission } from '../store/permissions'
import { findSpaceById } from '../store/spaces'
import { findCollectionById } from '../store/collections'
import { newId, nextTimestamp, nowIso } from '../store/ids'
import { levelOf } from '../domain/permissions/roles'
import { BadRequestError, ForbiddenError, NotFoundError } from '../errors'
import type { InviteRow } from '../store/tables/invite.table'
import type { Subject } from '../domain/permissions/resolve-permissions'

const OrganizationId = Type.Object({ organizationId: Id('Id of the organization') })
const InviteParams = Type.Object({ organizationId: Id('Id of the organization'), inviteId: Id('Id of the invite') })
const Invite = Type.Object({ object: Type.Literal('invite'), id: Type.String() }, { additionalProperties: true })

/** What an invite opens: the organization, or a space or collection in it (the subject its rights are checked on). */
async function subjectOf(ctx: OperationContext, invite: Pick<InviteRow, 'organization_id' | 'space_id' | 'collection_id'>): Promise<Subject> {
  if (invite.space_id) return { kind: 'space', row: await loadSpace(ctx, invite.space_id) }
  if (invite.collection_id) return { kind: 'collection', row: await loadCollection(ctx, invite.collection_id) }
  return { kind: 'organization', row: await loadOrganization(ctx, invite.organization_id) }
}

/** Allows managing invites to the subject: admins of the organization, space or collection. */
async function authorizeInvites(ctx: OperationContext, subject: Subject) {
  if (subject.kind === 'organization') await ctx.access.authorize('organization', 'admin', subject)
  else if (subject.kind === 'space') await ctx.access.authorize('space', 'viewInviteLinks', subject)
  else if (subject.kind === 'collection') await ctx.access.authorize('collection', 'viewInviteLinks', subject)
}

async function loadManagedInvite(ctx: OperationContext, organizationId: string, inviteId: string) {
  const org = await loadOrganization(ctx, organizationId)
  const invite = await findInvite(ctx.db, org.id, inviteId)
  if (!invite) throw new NotFoundError(`Invite "${inviteId}" does not exist in organization "${organizationId}".`)
  const subject = await subjectOf(ctx, invite)
  await authorizeInvites(ctx, subject)
  return { invite, subject }
}

/** An invite as GitBook shows it; `redundant` when the caller already has what it gives. */
async function presentInvite(ctx: OperationContext, invite: InviteRow, subject: Subject) {
  const redundant = (await ctx.access.levelOf(subject)) >= levelOf(invite.role)
  const urls = {
    location: apiUrl(ctx.baseUrl, `/orgs/${invite.organization_id}/link-invites/${invite.id}`),
    join: apiUrl(ctx.baseUrl, `/orgs/${invite.organization_id}/invites/${invite.id}`),
  }
  if (subject.kind === 'space') return { object: 'invite' as const, id: invite.id, level: invite.role, redundant, space: await presentSpace(subject.row as never, ctx), urls }
  if (subject.kind === 'collection') return { object: 'invite' as const, id: invite.id, level: invite.role, redundant, collection: await presentCollection(subject.row as never, ctx), urls }
  return { object: 'invite' as const, id: invite.id, role: invite.role, redundant, urls }
}

export const listOrganizationInviteLinks = defineOperation({
  id: 'listOrganizationInviteLinks',
  method: 'GET',
  path: '/orgs/{organizationId}/link-invites',
  tag: 'invites',
  summary: 'List the invite links to an organization (admins), oldest first',
  description: 'As in GitBook, invites to a space or collection are not listed here; they are read by id.',
  params: OrganizationId,
  query: Type.Object({ ...PageQuery }),
  success: 200,
  response: ListOf(Invite),
  async handler(ctx, { params, query }) {
    const org = await loadOrganization(ctx, params.organizationId)
    await ctx.access.authorize('organization', 'admin', { kind: 'organization', row: org })
    const page = await listOrganizationInvites(ctx.db, org.id, { page: query.page, limit: query.limit! })
    return listEnvelope({ ...page, items: await Promise.all(page.items.map(async (invite) => presentInvite(ctx, invite, await subjectOf(ctx, invite)))) })
  },
})

export const createOrganizationInvite = defineOperation({
  id: 'createOrganizationInvite',
  method: 'POST',
  path: '/orgs/{organizationId}/link-invites',
  tag: 'invites',
  summary: 'Create an invite link: to the organization with a role, or to a space or collection with a level',
  description: 'Admins of the organization create organization invites; admins of a space or collection, invites to it.',
  params: OrganizationId,
  body: Type.Union([
    Type.Object({ role: RoleOrNull }, { additionalProperties: false }),
    Type.Object({ level: RoleOrNull, space: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false }),
    Type.Object({ level: RoleOrNull, collection: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false }),
  ]),
  bodyRequired: true,
  success: 201,
  response: Invite,
  async handler(ctx, { params, body }) {
    const org = await loadOrganization(ctx, params.organizationId)
    const row: InviteRow = { id: newId(), organization_id: org.id, space_id: null, collection_id: null, role: null, created_by: ctx.actor.user.id, created_at: nextTimestamp() }
    if ('role' in body) row.role = body.role
    else {
      row.role = body.level
      if ('space' in body) row.space_id = body.space
      else row.collection_id = body.collection
    }
    const subject = await subjectOf(ctx, row)
    if (subject.kind !== 'organization' && subject.row.organization_id !== org.id) throw new BadRequestError(`body: the ${subject.kind} is not in organization "${org.id}".`)
    await authorizeInvites(ctx, subject)
    await insertInvite(ctx.db, row)
    return presentInvite(ctx, row, subject)
  },
})

export const getOrganizationInviteLink = defineOperation({
  id: 'getOrganizationInviteLink',
  method: 'GET',
  path: '/orgs/{organizationId}/link-invites/{inviteId}',
  tag: 'invites',
  summary: 'Get an invite link',
  params: InviteParams,
  success: 200,
  response: Invite,
  async handler(ctx, { params }) {
    const { invite, subject } = await loadManagedInvite(ctx, params.organizationId, params.inviteId)
    return presentInvite(ctx, invite, subject)
  },
})

export const updateOrganizationInviteById = defineOperation({
  id: 'updateOrganizationInviteById',
  method: 'PATCH',
  path: '/orgs/{organizationId}/link-invites/{inviteId}',
  tag: 'invites',
  summary: 'Change the role (organization invite) or level (space or collection invite) of an invite link',
  params: InviteParams,
  body: Type.Union([Type.Object({ role: RoleOrNull }, { additionalProperties: false }), Type.Object({ level: RoleOrNull }, { additionalProperties: false })]),
  bodyRequired: true,
  success: 200,
  response: Invite,
  async handler(ctx, { params, body }) {
    const { invite, subject } = await loadManagedInvite(ctx, params.organizationId, params.inviteId)
    const toContent = subject.kind !== 'organization'
    if (toContent !== 'level' in body) {
      throw new BadRequestError(toContent ? 'body.level: an invite to a space or collection carries a level; send `level`.' : 'body.role: an invite to the organization carries a role; send `role`.')
    }
    const role = 'role' in body ? body.role : body.level
    await updateInviteRole(ctx.db, invite.id, role)
    return presentInvite(ctx, { ...invite, role }, subject)
  },
})

export const deleteOrganizationInviteById = defineOperation({
  id: 'deleteOrganizationInviteById',
  method: 'DELETE',
  path: '/orgs/{organizationId}/link-invites/{inviteId}',
  tag: 'invites',
  summary: 'Delete an invite link (204 also when it does not exist)',
  params: InviteParams,
  success: 204,
  async handler(ctx, { params }) {
    const org = await loadOrganization(ctx, params.organizationId)
    const invite = await findInvite(ctx.db, org.id, params.inviteId)
    if (!invite) return
    await authorizeInvites(ctx, await subjectOf(ctx, invite))
    await deleteInvite(ctx.db, invite.id)
  },
})

export const joinOrganizationWithInvite = defineOperation({
  id: 'joinOrganizationWithInvite',
  method: 'POST',
  path: '/orgs/{organizationId}/invites/{inviteId}',
  tag: 'invites',
  summary: 'Join an organization (or a space or collection in it) with an invite link',
  description:
    'A new member gets the invite\'s role (a guest for a space or collection invite, with the invite\'s level there). A member keeps its role unless the invite\'s is higher. Refused (403) when the organization has `inviteLinks` off.',
  params: InviteParams,
  success: 200,
  response: Type.Object({}),
  async handler(ctx, { params }) {
    // The caller is usually not a member yet: the invite's id, not membership, is what lets it in.
    const org = await findOrganizationById(ctx.db, params.organizationId)
    const invite = org && (await findInvite(ctx.db, org.id, params.inviteId))
    if (!org || !invite) throw new NotFoundError(`Invite "${params.inviteId}" does not exist in organization "${params.organizationId}".`)
    if (!org.invite_links) throw new ForbiddenError('This organization does not accept invite links (inviteLinks is off): ask an admin to invite you by email.')
    const userId = ctx.actor.user.id
    await ctx.db.transaction().execute(async (trx) => {
      const member = await findMember(trx, org.id, userId)
      const content = invite.space_id || invite.collection_id
      if (!member) {
        await insertMember(trx, { organization_id: org.id, user_id: userId, role: content ? null : invite.role, joined_at: nowIso(), last_seen_at: null, disabled: 0, sso: 0 })
      } else if (!content && levelOf(invite.role) > levelOf(member.role)) {
        await updateMemberRole(trx, org.id, userId, invite.role)
      }
      if (content && invite.role !== null) {
        const exists = invite.space_id ? await findSpaceById(trx, invite.space_id) : await findCollectionById(trx, invite.collection_id!)
        if (!exists) throw new NotFoundError('The space or collection of this invite no longer exists.')
        const target = { organizationId: org.id, spaceId: invite.space_id ?? undefined, collectionId: invite.collection_id ?? undefined }
        const current = await findPermission(trx, target, { userId })
        if (!current || levelOf(current.role) < levelOf(invite.role)) await upsertPermission(trx, target, { userId }, invite.role)
      }
    })
    ctx.access.invalidate()
    return {}
  },
})
