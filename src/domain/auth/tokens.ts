/**
 * API tokens: 32 random bytes (256 bits) shown once, stored as a sha256 hash.
 * A token is `dct_` + 43 base64url characters, so it is recognisable in logs and secret scanners.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Db, Trx } from '../../store/database'
import { findTokenWithUser, insertToken, touchToken } from '../../store/api-tokens'
import { newId, nowIso } from '../../store/ids'
import { UnauthorizedError } from '../../errors'
import type { Actor } from '../permissions/resolve-permissions'
import type { ApiTokenRow } from '../../store/tables/api-token.table'
import type { ReadCache } from '../../store/read-cache'

export const TOKEN_PREFIX = 'dct_'

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** Creates a token for the user; the clear token is returned once and never stored. */
export async function issueToken(trx: Db | Trx, userId: string, name: string): Promise<{ token: string; row: ApiTokenRow }> {
  const token = TOKEN_PREFIX + randomBytes(32).toString('base64url')
  const row: ApiTokenRow = { id: newId(), user_id: userId, name, token_hash: hashToken(token), created_at: nowIso(), last_used_at: null }
  await insertToken(trx, row)
  return { token, row }
}

/** `last_used_at` is written at most once a minute per token, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 60_000
const lastTouched = new Map<string, number>()

/** The actor a bearer token stands for; a missing or unknown token is a 401. */
export async function authenticate(db: Db, token: string | undefined | null, cache?: ReadCache): Promise<Actor> {
  if (!token) throw new UnauthorizedError()
  // Keyed by the token itself: a cache hit skips hashing. The cache lives in this process's memory only.
  const found = cache ? await cache.get(`token:${token}`, () => findTokenWithUser(db, hashToken(token))) : await findTokenWithUser(db, hashToken(token))
  if (!found) throw new UnauthorizedError('The API token is invalid or was revoked: create a new one with `docsctl token create`.')
  const now = Date.now()
  if ((lastTouched.get(found.token.id) ?? 0) + TOUCH_INTERVAL_MS < now) {
    lastTouched.set(found.token.id, now)
    await touchToken(db, found.token.id, new Date(now).toISOString())
  }
  return { user: found.user, tokenId: found.token.id }
}
