/**
 * Content → a space's files in GitBook's Git Sync format, in the canonical form: each document page at its git
 * path (or `<parent folder>/<slug>.md`, `<slug>/README.md` when it has children), its front matter and body as
 * stored, SUMMARY.md (the original text when the tree did not change), `.gitbook/assets/<name>` for files,
 * `.gitbook/includes/<slug>.md` for reusable contents, `.gitbook/vars.yaml` for variables, and the preserved
 * files as they were.
 */
import { posix } from 'node:path'
import * as yaml from 'yaml'
import { childrenByParent, slugify, type ContentSnapshot, type PageSnapshot } from '../../domain/revisions/content'
import { parseSummary, renderSummary, type SummaryItem } from './summary'
import { FRONT_MATTER_FIELDS, includeTitle, type SpaceLayout } from './read-space'

const FIELDS_TO_FRONT_MATTER: Record<string, string> = Object.fromEntries(Object.entries(FRONT_MATTER_FIELDS).map(([key, field]) => [field, key]))

export function writeSpace(
  content: ContentSnapshot,
  blobs: (hash: string) => Buffer | undefined,
  options: { layout?: SpaceLayout; preserved?: Map<string, Buffer> } = {},
): Map<string, Buffer> {
  const layout = options.layout ?? { root: '', readme: 'README.md', summary: 'SUMMARY.md' }
  const within = (path: string) => (layout.root ? posix.join(layout.root, path) : path)
  const out = new Map<string, Buffer>(options.preserved ?? [])
  const children = childrenByParent(content)
  const paths = new Map<string, string>()

  // Where each page lives: its git path when it has one, else a path from its place in the tree.
  const place = (parent: string | null, folder: string) => {
    for (const page of children.get(parent) ?? []) {
      const git = (page.meta.git as { path?: string } | undefined)?.path
      const hasChildren = (children.get(page.id) ?? []).length > 0
      let path: string
      if (page.type === 'document') path = git && !git.includes(':') ? git : posix.join(folder, hasChildren ? `${page.slug}/README.md` : `${page.slug || 'README'}.md`)
      else path = ''
      paths.set(page.id, path)
      const dir = (p: string) => (posix.dirname(p) === '.' ? '' : posix.dirname(p))
      const childFolder = page.type === 'group' ? posix.join(folder, page.slug) : !path ? folder : /readme\.md$/i.test(path) ? dir(path) : path.replace(/\.md$/i, '')
      place(page.id, childFolder)
    }
  }
  place(null, '')

  for (const page of content.pages.values()) {
    if (page.type !== 'document') continue
    out.set(within(paths.get(page.id)!), Buffer.from(frontMatterOf(page) + page.markdown, 'utf8'))
  }

  const summaryItems = (parent: string | null): SummaryItem[] =>
    (children.get(parent) ?? []).map((page) => ({
      kind: page.type === 'group' ? 'group' : page.type === 'link' ? 'link' : 'page',
      title: page.title,
      ...(page.type === 'document' ? { target: paths.get(page.id) } : page.type === 'link' ? { target: String(page.meta.href ?? '') } : {}),
      ...(typeof page.meta.linkTitle === 'string' ? { linkTitle: page.meta.linkTitle } : {}),
      ...(page.type === 'group' && page.meta.anchor ? { slug: page.slug } : {}),
      children: summaryItems(page.id),
      line: 0,
    }))
  const items = summaryItems(null)
  const summaryPath = within(layout.summary)
  const previous = options.preserved?.get(summaryPath)
  out.set(summaryPath, previous && sameTree(parseSummary(previous.toString('utf8')).items, items) ? previous : Buffer.from(renderSummary(items), 'utf8'))

  for (const file of content.files?.values() ?? []) {
    const bytes = blobs(file.blob)
    if (bytes) out.set(within(`.gitbook/assets/${file.name}`), bytes)
  }
  for (const reusable of content.reusableContents?.values() ?? []) {
    const git = reusable.git
    const path = git?.path ?? within(`.gitbook/includes/${slugify(reusable.title)}-${reusable.id.slice(0, 6).toLowerCase()}.md`)
    out.set(path, Buffer.from(titleFrontMatter(reusable.title, git && { prefix: git.prefix, path: git.path }) + reusable.markdown, 'utf8'))
  }
  const varsPath = within('.gitbook/vars.yaml')
  if (Object.keys(content.variables).length) {
    const kept = options.preserved?.get(varsPath)
    out.set(varsPath, kept ?? Buffer.from(yaml.stringify(content.variables), 'utf8'))
  } else {
    out.delete(varsPath)
  }
  return out
}

/** The stored front matter text when it still says what the page's fields say; else one written from them. */
function frontMatterOf(page: PageSnapshot): string {
  const git = page.meta.git as { prefix?: string } | undefined
  const fields: Record<string, unknown> = {}
  for (const [field, key] of Object.entries(FIELDS_TO_FRONT_MATTER)) if (page.meta[field] !== undefined && page.meta[field] !== false) fields[key] = page.meta[field]
  if (git?.prefix !== undefined) {
    const stored = git.prefix ? yaml.parse(git.prefix.replace(/^---\r?\n/, '').replace(/\r?\n---\r?\n(?:\r?\n)?$/, '')) ?? {} : {}
    const known = Object.fromEntries(Object.entries(stored).filter(([key]) => Object.values(FIELDS_TO_FRONT_MATTER).includes(key) && stored[key] !== false))
    if (JSON.stringify(sortKeys(known)) === JSON.stringify(sortKeys(fields))) return git.prefix
  }
  return Object.keys(fields).length ? `---\n${yaml.stringify(fields).trimEnd()}\n---\n\n` : ''
}

/** A reusable content's front matter: the text read from git while it still gives the same title. */
function titleFrontMatter(title: string, stored: { prefix: string; path: string } | undefined): string {
  if (stored) {
    const fields = stored.prefix ? yaml.parse(stored.prefix.replace(/^---\r?\n/, '').replace(/\r?\n---\r?\n(?:\r?\n)?$/, '')) ?? {} : {}
    if (includeTitle(fields, stored.path) === title) return stored.prefix
  }
  return `---\n${yaml.stringify({ title }).trimEnd()}\n---\n\n`
}

function sortKeys(value: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)))
}

function sameTree(a: SummaryItem[], b: SummaryItem[]): boolean {
  const shape = (items: SummaryItem[]): unknown => items.map((i) => [i.kind, i.title, i.target ?? null, i.linkTitle ?? null, i.slug ?? null, shape(i.children)])
  return JSON.stringify(shape(a)) === JSON.stringify(shape(b))
}
