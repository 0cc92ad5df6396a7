import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore, type Store } from './database'
import { trieEntries, trieUpdate } from './hash-trie'

let store: Store
let dir: string
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'docsctl-trie-'))
  store = await openStore(dir, { create: true })
})
afterAll(async () => {
  await store.close()
  rmSync(dir, { recursive: true, force: true })
})

const storedBytes = async () => Number((await store.db.selectFrom('blobs').select((eb) => eb.fn.sum<number>(eb.fn('length', ['data'])).as('n')).executeTakeFirst())?.n ?? 0)
const blobBytes = async () => Number((await store.db.selectFrom('blobs').select((eb) => eb.fn.sum<number>('size').as('n')).executeTakeFirst())?.n ?? 0)

describe('hash trie', () => {
  it('stores, updates and removes entries, sharing what did not change', async () => {
    const entries = new Map(Array.from({ length: 5000 }, (_, i) => [`page-${i}`, `hash-${i}`] as [string, string | null]))
    const root = await trieUpdate(store.db, null, entries)
    expect(await trieEntries(store.db, root)).toEqual(new Map([...entries] as [string, string][]))
    const before = await blobBytes()
    const next = await trieUpdate(store.db, root, new Map([['page-42', 'changed'], ['page-7', null], ['new', 'n']]))
    const grown = (await blobBytes()) - before
    // A few nodes on three paths, not a copy of the table.
    expect(grown).toBeLessThan(12_000)
    const after = await trieEntries(store.db, next)
    expect(after.size).toBe(5000)
    expect(after.get('page-42')).toBe('changed')
    expect(after.has('page-7')).toBe(false)
    expect(after.get('new')).toBe('n')
    expect((await trieEntries(store.db, root)).get('page-42')).toBe('hash-42')
    // Each rewritten node is stored as a delta against the node it replaces: one changed entry costs bytes in
    // proportion to the entry, not to the nodes on its path.
    const stored = await storedBytes()
    await trieUpdate(store.db, next, new Map([['page-1234', 'a value changed once']]))
    expect((await storedBytes()) - stored).toBeLessThan(500)
    expect(await trieUpdate(store.db, next, new Map([...after.keys()].map((k) => [k, null])))).toBeNull()
  })
})
