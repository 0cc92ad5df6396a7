/**
 * A revision's content as a snapshot: pages by id (each with its parent and order among siblings), and variables.
 *
 * Stored content-addressed: each page is one JSON record blob; the page table (`pageId → record hash`) is a hash
 * trie of small blobs (store/hash-trie.ts); the revision points at a manifest blob holding the trie's root and
 * the variables. Saving a snapshot derived from a loaded one writes only the changed records and the trie nodes
 * on their paths, so a revision that changes one page of ten thousand stores that page and a few small nodes;
 * each of them, and the manifest, as a delta against the version it replaces (store/blobs.ts).
 * Snapshots are immutable, so loaded ones are cached by hash.
 */
import type { Db, Trx } from '../../store/database'
import { getBlobs, putBlob, putBlobs } from '../../store/blobs'
import { trieEntries, trieUpdate } from '../../store/hash-trie'

export type PageType = 'document' | 'group' | 'link'

export interface PageSnapshot {
  id: string
  /** Parent page id; null at the root. */
  parent: string | null
  /** Position among siblings, ascending (ties broken by id). */
  order: number
  type: PageType
  title: string
  /** Path segment; the page path joins the slugs from the root. */
  slug: string
  /** The page body (GitBook-flavoured Markdown, without front matter); '' for groups and links. */
  markdown: string
  /** Other page fields: emoji, icon, description, hidden, noIndex, noRobotsIndex, layout, cover, variables, href. */
  meta: Record<string, unknown>
  createdAt: string
  updatedAt: string
}

/** A file of a revision: its bytes are a blob, stored once whatever the number of revisions holding it. */
export interface FileSnapshot {
  id: string
  name: string
  contentType: string
  size: number
  /** Hash of the bytes in the blob store. */
  blob: string
  dimensions?: { width: number; height: number }
  createdAt: string
  /** Where the file came from in a git repository (imported from `.gitbook/assets`). */
  git?: { oid: string; path: string }
}

/**
 * A reusable content: a block of Markdown that pages pull in with `{% include %}`; not a page. In Git Sync format
 * it is `.gitbook/includes/<slug>.md` with front matter `title:`.
 */
export interface ReusableContentSnapshot {
  id: string
  title: string
  /** The body (without front matter). */
  markdown: string
  createdAt: string
  updatedAt: string
  /** Where it came from in a git repository, with its front matter text as read (written back while the title holds). */
  git?: { oid: string; path: string; prefix: string }
}

export interface ContentSnapshot {
  pages: Map<string, PageSnapshot>
  /** Files by id (absent: none). */
  files?: Map<string, FileSnapshot>
  /** Reusable contents by id (absent: none). */
  reusableContents?: Map<string, ReusableContentSnapshot>
  variables: Record<string, string>
  /**
   * The stored page table this snapshot was loaded from or derived from: saving diffs against it. Copy it along
   * when deriving a snapshot from another.
   */
  source?: StoredPages
}

export interface StoredPages {
  root: string | null
  records: Map<string, string>
  /** The manifest it was read from or written as: the next manifest is stored as a delta against it. */
  manifest?: { hash: string; bytes: string }
}

export function emptyContent(): ContentSnapshot {
  return { pages: new Map(), variables: {} }
}

interface Manifest {
  root: string | null
  files?: FileSnapshot[]
  reusableContents?: ReusableContentSnapshot[]
  variables: Record<string, string>
}

const CACHE_SIZE = 64
const cache = new Map<string, ContentSnapshot>()
/**
 * Parsed page records by hash, shared by every snapshot that contains them: an unchanged page is the same
 * object in two revisions, which lets a merge skip it with one comparison.
 */
const RECORD_CACHE_SIZE = 100_000
const records = new Map<string, PageSnapshot>()
/** The record hash of every page object loaded or saved: unchanged pages are recognised without hashing. */
const recordHashes = new WeakMap<PageSnapshot, string>()

/** The content a manifest hash stands for (null: empty). The answer is shared: copy before changing it. */
export async function loadContent(db: Db | Trx, contentHash: string | null): Promise<ContentSnapshot> {
  if (!contentHash) return emptyContent()
  const cached = cache.get(contentHash)
  if (cached) return cached
  const manifestBytes = (await getBlobs(db, [contentHash])).get(contentHash)
  if (!manifestBytes) throw new Error(`Content manifest ${contentHash} is missing from the store.`)
  const manifestText = manifestBytes.toString('utf8')
  const manifest = JSON.parse(manifestText) as Manifest
  const table = await trieEntries(db, manifest.root)
  const missing = [...new Set(table.values())].filter((hash) => !records.has(hash))
  const loaded = await getBlobs(db, missing)
  const pages = new Map<string, PageSnapshot>()
  for (const [id, hash] of table) {
    let page = records.get(hash)
    if (!page) {
      page = JSON.parse(loaded.get(hash)!.toString('utf8')) as PageSnapshot
      rememberRecord(hash, page)
    }
    pages.set(id, page)
  }
  const files = new Map((manifest.files ?? []).map((file) => [file.id, file]))
  const reusableContents = new Map((manifest.reusableContents ?? []).map((reusable) => [reusable.id, reusable]))
  const content: ContentSnapshot = { pages, files, reusableContents, variables: manifest.variables ?? {}, source: { root: manifest.root, records: table, manifest: { hash: contentHash, bytes: manifestText } } }
  remember(contentHash, content)
  return content
}

/**
 * Writes the content: the records of new or changed pages, the trie nodes on their paths, and the manifest.
 * Answers the manifest hash. Work and bytes grow with what changed since `content.source`.
 */
export async function saveContent(trx: Db | Trx, content: ContentSnapshot): Promise<string> {
  const base = content.source ?? { root: null, records: new Map<string, string>() }
  const changes = new Map<string, string | null>()
  const table = new Map(base.records)
  // Pages whose record is not known yet are written in one batch, each as a delta against the one it replaces.
  // (An unchanged page is the same object as before — readSpace hands back the previous one — so it is known.)
  const unknown = [...content.pages.values()].filter((page) => !recordHashes.get(page))
  const written = await putBlobs(trx, unknown.map((page) => ({ data: JSON.stringify(page), like: previousRecord(base.records.get(page.id)) })))
  unknown.forEach((page, i) => rememberRecord(written[i], page))
  for (const page of content.pages.values()) {
    const hash = recordHashes.get(page)!
    if (base.records.get(page.id) !== hash) {
      changes.set(page.id, hash)
      table.set(page.id, hash)
    }
  }
  for (const id of base.records.keys()) {
    if (!content.pages.has(id)) {
      changes.set(id, null)
      table.delete(id)
    }
  }
  const root = await trieUpdate(trx, base.root, changes)
  const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1)
  const files = [...(content.files?.values() ?? [])].sort(byId)
  const reusableContents = [...(content.reusableContents?.values() ?? [])].sort(byId)
  const manifest = JSON.stringify({ root, ...(files.length ? { files } : {}), ...(reusableContents.length ? { reusableContents } : {}), variables: content.variables } satisfies Manifest)
  const hash = await putBlob(trx, manifest, base.manifest)
  remember(hash, { ...content, source: { root, records: table, manifest: { hash, bytes: manifest } } })
  return hash
}

/** Whether two values serialize to the same JSON, key order aside (an absent key and an undefined one alike). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const plain = (value: object) => Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null
  if (!plain(a) || !plain(b)) return false
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((item, i) => sameJson(item, (b as unknown[])[i]))
  const defined = (object: object) => Object.keys(object).filter((key) => (object as Record<string, unknown>)[key] !== undefined)
  const keys = defined(a)
  if (keys.length !== defined(b).length) return false
  return keys.every((key) => sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
}

/** The stored form of the record a changed page replaces, when it is at hand: the new one is a delta against it. */
function previousRecord(hash: string | undefined) {
  const page = hash ? records.get(hash) : undefined
  return page && { hash: hash!, bytes: JSON.stringify(page) }
}

function rememberRecord(hash: string, page: PageSnapshot) {
  recordHashes.set(page, hash)
  if (records.size >= RECORD_CACHE_SIZE) records.delete(records.keys().next().value as string)
  records.set(hash, page)
}

function remember(hash: string, content: ContentSnapshot) {
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string)
  cache.set(hash, content)
}

/** Sibling order: by `order`, then id. */
export function byOrder(a: PageSnapshot, b: PageSnapshot): number {
  return a.order - b.order || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
}

/** Children of every parent (null: root), each list in order. */
export function childrenByParent(content: ContentSnapshot): Map<string | null, PageSnapshot[]> {
  const children = new Map<string | null, PageSnapshot[]>()
  for (const page of content.pages.values()) {
    const list = children.get(page.parent) ?? []
    list.push(page)
    children.set(page.parent, list)
  }
  for (const list of children.values()) list.sort(byOrder)
  return children
}

/** Every page's path: the slugs from the root, joined by '/'. */
export function pagePaths(content: ContentSnapshot): Map<string, string> {
  const paths = new Map<string, string>()
  const children = childrenByParent(content)
  const walk = (parent: string | null, prefix: string) => {
    for (const page of children.get(parent) ?? []) {
      const path = prefix ? `${prefix}/${page.slug}` : page.slug
      paths.set(page.id, path)
      walk(page.id, path)
    }
  }
  walk(null, '')
  return paths
}

/** A URL-safe slug from a title: lower-case words joined by hyphens, at most `max` characters; else `fallback`. */
export function slugify(title: string, fallback = 'page', max = 100): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '')
  return slug || fallback
}
