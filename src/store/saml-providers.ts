/** SAML identity providers of organizations. */
import type { Db, Trx } from './database'
import { paginate, type PageRequest } from './pagination'
import type { NewSamlProviderRow, SamlProviderRow, SamlProviderUpdate } from './tables/saml-provider.table'

export async function findSamlProvider(db: Db | Trx, organizationId: string, id: string): Promise<SamlProviderRow | undefined> {
  return db.selectFrom('saml_providers').selectAll().where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst()
}

/** Providers of an organization, oldest first. */
export function listSamlProviders(db: Db, organizationId: string, request: PageRequest) {
  return paginate(db, db.selectFrom('saml_providers').selectAll().where('organization_id', '=', organizationId), [{ column: 'created_at', direction: 'asc' }, { column: 'id', direction: 'asc' }], request)
}

/** Every provider of an organization, oldest first (they are few). */
export function listAllSamlProviders(db: Db, organizationId: string): Promise<SamlProviderRow[]> {
  return db.selectFrom('saml_providers').selectAll().where('organization_id', '=', organizationId).orderBy('created_at').orderBy('id').execute()
}

export async function insertSamlProvider(db: Db | Trx, row: NewSamlProviderRow): Promise<void> {
  await db.insertInto('saml_providers').values(row).execute()
}

export async function updateSamlProvider(db: Db | Trx, id: string, update: SamlProviderUpdate): Promise<void> {
  await db.updateTable('saml_providers').set(update).where('id', '=', id).execute()
}

export async function deleteSamlProvider(db: Db | Trx, id: string): Promise<void> {
  await db.deleteFrom('saml_providers').where('id', '=', id).execute()
}
