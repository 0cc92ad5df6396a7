/**
 * The secrets of sites, derived from one key the instance generates once (in `settings`, like the print key):
 * a share link's key is HMAC(instance key, "share-link:" + link id), a site's visitor-token signing key is
 * HMAC(instance key, "visitor-auth:" + site id). Nothing secret is stored per link or site: the store keeps only the
 * sha256 of each share key, to find the link a key belongs to.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto'
import type { Db } from '../../store/database'
import { getOrCreateSetting } from '../../store/settings'

/** The instance key, read once per store (it never changes once created). */
const instanceKeys = new WeakMap<Db, Promise<Buffer>>()

/** The instance's secret key (32 random bytes made once); other secrets are derived from it by purpose. */
export function instanceKey(db: Db): Promise<Buffer> {
  let key = instanceKeys.get(db)
  if (!key) {
    key = getOrCreateSetting(db, 'site-signing-key', () => randomBytes(32).toString('base64')).then((value) => Buffer.from(value, 'base64'))
    // A failed read (a busy database) is not remembered.
    key.catch(() => instanceKeys.delete(db))
    instanceKeys.set(db, key)
  }
  return key
}

/** The secret key of a share link: 24 URL-safe characters (144 bits). */
export async function shareKeyOf(db: Db, shareLinkId: string): Promise<string> {
  return createHmac('sha256', await instanceKey(db)).update(`share-link:${shareLinkId}`).digest().subarray(0, 18).toString('base64url')
}

/** What the store keeps of a share key. */
export function hashShareKey(key: string): string {
  return createHash('sha256').update(key).digest('hex')
}

/** The HS256 key that signs and verifies the visitor tokens of one site. */
export async function visitorKeyOf(db: Db, siteId: string): Promise<Uint8Array> {
  return new Uint8Array(createHmac('sha256', await instanceKey(db)).update(`visitor-auth:${siteId}`).digest())
}
