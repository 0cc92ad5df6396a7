import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, Migrator, SqliteDialect } from 'kysely'
import { migrations } from '../../src/store/migrations'

/**
 * A store as an older docsctl left it: a new folder whose database has the migrations up to `migration` only, to
 * fill with rows of that time before `openStore` migrates it the rest of the way. Foreign keys are off, so rows may
 * stand alone (a change request without its space). Close `db` before opening the store; `remove` deletes the folder.
 */
export async function oldStore(migration: string): Promise<{ dir: string; db: Kysely<any>; remove: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'docsctl-old-store-'))
  const sqlite = new SQLite(join(dir, 'docsctl.db'))
  sqlite.pragma('foreign_keys = OFF')
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: sqlite }) })
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo(migration)
  if (error) throw error
  return { dir, db, remove: () => rmSync(dir, { recursive: true, force: true }) }
}
