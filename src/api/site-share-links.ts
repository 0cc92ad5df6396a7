/**
 * Site share links: the spec's Site share links table. Each link carries a secret key, shown in its
 * `urls.published`; while the link is active, the key opens the published `share-link` site (and its spaces).
 */
import { Type } from '@sinclair/typebox/type'
import { defineOperation } from './operation'
import { Id } from './schemas/common'
import { Limits } from './schemas/limits'
import { ListOf, PageQuery, listEnvelope } from './schemas/pagination'
import { loadSite } from './sites'
import { presentShareLink } from './presenters/site'
import { deleteShareLink, findShareLinkById, insertShareLink, listShareLinks, updateShareLink } from '../store/share-links'
import { hashShareKey, shareKeyOf } from '../domain/sites/site-secrets'
import { newId, nowIso } from '../store/ids'
import type { ShareLinkRow, ShareLinkUpdate } from '../store/tables/share-link.table'
import { NotFoundError } from '../errors'

const SiteParams = Type.Object({ organizationId: Id('Id of the organization'), siteId: Id('Id of the site') })
const ShareLinkParams = Type.Object({ organizationId: Id('Id of the organization'), siteId: Id('Id of the site'), shareLinkId: Id('Id of the share link') })
const ShareLink = Type.Object({ object: Type.Literal('share-link'), id: Type.String() }, { additionalProperties: true })
const Name = Type.String({ maxLength: Limits.shareLink.name })

export const listSiteShareLinks = defineOperation({
  id: 'listSiteShareLinks',
  method: 'GET',
  path: '/orgs/{organizationId}/sites/{siteId}/share-links',
  tag: 'site-share-links',
  summary: 'List the share links of a site, oldest first (admins: they show the keys)',
  params: SiteParams,
  query: Type.Object({ ...PageQuery }),
  success: 200,
  response: ListOf(ShareLink),
  async handler(ctx, { params, query }) {
    const site = await loadSite(ctx, params.organizationId, params.siteId, 'admin')
    const page = await listShareLinks(ctx.db, site.id, { page: query.page, limit: query.limit! })
    return listEnvelope({ ...page, items: await Promise.all(page.items.map((row) => presentShareLink(row, site, ctx))) })
  },
})

export const createSiteShareLink = defineOperation({
  id: 'createSiteShareLink',
  method: 'POST',
  path: '/orgs/{organizationId}/sites/{siteId}/share-links',
  tag: 'site-share-links',
  summary: 'Create an active share link (admins)',
  params: SiteParams,
  body: Type.Object({ name: Name }),
  bodyRequired: true,
  success: 201,
  response: ShareLink,
  async handler(ctx, { params, body }) {
    const site = await loadSite(ctx, params.organizationId, params.siteId, 'admin')
    const at = nowIso()
    const id = newId()
    const row: ShareLinkRow = { id, site_id: site.id, name: body.name, key_hash: hashShareKey(await shareKeyOf(ctx.db, id)), active: 1, created_at: at, updated_at: at }
    await insertShareLink(ctx.db, row)
    return presentShareLink(row, site, ctx)
  },
})

export const updateSiteShareLinkById = defineOperation({
  id: 'updateSiteShareLinkById',
  method: 'PATCH',
  path: '/orgs/{organizationId}/sites/{siteId}/share-links/{shareLinkId}',
  tag: 'site-share-links',
  summary: 'Rename a share link, or switch it off (active: false) and on again (admins)',
  params: ShareLinkParams,
  body: Type.Object({ active: Type.Optional(Type.Boolean()), name: Type.Optional(Name) }, { minProperties: 1 }),
  bodyRequired: true,
  success: 200,
  response: ShareLink,
  async handler(ctx, { params, body }) {
    const site = await loadSite(ctx, params.organizationId, params.siteId, 'admin')
    const row = await findShareLinkById(ctx.db, site.id, params.shareLinkId)
    if (!row) throw new NotFoundError(`Share link "${params.shareLinkId}" does not exist on site "${site.id}".`)
    const update: ShareLinkUpdate = { updated_at: nowIso() }
    if (body.active !== undefined) update.active = body.active ? 1 : 0
    if (body.name !== undefined) update.name = body.name
    await updateShareLink(ctx.db, row.id, update)
    return presentShareLink((await findShareLinkById(ctx.db, site.id, row.id))!, site, ctx)
  },
})

export const deleteSiteShareLinkById = defineOperation({
  id: 'deleteSiteShareLinkById',
  method: 'DELETE',
  path: '/orgs/{organizationId}/sites/{siteId}/share-links/{shareLinkId}',
  tag: 'site-share-links',
  summary: 'Delete a share link: its key opens nothing any more (admins)',
  params: ShareLinkParams,
  success: 204,
  async handler(ctx, { params }) {
    const site = await loadSite(ctx, params.organizationId, params.siteId, 'admin')
    const row = await findShareLinkById(ctx.db, site.id, params.shareLinkId)
    if (row) await deleteShareLink(ctx.db, row.id)
  },
})
