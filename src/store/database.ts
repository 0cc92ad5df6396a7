/**
 * The embedded store: one SQLite file in the data directory, opened through kysely.
 * Nothing above `store/` sees SQL; repository modules beside this file own the queries.
 */
import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type SQLiteModule from 'better-sqlite3'
import { requireCjs } from '../require-cjs'
import { Kysely, Migrator, SqliteDialect, type Transaction } from 'kysely'
import { MIGRATION_COUNT } from './migrations/count'
import { ReadCache } from './read-cache'
import { NotFoundError } from '../errors'
import { registerReader } from './prepared-reads'
import type { UserTable } from './tables/user.table'
import type { ApiTokenTable } from './tables/api-token.table'
import type { OrganizationTable } from './tables/organization.table'
import type { MemberTable } from './tables/member.table'
import type { CollectionTable } from './tables/collection.table'
import type { SpaceTable } from './tables/space.table'
import type { RevisionTable } from './tables/revision.table'
import type { BlobHashTable, BlobTable } from './tables/blob.table'
import type { ChangeRequestTable } from './tables/change-request.table'
import type { JobTable } from './tables/job.table'
import type { GitSyncTable } from './tables/git-sync.table'
import type { SearchIndexedTable, SearchRowTable } from './tables/search.table'
import type { CommentReactionTable, CommentTable } from './tables/comment.table'
import type { RequestedReviewerTable, ReviewTable } from './tables/review.table'
import type { OpenAPISpecTable, OpenAPISpecVersionTable } from './tables/openapi-spec.table'
import type { TranslationTable } from './tables/translation.table'
import type { SiteTable } from './tables/site.table'
import type { SiteSectionGroupTable } from './tables/site-section-group.table'
import type { SiteSectionTable } from './tables/site-section.table'
import type { SiteSpaceTable } from './tables/site-space.table'
import type { ShareLinkTable } from './tables/share-link.table'
import type { TeamMemberTable, TeamTable } from './tables/team.table'
import type { ContentPermissionTable } from './tables/content-permission.table'
import type { InviteTable } from './tables/invite.table'
import type { SamlProviderTable } from './tables/saml-provider.table'
import type { IntegrationContentInstallationTable, IntegrationEventTable, IntegrationInstallationTable, IntegrationTable } from './tables/integration.table'

const SQLite: typeof SQLiteModule = requireCjs('better-sqlite3')

/** Every table of the store. */
export interface Database {
  users: UserTable
  api_tokens: ApiTokenTable
  organizations: OrganizationTable
  members: MemberTable
  collections: CollectionTable
  spaces: SpaceTable
  revisions: RevisionTable
  blobs: BlobTable
  blob_hashes: BlobHashTable
  change_requests: ChangeRequestTable
  settings: { key: string; value: string }
  jobs: JobTable
  git_syncs: GitSyncTable
  search_rows: SearchRowTable
  search_indexed: SearchIndexedTable
  comments: CommentTable
  comment_reactions: CommentReactionTable
  change_request_reviews: ReviewTable
  change_request_reviewers: RequestedReviewerTable
  openapi_specs: OpenAPISpecTable
  openapi_spec_versions: OpenAPISpecVersionTable
  translations: TranslationTable
  sites: SiteTable
  site_section_groups: SiteSectionGroupTable
  site_sections: SiteSectionTable
  site_spaces: SiteSpaceTable
  share_links: ShareLinkTable
  teams: TeamTable
  team_members: TeamMemberTable
  content_permissions: ContentPermissionTable
  invites: InviteTable
  saml_providers: SamlProviderTable
  integrations: IntegrationTable
  integration_installations: IntegrationInstallationTable
  integration_content_installations: IntegrationContentInstallationTable
  integration_events: IntegrationEventTable
}

export type Db = Kysely<Database>
export type Trx = Transaction<Database>

export const DATABASE_FILE = 'docsctl.db'

export interface Store {
  db: Db
  dataDir: string
  /** Rows read on every request, cached until any connection writes (see read-cache.ts). */
  cache: ReadCache
  close(): Promise<void>
}

/** The store is missing (404 in `--json` output): the message says how to create one. */
export class StoreMissingError extends NotFoundError {
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
  let cache: ReadCache | undefined
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite, () => cache?.clear()) }) })
  try {
    await migrate(db, sqlite)
  } catch (error) {
    await db.destroy()
    throw error
  }
  // A second, read-only connection for the prepared reads of the request path (see prepared-reads.ts).
  const reader = new SQLite(file, { readonly: true })
  reader.pragma('busy_timeout = 5000')
  // A prepared statement: `sqlite.pragma()` would prepare one on every call, and this runs on every request.
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck()
  cache = new ReadCache(() => dataVersion.get() as number)
  registerReader(db, reader, cache)
  return {
    db,
    dataDir,
    cache: cache!,
    async close() {
      reader.close()
      await db.destroy()
    },
  }
}

/**
 * Applies pending migrations with kysely's Migrator. `user_version` records how many are applied, so an
 * up-to-date store (every CLI start) costs one pragma read instead of the Migrator's bookkeeping queries.
 */
async function migrate(db: Db, sqlite: SQLiteModule.Database) {
  const expected = MIGRATION_COUNT
  if (sqlite.pragma('user_version', { simple: true }) === expected) return
  // The migrations load only when some are pending (not at every CLI start).
  const { migrations } = await import('./migrations/index')
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } })
  const { error, results } = await migrator.migrateToLatest()
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${(error as Error).message ?? error}`)
  }
  sqlite.pragma(`user_version = ${expected}`)
  // A migration that rebuilt a table (0017 rewrote the blobs into half the pages) leaves the old pages free inside
  // the file, which SQLite never gives back by itself: hand them back when they are a quarter of it.
  const pages = sqlite.pragma('page_count', { simple: true }) as number
  if ((results?.length ?? 0) > 0 && (sqlite.pragma('freelist_count', { simple: true }) as number) > pages / 4 && pages > 256) {
    try {
      sqlite.exec('VACUUM')
    } catch {
      // Another connection is reading: the space stays free inside the file and is reused as the store grows.
    }
  }
}

const STATEMENT_CACHE_SIZE = 500

/**
 * better-sqlite3 behind a cache of prepared statements. Kysely prepares every query it runs; preparing costs
 * more than running a primary-key read, so the same SQL text reuses its statement (least recently used out).
 */
function withStatementCache(sqlite: SQLiteModule.Database, onWrite: () => void) {
  type Prepared = Pick<SQLiteModule.Statement, 'reader' | 'all' | 'run' | 'iterate'>
  const statements = new Map<string, Prepared>()
  return {
    prepare(sql: string): Prepared {
      let statement = statements.get(sql)
      if (statement) {
        statements.delete(sql)
      } else {
        const prepared = sqlite.prepare(sql)
        // Every statement that writes (and every COMMIT) tells the read cache at once, so no read after it —
        // in this operation or a concurrent one — is answered from before it.
        statement = prepared.reader
          ? prepared
          : {
              reader: false,
              all: prepared.all.bind(prepared),
              iterate: prepared.iterate.bind(prepared),
              run: (...params: unknown[]) => {
                const result = prepared.run(...params)
                onWrite()
                return result
              },
            }
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string)
      }
      statements.set(sql, statement)
      return statement
    },
    close() {
      statements.clear()
      sqlite.close()
    },
  }
}
