import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { openStore, type Store } from '../../store/database'
import { putBlob } from '../../store/blobs'
import { trieEntries } from '../../store/hash-trie'
import { loadContent, reachContents, sameJson, saveContent, type ContentSnapshot, type FileSnapshot, type PageSnapshot, type ReusableContentSnapshot } from './content'

/** JSON with object keys sorted: equal texts for values that mean the same. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v))

const reversedKeys = (value: unknown): unknown =>
  Array.isArray(value) ? value.map(reversedKeys) : value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).reverse().map(([k, v]) => [k, reversedKeys(v)])) : value

describe('sameJson (an unchanged page keeps its stored record)', () => {
  it('never calls two values the same when their JSON differs', () => {
    fc.assert(fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => !sameJson(a, b) || canonical(a) === canonical(b)), { numRuns: 2000 })
    // Near misses, which random values rarely are.
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), fc.string(), fc.jsonValue(), (object, key, value) => {
        const changed = { ...object, [key]: value }
        expect(sameJson(object, changed)).toBe(canonical(object) === canonical(changed))
      }),
      { numRuns: 2000 },
    )
  })

  it('sees through key order and undefined keys', () => {
    fc.assert(fc.property(fc.jsonValue(), (a) => sameJson(a, reversedKeys(a))), { numRuns: 1000 })
    expect(sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(true)
    expect(sameJson({ at: new Date(0) }, { at: new Date(1) })).toBe(false)
  })
})

describe('stored content', () => {
  let store: Store
  let dir: string
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'docsctl-content-'))
    store = await openStore(dir, { create: true })
  })
  afterAll(async () => {
    await store.close()
    rmSync(dir, { recursive: true, force: true })
  })
  const storedBytes = async () => Number((await store.db.selectFrom('blobs').select((eb) => eb.fn.sum<number>(eb.fn('length', ['data'])).as('n')).executeTakeFirst())?.n ?? 0)
  const at = '2026-01-01T00:00:00.000Z'
  const page = (i: number): PageSnapshot => ({
    id: `page${i}`, parent: null, order: i, type: 'document', title: `Page ${i}`, slug: `page-${i}`, markdown: `Text of page ${i}, ${createHash('sha256').update(String(i)).digest('base64')}.\n`, meta: {}, createdAt: at, updatedAt: at,
  })
  const file = (i: number): FileSnapshot => ({
    id: `file${i}`, name: `image-${i}.png`, contentType: 'image/png', size: 1000 + i, blob: createHash('sha256').update(`file ${i}`).digest('hex'), dimensions: { width: 640, height: 480 }, createdAt: at,
  })
  const reusable = (i: number): ReusableContentSnapshot => ({ id: `reusable${i}`, title: `Reusable ${i}`, markdown: `Shared text ${i}.\n`, createdAt: at, updatedAt: at })
  const big = (): ContentSnapshot => ({
    pages: new Map(Array.from({ length: 300 }, (_, i) => [`page${i}`, page(i)])),
    files: new Map(Array.from({ length: 1500 }, (_, i) => [`file${i}`, file(i)])),
    reusableContents: new Map(Array.from({ length: 200 }, (_, i) => [`reusable${i}`, reusable(i)])),
    variables: { product: 'docsctl' },
  })

  it('reads back what it saved: pages, files, reusable contents and variables', async () => {
    const content = big()
    const hash = (await saveContent(store.db, content))!
    // A fresh copy of the module: nothing cached, everything read from the store.
    vi.resetModules()
    const fresh = await import('./content')
    const loaded = await fresh.loadContent(store.db, hash)
    expect(loaded).not.toBe(await loadContent(store.db, hash))
    expect(new Map([...loaded.pages].sort())).toEqual(new Map([...content.pages].sort()))
    expect(new Map([...loaded.files!].sort())).toEqual(new Map([...content.files!].sort()))
    expect(new Map([...loaded.reusableContents!].sort())).toEqual(new Map([...content.reusableContents!].sort()))
    expect(loaded.variables).toEqual(content.variables)
  })

  it('stores a change in bytes of the change, however many pages, files and reusable contents the space has', async () => {
    const loaded = await loadContent(store.db, await saveContent(store.db, big()))
    const changes: [string, (c: ContentSnapshot) => void][] = [
      ['a page edited', (c) => c.pages.set('page7', { ...c.pages.get('page7')!, markdown: 'Edited text of page 7.\n' })],
      ['a file added', (c) => c.files!.set('file-new', { ...file(9999), id: 'file-new' })],
      ['a file renamed', (c) => c.files!.set('file3', { ...c.files!.get('file3')!, name: 'renamed.png' })],
      ['a reusable content edited', (c) => c.reusableContents!.set('reusable5', { ...c.reusableContents!.get('reusable5')!, markdown: 'Changed.\n' })],
    ]
    let current = loaded
    for (const [what, change] of changes) {
      const next: ContentSnapshot = { ...current, pages: new Map(current.pages), files: new Map(current.files), reusableContents: new Map(current.reusableContents) }
      change(next)
      const before = await storedBytes()
      current = await loadContent(store.db, await saveContent(store.db, next))
      expect({ what, bytes: (await storedBytes()) - before }).toEqual({ what, bytes: expect.toSatisfy((n: number) => n < 1500) })
    }
    expect(current.files!.get('file3')!.name).toBe('renamed.png')
    expect(current.files!.has('file-new')).toBe(true)
    expect(current.pages.get('page7')!.markdown).toBe('Edited text of page 7.\n')
  })

  it('reads the files and reusable contents a manifest kept inline before, and moves them into the trie at the next save', async () => {
    const root = await saveContent(store.db, { pages: new Map([['page1', page(1)]]), variables: {} })
    const legacy = await putBlob(store.db, JSON.stringify({ root, files: [file(2), file(1)], reusableContents: [reusable(1)], variables: { a: 'b' } }))
    vi.resetModules()
    const fresh = await import('./content')
    const loaded = await fresh.loadContent(store.db, legacy)
    expect([...loaded.files!.keys()]).toEqual(['file1', 'file2'])
    expect(loaded.reusableContents!.get('reusable1')).toEqual(reusable(1))
    expect(loaded.pages.get('page1')).toEqual(page(1))
    const resaved = (await fresh.saveContent(store.db, { ...loaded, variables: { a: 'c' } }))!
    // Saved as a trie root whose entries hold everything.
    expect([...(await trieEntries(store.db, resaved)).keys()].sort()).toEqual(['file:file1', 'file:file2', 'page1', 'reusable:reusable1', 'space:variables'])
    vi.resetModules()
    const again = await (await import('./content')).loadContent(store.db, resaved)
    expect(new Map([...again.files!].sort())).toEqual(new Map([['file1', file(1)], ['file2', file(2)]]))
    expect(again.reusableContents!.get('reusable1')).toEqual(reusable(1))
    expect(again.variables).toEqual({ a: 'c' })
  })

  it('reaches every blob of old and new contents alike, for a garbage collection', async () => {
    const bytesOf = async (text: string) => putBlob(store.db, text)
    const legacyFile = { ...file(1), blob: await bytesOf('bytes of an inline file') }
    const recordFile = { ...file(2), blob: await bytesOf('bytes of a file record') }
    const root = (await saveContent(store.db, { pages: new Map([['page1', page(1)]]), variables: {} }))!
    const legacy = await putBlob(store.db, JSON.stringify({ root, files: [legacyFile], variables: {} }))
    const modern = (await saveContent(store.db, { pages: new Map([['page2', page(2)]]), files: new Map([['file2', recordFile]]), variables: { a: 'b' } }))!
    const seen = new Set<string>()
    await reachContents(store.db, [legacy, modern], seen)
    const expected = new Set([legacy, legacyFile.blob, recordFile.blob])
    for (const top of [root, modern]) {
      for (const [, hash] of await trieEntries(store.db, top)) expected.add(hash)
    }
    for (const hash of expected) expect(seen.has(hash), hash).toBe(true)
    // Trie nodes too: the roots at least, which are the content hashes of new contents.
    expect(seen.has(root) && seen.has(modern)).toBe(true)
    // Nothing that is not a stored blob.
    const stored = await store.db.selectFrom('blob_hashes').select('hash').where('hash', 'in', [...seen].map((h) => Buffer.from(h, 'hex'))).execute()
    expect(stored.length).toBe(seen.size)
  })
})
