import { randomBytes } from 'node:crypto'

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** A random, URL-safe id of 20 characters (~119 bits), the shape of GitBook's ids. */
export function newId(length = 20): string {
  const bytes = randomBytes(length * 2)
  let id = ''
  // Rejection sampling keeps the characters uniformly distributed (248 = 4 × 62).
  for (let i = 0; i < bytes.length && id.length < length; i++) {
    if (bytes[i] < 248) id += ALPHABET[bytes[i] % 62]
  }
  return id.length === length ? id : newId(length)
}

/** The current time as an ISO 8601 string: every timestamp of the store has this form. */
export function nowIso(): string {
  return new Date().toISOString()
}

let lastTimestamp = 0

/**
 * Like nowIso, but strictly increasing within this process: rows listed by their time (comments, reviews,
 * review requests) keep the order they were made in, even when several are made in the same millisecond.
 */
export function nextTimestamp(): string {
  lastTimestamp = Math.max(Date.now(), lastTimestamp + 1)
  return new Date(lastTimestamp).toISOString()
}
