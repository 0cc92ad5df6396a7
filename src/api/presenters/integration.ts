/**
 * Integrations, their installations (on organizations, and on spaces or sites) and their events as GitBook's
 * Integration, IntegrationInstallation, IntegrationSpaceInstallation / IntegrationSiteInstallation and
 * IntegrationEvent. Never presented: `secrets`, `script`, the development tunnel.
 */
import type { OperationContext } from '../operation'
import type { IntegrationContentInstallationRow, IntegrationEventLog, IntegrationEventRow, IntegrationInstallationRow, IntegrationRow } from '../../store/tables/integration.table'
import type { SiteRow } from '../../store/tables/site.table'
import type { SpaceRow } from '../../store/tables/space.table'
import { findOrganizationById } from '../../store/organizations'
import { NotFoundError } from '../../errors'
import { presentOrganization } from './organization'
import { presentSite } from './site'
import { presentSpace } from './space'
import { apiUrl, appUrl } from './urls'

/** Where the integration answers the public: its endpoint when it has one, else its address in the API. */
function publicEndpoint(row: IntegrationRow, ctx: OperationContext): string {
  return row.endpoint ?? apiUrl(ctx.baseUrl, `/integrations/${row.name}`)
}

/** Base64 images are served as data: addresses (docsctl keeps no separate image store for integrations). */
const IMAGE_TYPES: [string, string][] = [['iVBOR', 'image/png'], ['/9j/', 'image/jpeg'], ['R0lG', 'image/gif'], ['UklG', 'image/webp'], ['PHN2', 'image/svg+xml'], ['PD94', 'image/svg+xml']]
function dataUrl(base64: string): string {
  const type = IMAGE_TYPES.find(([prefix]) => base64.startsWith(prefix))?.[1] ?? 'application/octet-stream'
  return `data:${type};base64,${base64}`
}

export async function presentIntegration(row: IntegrationRow, ctx: OperationContext) {
  const owner = await findOrganizationById(ctx.db, row.organization_id)
  if (!owner) throw new NotFoundError(`Integration "${row.name}" has no owner any more.`)
  const permissions = await ctx.access.permissionsOf('integration', { kind: 'integration', row })
  const endpoint = publicEndpoint(row, ctx)
  const csp = row.content_security_policy ? JSON.parse(row.content_security_policy) : undefined
  return {
    object: 'integration' as const,
    name: row.name,
    version: row.version,
    runtime: row.runtime,
    title: row.title,
    description: row.description,
    ...(row.summary !== null ? { summary: row.summary } : {}),
    previewImages: (JSON.parse(row.preview_images) as string[]).map(dataUrl),
    target: row.target,
    verified: false,
    visibility: row.visibility,
    scopes: JSON.parse(row.scopes) as string[],
    categories: JSON.parse(row.categories) as string[],
    blocks: JSON.parse(row.blocks),
    contentSources: JSON.parse(row.content_sources),
    configurations: JSON.parse(row.configurations),
    externalLinks: JSON.parse(row.external_links),
    owner: await presentOrganization(owner, ctx),
    urls: {
      location: apiUrl(ctx.baseUrl, `/integrations/${row.name}`),
      ...(row.icon ? { icon: dataUrl(row.icon) } : {}),
      app: appUrl(ctx.baseUrl, `/integrations/${row.name}`),
      assets: apiUrl(ctx.baseUrl, `/integrations/${row.name}/assets`),
      publicEndpoint: endpoint,
      publicContentEndpoint: endpoint,
    },
    permissions: { admin: permissions.admin },
    ...(csp !== undefined ? { contentSecurityPolicy: csp } : {}),
  }
}

export function presentInstallation(row: IntegrationInstallationRow, integration: IntegrationRow, spaces: number, ctx: OperationContext) {
  const endpoint = `${publicEndpoint(integration, ctx)}/installations/${row.id}`
  return {
    id: row.id,
    status: row.status,
    space_selection: row.space_selection,
    site_selection: row.site_selection,
    spaces,
    configuration: JSON.parse(row.configuration),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    urls: {
      location: apiUrl(ctx.baseUrl, `/integrations/${integration.name}/installations/${row.id}`),
      app: appUrl(ctx.baseUrl, `/o/${row.organization_id}/integrations/${integration.name}`),
      publicEndpoint: endpoint,
      publicContentEndpoint: endpoint,
    },
    externalIds: JSON.parse(row.external_ids) as string[],
    target: { organization: row.organization_id },
  }
}

/**
 * An installation on a space or a site; `target` is the space or site row when the list asks for `extended` objects
 * (then presented in full), else only its id is shown.
 */
export async function presentContentInstallation(row: IntegrationContentInstallationRow, integration: IntegrationRow, ctx: OperationContext, target?: SpaceRow | SiteRow) {
  const path = `/integrations/${integration.name}/installations/${row.installation_id}/${row.kind}s/${row.target_id}`
  const endpoint = `${publicEndpoint(integration, ctx)}/installations/${row.installation_id}/${row.kind}s/${row.target_id}`
  const object = target ? (row.kind === 'space' ? await presentSpace(target as SpaceRow, ctx) : await presentSite(target as SiteRow, ctx)) : row.target_id
  return {
    integration: integration.name,
    installation: row.installation_id,
    status: row.status,
    configuration: JSON.parse(row.configuration),
    externalIds: JSON.parse(row.external_ids) as string[],
    urls: { location: apiUrl(ctx.baseUrl, path), publicEndpoint: endpoint, publicContentEndpoint: endpoint },
    [row.kind]: object,
  }
}

/** An event; `status` is `pending` (docsctl) until its delivery succeeds (`success`) or gives up (`failed`). */
export function presentIntegrationEvent(row: IntegrationEventRow) {
  return {
    id: row.id,
    integrationId: row.integration_id,
    ...(row.installation_id ? { installationId: row.installation_id } : {}),
    createdAt: row.created_at,
    payload: JSON.parse(row.payload),
    status: row.status,
  }
}

export function presentIntegrationEventTrace(row: IntegrationEventRow) {
  return { logs: JSON.parse(row.trace) as IntegrationEventLog[] }
}
