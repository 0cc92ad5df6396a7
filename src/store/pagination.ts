/**
 * Keyset pagination shared by every list: an opaque cursor holds the sort key of the last item served,
 * so pages stay stable while rows are added or removed, and a page costs an index seek, not an offset scan.
 */
import type { SelectQueryBuilder } from 'kysely'
import { BadRequestError } from '../errors'
import type { Db, Trx } from './database'
import { runCachedRead, runRead } from './prepared-reads'

export interface PageRequest {
  /** Opaque cursor from a previous page's `next.page`. */
  page?: string
  limit: number
}

export interface Page<T> {
  items: T[]
  count: number
  next?: string
}

export interface SortKey {
  column: string
  direction: 'asc' | 'desc'
}

/** Decodes a cursor into the sort key values it carries; anything else is a 400 naming `page`. */
export function decodeCursor(cursor: string, size: number): unknown[] {
  try {
    const values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (Array.isArray(values) && values.length === size && values.every((v) => typeof v === 'string' || typeof v === 'number')) {
      return values
    }
  } catch {
    // fall through
  }
  throw new BadRequestError('query.page: is not a page cursor returned by this list; start again without `page`.')
}

export function encodeCursor(values: unknown[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url')
}

/**
 * Runs `query` as one page: counts every matching row, then reads `limit` rows after the cursor in the
 * order of `keys` (the last key must be unique, usually `id`). Column names are those of the selected rows.
 */
export async function paginate<O extends Record<string, unknown>>(
  db: Db | Trx,
  query: SelectQueryBuilder<any, any, O>,
  keys: SortKey[],
  request: PageRequest,
): Promise<Page<O>> {
  // The total only changes with a write: it comes from the read cache while nothing was written.
  const [countRow] = (await runCachedRead(
    db,
    (query as SelectQueryBuilder<any, any, any>).clearSelect().select((eb) => eb.fn.countAll<number>().as('count')),
  )) as { count: number }[]

  let pageQuery = query as SelectQueryBuilder<any, any, any>
  if (request.page) {
    const after = decodeCursor(request.page, keys.length)
    pageQuery = pageQuery.where((eb) =>
      eb.or(
        keys.map((key, i) =>
          eb.and([
            ...keys.slice(0, i).map((prev, j) => eb(eb.ref(prev.column), '=', after[j])),
            eb(eb.ref(key.column), key.direction === 'asc' ? '>' : '<', after[i]),
          ]),
        ),
      ),
    )
  }
  for (const key of keys) pageQuery = pageQuery.orderBy(key.column, key.direction)
  const rows = (await runRead(db, pageQuery.limit(request.limit + 1))) as O[]
  const page: Page<O> = { items: rows.slice(0, request.limit), count: Number(countRow?.count ?? 0) }
  if (rows.length > request.limit) {
    const last = page.items[page.items.length - 1]
    page.next = encodeCursor(keys.map((key) => last[key.column.split('.').pop() as string]))
  }
  return page
}
