import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { openStore, type Store } from './database'
import { searchSections, writePageSections } from './search'

let store: Store
let dir: string
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'docsctl-search-'))
  store = await openStore(dir, { create: true })
  // Two spaces' pages (search_indexed refers to spaces: these rows stand alone).
  await sql`PRAGMA foreign_keys = OFF`.execute(store.db)
  const words = ['pelican', 'heron', 'gull', 'tern', 'stork']
  for (const space of ['A', 'B']) {
    const pages = new Map(
      Array.from({ length: 30 }, (_, i) => [
        `${space}${i}`,
        { title: `${space} page ${i}`, sections: [{ anchor: '', title: '', body: Array.from({ length: 1 + (i % 7) }, (_, k) => words[(i + k) % words.length]).join(' ') }] },
      ]),
    )
    await store.db.transaction().execute((trx) => writePageSections(trx, space, `r${space}`, pages))
  }
})
afterAll(async () => {
  await store.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('searchSections', () => {
  it('ranks the same whether the spaces asked for are all the index holds (ranked on the index alone) or some of it', async () => {
    for (const query of ['pelican', 'heron gull', 'st']) {
      const all = await searchSections(store.db, ['A', 'B'], query, 1000)
      expect(all.length).toBeGreaterThan(10)
      expect(all.map((hit) => hit.score)).toEqual([...all.map((hit) => hit.score)].sort((a, b) => b - a))
      for (const space of ['A', 'B']) {
        const one = await searchSections(store.db, [space], query, 1000)
        expect(one.length).toBeGreaterThan(0)
        expect(one.every((hit) => hit.spaceId === space)).toBe(true)
        const fromAll = all.filter((hit) => hit.spaceId === space)
        expect(new Set(one.map((hit) => hit.pageId))).toEqual(new Set(fromAll.map((hit) => hit.pageId)))
        expect(one.map((hit) => hit.score).sort()).toEqual(fromAll.map((hit) => hit.score).sort())
      }
      // A limit keeps the best.
      const best = await searchSections(store.db, ['B', 'A'], query, 5)
      expect(best.map((hit) => hit.score)).toEqual(all.slice(0, 5).map((hit) => hit.score))
    }
  })
})
