import { sql } from 'kysely'
import { ConflictError } from '../errors'
import type { Db, Trx } from './database'
import type { NewOrganizationRow, OrganizationRow, OrganizationUpdate } from './tables/organization.table'
import { paginate, type Page, type PageRequest } from './pagination'
import { preparedRead } from './prepared-reads'

const organizationById = preparedRead((db, id: string) => db.selectFrom('organizations').selectAll().where('id', '=', id))

export async function findOrganizationById(db: Db | Trx, id: string): Promise<OrganizationRow | undefined> {
  return (await organizationById(db, id))[0]
}

/** Organizations the user is a member of, oldest first. */
/** The organization with this hostname (its subdomain), if any. */
export function findOrganizationByHostname(db: Db | Trx, hostname: string): Promise<OrganizationRow | undefined> {
  return db.selectFrom('organizations').selectAll().where('hostname', '=', hostname).executeTakeFirst()
}

export function listOrganizationsOfUser(db: Db, userId: string, request: PageRequest): Promise<Page<OrganizationRow>> {
  const query = db
    .selectFrom('organizations')
    .innerJoin('members', 'members.organization_id', 'organizations.id')
    .selectAll('organizations')
    .where('members.user_id', '=', userId)
  return paginate(db, query, [{ column: 'organizations.created_at', direction: 'asc' }, { column: 'organizations.id', direction: 'asc' }], request)
}

/** Every organization whose email domains include `domain`. */
export function listOrganizationsByEmailDomain(db: Db, domain: string): Promise<OrganizationRow[]> {
  return db
    .selectFrom('organizations')
    .selectAll()
    // SQLite's json_each: the one dialect-specific query here (PostgreSQL would use jsonb `?`).
    .where(sql<boolean>`exists (select 1 from json_each(organizations.email_domains) where value = ${domain.toLowerCase()})`)
    .orderBy('created_at')
    .execute()
}

export async function insertOrganization(trx: Db | Trx, row: NewOrganizationRow): Promise<void> {
  await translateUniqueViolation(() => trx.insertInto('organizations').values(row).execute())
}

export async function updateOrganization(trx: Db | Trx, id: string, update: OrganizationUpdate): Promise<void> {
  await translateUniqueViolation(() => trx.updateTable('organizations').set(update).where('id', '=', id).execute())
}

/** The only UNIQUE column an update can hit is the hostname: say so in the caller's words. */
async function translateUniqueViolation<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') {
      throw new ConflictError('body.hostname: this hostname is already used by another organization; choose another.')
    }
    throw error
  }
}
