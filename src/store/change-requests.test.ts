import { describe, expect, it } from 'vitest'
import { oldStore } from '../../test/support/old-store'
import { openStore } from './database'
import { addContributor, listChangeRequests } from './change-requests'

describe('change request contributors', () => {
  it('carry over from the table they had into the column, in order, and keep filtering the list', async () => {
    const { dir, db, remove } = await oldStore('0017-blob-rows')
    try {
      const cr = (id: string, number: number) => ({
        id, space_id: 's1', number, status: 'open', subject: `CR ${number}`, created_by: 'u1', revision_id: 'r1', revision_initial: 'r1',
        revision_merged_ancestor: null, revision_merged: null, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z',
      })
      await db.insertInto('change_requests').values([cr('cr1', 1), cr('cr2', 2), cr('cr3', 3)]).execute()
      await db.insertInto('change_request_contributors').values([
        { change_request_id: 'cr1', user_id: 'u2', contributed_at: '2026-01-02T00:00:00.000Z' },
        { change_request_id: 'cr1', user_id: 'u1', contributed_at: '2026-01-01T00:00:00.000Z' },
        { change_request_id: 'cr2', user_id: 'u1', contributed_at: '2026-01-01T00:00:00.000Z' },
      ]).execute()
      await db.destroy()
      const store = await openStore(dir)
      try {
        const contributors = await store.db.selectFrom('change_requests').select(['id', 'contributors']).orderBy('id').execute()
        expect(contributors.map((row) => [row.id, JSON.parse(row.contributors)])).toEqual([['cr1', ['u1', 'u2']], ['cr2', ['u1']], ['cr3', []]])
        const numbers = async (contributor: string) => (await listChangeRequests(store.db, 's1', { contributor }, { limit: 10 })).items.map((row) => row.number)
        expect(await numbers('u1')).toEqual([2, 1])
        expect(await numbers('u2')).toEqual([1])
        // Added once, at the end.
        await addContributor(store.db, 'cr3', 'u2')
        await addContributor(store.db, 'cr3', 'u2')
        await addContributor(store.db, 'cr2', 'u1')
        expect(await numbers('u2')).toEqual([3, 1])
        expect(JSON.parse((await store.db.selectFrom('change_requests').select('contributors').where('id', '=', 'cr3').executeTakeFirstOrThrow()).contributors)).toEqual(['u2'])
        expect(JSON.parse((await store.db.selectFrom('change_requests').select('contributors').where('id', '=', 'cr2').executeTakeFirstOrThrow()).contributors)).toEqual(['u1'])
      } finally {
        await store.close()
      }
    } finally {
      remove()
    }
  })
})
