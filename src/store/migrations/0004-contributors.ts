import type { Kysely } from 'kysely'

/** Who contributed to each change request (created it or changed its content). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('change_request_contributors')
    .addColumn('change_request_id', 'text', (c) => c.notNull().references('change_requests.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('contributed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('change_request_contributors_pk', ['change_request_id', 'user_id'])
    .execute()
  await db.schema.createIndex('change_request_contributors_user').on('change_request_contributors').column('user_id').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('change_request_contributors').execute()
}
