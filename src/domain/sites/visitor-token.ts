/**
 * Visitor tokens: JWTs (HS256, through jose) that authenticate a visitor of a `visitor-auth` site and carry the
 * claims its conditions read. A token is signed with the site's own key (site-secrets.ts) and names the site as its
 * audience, so a token of one site opens no other. jose loads on first use only (it is not needed to start the CLI).
 */
import { BadRequestError } from '../../errors'

/** Claims the token itself sets: a caller's claims may not use these names. */
export const RESERVED_CLAIMS = ['iss', 'sub', 'aud', 'exp', 'nbf', 'iat', 'jti']

export const VISITOR_TOKEN_MAX_TTL_SECONDS = 30 * 24 * 60 * 60
/** Longest token the operations accept (it travels in a query string). */
export const VISITOR_TOKEN_MAX_LENGTH = 8192

/** Signs `claims` for the site; the token expires after `expiresInSeconds`. */
export async function signVisitorToken(
  key: Uint8Array,
  siteId: string,
  claims: Record<string, unknown>,
  expiresInSeconds: number,
): Promise<{ token: string; expiresAt: string }> {
  const reserved = Object.keys(claims).filter((name) => RESERVED_CLAIMS.includes(name))
  if (reserved.length) throw new BadRequestError(`body.claims.${reserved[0]}: is set by the token itself; choose another claim name.`)
  const { SignJWT } = await import('jose')
  const issuedAt = Math.floor(Date.now() / 1000)
  const token = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setAudience(audienceOf(siteId))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + expiresInSeconds)
    .sign(key)
  return { token, expiresAt: new Date((issuedAt + expiresInSeconds) * 1000).toISOString() }
}

/** The claims of a valid, unexpired token signed for the site; undefined for anything else. */
export async function verifyVisitorToken(key: Uint8Array, siteId: string, token: string): Promise<Record<string, unknown> | undefined> {
  const { jwtVerify } = await import('jose')
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], audience: audienceOf(siteId) })
    const claims: Record<string, unknown> = {}
    for (const [name, value] of Object.entries(payload)) if (!RESERVED_CLAIMS.includes(name)) claims[name] = value
    return claims
  } catch {
    return undefined
  }
}

function audienceOf(siteId: string): string {
  return `site:${siteId}`
}
