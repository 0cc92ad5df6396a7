import type { ReusableContentSnapshot } from '../../domain/revisions/content'

/** A reusable content as GitBook's RevisionReusableContent, with its Markdown (docsctl keeps bodies as Markdown). */
export function presentReusableContent(reusable: ReusableContentSnapshot, options: { markdown?: boolean } = {}) {
  return {
    id: reusable.id,
    title: reusable.title,
    ...(reusable.git ? { git: { oid: reusable.git.oid, path: reusable.git.path } } : {}),
    ...(options.markdown ? { markdown: reusable.markdown } : {}),
  }
}
