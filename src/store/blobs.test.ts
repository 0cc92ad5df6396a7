import { mkdtempSync, rmSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { oldStore } from '../../test/support/old-store'
import { openStore, type Store } from './database'
import { deflateRawSync } from 'node:zlib'
import { getBlobs, hashBytes, putBlob } from './blobs'

let store: Store
let dir: string
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'docsctl-blobs-'))
  store = await openStore(dir, { create: true })
})
afterAll(async () => {
  await store.close()
  rmSync(dir, { recursive: true, force: true })
})

/** The stored row of a blob, found by its hash as the store finds it. */
const rowOf = (db: Store['db'], hash: string) =>
  db.selectFrom('blob_hashes').innerJoin('blobs', 'blobs.id', 'blob_hashes.id').selectAll('blobs').where('blob_hashes.hash', '=', Buffer.from(hash, 'hex')).executeTakeFirstOrThrow()
const row = (hash: string) => rowOf(store.db, hash)

describe('blobs', () => {
  it('keeps text deflated, answers the original bytes, and hashes the original', async () => {
    const text = '# Page\n\n' + 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(20)
    const hash = await putBlob(store.db, text)
    expect(hash).toBe(hashBytes(Buffer.from(text)))
    const stored = await row(hash)
    expect(stored.encoding).toBe(1)
    expect(stored.size).toBe(Buffer.byteLength(text))
    expect(stored.data.length).toBeLessThan(stored.size / 4)
    expect((await getBlobs(store.db, [hash])).get(hash)!.toString('utf8')).toBe(text)
  })

  it('keeps bytes that do not compress, and tiny ones, as they are', async () => {
    const random = randomBytes(4096)
    const tiny = Buffer.from('{"a":1}')
    for (const bytes of [random, tiny]) {
      const hash = await putBlob(store.db, bytes)
      expect((await row(hash)).encoding).toBe(0)
      expect((await getBlobs(store.db, [hash])).get(hash)!.equals(bytes)).toBe(true)
    }
  })

  it('stores equal content once, and reads many in one go (missing hashes left out)', async () => {
    const a = await putBlob(store.db, 'x'.repeat(1000))
    expect(await putBlob(store.db, Buffer.from('x'.repeat(1000)))).toBe(a)
    expect(Number((await store.db.selectFrom('blob_hashes').select((eb) => eb.fn.countAll().as('n')).where('hash', '=', Buffer.from(a, 'hex')).executeTakeFirstOrThrow()).n)).toBe(1)
    const counts = async () => [await store.db.selectFrom('blobs').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(), await store.db.selectFrom('blob_hashes').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()]
    const before = await counts()
    await putBlob(store.db, 'x'.repeat(1000))
    expect(await counts()).toEqual(before)
    // Concurrent writers of the same and of different bytes (each numbers its rows in its own transaction).
    const texts = ['c'.repeat(500), 'd'.repeat(500), 'c'.repeat(500), 'e'.repeat(500)]
    const hashes = await Promise.all(texts.map((text) => putBlob(store.db, text)))
    expect((await getBlobs(store.db, hashes)).size).toBe(3)
    expect((await counts()).map((c) => Number(c.n))).toEqual(before.map((c) => Number(c.n) + 3))
    const b = await putBlob(store.db, 'y'.repeat(1000))
    const found = await getBlobs(store.db, [a, b, '0'.repeat(64)])
    expect([...found.keys()].sort()).toEqual([a, b].sort())
  })

  it('stores a new version of a blob as a delta against the one it replaces, and reads it back', async () => {
    const words = 'docs space page merge review branch commit token server client option value'.split(' ')
    const paragraph = (seed: number) => Array.from({ length: 60 }, (_, i) => words[(i * 7 + seed * 13 + i * i * seed) % words.length]).join(' ')
    const paragraphs = Array.from({ length: 12 }, (_, i) => paragraph(i + 1))
    const v1 = paragraphs.join('\n\n')
    const h1 = await putBlob(store.db, v1)
    const v2 = [...paragraphs.slice(0, 5), paragraph(99), ...paragraphs.slice(6)].join('\n\n')
    const h2 = await putBlob(store.db, v2, { hash: h1, bytes: v1 })
    const stored = await row(h2)
    expect(stored.encoding).toBe(2)
    expect(stored.base).toBe((await row(h1)).id)
    expect(stored.depth).toBe(1)
    // About one paragraph's worth of bytes, far less than the deflated whole.
    expect(stored.data.length).toBeLessThan((await row(h1)).data.length / 3)
    expect((await getBlobs(store.db, [h2])).get(h2)!.toString('utf8')).toBe(v2)
    expect(hashBytes((await getBlobs(store.db, [h2, h1])).get(h2)!)).toBe(h2)
  })

  it('ignores a base whose bytes do not match its hash, or that is not stored', async () => {
    const text = 'An unrelated text that is long enough to be deflated, repeated. '.repeat(4)
    const lying = await putBlob(store.db, text + 'lying', { hash: hashBytes('something else'), bytes: 'not that' })
    const absent = await putBlob(store.db, text + 'absent', { hash: hashBytes('never stored'), bytes: 'never stored' })
    for (const hash of [lying, absent]) expect((await row(hash)).encoding).toBe(1)
  })

  it('bounds the chain of deltas, then stores a version whole again', async () => {
    let text = 'Version 0 of a page that keeps changing, with enough text around it to make deltas worth it. '.repeat(6)
    let hash = await putBlob(store.db, text)
    const depths: number[] = []
    for (let n = 1; n <= 30; n++) {
      const next = text + ` Change ${n}.`
      hash = await putBlob(store.db, next, { hash, bytes: text })
      text = next
      depths.push((await row(hash)).depth)
    }
    expect(Math.max(...depths)).toBe(24)
    expect(depths).toContain(0)
    expect((await getBlobs(store.db, [hash])).get(hash)!.toString('utf8')).toBe(text)
  })

  it('keeps the blobs and deltas of a store keyed by hash readable after its move to integer keys', async () => {
    const { dir: old, db, remove } = await oldStore('0016-integrations')
    try {
      // A chain as the hash-keyed store kept it: v1 whole, v2 a delta against v1, v3 a delta against v2.
      const versions = [1, 2, 3].map((n) => 'A page that an older docsctl kept as a chain of deltas. '.repeat(8) + `Version ${n}.`)
      const hashes = versions.map((text) => hashBytes(text))
      const rows = versions.map((text, i) => ({
        hash: Buffer.from(hashes[i], 'hex'),
        data: i === 0 ? Buffer.from(text) : deflateRawSync(Buffer.from(text), { dictionary: Buffer.from(versions[i - 1]) }),
        size: text.length,
        encoding: i === 0 ? 0 : 2,
        base: i === 0 ? null : Buffer.from(hashes[i - 1], 'hex'),
        depth: i,
      }))
      // Inserted newest first, so that no base's row comes before the deltas on it.
      for (const values of [...rows].reverse()) await db.insertInto('blobs').values(values).execute()
      // And 3 MB of other blobs: the rebuilt table leaves that much free in the file, which the store gives back.
      for (let i = 0; i < 750; i++) {
        const bytes = randomBytes(4000)
        await db.insertInto('blobs').values({ hash: Buffer.from(hashBytes(bytes), 'hex'), data: bytes, size: bytes.length, encoding: 0, base: null, depth: 0 }).execute()
      }
      await db.destroy()
      const migrated = await openStore(old)
      const pages = Number((await sql<{ page_count: number }>`PRAGMA page_count`.execute(migrated.db)).rows[0].page_count)
      const free = Number((await sql<{ freelist_count: number }>`PRAGMA freelist_count`.execute(migrated.db)).rows[0].freelist_count)
      expect(pages).toBeGreaterThan(700)
      expect(free).toBeLessThan(pages / 4)
      const read = await getBlobs(migrated.db, hashes)
      expect(hashes.map((hash) => read.get(hash)!.toString('utf8'))).toEqual(versions)
      const v3 = await rowOf(migrated.db, hashes[2])
      const v2 = await rowOf(migrated.db, hashes[1])
      expect([v3.encoding, v3.base, v3.depth]).toEqual([2, v2.id, 2])
      // A new version goes on the migrated chain as a delta.
      const v4 = versions[2] + ' And a fourth.'
      const h4 = await putBlob(migrated.db, v4, { hash: hashes[2], bytes: versions[2] })
      expect((await getBlobs(migrated.db, [h4])).get(h4)!.toString('utf8')).toBe(v4)
      expect(await rowOf(migrated.db, h4)).toMatchObject({ base: v3.id, depth: 3 })
      await migrated.close()
    } finally {
      remove()
    }
  })

  it('keeps the blobs of a store made before deltas readable after its migration', async () => {
    const { dir: old, db, remove } = await oldStore('0008-job-progress')
    try {
      const text = 'A page stored by an older docsctl. '.repeat(10)
      await db.insertInto('blobs').values({ hash: hashBytes(text), data: Buffer.from(text), size: text.length, encoding: 0 }).execute()
      await db.destroy()
      const migrated = await openStore(old)
      expect((await getBlobs(migrated.db, [hashBytes(text)])).get(hashBytes(text))!.toString('utf8')).toBe(text)
      expect(await putBlob(migrated.db, text)).toBe(hashBytes(text))
      await migrated.close()
    } finally {
      remove()
    }
  })
})
