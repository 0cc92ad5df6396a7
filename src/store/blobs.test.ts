import { mkdtempSync, rmSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore, type Store } from './database'
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

const row = (hash: string) => store.db.selectFrom('blobs').selectAll().where('hash', '=', hash).executeTakeFirstOrThrow()

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
    expect(Number((await store.db.selectFrom('blobs').select((eb) => eb.fn.countAll().as('n')).where('hash', '=', a).executeTakeFirstOrThrow()).n)).toBe(1)
    const b = await putBlob(store.db, 'y'.repeat(1000))
    const found = await getBlobs(store.db, [a, b, '0'.repeat(64)])
    expect([...found.keys()].sort()).toEqual([a, b].sort())
  })
})
