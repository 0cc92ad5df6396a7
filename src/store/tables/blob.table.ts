/** Content-addressed bytes: page records, markdown, manifests. Keyed by the sha256 of the data. */
export interface BlobTable {
  hash: string
  data: Buffer
  size: number
}
