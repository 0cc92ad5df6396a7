import type { FileSnapshot } from '../../domain/revisions/content'

/**
 * A file as GitBook's RevisionFile. `downloadURL` is served by docsctl without a token: the address holds the
 * sha256 of the bytes, which only someone who can read the content knows.
 */
export function presentFile(file: FileSnapshot, baseUrl: string) {
  return {
    object: 'revision-file' as const,
    id: file.id,
    name: file.name,
    contentType: file.contentType,
    downloadURL: `${baseUrl}/files/${file.blob}/${encodeURIComponent(file.name)}`,
    size: file.size,
    ...(file.dimensions ? { dimensions: file.dimensions } : {}),
    ...(file.git ? { git: { oid: file.git.oid, path: file.git.path } } : {}),
  }
}
