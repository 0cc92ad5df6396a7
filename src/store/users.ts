import type { Db, Trx } from './database'
import type { NewUserRow, UserRow } from './tables/user.table'

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
}

export function findUserByEmail(db: Db | Trx, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst()
}

export async function insertUser(trx: Db | Trx, row: NewUserRow): Promise<void> {
  await trx.insertInto('users').values({ ...row, email: row.email.toLowerCase() }).execute()
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Users by id, for presenting many objects at once (ids not found are absent). */
export async function findUsersByIds(db: Db, ids: Iterable<string>): Promise<Map<string, UserRow>> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return new Map()
  const rows = await db.selectFrom('users').selectAll().where('id', 'in', unique).execute()
  return new Map(rows.map((row) => [row.id, row]))
}
