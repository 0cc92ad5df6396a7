import { describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { oldStore } from '../../test/support/old-store'
import { openStore } from './database'
import { findRevisionById, insertRevision } from './revisions'

describe('revisions', () => {
  it('keep their content hash as 32 bytes, answered in hex, and carry over the hex ones stored before', async () => {
    const hash = 'ab'.repeat(32)
    const { dir, db, remove } = await oldStore('0018-contributors-column')
    try {
      const revision = (id: string, content_hash: string | null) => ({ id, space_id: 's1', parents: '[]', type: 'edits', created_at: '2026-01-01T00:00:00.000Z', content_hash })
      await db.insertInto('revisions').values([revision('old', hash), revision('empty', null)]).execute()
      await db.destroy()
      const store = await openStore(dir)
      try {
        expect((await findRevisionById(store.db, 'old'))?.content_hash).toBe(hash)
        expect((await findRevisionById(store.db, 'empty'))?.content_hash).toBeNull()
        // The revision stands alone: no space behind it.
        await sql`PRAGMA foreign_keys = OFF`.execute(store.db)
        await insertRevision(store.db, { ...revision('new', 'cd'.repeat(32)), parents: '["old"]' })
        expect((await findRevisionById(store.db, 'new'))?.content_hash).toBe('cd'.repeat(32))
        const stored = await store.db.selectFrom('revisions').select('content_hash').where('id', 'in', ['old', 'new']).orderBy('id').execute()
        expect(stored.map((row) => row.content_hash?.length)).toEqual([32, 32])
      } finally {
        await store.close()
      }
    } finally {
      remove()
    }
  })
})
