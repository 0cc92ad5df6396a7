import { sql } from 'kysely'
import type { Db, Trx } from './database'
import type { ChangeRequestRow, ChangeRequestUpdate, NewChangeRequestRow } from './tables/change-request.table'
import { paginate, type Page, type PageRequest } from './pagination'
import { preparedRead, runCachedRead } from './prepared-reads'

/** A change request of a space by id, or by its number when `idOrNumber` is all digits. */
export function findChangeRequest(db: Db | Trx, spaceId: string, idOrNumber: string): Promise<ChangeRequestRow | undefined> {
  const query = db.selectFrom('change_requests').selectAll().where('space_id', '=', spaceId)
  return (/^\d+$/.test(idOrNumber) ? query.where('number', '=', Number(idOrNumber)) : query.where('id', '=', idOrNumber)).executeTakeFirst()
}

export function listChangeRequests(
  db: Db,
  spaceId: string,
  filter: { status?: string; createdBy?: string; contributor?: string },
  request: PageRequest,
): Promise<Page<ChangeRequestRow>> {
  let query = db.selectFrom('change_requests').selectAll().where('space_id', '=', spaceId)
  if (filter.status) query = query.where('status', '=', filter.status)
  if (filter.createdBy) query = query.where('created_by', '=', filter.createdBy)
  const contributor = filter.contributor
  if (contributor) {
    query = query.where(sql<boolean>`EXISTS (SELECT 1 FROM json_each(change_requests.contributors) WHERE value = ${contributor})`)
  }
  return paginate(db, query, [{ column: 'number', direction: 'desc' }], request)
}

export async function nextChangeRequestNumber(trx: Trx, spaceId: string): Promise<number> {
  const row = await trx.selectFrom('change_requests').select((eb) => eb.fn.max('number').as('last')).where('space_id', '=', spaceId).executeTakeFirst()
  return Number(row?.last ?? 0) + 1
}

export async function insertChangeRequest(trx: Trx, row: NewChangeRequestRow): Promise<void> {
  await trx.insertInto('change_requests').values(row).execute()
}

export async function updateChangeRequest(trx: Db | Trx, id: string, update: ChangeRequestUpdate): Promise<void> {
  await trx.updateTable('change_requests').set(update).where('id', '=', id).execute()
}

const countsOfSpace = preparedRead((db, spaceId: string) =>
  db
    .selectFrom('change_requests')
    .select(['space_id', 'status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('space_id', '=', spaceId)
    .groupBy(['space_id', 'status']),
)

/**
 * Change request counts of spaces, by status, in one query: for many spaces cached until the next write; for one
 * space (countActivityOfSpace caches the counters it makes of them) by a prepared statement.
 */
export async function countChangeRequestsBySpace(db: Db, spaceIds: string[]): Promise<{ space_id: string; status: string; n: number }[]> {
  if (spaceIds.length === 0) return []
  if (spaceIds.length === 1) return countsOfSpace(db, spaceIds[0])
  return runCachedRead(
    db,
    db
      .selectFrom('change_requests')
      .select(['space_id', 'status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('space_id', 'in', spaceIds)
      .groupBy(['space_id', 'status']),
  )
}

export function findChangeRequestMergedInto(db: Db, revisionId: string): Promise<ChangeRequestRow | undefined> {
  return db.selectFrom('change_requests').selectAll().where('revision_merged', '=', revisionId).executeTakeFirst()
}

/** Records that the user contributed to the change request (once). */
export async function addContributor(trx: Db | Trx, changeRequestId: string, userId: string): Promise<void> {
  await sql`UPDATE change_requests SET contributors = json_insert(contributors, '$[#]', ${userId})
    WHERE id = ${changeRequestId} AND NOT EXISTS (SELECT 1 FROM json_each(contributors) WHERE value = ${userId})`.execute(trx)
}
