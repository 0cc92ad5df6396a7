/**
 * A revision's content as a snapshot: pages by id (each with its parent and order among siblings), files, reusable
 * contents, and variables.
 *
 * Stored content-addressed: each page, file and reusable content, and the variables, is one JSON record blob; the
 * revision's table of them (`key → record hash`: a page by its id, a file as `file:<id>`, a reusable content as
 * `reusable:<id>`, the variables as `space:variables`) is a hash trie of small blobs (store/hash-trie.ts), and the
 * revision's content hash is the hash of the trie's root. Saving a snapshot derived from a loaded one writes only
 * the changed records and the trie nodes on their paths, so a revision that changes one page of ten thousand
 * stores that page and a few small nodes, each as a delta against the version it replaces (store/blobs.ts). No
 * blob grows with the space: a delta stays small only while the version it replaces fits in deflate's 32 KB window.
 * (Older revisions point at a manifest blob `{root, files, reusableContents, variables}`; they are read as well.)
 * Snapshots are immutable, so loaded ones are cached by hash.
 */
import type { Db, Trx } from '../../store/database'
import { getBlobs, putBlobs } from '../../store/blobs'
import { reachTries, trieEntries, trieUpdate } from '../../store/hash-trie'

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
  /** The trie's entries: record hash by key (a page's id, `file:<id>`, `reusable:<id>`). */
  records: Map<string, string>
}

export function emptyContent(): ContentSnapshot {
  return { pages: new Map(), variables: {} }
}

/** What the content hash of a revision named before the trie held everything: read, no longer written. */
interface LegacyManifest {
  root: string | null
  files?: FileSnapshot[]
  reusableContents?: ReusableContentSnapshot[]
  variables: Record<string, string>
}

const CACHE_SIZE = 64
const cache = new Map<string, ContentSnapshot>()
/**
 * Parsed records by hash, shared by every snapshot that contains them: an unchanged page is the same object in two
 * revisions, which lets a merge skip it with one comparison.
 */
const RECORD_CACHE_SIZE = 100_000
const records = new Map<string, StoredRecord>()
/** The record hash of every page, file or reusable content object loaded or saved: unchanged ones are recognised without hashing. */
const recordHashes = new WeakMap<StoredRecord, string>()

type Variables = Record<string, string>
type StoredRecord = PageSnapshot | FileSnapshot | ReusableContentSnapshot | Variables
/** Trie keys: a page by its id; files and reusable contents by their id after a prefix; variables (page ids have no colon). */
const FILE_KEY = 'file:'
const REUSABLE_KEY = 'reusable:'
const VARIABLES_KEY = 'space:variables'

/** The content a content hash stands for (null: empty). The answer is shared: copy before changing it. */
export async function loadContent(db: Db | Trx, contentHash: string | null): Promise<ContentSnapshot> {
  if (!contentHash) return emptyContent()
  const cached = cache.get(contentHash)
  if (cached) return cached
  const legacy = legacyManifest(contentHash, (await getBlobs(db, [contentHash])).get(contentHash))
  const root = legacy ? legacy.root : contentHash
  const table = await trieEntries(db, root)
  const missing = [...new Set(table.values())].filter((hash) => !records.has(hash))
  const loaded = await getBlobs(db, missing)
  const pages = new Map<string, PageSnapshot>()
  const files: FileSnapshot[] = [...(legacy?.files ?? [])]
  const reusableContents: ReusableContentSnapshot[] = [...(legacy?.reusableContents ?? [])]
  let variables = legacy?.variables ?? {}
  for (const [key, hash] of table) {
    let record = records.get(hash)
    if (!record) {
      record = JSON.parse(loaded.get(hash)!.toString('utf8')) as StoredRecord
      rememberRecord(hash, record)
    }
    if (key.startsWith(FILE_KEY)) files.push(record as FileSnapshot)
    else if (key.startsWith(REUSABLE_KEY)) reusableContents.push(record as ReusableContentSnapshot)
    else if (key === VARIABLES_KEY) variables = record as Variables
    else pages.set(key, record as PageSnapshot)
  }
  const byId = <T extends { id: string }>(list: T[]) => new Map(list.sort((a, b) => (a.id < b.id ? -1 : 1)).map((item) => [item.id, item]))
  const content: ContentSnapshot = { pages, files: byId(files), reusableContents: byId(reusableContents), variables, source: { root, records: table } }
  remember(contentHash, content)
  return content
}

/**
 * Writes the content: the records of new or changed pages, files, reusable contents and variables, and the trie
 * nodes on their paths. Answers the content hash (null: empty). Work and bytes grow with what changed since
 * `content.source`. (What an older manifest held itself moves into the trie at its first save.)
 */
export async function saveContent(trx: Db | Trx, content: ContentSnapshot): Promise<string | null> {
  const base = content.source ?? { root: null, records: new Map<string, string>() }
  const entries = new Map<string, StoredRecord>(content.pages)
  for (const file of content.files?.values() ?? []) entries.set(FILE_KEY + file.id, file)
  for (const reusable of content.reusableContents?.values() ?? []) entries.set(REUSABLE_KEY + reusable.id, reusable)
  if (Object.keys(content.variables).length) entries.set(VARIABLES_KEY, content.variables)
  // Records not known yet are written in one batch, each as a delta against the one it replaces. (An unchanged
  // record is the same object as before — readSpace hands back the previous one — so it is known.)
  const unknown = [...entries].filter(([, record]) => !recordHashes.get(record))
  const written = await putBlobs(trx, unknown.map(([key, record]) => ({ data: JSON.stringify(record), like: previousRecord(base.records.get(key)) })))
  unknown.forEach(([, record], i) => rememberRecord(written[i], record))
  const changes = new Map<string, string | null>()
  const table = new Map(base.records)
  for (const [key, record] of entries) {
    const hash = recordHashes.get(record)!
    if (base.records.get(key) !== hash) {
      changes.set(key, hash)
      table.set(key, hash)
    }
  }
  for (const key of base.records.keys()) {
    if (!entries.has(key)) {
      changes.set(key, null)
      table.delete(key)
    }
  }
  const root = await trieUpdate(trx, base.root, changes)
  if (root) remember(root, { ...content, source: { root, records: table } })
  return root
}

/**
 * For a garbage collection: adds to `seen` every blob the contents reach (an old manifest, trie nodes, records, the
 * bytes of files), reading all the contents together and what they share once.
 */
export async function reachContents(db: Db | Trx, contentHashes: string[], seen: Set<string>): Promise<void> {
  const asked = [...new Set(contentHashes)].filter((hash) => !seen.has(hash))
  const tops = await getBlobs(db, asked)
  const roots: string[] = []
  for (const contentHash of asked) {
    const legacy = legacyManifest(contentHash, tops.get(contentHash))
    if (!legacy) {
      roots.push(contentHash)
      continue
    }
    seen.add(contentHash)
    for (const file of legacy.files ?? []) seen.add(file.blob)
    if (legacy.root) roots.push(legacy.root)
  }
  const fileRecords: string[] = []
  for (const [key, hash] of await reachTries(db, roots, seen)) {
    if (key.startsWith(FILE_KEY) && !seen.has(hash)) fileRecords.push(hash)
    seen.add(hash)
  }
  for (const bytes of (await getBlobs(db, fileRecords)).values()) seen.add((JSON.parse(bytes.toString('utf8')) as FileSnapshot).blob)
}

/**
 * The manifest a content hash names when it is an older revision's (`{"root": …}`), undefined when it names a trie
 * root (a node: `{"c": …}` or `{"l": …}`).
 */
function legacyManifest(contentHash: string, top: Buffer | undefined): LegacyManifest | undefined {
  if (!top) throw new Error(`Content ${contentHash} is missing from the store.`)
  return top.subarray(0, 8).toString('latin1') === '{"root":' ? (JSON.parse(top.toString('utf8')) as LegacyManifest) : undefined
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

/** The stored form of the record a changed one replaces, when it is at hand: the new one is a delta against it. */
function previousRecord(hash: string | undefined) {
  const record = hash ? records.get(hash) : undefined
  return record && { hash: hash!, bytes: JSON.stringify(record) }
}

function rememberRecord(hash: string, record: StoredRecord) {
  recordHashes.set(record, hash)
  if (records.size >= RECORD_CACHE_SIZE) records.delete(records.keys().next().value as string)
  records.set(hash, record)
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
