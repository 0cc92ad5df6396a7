import { sql } from 'kysely'
import type { Db, Trx } from './database'
import type {
  IntegrationContentInstallationRow,
  IntegrationContentInstallationTable,
  IntegrationEventLog,
  IntegrationEventRow,
  IntegrationEventStatus,
  IntegrationInstallationRow,
  IntegrationInstallationTable,
  IntegrationRow,
  IntegrationTable,
} from './tables/integration.table'
import { paginate, type Page, type PageRequest } from './pagination'
import { escapeLike } from './sites'

export function findIntegrationByName(db: Db | Trx, name: string): Promise<IntegrationRow | undefined> {
  return db.selectFrom('integrations').selectAll().where('name', '=', name).executeTakeFirst()
}

export function findIntegrationById(db: Db | Trx, id: string): Promise<IntegrationRow | undefined> {
  return db.selectFrom('integrations').selectAll().where('id', '=', id).executeTakeFirst()
}

export interface IntegrationFilter {
  /** Organizations whose private and unlisted integrations the caller sees (the public ones everyone sees). */
  memberOf: string[]
  /** Contained in the name or the title, any case. */
  search?: string
  category?: string
  /** A domain one of the blocks unfurls (contained in a `urlUnfurl` pattern). */
  blockDomain?: string
  blocks?: boolean
  contentSources?: boolean
  owner?: string
  scope?: string
  target?: string
}

/** Integrations matching every filter, by name. */
export function listIntegrations(db: Db, filter: IntegrationFilter, request: PageRequest): Promise<Page<IntegrationRow>> {
  let query = db.selectFrom('integrations').selectAll()
  query = query.where((eb) => (filter.memberOf.length ? eb.or([eb('visibility', '=', 'public'), eb('organization_id', 'in', filter.memberOf)]) : eb('visibility', '=', 'public')))
  if (filter.search !== undefined) {
    const pattern = `%${escapeLike(filter.search.toLowerCase())}%`
    query = query.where(sql<boolean>`(lower(name) like ${pattern} escape '\\' or lower(title) like ${pattern} escape '\\')`)
  }
  // Enumerated values sit quoted in the JSON arrays, so a quoted match is exact.
  if (filter.category !== undefined) query = query.where('categories', 'like', `%${JSON.stringify(filter.category)}%`)
  if (filter.scope !== undefined) query = query.where('scopes', 'like', `%${JSON.stringify(filter.scope)}%`)
  if (filter.blockDomain !== undefined) query = query.where(sql<boolean>`blocks like ${`%${escapeLike(filter.blockDomain)}%`} escape '\\'`)
  if (filter.blocks !== undefined) query = query.where('blocks', filter.blocks ? '!=' : '=', '[]')
  if (filter.contentSources !== undefined) query = query.where('content_sources', filter.contentSources ? '!=' : '=', '[]')
  if (filter.owner !== undefined) query = query.where('organization_id', '=', filter.owner)
  if (filter.target !== undefined) query = query.where('target', '=', filter.target)
  return paginate(db, query, [{ column: 'name', direction: 'asc' }], request)
}

export async function insertIntegration(db: Db | Trx, row: IntegrationRow): Promise<void> {
  await db.insertInto('integrations').values(row).execute()
}

export async function updateIntegration(db: Db | Trx, id: string, update: Partial<IntegrationTable>): Promise<void> {
  await db.updateTable('integrations').set(update).where('id', '=', id).execute()
}

/** Deletes the integration with its installations and events; answers whether there was one. */
export async function deleteIntegration(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('integrations').where('id', '=', id).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

// Installations on organizations.

export function findInstallation(db: Db | Trx, integrationId: string, id: string): Promise<IntegrationInstallationRow | undefined> {
  return db.selectFrom('integration_installations').selectAll().where('integration_id', '=', integrationId).where('id', '=', id).executeTakeFirst()
}

export function findInstallationOfOrganization(db: Db | Trx, integrationId: string, organizationId: string): Promise<IntegrationInstallationRow | undefined> {
  return db.selectFrom('integration_installations').selectAll().where('integration_id', '=', integrationId).where('organization_id', '=', organizationId).executeTakeFirst()
}

/** Installations of an integration, oldest first; `externalId` keeps those carrying it. */
export function listInstallations(db: Db, integrationId: string, filter: { externalId?: string; organizations?: string[] }, request: PageRequest): Promise<Page<IntegrationInstallationRow>> {
  let query = db.selectFrom('integration_installations').selectAll().where('integration_id', '=', integrationId)
  if (filter.externalId !== undefined) query = query.where('external_ids', 'like', `%${JSON.stringify(filter.externalId)}%`)
  if (filter.organizations) query = filter.organizations.length ? query.where('organization_id', 'in', filter.organizations) : query.where(sql<boolean>`0`)
  return paginate(db, query, [{ column: 'created_at', direction: 'asc' }, { column: 'id', direction: 'asc' }], request)
}

export async function insertInstallation(db: Db | Trx, row: IntegrationInstallationRow): Promise<void> {
  await db.insertInto('integration_installations').values(row).execute()
}

export async function updateInstallation(db: Db | Trx, id: string, update: Partial<IntegrationInstallationTable>): Promise<void> {
  await db.updateTable('integration_installations').set(update).where('id', '=', id).execute()
}

export async function deleteInstallation(db: Db | Trx, id: string): Promise<void> {
  await db.deleteFrom('integration_installations').where('id', '=', id).execute()
}

// Installations on spaces and sites.

/** How many spaces each installation manages. */
export async function countSpaceInstallations(db: Db, installationIds: string[]): Promise<Map<string, number>> {
  if (!installationIds.length) return new Map()
  const rows = await db
    .selectFrom('integration_content_installations')
    .select(['installation_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('installation_id', 'in', installationIds)
    .where('kind', '=', 'space')
    .groupBy('installation_id')
    .execute()
  return new Map(rows.map((r) => [r.installation_id, Number(r.count)]))
}

export function findContentInstallation(db: Db | Trx, installationId: string, kind: 'space' | 'site', targetId: string): Promise<IntegrationContentInstallationRow | undefined> {
  return db
    .selectFrom('integration_content_installations')
    .selectAll()
    .where('installation_id', '=', installationId)
    .where('kind', '=', kind)
    .where('target_id', '=', targetId)
    .executeTakeFirst()
}

/** The spaces or sites an integration is installed on (through any installation), oldest first. */
export function listContentInstallations(db: Db, integrationId: string, kind: 'space' | 'site', filter: { externalId?: string }, request: PageRequest): Promise<Page<IntegrationContentInstallationRow>> {
  let query = db
    .selectFrom('integration_content_installations as c')
    .innerJoin('integration_installations as i', 'i.id', 'c.installation_id')
    .selectAll('c')
    .where('i.integration_id', '=', integrationId)
    .where('c.kind', '=', kind)
  if (filter.externalId !== undefined) query = query.where('c.external_ids', 'like', `%${JSON.stringify(filter.externalId)}%`)
  return paginate(db, query, [{ column: 'c.created_at', direction: 'asc' }, { column: 'c.target_id', direction: 'asc' }], request)
}

export async function insertContentInstallation(db: Db | Trx, row: IntegrationContentInstallationRow): Promise<void> {
  await db.insertInto('integration_content_installations').values(row).execute()
}

export async function updateContentInstallation(db: Db | Trx, row: Pick<IntegrationContentInstallationRow, 'installation_id' | 'kind' | 'target_id'>, update: Partial<IntegrationContentInstallationTable>): Promise<void> {
  await db
    .updateTable('integration_content_installations')
    .set(update)
    .where('installation_id', '=', row.installation_id)
    .where('kind', '=', row.kind)
    .where('target_id', '=', row.target_id)
    .execute()
}

export async function deleteContentInstallation(db: Db | Trx, row: Pick<IntegrationContentInstallationRow, 'installation_id' | 'kind' | 'target_id'>): Promise<void> {
  await db
    .deleteFrom('integration_content_installations')
    .where('installation_id', '=', row.installation_id)
    .where('kind', '=', row.kind)
    .where('target_id', '=', row.target_id)
    .execute()
}

/** Removes every installation on these spaces or sites (they are gone: a site deleted, a space purged). */
export async function deleteContentInstallationsOn(db: Db | Trx, kind: 'space' | 'site', targetIds: string[]): Promise<void> {
  if (targetIds.length === 0) return
  await db.deleteFrom('integration_content_installations').where('kind', '=', kind).where('target_id', 'in', targetIds).execute()
}

// Events.

export async function insertIntegrationEvent(db: Db | Trx, row: IntegrationEventRow): Promise<void> {
  await db.insertInto('integration_events').values(row).execute()
}

export function findIntegrationEvent(db: Db | Trx, id: string): Promise<IntegrationEventRow | undefined> {
  return db.selectFrom('integration_events').selectAll().where('id', '=', id).executeTakeFirst()
}

/** An integration's events, newest first. */
export function listIntegrationEvents(db: Db, integrationId: string, request: PageRequest): Promise<Page<IntegrationEventRow>> {
  const query = db.selectFrom('integration_events').selectAll().where('integration_id', '=', integrationId)
  return paginate(db, query, [{ column: 'created_at', direction: 'desc' }, { column: 'id', direction: 'desc' }], request)
}

/** Appends log entries to an event's trace, and sets its status when given (one transaction). */
export async function appendIntegrationEventLogs(db: Db, id: string, logs: IntegrationEventLog[], status?: IntegrationEventStatus): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await findIntegrationEvent(trx, id)
    if (!row) return
    const trace = [...(JSON.parse(row.trace) as IntegrationEventLog[]), ...logs]
    await trx.updateTable('integration_events').set({ trace: JSON.stringify(trace), ...(status ? { status } : {}) }).where('id', '=', id).execute()
  })
}
