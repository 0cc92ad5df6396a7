import type { Kysely } from 'kysely'

/** Durable background jobs (git sync, and later OpenAPI processing, translations, events). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // Enqueue order (timestamps tie within a millisecond).
    .addColumn('seq', 'integer', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    // Jobs of one space run one at a time, in order.
    .addColumn('space_id', 'text')
    // JSON; never holds a secret.
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('run_after', 'text', (c) => c.notNull())
    .addColumn('result', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .execute()
  await db.schema.createIndex('jobs_status_run_after').on('jobs').columns(['status', 'run_after']).execute()
  await db.schema.createIndex('jobs_space').on('jobs').columns(['space_id', 'seq']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('jobs').execute()
}
