/**
 * The embedded store: one SQLite file in the data directory, opened through kysely.
 * Nothing above `store/` sees SQL; repository modules beside this file own the queries.
 */
import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, Migrator, SqliteDialect, type Transaction } from 'kysely'
import { migrations } from './migrations/index'
import type { UserTable } from './tables/user.table'
import type { ApiTokenTable } from './tables/api-token.table'
import type { OrganizationTable } from './tables/organization.table'
import type { MemberTable } from './tables/member.table'
import type { CollectionTable } from './tables/collection.table'
import type { SpaceTable } from './tables/space.table'
import type { RevisionTable } from './tables/revision.table'

/** Every table of the store. */
export interface Database {
  users: UserTable
  api_tokens: ApiTokenTable
  organizations: OrganizationTable
  members: MemberTable
  collections: CollectionTable
  spaces: SpaceTable
  revisions: RevisionTable
}

export type Db = Kysely<Database>
export type Trx = Transaction<Database>

export const DATABASE_FILE = 'docsctl.db'

export interface Store {
  db: Db
  dataDir: string
  close(): Promise<void>
}

/** The store is missing: the message says how to create one. */
export class StoreMissingError extends Error {
  constructor(readonly dataDir: string) {
    super(`No docsctl workspace in ${dataDir}. Run \`docsctl init\` to create one (or pass --data-dir).`)
  }
}

/**
 * Opens the store in `dataDir`: WAL, foreign keys, a busy timeout, then applies pending migrations.
 * With `create: false` (the default) a missing store is a StoreMissingError, never an empty new one.
 */
export async function openStore(dataDir: string, options: { create?: boolean } = {}): Promise<Store> {
  const file = join(dataDir, DATABASE_FILE)
  if (!existsSync(file)) {
    if (!options.create) throw new StoreMissingError(dataDir)
    mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  }
  const sqlite = new SQLite(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = NORMAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) })
  try {
    await migrate(db, sqlite)
  } catch (error) {
    await db.destroy()
    throw error
  }
  return { db, dataDir, close: () => db.destroy() }
}

/**
 * Applies pending migrations with kysely's Migrator. `user_version` records how many are applied, so an
 * up-to-date store (every CLI start) costs one pragma read instead of the Migrator's bookkeeping queries.
 */
async function migrate(db: Db, sqlite: SQLite.Database) {
  const expected = Object.keys(migrations).length
  if (sqlite.pragma('user_version', { simple: true }) === expected) return
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } })
  const { error, results } = await migrator.migrateToLatest()
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${(error as Error).message ?? error}`)
  }
  sqlite.pragma(`user_version = ${expected}`)
}
