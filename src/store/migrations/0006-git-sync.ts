import type { Kysely } from 'kysely'

/** The git sync state of a space (the repository address is stored without credentials). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('git_syncs')
    .addColumn('space_id', 'text', (c) => c.primaryKey().references('spaces.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('ref', 'text', (c) => c.notNull())
    .addColumn('repo_name', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('tree_url', 'text')
    .addColumn('commit_url', 'text')
    .addColumn('project_directory', 'text')
    .addColumn('last_timestamp', 'text')
    .addColumn('last_commit', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  // A revision made from (or written to) a commit: `{oid, message, createdByService, url, ref}` as JSON.
  await db.schema.alterTable('revisions').addColumn('git', 'text').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('revisions').dropColumn('git').execute()
  await db.schema.dropTable('git_syncs').execute()
}
