import type { Db, Trx } from './database'
import type { TranslationRow, TranslationTable } from './tables/translation.table'
import { paginate, type Page, type PageRequest } from './pagination'

export function findTranslation(db: Db | Trx, organizationId: string, id: string): Promise<TranslationRow | undefined> {
  return db.selectFrom('translations').selectAll().where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst()
}

export function findTranslationById(db: Db | Trx, id: string): Promise<TranslationRow | undefined> {
  return db.selectFrom('translations').selectAll().where('id', '=', id).executeTakeFirst()
}

/** Translations of an organization, oldest first. */
export function listTranslations(db: Db, organizationId: string, request: PageRequest): Promise<Page<TranslationRow>> {
  const query = db.selectFrom('translations').selectAll().where('organization_id', '=', organizationId)
  return paginate(db, query, [{ column: 'created_at', direction: 'asc' }, { column: 'id', direction: 'asc' }], request)
}

export async function insertTranslation(db: Db | Trx, row: TranslationRow): Promise<void> {
  await db.insertInto('translations').values(row).execute()
}

export async function updateTranslation(db: Db | Trx, id: string, update: Partial<TranslationTable>): Promise<void> {
  await db.updateTable('translations').set(update).where('id', '=', id).execute()
}

/** Deletes the translation; answers whether there was one. */
export async function deleteTranslation(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('translations').where('id', '=', id).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}
