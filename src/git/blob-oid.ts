import { createHash } from 'node:crypto'

/** The id git gives a file's bytes: sha1 of `blob <size>\0<bytes>`. */
export function gitBlobOid(bytes: Buffer): string {
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex')
}
