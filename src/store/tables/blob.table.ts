import type { Generated } from 'kysely'

/** Content-addressed bytes: page records, markdown, manifests. Keyed by the sha256 of the data. */
export interface BlobTable {
  hash: string
  data: Buffer
  /** Bytes before encoding. */
  size: number
  /** 0: `data` as is; 1: `data` deflated (raw deflate). */
  encoding: Generated<number>
}
