import { sql } from 'kysely'
import type { Db, Trx } from './database'
import type { NewSiteRow, SiteRow, SiteUpdate } from './tables/site.table'
import { paginate, type Page, type PageRequest } from './pagination'
import { preparedRead } from './prepared-reads'
import { deleteContentInstallationsOn } from './integrations'

const siteById = preparedRead((db, id: string) => db.selectFrom('sites').selectAll().where('id', '=', id))

export async function findSiteById(db: Db | Trx, id: string): Promise<SiteRow | undefined> {
  return (await siteById(db, id))[0]
}

export async function findSiteByHostname(db: Db | Trx, hostname: string): Promise<SiteRow | undefined> {
  return db.selectFrom('sites').selectAll().where('hostname', '=', hostname).executeTakeFirst()
}

export interface SiteFilter {
  organizationId: string
  /** Only sites that show this space. */
  spaceId?: string
  /** Only sites whose title contains this text (any letter case). */
  title?: string
  published?: boolean
}

/** Sites of an organization, oldest first. */
export function listSites(db: Db, filter: SiteFilter, request: PageRequest): Promise<Page<SiteRow>> {
  let query = db.selectFrom('sites').selectAll().where('organization_id', '=', filter.organizationId)
  if (filter.spaceId !== undefined) query = query.where('id', 'in', db.selectFrom('site_spaces').select('site_id').where('space_id', '=', filter.spaceId))
  if (filter.title !== undefined) query = query.where(sql<boolean>`lower(title) like ${`%${escapeLike(filter.title.toLowerCase())}%`} escape '\\'`)
  if (filter.published !== undefined) query = query.where('published', '=', filter.published ? 1 : 0)
  return paginate(db, query, [{ column: 'created_at', direction: 'asc' }, { column: 'id', direction: 'asc' }], request)
}

/** `%`, `_` and the escape character itself taken literally in a LIKE pattern (escape character `\`). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

export async function insertSite(trx: Db | Trx, row: NewSiteRow): Promise<void> {
  await trx.insertInto('sites').values(row).execute()
}

export async function updateSite(trx: Db | Trx, id: string, update: SiteUpdate): Promise<void> {
  await trx.updateTable('sites').set(update).where('id', '=', id).execute()
}

/** Deletes a site with everything on it (sections, groups, site-spaces, share links: by cascade; integration installations). */
export async function deleteSite(trx: Trx, id: string): Promise<void> {
  await deleteContentInstallationsOn(trx, 'site', [id])
  await trx.deleteFrom('sites').where('id', '=', id).execute()
}

/** How many site-spaces each site has. */
export async function countSiteSpaces(db: Db | Trx, siteIds: string[]): Promise<Map<string, number>> {
  const counts = new Map(siteIds.map((id) => [id, 0]))
  if (siteIds.length === 0) return counts
  const rows = await db
    .selectFrom('site_spaces')
    .select(['site_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('site_id', 'in', siteIds)
    .groupBy('site_id')
    .execute()
  for (const row of rows) counts.set(row.site_id, Number(row.n))
  return counts
}

/** The published sites of an organization (they are few): what its audiences may read. */
export function listPublishedSitesOfOrganization(db: Db | Trx, organizationId: string): Promise<SiteRow[]> {
  return db.selectFrom('sites').selectAll().where('organization_id', '=', organizationId).where('published', '=', 1).orderBy('created_at').orderBy('id').execute()
}
