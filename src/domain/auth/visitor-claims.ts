/**
 * Visitor claims: a JWT (HS256) the server signs for a member (`POST …/ping`), which content published with
 * `visitor-auth` in the member's organization accepts as the visitor's identity: the spaces, and the published
 * sites (domain/sites/published-access.ts). The key is derived from the instance key (./instance-key.ts). jose
 * loads on first use only (it is not needed to start the CLI).
 */
import type { JWTPayload } from 'jose'
import type { Db } from '../../store/database'
import { derivedKey } from './instance-key'

export const VISITOR_CLAIMS_TTL_SECONDS = 60 * 60

/** What a visitor JWT says about the member. */
export interface VisitorClaims extends JWTPayload {
  /** The user id. */
  sub: string
  email: string
  name: string
  organization: string
  /** Organization role, null for a guest. */
  role: string | null
  /** Ids of the member's teams in the organization. */
  teams: string[]
}

function visitorKey(db: Db): Promise<Uint8Array> {
  return derivedKey(db, 'visitor-claims')
}

/** Signs the claims for `issuer` (the server's base address), valid for an hour. */
export async function signVisitorClaims(db: Db, claims: Omit<VisitorClaims, 'iat' | 'exp' | 'iss'>, issuer: string, now = Date.now()): Promise<string> {
  const seconds = Math.floor(now / 1000)
  const { SignJWT } = await import('jose')
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(issuer)
    .setIssuedAt(seconds)
    .setExpirationTime(seconds + VISITOR_CLAIMS_TTL_SECONDS)
    .sign(await visitorKey(db))
}

/**
 * The claims of a visitor JWT this server signed, or null when it is not valid (wrong key, expired, altered, or
 * issued at another address than `issuer`, when given).
 */
export async function verifyVisitorClaims(db: Db, token: string, issuer?: string): Promise<VisitorClaims | null> {
  try {
    const { jwtVerify } = await import('jose')
    const { payload } = await jwtVerify(token, await visitorKey(db), { ...(issuer ? { issuer } : {}), algorithms: ['HS256'] })
    return payload as VisitorClaims
  } catch {
    return null
  }
}
