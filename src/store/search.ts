/**
 * The full-text index: the store's one SQLite-specific search module (FTS5). Sections of pages go in per space
 * and page; an edit rewrites only the sections whose text changed; queries answer the best sections with a bm25
 * score (titles weigh more than bodies). The index is contentless: section bodies are read from the pages.
 */
import { sql } from 'kysely'
import { hashBytes } from './blobs'
import type { Db, Trx } from './database'

export interface IndexedSection {
  anchor: string
  title: string
  body: string
}

export interface SectionHit {
  spaceId: string
  pageId: string
  anchor: string
  sectionTitle: string
  /** Higher is better. */
  score: number
}

/** The revision whose content the index holds for a space (undefined: none yet). */
export async function indexedRevision(db: Db | Trx, spaceId: string): Promise<string | undefined> {
  return (await db.selectFrom('search_indexed').select('revision_id').where('space_id', '=', spaceId).executeTakeFirst())?.revision_id
}

/** The indexed revision of each of the spaces that has one, in one query. */
export async function indexedRevisions(db: Db, spaceIds: string[]): Promise<Map<string, string>> {
  const rows = await sql<{ space_id: string; revision_id: string }>`
    SELECT space_id, revision_id FROM search_indexed WHERE space_id IN (SELECT value FROM json_each(${JSON.stringify(spaceIds)}))`.execute(db)
  return new Map(rows.rows.map((r) => [r.space_id, r.revision_id]))
}

/**
 * Brings the sections of the given pages to what they are now (null: the page is gone or not indexed), writing
 * only the sections whose text changed, and records the revision indexed.
 */
export async function writePageSections(trx: Trx, spaceId: string, revisionId: string, pages: Map<string, { title: string; sections: IndexedSection[] } | null>): Promise<void> {
  const ids = [...pages.keys()]
  const existing = new Map<string, { id: number; key: string }[]>()
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await trx.selectFrom('search_rows').select(['id', 'page_id', 'anchor', 'hash']).where('space_id', '=', spaceId).where('page_id', 'in', ids.slice(i, i + 500)).execute()
    for (const row of rows) existing.set(row.page_id, [...(existing.get(row.page_id) ?? []), { id: row.id, key: `${row.anchor}\n${row.hash}` }])
  }
  const gone: number[] = []
  const added: { id?: number; page_id: string; anchor: string; section_title: string; hash: string; page_title: string; body: string }[] = []
  for (const [pageId, page] of pages) {
    const kept = new Map<string, number[]>()
    for (const row of existing.get(pageId) ?? []) kept.set(row.key, [...(kept.get(row.key) ?? []), row.id])
    const fresh: typeof added = []
    for (const section of page?.sections ?? []) {
      const hash = hashBytes(`${page!.title}\n${section.title}\n${section.body}`)
      const key = `${section.anchor}\n${hash}`
      // An unchanged section (same anchor and text) stays as it is.
      if (kept.get(key)?.length) {
        kept.get(key)!.pop()
        continue
      }
      fresh.push({ page_id: pageId, anchor: section.anchor, section_title: section.title, hash, page_title: page!.title, body: section.body })
    }
    // A changed section takes the row of one that went: rows are rewritten in place rather than deleted here and
    // appended there, so editing a page does not grow the table.
    const free = [...kept.values()].flat()
    for (const row of fresh) row.id = free.pop()
    gone.push(...free)
    added.push(...fresh)
  }
  const reused = added.filter((row) => row.id !== undefined).map((row) => row.id!)
  await deleteRows(trx, gone)
  await deleteRows(trx, reused, { keepRows: true })
  // New rows numbered here (inside the write transaction, so no one else numbers at the same time), then all of
  // them written in batches.
  let next = Number((await sql<{ id: number | null }>`SELECT max(id) AS id FROM search_rows`.execute(trx)).rows[0].id ?? 0)
  for (const row of added) row.id ??= ++next
  for (let i = 0; i < added.length; i += 100) {
    const batch = added.slice(i, i + 100)
    const rows = sql.join(batch.map((row) => sql`(${row.id}, ${spaceId}, ${row.page_id}, ${row.anchor}, ${row.section_title}, ${row.hash})`))
    await sql`INSERT INTO search_rows (id, space_id, page_id, anchor, section_title, hash) VALUES ${rows}
      ON CONFLICT (id) DO UPDATE SET anchor = excluded.anchor, section_title = excluded.section_title, hash = excluded.hash`.execute(trx)
    const values = sql.join(batch.map((row) => sql`(${row.id}, ${row.page_title}, ${row.section_title}, ${row.body})`))
    await sql`INSERT INTO search_sections (rowid, page_title, section_title, body) VALUES ${values}`.execute(trx)
  }
  await trx.insertInto('search_indexed').values({ space_id: spaceId, revision_id: revisionId }).onConflict((oc) => oc.column('space_id').doUpdateSet({ revision_id: revisionId })).execute()
}

/** Removes rows from the index (and from search_rows, unless they are about to be rewritten in place). */
async function deleteRows(trx: Db | Trx, ids: number[], { keepRows = false } = {}) {
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = JSON.stringify(ids.slice(i, i + 500))
    await sql`DELETE FROM search_sections WHERE rowid IN (SELECT value FROM json_each(${chunk}))`.execute(trx)
    if (!keepRows) await sql`DELETE FROM search_rows WHERE id IN (SELECT value FROM json_each(${chunk}))`.execute(trx)
  }
}

/** Removes a space from the index. */
export async function dropSpaceFromIndex(trx: Db | Trx, spaceId: string): Promise<void> {
  const rows = await trx.selectFrom('search_rows').select('id').where('space_id', '=', spaceId).execute()
  await deleteRows(trx, rows.map((r) => r.id))
  await trx.deleteFrom('search_indexed').where('space_id', '=', spaceId).execute()
}

/**
 * Words of a free-text query as an FTS5 query: every word must match (the last one as a prefix, so results come
 * while typing); FTS5 syntax in the input is taken literally. Undefined when the query has no words.
 */
export function ftsQuery(text: string): string | undefined {
  const words = text.normalize('NFKC').match(/[\p{L}\p{N}_]+/gu) ?? []
  if (words.length === 0) return undefined
  return words.map((word, i) => `"${word}"${i === words.length - 1 ? '*' : ''}`).join(' ')
}

/** The best-scoring sections among `spaceIds` for the query, best first. */
export async function searchSections(db: Db, spaceIds: string[], text: string, limit: number): Promise<SectionHit[]> {
  const match = ftsQuery(text)
  if (!match || spaceIds.length === 0) return []
  type Row = { space_id: string; page_id: string; anchor: string; section_title: string; rank: number }
  // When the spaces asked for are all the index holds (one organization, say), every match is theirs: the best
  // `limit` are ranked on the index alone and only those are read from search_rows. Otherwise each match is read
  // to see whose it is before it is ranked (a common word matches most sections: a few ms more).
  const indexed = await sql<{ space_id: string }>`SELECT space_id FROM search_indexed`.execute(db)
  const asked = new Set(spaceIds)
  const result = indexed.rows.every((row) => asked.has(row.space_id))
    ? await sql<Row>`
        SELECT r.space_id, r.page_id, r.anchor, r.section_title, m.rank
        FROM (SELECT rowid AS id, bm25(search_sections, 10.0, 4.0, 1.0) AS rank FROM search_sections WHERE search_sections MATCH ${match} ORDER BY rank LIMIT ${limit}) m
        JOIN search_rows r ON r.id = m.id
        ORDER BY m.rank`.execute(db)
    : await sql<Row>`
        SELECT r.space_id, r.page_id, r.anchor, r.section_title, bm25(search_sections, 10.0, 4.0, 1.0) AS rank
        FROM search_sections JOIN search_rows r ON r.id = search_sections.rowid
        WHERE search_sections MATCH ${match} AND r.space_id IN (SELECT value FROM json_each(${JSON.stringify(spaceIds)}))
        ORDER BY rank
        LIMIT ${limit}`.execute(db)
  // bm25 is lower-is-better and negative; GitBook's score is higher-is-better and not below zero.
  return result.rows.map((r) => ({ spaceId: r.space_id, pageId: r.page_id, anchor: r.anchor, sectionTitle: r.section_title, score: -r.rank }))
}
