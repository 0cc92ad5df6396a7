import type { Kysely } from 'kysely'

/** What a running job has done so far (`{phase, files, bytes}` as JSON), shown while it runs and kept after. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('progress', 'text').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('jobs').dropColumn('progress').execute()
}
