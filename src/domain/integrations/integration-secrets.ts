/**
 * An integration's secrets, kept only as ciphertext: AES-256-GCM with a key derived from the instance key
 * (domain/auth/instance-key.ts) for this purpose alone; the stored text is `v1.<iv>.<tag>.<ciphertext>` in base64url.
 * The key that signs deliveries to an integration is derived too (HMAC of its id), so nothing signing-related is
 * stored: the same integration always signs with the same key, and no other instance can.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto'
import type { Db } from '../../store/database'
import { derivedKey } from '../auth/instance-key'

/** Encrypts the secrets map (null for none). */
export async function encryptSecrets(db: Db, secrets: Record<string, string> | undefined): Promise<string | null> {
  if (!secrets || !Object.keys(secrets).length) return null
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', await derivedKey(db, 'integration-secrets'), iv)
  const data = Buffer.concat([cipher.update(JSON.stringify(secrets), 'utf8'), cipher.final()])
  return ['v1', iv, cipher.getAuthTag(), data].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.')
}

/** The secrets map back from its ciphertext. */
export async function decryptSecrets(db: Db, stored: string | null): Promise<Record<string, string>> {
  if (!stored) return {}
  const [, iv, tag, data] = stored.split('.').map((part) => Buffer.from(part, 'base64url'))
  const decipher = createDecipheriv('aes-256-gcm', await derivedKey(db, 'integration-secrets'), iv)
  decipher.setAuthTag(tag)
  return JSON.parse(Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8'))
}

/** The key deliveries to an integration are signed with (hex), handed to it in `environment.signingSecrets.integration`. */
export async function signingSecretOf(db: Db, integrationId: string): Promise<string> {
  return (await derivedKey(db, `integration-signing:${integrationId}`)).toString('hex')
}

/** The signature of a delivery body: hex HMAC-SHA256 with the signing secret (header `X-GitBook-Integration-Signature`). */
export function signBody(secret: string, body: Uint8Array): string {
  return createHmac('sha256', secret).update(body).digest('hex')
}
