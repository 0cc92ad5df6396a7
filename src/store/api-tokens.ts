import type { Db, Trx } from './database'
import { preparedRead } from './prepared-reads'
import type { ApiTokenRow, NewApiTokenRow } from './tables/api-token.table'
import type { UserRow } from './tables/user.table'

/** The token with this hash and its user, in one query: the hot path of every request. */
const tokenWithUser = preparedRead((db, tokenHash: string) =>
  db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .select([
      'api_tokens.id as token_id',
      'api_tokens.name as token_name',
      'api_tokens.created_at as token_created_at',
      'api_tokens.last_used_at as token_last_used_at',
      'users.id as id',
      'users.display_name as display_name',
      'users.email as email',
      'users.photo_url as photo_url',
      'users.created_at as created_at',
    ])
    .where('api_tokens.token_hash', '=', tokenHash),
)

export async function findTokenWithUser(db: Db, tokenHash: string): Promise<{ token: ApiTokenRow; user: UserRow } | undefined> {
  const row = (await tokenWithUser(db, tokenHash))[0]
  if (!row) return undefined
  return {
    token: {
      id: row.token_id,
      user_id: row.id,
      name: row.token_name,
      token_hash: tokenHash,
      created_at: row.token_created_at,
      last_used_at: row.token_last_used_at,
    },
    user: { id: row.id, display_name: row.display_name, email: row.email, photo_url: row.photo_url, created_at: row.created_at },
  }
}

export function listTokensOfUser(db: Db, userId: string): Promise<ApiTokenRow[]> {
  return db.selectFrom('api_tokens').selectAll().where('user_id', '=', userId).orderBy('created_at', 'asc').orderBy('id').execute()
}

export async function insertToken(trx: Db | Trx, row: NewApiTokenRow): Promise<void> {
  await trx.insertInto('api_tokens').values(row).execute()
}

/** Deletes the user's token; answers whether one was deleted. */
export async function deleteToken(db: Db, userId: string, tokenId: string): Promise<boolean> {
  const result = await db.deleteFrom('api_tokens').where('id', '=', tokenId).where('user_id', '=', userId).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

export async function touchToken(db: Db, tokenId: string, at: string): Promise<void> {
  await db.updateTable('api_tokens').set({ last_used_at: at }).where('id', '=', tokenId).execute()
}
