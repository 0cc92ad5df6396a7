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

/**
 * The actor a bearer token stands for; a missing or unknown token is a 401. With the read cache, the actor (and
 * the memberships it gathers) is kept under the token itself, so a hit skips hashing and reading.
 */
export async function authenticate(db: Db, token: string | undefined | null, cache?: ReadCache): Promise<Actor> {
  if (!token) throw new UnauthorizedError()
  const actor = cache ? await cache.get('token', token, () => loadActor(db, token)) : await loadActor(db, token)
  if (!actor) throw new UnauthorizedError('The API token is invalid or was revoked: create a new one with `docsctl token create`.')
  const now = Date.now()
  if ((lastTouched.get(actor.tokenId!) ?? 0) + TOUCH_INTERVAL_MS < now) {
    lastTouched.set(actor.tokenId!, now)
    await touchToken(db, actor.tokenId!, new Date(now).toISOString())
  }
  return actor
}

async function loadActor(db: Db, token: string): Promise<Actor | undefined> {
  const found = await findTokenWithUser(db, hashToken(token))
  return found && { user: found.user, tokenId: found.token.id, memberships: new Map(), grants: new Map() }
}
