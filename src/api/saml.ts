/**
 * SAML providers and SSO login information (the spec's "SAML providers and SSO" table) and the subdomain resource.
 * docsctl records providers and tells the addresses it would use as a service provider (`service`); it does not run
 * a SAML login itself (see the README).
 */
import { X509Certificate } from 'node:crypto'
import { Type } from '@sinclair/typebox/type'
import { defineOperation, type OperationContext } from './operation'
import { Id, RoleOrNull } from './schemas/common'
import { Limits } from './schemas/limits'
import { ListOf, PageQuery, listEnvelope } from './schemas/pagination'
import { presentTeam } from './presenters/team'
import { apiUrl } from './presenters/urls'
import { loadOrganization } from './organizations'
import { deleteSamlProvider, findSamlProvider, insertSamlProvider, listAllSamlProviders, listSamlProviders, updateSamlProvider } from '../store/saml-providers'
import { findOrganizationByHostname } from '../store/organizations'
import { findTeam } from '../store/teams'
import { newId, nextTimestamp } from '../store/ids'
import { BadRequestError, NotFoundError } from '../errors'
import type { SamlProviderRow, SamlProviderUpdate } from '../store/tables/saml-provider.table'

const OrganizationId = Type.Object({ organizationId: Id('Id of the organization') })
const ProviderParams = Type.Object({ organizationId: Id('Id of the organization'), samlProviderId: Id('Id of the SAML provider') })
const Label = Type.String({ minLength: Limits.saml.label.min, maxLength: Limits.saml.label.max, description: 'Name shown on the login page, 1 to 30 characters.' })
/** The optional fields of a provider in requests (create and update). */
const Fields = {
  entityID: Type.Optional(Type.String({ maxLength: Limits.saml.entityID, description: "The identity provider's entity ID." })),
  certificate: Type.Optional(Type.String({ maxLength: Limits.saml.certificate, description: "The identity provider's X.509 signing certificate, PEM." })),
  ssoURL: Type.Optional(Type.String({ format: 'uri', maxLength: Limits.saml.ssoURL, description: "The identity provider's single sign-on address." })),
  defaultTeam: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Id of the team new SSO members join.' })),
  defaultRole: Type.Optional(RoleOrNull),
}
const Provider = Type.Object({ object: Type.Literal('saml-provider'), id: Type.String() }, { additionalProperties: true })

/** The addresses docsctl uses as the service provider for this identity provider. */
function serviceOf(row: SamlProviderRow, baseUrl: string) {
  const base = `${baseUrl}/sso/saml/${row.id}`
  return { acsURL: `${base}/acs`, startURL: `${base}/start`, entityID: base }
}

async function presentProvider(row: SamlProviderRow, ctx: OperationContext) {
  const team = row.default_team_id ? await findTeam(ctx.db, row.organization_id, row.default_team_id) : undefined
  return {
    object: 'saml-provider' as const,
    id: row.id,
    label: row.label,
    ssoURL: row.sso_url ?? undefined,
    entityID: row.entity_id ?? undefined,
    certificate: row.certificate ?? undefined,
    defaultTeam: team ? await presentTeam(team, ctx) : undefined,
    defaultRole: row.default_role,
    createdAt: row.created_at,
    // Active once the identity provider is fully described: its entity ID, certificate and SSO address.
    status: row.entity_id && row.certificate && row.sso_url ? ('active' as const) : ('pending' as const),
    service: serviceOf(row, ctx.baseUrl),
    urls: { location: apiUrl(ctx.baseUrl, `/orgs/${row.organization_id}/saml/${row.id}`) },
  }
}

/** Checks the certificate (one PEM X.509 certificate) and the default team, naming the field. */
async function checkedUpdate(ctx: OperationContext, organizationId: string, body: Partial<Record<keyof typeof Fields | 'label', unknown>>): Promise<SamlProviderUpdate> {
  const update: SamlProviderUpdate = {}
  if (body.label !== undefined) update.label = body.label as string
  if (body.entityID !== undefined) update.entity_id = body.entityID as string
  if (body.ssoURL !== undefined) update.sso_url = body.ssoURL as string
  if (body.defaultRole !== undefined) update.default_role = body.defaultRole as string | null
  if (body.certificate !== undefined) {
    const pem = (body.certificate as string).trim()
    try {
      if (!/^-----BEGIN CERTIFICATE-----[\s\S]+-----END CERTIFICATE-----$/.test(pem)) throw new Error('not PEM')
      new X509Certificate(pem)
    } catch {
      throw new BadRequestError('body.certificate: must be one X.509 certificate in PEM form (-----BEGIN CERTIFICATE----- … -----END CERTIFICATE-----).')
    }
    update.certificate = pem
  }
  if (body.defaultTeam !== undefined) {
    if (!(await findTeam(ctx.db, organizationId, body.defaultTeam as string))) throw new BadRequestError(`body.defaultTeam: team "${body.defaultTeam}" does not exist in organization "${organizationId}".`)
    update.default_team_id = body.defaultTeam as string
  }
  return update
}

async function loadAdministeredOrganization(ctx: OperationContext, organizationId: string) {
  const org = await loadOrganization(ctx, organizationId)
  await ctx.access.authorize('organization', 'admin', { kind: 'organization', row: org })
  return org
}

async function loadProvider(ctx: OperationContext, organizationId: string, id: string) {
  const org = await loadAdministeredOrganization(ctx, organizationId)
  const row = await findSamlProvider(ctx.db, org.id, id)
  if (!row) throw new NotFoundError(`SAML provider "${id}" does not exist in organization "${organizationId}".`)
  return row
}

export const listSAMLProvidersInOrganizationById = defineOperation({
  id: 'listSAMLProvidersInOrganizationById',
  method: 'GET',
  path: '/orgs/{organizationId}/saml',
  tag: 'saml',
  summary: 'List the SAML providers of an organization (admins)',
  params: OrganizationId,
  query: Type.Object({ ...PageQuery }),
  success: 200,
  response: ListOf(Provider),
  async handler(ctx, { params, query }) {
    const org = await loadAdministeredOrganization(ctx, params.organizationId)
    const page = await listSamlProviders(ctx.db, org.id, { page: query.page, limit: query.limit! })
    return listEnvelope({ ...page, items: await Promise.all(page.items.map((row) => presentProvider(row, ctx))) })
  },
})

export const createOrganizationSAMLProvider = defineOperation({
  id: 'createOrganizationSAMLProvider',
  method: 'POST',
  path: '/orgs/{organizationId}/saml',
  tag: 'saml',
  summary: 'Add a SAML provider (admins); it is `pending` until entityID, certificate and ssoURL are all set',
  params: OrganizationId,
  body: Type.Object({ label: Label, ...Fields }),
  bodyRequired: true,
  success: 201,
  response: Provider,
  async handler(ctx, { params, body }) {
    const org = await loadAdministeredOrganization(ctx, params.organizationId)
    const update = await checkedUpdate(ctx, org.id, body)
    const row: SamlProviderRow = {
      id: newId(),
      organization_id: org.id,
      label: body.label,
      entity_id: update.entity_id ?? null,
      certificate: update.certificate ?? null,
      sso_url: update.sso_url ?? null,
      default_team_id: update.default_team_id ?? null,
      default_role: update.default_role === undefined ? org.default_role : update.default_role,
      created_at: nextTimestamp(),
    }
    await insertSamlProvider(ctx.db, row)
    return presentProvider(row, ctx)
  },
})

export const getOrganizationSAMLProviderById = defineOperation({
  id: 'getOrganizationSAMLProviderById',
  method: 'GET',
  path: '/orgs/{organizationId}/saml/{samlProviderId}',
  tag: 'saml',
  summary: 'Get a SAML provider, with the service addresses this server uses for it (admins)',
  params: ProviderParams,
  success: 200,
  response: Provider,
  async handler(ctx, { params }) {
    return presentProvider(await loadProvider(ctx, params.organizationId, params.samlProviderId), ctx)
  },
})

export const updateOrganizationSAMLProvider = defineOperation({
  id: 'updateOrganizationSAMLProvider',
  method: 'PATCH',
  path: '/orgs/{organizationId}/saml/{samlProviderId}',
  tag: 'saml',
  summary: 'Update a SAML provider (admins)',
  params: ProviderParams,
  body: Type.Object({ label: Type.Optional(Label), ...Fields }),
  bodyRequired: true,
  success: 200,
  response: Provider,
  async handler(ctx, { params, body }) {
    const row = await loadProvider(ctx, params.organizationId, params.samlProviderId)
    const update = await checkedUpdate(ctx, row.organization_id, body)
    if (Object.keys(update).length) await updateSamlProvider(ctx.db, row.id, update)
    return presentProvider({ ...row, ...update } as SamlProviderRow, ctx)
  },
})

export const deleteOrganizationSAMLProvider = defineOperation({
  id: 'deleteOrganizationSAMLProvider',
  method: 'DELETE',
  path: '/orgs/{organizationId}/saml/{samlProviderId}',
  tag: 'saml',
  summary: 'Delete a SAML provider (admins; 204 also when it does not exist)',
  params: ProviderParams,
  success: 204,
  async handler(ctx, { params }) {
    const org = await loadAdministeredOrganization(ctx, params.organizationId)
    if (await findSamlProvider(ctx.db, org.id, params.samlProviderId)) await deleteSamlProvider(ctx.db, params.samlProviderId)
  },
})

export const listSSOProviderLoginsInOrganization = defineOperation({
  id: 'listSSOProviderLoginsInOrganization',
  method: 'GET',
  path: '/orgs/{organizationId}/sso',
  tag: 'saml',
  summary: 'How to log in to the organization with SSO: its active SAML providers, each with its start address',
  params: OrganizationId,
  success: 200,
  response: Type.Object({ items: Type.Array(Type.Object({ id: Type.String(), label: Type.String(), startURL: Type.String() })) }),
  async handler(ctx, { params }) {
    const org = await loadOrganization(ctx, params.organizationId)
    const providers = await listAllSamlProviders(ctx.db, org.id)
    const active = providers.filter((row) => row.entity_id && row.certificate && row.sso_url)
    return { items: active.map((row) => ({ id: row.id, label: row.label, startURL: serviceOf(row, ctx.baseUrl).startURL })) }
  },
})

export const getSubdomain = defineOperation({
  id: 'getSubdomain',
  method: 'GET',
  path: '/subdomains/{subdomain}',
  tag: 'organizations',
  summary: 'Get a subdomain: the organization whose hostname it is',
  description: "A subdomain is set as the organization's `hostname` (PATCH /v1/orgs/{organizationId}).",
  params: Type.Object({
    subdomain: Type.String({ minLength: Limits.subdomain.min, maxLength: Limits.subdomain.max, pattern: '^[a-z0-9][a-z0-9-]{1,30}[a-z0-9]$', description: 'Lower-case letters, digits and inner hyphens, 3 to 32 characters.' }),
  }),
  success: 200,
  response: Type.Object({ object: Type.Literal('subdomain'), subdomain: Type.String() }, { additionalProperties: true }),
  async handler(ctx, { params }) {
    const org = await findOrganizationByHostname(ctx.db, params.subdomain)
    if (!org) throw new NotFoundError(`Subdomain "${params.subdomain}" is not used by any organization you can see.`)
    await loadOrganization(ctx, org.id).catch(() => {
      throw new NotFoundError(`Subdomain "${params.subdomain}" is not used by any organization you can see.`)
    })
    return { object: 'subdomain' as const, subdomain: params.subdomain, target: { type: 'organization' as const, organization: org.id }, isActive: true }
  },
})
