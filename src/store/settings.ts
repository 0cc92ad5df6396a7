import type { Db } from './database'

/** The setting's value, created with `create()` the first time (concurrent creators agree on the first one). */
export async function getOrCreateSetting(db: Db, key: string, create: () => string): Promise<string> {
  const existing = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst()
  if (existing) return existing.value
  await db.insertInto('settings').values({ key, value: create() }).onConflict((oc) => oc.column('key').doNothing()).execute()
  return (await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirstOrThrow()).value
}
