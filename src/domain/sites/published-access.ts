/**
 * Who reads a published site: its audience. A site answers only while `published`, and then
 * - `public` and `unlisted`: any authenticated caller;
 * - `share-link`: a caller with the key of an active share link of the site (`shareKey`);
 * - `visitor-auth`: a caller with a visitor token signed for the site (`visitorAuthToken`).
 * A valid visitor token also brings the visitor's claims, which conditions read (on any visibility). The spaces a
 * site shows its audience are readable by that audience too (see PermissionResolver).
 */
import type { Db } from '../../store/database'
import type { SiteRow } from '../../store/tables/site.table'
import type { SpaceRow } from '../../store/tables/space.table'
import { findShareLinkByKeyHash } from '../../store/share-links'
import { listPublishedSitesOfOrganization } from '../../store/sites'
import { ForbiddenError, NotFoundError } from '../../errors'
import { hashShareKey, visitorKeyOf } from './site-secrets'
import { RESERVED_CLAIMS, verifyVisitorToken } from './visitor-token'
import { verifyVisitorClaims } from '../auth/visitor-claims'
import { loadSiteTree, loadSpacesOf } from './load-site-tree'
import { allSiteSpaces, visitorTree, type SiteTree } from './site-tree'

/** What a caller presents to reach published content. */
export interface SiteCredentials {
  /** The secret key of a share link. */
  shareKey?: string
  /** A visitor token (JWT) signed for the site. */
  visitorAuthToken?: string
}

/**
 * The claims of a visitor token for the site: one signed for the site (`docsctl site visitor-token`), or the
 * member claims `POST …/ping` hands a member of the site's organization.
 */
async function visitorClaimsFor(db: Db, site: SiteRow, token: string): Promise<Record<string, unknown> | undefined> {
  const forSite = await verifyVisitorToken(await visitorKeyOf(db, site.id), site.id, token)
  if (forSite) return forSite
  const member = await verifyVisitorClaims(db, token)
  if (!member || member.organization !== site.organization_id) return undefined
  const claims: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(member)) if (!RESERVED_CLAIMS.includes(name)) claims[name] = value
  return claims
}

/** The visitor's claims when the credentials let the caller into the published site; undefined otherwise. */
export async function audienceClaims(db: Db, site: SiteRow, credentials: SiteCredentials): Promise<Record<string, unknown> | undefined> {
  if (!site.published) return undefined
  const tokenClaims = credentials.visitorAuthToken ? await visitorClaimsFor(db, site, credentials.visitorAuthToken) : undefined
  switch (site.visibility) {
    case 'public':
    case 'unlisted':
      return tokenClaims ?? {}
    case 'share-link':
      return (await shareKeyOpens(db, site.id, credentials.shareKey)) ? (tokenClaims ?? {}) : undefined
    case 'visitor-auth':
      return tokenClaims
    default:
      return undefined
  }
}

/** Whether the key belongs to an active share link of the site. */
async function shareKeyOpens(db: Db, siteId: string, key: string | undefined): Promise<boolean> {
  if (!key) return false
  const link = await findShareLinkByKeyHash(db, hashShareKey(key))
  return Boolean(link && link.site_id === siteId && link.active)
}

/** The visitor's claims, or the error that says what the site needs. */
export async function openPublishedSite(db: Db, site: SiteRow, credentials: SiteCredentials): Promise<Record<string, unknown>> {
  if (!site.published) throw new NotFoundError(`Site "${site.id}" is not published: publish it with POST …/sites/${site.id}/publish (docsctl site publish).`)
  const claims = await audienceClaims(db, site, credentials)
  if (claims) return claims
  if (site.visibility === 'share-link') {
    throw new ForbiddenError(`Site "${site.id}" is published through share links: pass the key of an active share link as shareKey.`)
  }
  throw new ForbiddenError(`Site "${site.id}" is published to authenticated visitors: pass a visitor token signed for this site as visitorAuthToken (docsctl site visitor-token).`)
}

/** The site as a visitor with these claims sees it, and the spaces it shows. */
export async function loadVisitorView(db: Db, site: SiteRow, claims: Record<string, unknown>): Promise<{ tree: SiteTree; spaces: Map<string, SpaceRow> }> {
  const full = await loadSiteTree(db, site)
  const spaces = await loadSpacesOf(db, full)
  const tree = visitorTree(full, { claims, adaptive: Boolean(site.adaptive_content), liveSpace: (id) => Boolean(spaces.get(id) && !spaces.get(id)!.deleted_at) })
  return { tree, spaces }
}

/** The spaces the organization's published sites show to a caller with these credentials. */
export async function publishedSpaceIds(db: Db, organizationId: string, credentials: SiteCredentials): Promise<Set<string>> {
  const ids = new Set<string>()
  for (const site of await listPublishedSitesOfOrganization(db, organizationId)) {
    const claims = await audienceClaims(db, site, credentials)
    if (!claims) continue
    for (const siteSpace of allSiteSpaces((await loadVisitorView(db, site, claims)).tree)) ids.add(siteSpace.space_id)
  }
  return ids
}
