/**
 * Temporary print addresses: `/print/<payload>.<signature>`, an HMAC-SHA256 over the payload with a key the
 * instance generates once. The payload names the revision (and page) to render and when the address expires.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Db } from '../../store/database'
import { getOrCreateSetting } from '../../store/settings'
import { NotFoundError } from '../../errors'

export const PRINT_LINK_TTL_MS = 60 * 60 * 1000

export interface PrintTarget {
  spaceId: string
  revisionId: string
  /** Only this page (else the whole revision, from this page on when `from` is set). */
  pageId?: string
  title: string
  expiresAt: number
}

async function signingKey(db: Db): Promise<Buffer> {
  return Buffer.from(await getOrCreateSetting(db, 'print-signing-key', () => randomBytes(32).toString('base64')), 'base64')
}

export async function signPrintLink(db: Db, target: Omit<PrintTarget, 'expiresAt'>, now = Date.now()): Promise<string> {
  const payload = Buffer.from(JSON.stringify({ ...target, expiresAt: now + PRINT_LINK_TTL_MS })).toString('base64url')
  const signature = createHmac('sha256', await signingKey(db)).update(payload).digest('base64url')
  return `${payload}.${signature}`
}

/** The target of a print address, if its signature holds and it has not expired; 404 otherwise. */
export async function verifyPrintLink(db: Db, token: string, now = Date.now()): Promise<PrintTarget> {
  const [payload, signature] = token.split('.')
  // Compare the canonical text: base64url's last character carries unused bits a decoder would ignore.
  const expected = Buffer.from(payload ? createHmac('sha256', await signingKey(db)).update(payload).digest('base64url') : '')
  const given = Buffer.from(signature ?? '')
  if (!payload || given.length !== expected.length || !timingSafeEqual(given, expected)) throw new NotFoundError('This print address is not valid.')
  const target = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as PrintTarget
  if (target.expiresAt < now) throw new NotFoundError('This print address has expired (they last one hour): ask for a new one.')
  return target
}
