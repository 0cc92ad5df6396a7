/** Organizations: the spec's Organizations table plus createOrganization. */
import { Type } from '@sinclair/typebox/type'
import { defineOperation } from './operation'
import { Id, Nullable, RoleOrNull } from './schemas/common'
import { Limits } from './schemas/limits'
import { ListOf, PageQuery, listEnvelope } from './schemas/pagination'
import { presentOrganization } from './presenters/organization'
import { findOrganizationById, listOrganizationsByEmailDomain, listOrganizationsOfUser, updateOrganization } from '../store/organizations'
import { createOrganization as createOrganizationRow, normalizeDomains } from '../domain/organizations/create-organization'
import { NotFoundError } from '../errors'
import { nowIso } from '../store/ids'
import type { OperationContext } from './operation'
import type { OrganizationUpdate } from '../store/tables/organization.table'

const OrganizationId = Type.Object({ organizationId: Id('Id of the organization') })
const Domain = Type.String({ minLength: 1, maxLength: 253, pattern: '^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$' })
const Title = Type.String({ minLength: Limits.organization.title.min, maxLength: Limits.organization.title.max, pattern: '\\S.*\\S' })
const Organization = Type.Object({ object: Type.Literal('organization'), id: Type.String(), title: Type.String() }, { additionalProperties: true })

/** Loads an organization the caller can see, or answers 404 alike for missing and invisible ones. */
export async function loadOrganization(ctx: OperationContext, organizationId: string) {
  const row = await findOrganizationById(ctx.db, organizationId)
  if (!row) throw new NotFoundError(`Organization "${organizationId}" does not exist or is not visible to you.`)
  await ctx.access.authorize('organization', 'view', { kind: 'organization', row })
  return row
}

export const listOrganizationsForAuthenticatedUser = defineOperation({
  id: 'listOrganizationsForAuthenticatedUser',
  method: 'GET',
  path: '/orgs',
  tag: 'organizations',
  summary: 'List the organizations the caller is a member of',
  query: Type.Object({ ...PageQuery }),
  success: 200,
  response: ListOf(Organization),
  async handler(ctx, { query }) {
    const page = await listOrganizationsOfUser(ctx.db, ctx.actor.user.id, { page: query.page, limit: query.limit! })
    return listEnvelope({ ...page, items: await Promise.all(page.items.map((row) => presentOrganization(row, ctx))) })
  },
})

export const createOrganization = defineOperation({
  id: 'createOrganization',
  method: 'POST',
  path: '/orgs',
  tag: 'organizations',
  summary: 'Create an organization; the caller becomes its admin',
  body: Type.Object({ title: Title, emailDomains: Type.Optional(Type.Array(Domain, { maxItems: 100 })) }),
  bodyRequired: true,
  success: 201,
  response: Organization,
  async handler(ctx, { body }) {
    const row = await createOrganizationRow(ctx.db, ctx.actor.user.id, body)
    ctx.access.invalidate()
    return presentOrganization(row, ctx)
  },
})

export const getOrganizationById = defineOperation({
  id: 'getOrganizationById',
  method: 'GET',
  path: '/orgs/{organizationId}',
  tag: 'organizations',
  summary: 'Get an organization',
  params: OrganizationId,
  success: 200,
  response: Organization,
  async handler(ctx, { params }) {
    return presentOrganization(await loadOrganization(ctx, params.organizationId), ctx)
  },
})

export const updateOrganizationById = defineOperation({
  id: 'updateOrganizationById',
  method: 'PATCH',
  path: '/orgs/{organizationId}',
  tag: 'organizations',
  summary: 'Update an organization (admins)',
  params: OrganizationId,
  body: Type.Object({
    title: Type.Optional(Title),
    emailDomains: Type.Optional(Type.Array(Domain, { maxItems: 100 })),
    hostname: Type.Optional(
      Type.String({
        minLength: Limits.organization.hostname.min,
        maxLength: Limits.organization.hostname.max,
        pattern: '^[a-z0-9][a-z0-9-]*[a-z0-9]$',
        description: 'Lower-case letters, digits and inner hyphens.',
      }),
    ),
    defaultRole: Type.Optional(RoleOrNull),
    defaultContent: Type.Optional(Nullable(Type.Object({ type: Type.Literal('site'), site: Type.String({ minLength: 1 }) }))),
    logo: Type.Optional(Nullable(Type.String({ format: 'uri', maxLength: Limits.organization.logo }))),
    sso: Type.Optional(Type.Boolean()),
    ai: Type.Optional(Type.Boolean()),
    inviteLinks: Type.Optional(Type.Boolean()),
  }),
  bodyRequired: true,
  success: 200,
  response: Organization,
  async handler(ctx, { params, body }) {
    const row = await loadOrganization(ctx, params.organizationId)
    await ctx.access.authorize('organization', 'admin', { kind: 'organization', row })
    const update: OrganizationUpdate = { updated_at: nowIso() }
    if (body.title !== undefined) update.title = body.title.trim()
    if (body.emailDomains !== undefined) update.email_domains = JSON.stringify(normalizeDomains(body.emailDomains))
    if (body.hostname !== undefined) update.hostname = body.hostname
    if (body.defaultRole !== undefined) update.default_role = body.defaultRole
    if (body.defaultContent !== undefined) update.default_content = body.defaultContent ? JSON.stringify(body.defaultContent) : null
    if (body.logo !== undefined) update.logo = body.logo
    if (body.sso !== undefined) update.sso = body.sso ? 1 : 0
    if (body.ai !== undefined) update.ai = body.ai ? 1 : 0
    if (body.inviteLinks !== undefined) update.invite_links = body.inviteLinks ? 1 : 0
    await updateOrganization(ctx.db, row.id, update)
    return presentOrganization((await findOrganizationById(ctx.db, row.id))!, ctx)
  },
})

export const getOrganizationsForEmailDomain = defineOperation({
  id: 'getOrganizationsForEmailDomain',
  method: 'GET',
  path: '/email-domains/{emailDomain}/orgs',
  tag: 'organizations',
  summary: 'Organizations that accept members of an email domain',
  description:
    'Lists organizations whose `emailDomains` include the domain and that the caller may see: those it is a member of, and, when the caller\'s own email is in that domain, those it could join.',
  params: Type.Object({ emailDomain: Domain }),
  success: 200,
  response: Type.Object({ organizations: Type.Array(Organization) }),
  async handler(ctx, { params }) {
    const domain = params.emailDomain.toLowerCase()
    const ownDomain = ctx.actor.user.email.split('@').pop()?.toLowerCase()
    const organizations = []
    for (const row of await listOrganizationsByEmailDomain(ctx.db, domain)) {
      if (ownDomain === domain || (await ctx.access.membership(row.id))) organizations.push(await presentOrganization(row, ctx))
    }
    return { organizations }
  },
})
