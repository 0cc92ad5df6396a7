/**
 * A persistent hash trie of `key → value hash` stored as content-addressed blobs: the page table of a revision.
 * Keys are spread by the hex digits of their sha256 (16 children a level); a leaf holds up to LEAF_SIZE entries.
 * Updating k keys rewrites only the nodes on their paths, so a revision that changes one page of ten thousand
 * writes a handful of small nodes, and every other node is shared with the revisions before it. A rewritten node
 * is stored as a delta against the node it replaces (store/blobs.ts), so it costs about one entry's bytes.
 */
import { createHash } from 'node:crypto'
import type { Db, Trx } from './database'
import { getBlobs, putBlob } from './blobs'

const FANOUT = 16
const LEAF_SIZE = 64
const MAX_DEPTH = 32

type Leaf = { l: [string, string][] }
type Branch = { c: (string | null)[] }
type TrieNode = Leaf | Branch

const NODE_CACHE_SIZE = 50_000
const nodes = new Map<string, TrieNode>()

function remember(hash: string, node: TrieNode) {
  if (nodes.size >= NODE_CACHE_SIZE) nodes.delete(nodes.keys().next().value as string)
  nodes.set(hash, node)
}

function digest(key: string): string {
  return createHash('sha256').update(key).digest('hex')
}

function nibble(hex: string, depth: number): number {
  return parseInt(hex[depth], 16)
}

async function readNodes(db: Db | Trx, hashes: string[]): Promise<void> {
  const missing = hashes.filter((h) => !nodes.has(h))
  if (missing.length === 0) return
  for (const [hash, bytes] of await getBlobs(db, missing)) remember(hash, JSON.parse(bytes.toString('utf8')))
}

async function readNode(db: Db | Trx, hash: string): Promise<TrieNode> {
  await readNodes(db, [hash])
  const node = nodes.get(hash)
  if (!node) throw new Error(`Trie node ${hash} is missing from the store.`)
  return node
}

/** Stores a node; `replaces` is the node it is a new version of, which it is stored as a delta against. */
async function writeNode(trx: Db | Trx, node: TrieNode, replaces?: string | null): Promise<string> {
  const previous = replaces ? nodes.get(replaces) : undefined
  const hash = await putBlob(trx, JSON.stringify(node), previous && { hash: replaces!, bytes: JSON.stringify(previous) })
  remember(hash, node)
  return hash
}

/** Every entry of the trie (empty for a null root), reading each level's nodes in one query. */
export async function trieEntries(db: Db | Trx, root: string | null): Promise<Map<string, string>> {
  const read = async (hashes: string[]) => {
    await readNodes(db, hashes)
    return new Map(hashes.map((hash) => [hash, nodes.get(hash)]))
  }
  return new Map(root ? await walk([root], new Set(), read) : [])
}

/**
 * For a garbage collection: adds the hashes of the nodes of the tries under `roots` to `seen`, not walking again
 * under a node `seen` already holds (tries of successive revisions share most of their nodes), and answers the
 * entries of the leaves it reached. All the tries are walked together, a level at a time, so that a store of
 * thousands of revisions is read in a few large batches; the node cache is bypassed (the walk would only churn it).
 */
export async function reachTries(db: Db | Trx, roots: string[], seen: Set<string>): Promise<[string, string][]> {
  const read = async (hashes: string[]) => {
    const found = new Map<string, TrieNode>()
    for (const [hash, bytes] of await getBlobs(db, hashes)) found.set(hash, JSON.parse(bytes.toString('utf8')))
    return found
  }
  return walk(roots, seen, read)
}

/** The entries under `roots`, a level at a time, skipping (and adding to `seen`) the nodes `seen` holds. */
async function walk(roots: string[], seen: Set<string>, read: (hashes: string[]) => Promise<Map<string, TrieNode | undefined>>): Promise<[string, string][]> {
  const entries: [string, string][] = []
  const unseen = (hashes: (string | null)[]) => {
    const fresh: string[] = []
    for (const hash of hashes) {
      if (hash !== null && !seen.has(hash)) {
        seen.add(hash)
        fresh.push(hash)
      }
    }
    return fresh
  }
  for (let level = unseen([...new Set(roots)]); level.length; ) {
    const found = await read(level)
    const next: string[] = []
    for (const hash of level) {
      const node = found.get(hash)
      if (!node) throw new Error(`Trie node ${hash} is missing from the store.`)
      if ('l' in node) entries.push(...node.l)
      else next.push(...unseen(node.c))
    }
    level = next
  }
  return entries
}

type Change = { key: string; hex: string; value: string | null }

/** The root of the trie with `changes` applied (a null value removes the key); null when it ends up empty. */
export async function trieUpdate(trx: Db | Trx, root: string | null, changes: Map<string, string | null>): Promise<string | null> {
  if (changes.size === 0) return root
  const list = [...changes].map(([key, value]) => ({ key, hex: digest(key), value }))
  return update(trx, root, list, 0)
}

async function update(trx: Db | Trx, hash: string | null, changes: Change[], depth: number): Promise<string | null> {
  const node = hash ? await readNode(trx, hash) : null
  if (!node || 'l' in node) {
    const entries = new Map(node ? (node as Leaf).l : [])
    for (const change of changes) {
      if (change.value === null) entries.delete(change.key)
      else entries.set(change.key, change.value)
    }
    if (entries.size === 0) return null
    return build(trx, [...entries].map(([key, value]) => ({ key, hex: digest(key), value })), depth, hash)
  }
  const groups = new Map<number, Change[]>()
  for (const change of changes) {
    const slot = nibble(change.hex, depth)
    groups.set(slot, [...(groups.get(slot) ?? []), change])
  }
  const children = [...node.c]
  for (const [slot, group] of groups) children[slot] = await update(trx, children[slot], group, depth + 1)
  if (children.every((child) => child === null)) return null
  return writeNode(trx, { c: children }, hash)
}

async function build(trx: Db | Trx, entries: Change[], depth: number, replaces?: string | null): Promise<string> {
  if (entries.length <= LEAF_SIZE || depth >= MAX_DEPTH) {
    return writeNode(trx, { l: entries.map((e) => [e.key, e.value!] as [string, string]).sort((a, b) => (a[0] < b[0] ? -1 : 1)) }, replaces)
  }
  const children: (string | null)[] = new Array(FANOUT).fill(null)
  const groups = new Map<number, Change[]>()
  for (const entry of entries) {
    const slot = nibble(entry.hex, depth)
    groups.set(slot, [...(groups.get(slot) ?? []), entry])
  }
  for (const [slot, group] of groups) children[slot] = await build(trx, group, depth + 1)
  return writeNode(trx, { c: children })
}
