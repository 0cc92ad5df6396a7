/**
 * The full-text index: the store's one SQLite-specific search module (FTS5). Sections of pages go in per space
 * and page; queries answer the best sections with a bm25 score (titles weigh more than bodies).
 */
import { sql } from 'kysely'
import type { Db, Trx } from './database'

export interface IndexedSection {
  anchor: string
  title: string
  body: string
}

export interface SectionHit {
  /** The row of the section in the index (its body is read with sectionBodies). */
  row: number
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

/** Replaces the sections of the given pages (an empty list removes a page) and records the revision indexed. */
export async function writePageSections(trx: Trx, spaceId: string, revisionId: string, pages: Map<string, { title: string; sections: IndexedSection[] } | null>): Promise<void> {
  const ids = [...pages.keys()]
  for (let i = 0; i < ids.length; i += 500) {
    await trx.deleteFrom('search_sections').where('space_id', '=', spaceId).where('page_id', 'in', ids.slice(i, i + 500)).execute()
  }
  const rows = [...pages].flatMap(([pageId, page]) =>
    (page?.sections ?? []).map((s) => ({ space_id: spaceId, page_id: pageId, anchor: s.anchor, page_title: page!.title, section_title: s.title, body: s.body })),
  )
  for (let i = 0; i < rows.length; i += 100) await trx.insertInto('search_sections').values(rows.slice(i, i + 100)).execute()
  await trx.insertInto('search_indexed').values({ space_id: spaceId, revision_id: revisionId }).onConflict((oc) => oc.column('space_id').doUpdateSet({ revision_id: revisionId })).execute()
}

/** Removes a space from the index. */
export async function dropSpaceFromIndex(trx: Db | Trx, spaceId: string): Promise<void> {
  await trx.deleteFrom('search_sections').where('space_id', '=', spaceId).execute()
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
  const result = await sql<{ rowid: number; space_id: string; page_id: string; anchor: string; section_title: string; rank: number }>`
    SELECT rowid, space_id, page_id, anchor, section_title, bm25(search_sections, 0, 0, 0, 10.0, 4.0, 1.0) AS rank
    FROM search_sections
    WHERE search_sections MATCH ${match} AND space_id IN (SELECT value FROM json_each(${JSON.stringify(spaceIds)}))
    ORDER BY rank
    LIMIT ${limit}`.execute(db)
  // bm25 is lower-is-better and negative; GitBook's score is higher-is-better and not below zero.
  return result.rows.map((r) => ({ row: r.rowid, spaceId: r.space_id, pageId: r.page_id, anchor: r.anchor, sectionTitle: r.section_title, score: -r.rank }))
}

/** The bodies of sections by index row (read only for the results shown). */
export async function sectionBodies(db: Db, rows: number[]): Promise<Map<number, string>> {
  const result = await sql<{ rowid: number; body: string }>`
    SELECT rowid, body FROM search_sections WHERE rowid IN (SELECT value FROM json_each(${JSON.stringify(rows)}))`.execute(db)
  return new Map(result.rows.map((r) => [r.rowid, r.body]))
}
