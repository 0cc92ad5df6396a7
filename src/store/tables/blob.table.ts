import type { Generated } from 'kysely'

/**
 * Content-addressed bytes: page records, page-table nodes, manifests, files. Appended under an increasing integer
 * key; `blob_hashes` finds a blob by the sha256 of its bytes (the code speaks hex; store/blobs.ts converts).
 */
export interface BlobTable {
  id: Generated<number>
  /** Bytes before encoding. */
  size: number
  /** 0: `data` as is; 1: `data` deflated (raw deflate); 2: deflated with the bytes of `base` as the dictionary. */
  encoding: Generated<number>
  /** The id of the blob this one is a delta against (encoding 2); null otherwise. */
  base: number | null
  /** Length of the chain of bases below this blob (0: stored whole). */
  depth: Generated<number>
  data: Buffer
}

/** The key of each stored blob by the 32 bytes of its sha256. */
export interface BlobHashTable {
  hash: Buffer
  id: number
}
