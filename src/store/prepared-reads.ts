/**
 * Reads on the request path (a space by id, a token, a membership) are written with kysely once, compiled at load
 * time, and run as prepared statements on a second, read-only connection: building and compiling a kysely query on
 * every request costs more than running it. Inside a transaction the same SQL runs through kysely on the
 * transaction's connection, so it sees the transaction's own writes.
 *
 * The read-only connection only ever sees committed data (SQLite WAL), like the main one outside a transaction.
 */
import type SQLite from 'better-sqlite3'
import {
  CompiledQuery,
  DummyDriver,
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type Compilable,
} from 'kysely'
import type { Database, Db, Trx } from './database'
import type { ReadCache } from './read-cache'

/** A kysely instance that only compiles: it never runs anything. */
const compiler = new Kysely<Database>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
})

const readers = new WeakMap<Db, SQLite.Database>()
const caches = new WeakMap<Db, ReadCache>()

/** Registers the read-only connection and the read cache of a store's kysely instance (openStore does). */
export function registerReader(db: Db, reader: SQLite.Database, cache: ReadCache): void {
  readers.set(db, reader)
  caches.set(db, cache)
}

const PLACEHOLDER = '\u0000docsctl-param-'

/**
 * Compiles `build` once, with its parameters as placeholders, and answers a function that runs it.
 *
 * @example
 * const findSpace = preparedRead((db, id: string) => db.selectFrom('spaces').selectAll().where('id', '=', id))
 * const rows = await findSpace(db, 'abc')
 */
export function preparedRead<P extends string[], R>(build: (db: Kysely<Database>, ...params: P) => Compilable<R>) {
  const placeholders = Array.from({ length: build.length - 1 }, (_, i) => `${PLACEHOLDER}${i}`) as P
  const compiled = build(compiler, ...placeholders).compile()
  const slots = compiled.parameters.map((value) =>
    typeof value === 'string' && value.startsWith(PLACEHOLDER) ? Number(value.slice(PLACEHOLDER.length)) : -1,
  )
  const statements = new WeakMap<SQLite.Database, SQLite.Statement>()

  return async function run(db: Db | Trx, ...params: P): Promise<R[]> {
    const values = compiled.parameters.map((value, i) => (slots[i] >= 0 ? params[slots[i]] : value))
    const reader = readers.get(db as Db)
    if (!reader) return (await db.executeQuery<R>(CompiledQuery.raw(compiled.sql, values))).rows as R[]
    let statement = statements.get(reader)
    if (!statement) {
      statement = reader.prepare(compiled.sql)
      statements.set(reader, statement)
    }
    return statement.all(...values) as R[]
  }
}

/** `load()`, kept in the read cache under `kind` and `key` outside transactions (the cache empties on every write). */
export function cachedRead<T>(db: Db | Trx, kind: string, key: string, load: () => Promise<T>): Promise<T> {
  const cache = caches.get(db as Db)
  // A hit is answered as a resolved promise, without an async function's own.
  return cache ? Promise.resolve(cache.get(kind, key, load)) : load()
}

/**
 * Like runRead, for an aggregate (a list's total count) whose answer only changes when something is written:
 * outside transactions it is kept in the read cache, which empties on every write (see read-cache.ts).
 */
export async function runCachedRead<R>(db: Db | Trx, query: Compilable<R>): Promise<R[]> {
  const cache = caches.get(db as Db)
  if (!cache) return runRead(db, query)
  const compiled = query.compile()
  return cache.get('read', `${compiled.sql}:${JSON.stringify(compiled.parameters)}`, () => runRead(db, query))
}

const readerStatements = new WeakMap<SQLite.Database, Map<string, SQLite.Statement>>()
const READER_STATEMENT_CACHE_SIZE = 200

/**
 * Runs a query built at run time (a filtered, paginated list) on the read-only connection outside transactions,
 * reusing the prepared statement of the same SQL text; inside a transaction, through kysely.
 */
export async function runRead<R>(db: Db | Trx, query: Compilable<R>): Promise<R[]> {
  const compiled = query.compile()
  const reader = readers.get(db as Db)
  if (!reader) return (await db.executeQuery<R>(compiled)).rows as R[]
  let cache = readerStatements.get(reader)
  if (!cache) readerStatements.set(reader, (cache = new Map()))
  let statement = cache.get(compiled.sql)
  if (!statement) {
    statement = reader.prepare(compiled.sql)
    if (cache.size >= READER_STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string)
    cache.set(compiled.sql, statement)
  }
  return statement.all(...(compiled.parameters as unknown[])) as R[]
}
