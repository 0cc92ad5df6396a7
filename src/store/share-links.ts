import type { Db, Trx } from './database'
import type { NewShareLinkRow, ShareLinkRow, ShareLinkUpdate } from './tables/share-link.table'
import { paginate, type Page, type PageRequest } from './pagination'

export async function findShareLinkById(db: Db | Trx, siteId: string, id: string): Promise<ShareLinkRow | undefined> {
  return db.selectFrom('share_links').selectAll().where('site_id', '=', siteId).where('id', '=', id).executeTakeFirst()
}

export async function findShareLinkByKeyHash(db: Db | Trx, keyHash: string): Promise<ShareLinkRow | undefined> {
  return db.selectFrom('share_links').selectAll().where('key_hash', '=', keyHash).executeTakeFirst()
}

/** Share links of a site, oldest first. */
export function listShareLinks(db: Db, siteId: string, request: PageRequest): Promise<Page<ShareLinkRow>> {
  const query = db.selectFrom('share_links').selectAll().where('site_id', '=', siteId)
  return paginate(db, query, [{ column: 'created_at', direction: 'asc' }, { column: 'id', direction: 'asc' }], request)
}

export async function insertShareLink(trx: Db | Trx, row: NewShareLinkRow): Promise<void> {
  await trx.insertInto('share_links').values(row).execute()
}

export async function updateShareLink(trx: Db | Trx, id: string, update: ShareLinkUpdate): Promise<void> {
  await trx.updateTable('share_links').set(update).where('id', '=', id).execute()
}

export async function deleteShareLink(trx: Db | Trx, id: string): Promise<void> {
  await trx.deleteFrom('share_links').where('id', '=', id).execute()
}
