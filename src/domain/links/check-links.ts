/**
 * Classifies the links of a revision's pages: `ok`, `broken` (the target does not exist in the revision), or
 * `in-app` (an address of the app itself). External addresses are not fetched (docsctl works offline): `ok`.
 *
 * Page targets are understood as the official API describes them: `/pages/<pageId>`, `/pages/<slug path>`,
 * `/pages/<path>.md` or `…/README.md`, and Markdown paths relative to the linking page (`../guide.md`).
 * An OpenAPI block's `spec="<slug>"` is `ok` when the organization has a spec with that slug, else `broken`.
 */
import { pagePaths, type ContentSnapshot, type PageSnapshot } from '../revisions/content'
import { extractLinks } from './extract-links'

export type LinkStatus = 'ok' | 'broken' | 'in-app'

export interface CheckedLink {
  status: LinkStatus
  target: string
  kind: 'page' | 'file' | 'url' | 'anchor' | 'reusable-content' | 'openapi'
  /** The page the target resolves to. */
  targetPage?: string
  /** The file the target resolves to. */
  targetFile?: string
  /** The reusable content an `{% include %}` resolves to. */
  targetReusableContent?: string
  /** The page holding the link, its path and the line. */
  page: string
  path: string
  line: number
}

export interface CheckLinksOptions {
  /** Only the links of these pages. */
  only?: (page: PageSnapshot) => boolean
  /** Slugs of the organization's OpenAPI specs (absent: every OpenAPI block is broken). */
  openapiSpecs?: ReadonlySet<string>
}

export function checkLinks(content: ContentSnapshot, options: CheckLinksOptions = {}): CheckedLink[] {
  const { only } = options
  const paths = pagePaths(content)
  const byPath = new Map([...paths].map(([id, path]) => [path, id]))
  // The space's root README is its first root page.
  const first = [...content.pages.values()].filter((p) => p.parent === null).sort((a, b) => a.order - b.order)[0]
  if (first) byPath.set('', first.id)
  const parents = new Set([...content.pages.values()].map((p) => p.parent))
  const results: CheckedLink[] = []
  for (const page of content.pages.values()) {
    if (only && !only(page)) continue
    const path = paths.get(page.id) ?? page.slug
    for (const link of extractLinks(page.markdown)) {
      // A page with children is `<path>/README.md` in Git Sync's layout, so its links are relative to `<path>/`.
      const directory = parents.has(page.id) ? path : path.split('/').slice(0, -1).join('/')
      const classified: Pick<CheckedLink, 'status' | 'kind'> =
        link.kind === 'openapi' ? { status: options.openapiSpecs?.has(link.target) ? 'ok' : 'broken', kind: 'openapi' } : classify(link.target, directory, content, byPath)
      results.push({ ...classified, target: link.target, page: page.id, path, line: link.line })
    }
  }
  return results.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line))
}

function classify(target: string, directory: string, content: ContentSnapshot, byPath: Map<string, string>): Pick<CheckedLink, 'status' | 'kind' | 'targetPage' | 'targetFile' | 'targetReusableContent'> {
  const clean = target.split('#')[0].split('?')[0]
  if (target.startsWith('#')) return { status: 'ok', kind: 'anchor' }
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return { status: 'ok', kind: 'url' }
  if (target.startsWith('/app/') || target.startsWith('/o/') || target.startsWith('/s/')) return { status: 'in-app', kind: 'url' }
  if (clean.startsWith('/files/')) {
    const id = decodeURIComponent(clean.slice('/files/'.length))
    return content.files?.has(id) ? { status: 'ok', kind: 'file', targetFile: id } : { status: 'broken', kind: 'file' }
  }
  if (clean.includes('.gitbook/assets/')) {
    const name = decodeURIComponent(clean.split('.gitbook/assets/').pop()!)
    const file = [...(content.files?.values() ?? [])].find((f) => f.name === name)
    return file ? { status: 'ok', kind: 'file', targetFile: file.id } : { status: 'broken', kind: 'file' }
  }
  if (clean.includes('.gitbook/includes/')) {
    const name = decodeURIComponent(clean.split('.gitbook/includes/').pop()!)
    const reusable = [...(content.reusableContents?.values() ?? [])].find((r) => r.git?.path.split('/').pop() === name)
    return reusable ? { status: 'ok', kind: 'reusable-content', targetReusableContent: reusable.id } : { status: 'broken', kind: 'reusable-content' }
  }
  let pagePath: string
  if (clean.startsWith('/pages/')) {
    const rest = decodeURIComponent(clean.slice('/pages/'.length))
    if (content.pages.has(rest)) return { status: 'ok', kind: 'page', targetPage: rest }
    pagePath = rest
  } else {
    pagePath = resolveRelative(directory, decodeURIComponent(clean))
  }
  const normalized = pagePath.replace(/(^|\/)README\.md$/i, '').replace(/\.md$/i, '').replace(/^\/+|\/+$/g, '')
  const id = byPath.get(normalized)
  return id ? { status: 'ok', kind: 'page', targetPage: id } : { status: 'broken', kind: 'page' }
}

/** A Markdown path relative to the linking page's directory (`guide` + `../faq.md` → `faq.md`). */
function resolveRelative(directory: string, target: string): string {
  if (target.startsWith('/')) return target
  const parts = directory ? directory.split('/') : []
  for (const part of target.split('/')) {
    if (part === '..') parts.pop()
    else if (part !== '.' && part !== '') parts.push(part)
  }
  return parts.join('/')
}
