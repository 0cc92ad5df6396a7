import type { Generated } from 'kysely'

/** Content-addressed bytes: page records, page-table nodes, manifests, files. Keyed by the sha256 of the data. */
export interface BlobTable {
  /** The 32 bytes of the sha256 (the code speaks hex; store/blobs.ts converts). */
  hash: Buffer
  data: Buffer
  /** Bytes before encoding. */
  size: number
  /** 0: `data` as is; 1: `data` deflated (raw deflate); 2: deflated with the bytes of `base` as the dictionary. */
  encoding: Generated<number>
  /** The blob this one is a delta against (encoding 2); null otherwise. */
  base: Buffer | null
  /** Length of the chain of bases below this blob (0: stored whole). */
  depth: Generated<number>
}
