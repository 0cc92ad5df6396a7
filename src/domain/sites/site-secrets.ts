/**
 * The secrets of sites, derived from the instance key (domain/auth/instance-key.ts):
 * a share link's key is HMAC(instance key, "share-link:" + link id), a site's visitor-token signing key is
 * HMAC(instance key, "visitor-auth:" + site id). Nothing secret is stored per link or site: the store keeps only the
 * sha256 of each share key, to find the link a key belongs to.
 */
import { createHash } from 'node:crypto'
import type { Db } from '../../store/database'
import { derivedKey } from '../auth/instance-key'

/** The secret key of a share link: 24 URL-safe characters (144 bits). */
export async function shareKeyOf(db: Db, shareLinkId: string): Promise<string> {
  return (await derivedKey(db, `share-link:${shareLinkId}`)).subarray(0, 18).toString('base64url')
}

/** What the store keeps of a share key. */
export function hashShareKey(key: string): string {
  return createHash('sha256').update(key).digest('hex')
}

/** The HS256 key that signs and verifies the visitor tokens of one site. */
export async function visitorKeyOf(db: Db, siteId: string): Promise<Uint8Array> {
  return new Uint8Array(await derivedKey(db, `visitor-auth:${siteId}`))
}
