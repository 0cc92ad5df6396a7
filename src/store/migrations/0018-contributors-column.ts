import { sql, type Kysely } from 'kysely'

/**
 * A change request's contributors move from a table of their own (a row, its primary key and a user index: about
 * 160 bytes for each change request) into a JSON array of user ids on the change request, in the order they first
 * contributed. Only the list filter reads them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE change_requests ADD COLUMN contributors TEXT NOT NULL DEFAULT '[]'`.execute(db)
  await sql`UPDATE change_requests SET contributors = (
    SELECT json_group_array(user_id) FROM (
      SELECT user_id FROM change_request_contributors c WHERE c.change_request_id = change_requests.id ORDER BY contributed_at, rowid
    )
  )`.execute(db)
  await sql`DROP TABLE change_request_contributors`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE change_request_contributors (
    change_request_id TEXT NOT NULL REFERENCES change_requests (id) ON DELETE CASCADE,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    contributed_at TEXT NOT NULL,
    CONSTRAINT change_request_contributors_pk PRIMARY KEY (change_request_id, user_id)
  )`.execute(db)
  await sql`CREATE INDEX change_request_contributors_user ON change_request_contributors (user_id)`.execute(db)
  await sql`INSERT INTO change_request_contributors (change_request_id, user_id, contributed_at)
    SELECT cr.id, c.value, cr.updated_at FROM change_requests cr, json_each(cr.contributors) c`.execute(db)
  await sql`ALTER TABLE change_requests DROP COLUMN contributors`.execute(db)
}
