/**
 * The instance's secret key: 32 random bytes made once (in `settings`). Every other secret the server needs is
 * derived from it by purpose (HMAC-SHA256 of the purpose): share-link keys and visitor-token keys of sites, the key
 * of members' visitor claims, integration secrets and signing keys. Nothing derived is stored.
 */
import { createHmac, randomBytes } from 'node:crypto'
import type { Db } from '../../store/database'
import { getOrCreateSetting } from '../../store/settings'

/** The instance key, read once per store (it never changes once created). */
const instanceKeys = new WeakMap<Db, Promise<Buffer>>()

function instanceKey(db: Db): Promise<Buffer> {
  let key = instanceKeys.get(db)
  if (!key) {
    key = getOrCreateSetting(db, 'site-signing-key', () => randomBytes(32).toString('base64')).then((value) => Buffer.from(value, 'base64'))
    // A failed read (a busy database) is not remembered.
    key.catch(() => instanceKeys.delete(db))
    instanceKeys.set(db, key)
  }
  return key
}

/** The key for one purpose (`share-link:<id>`, `visitor-auth:<site id>`, `integration-secrets` …). */
export async function derivedKey(db: Db, purpose: string): Promise<Buffer> {
  return createHmac('sha256', await instanceKey(db)).update(purpose).digest()
}
