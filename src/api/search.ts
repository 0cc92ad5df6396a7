/**
 * Full-text search over the current revision of spaces: of one space (searchSpaceContent), or of every space of an
 * organization the caller can read (searchOrganizationContent). Pages are answered with their matching sections,
 * ranked by relevance (bm25; titles weigh more than text).
 */
import { Type } from '@sinclair/typebox/type'
import { defineOperation, type OperationContext } from './operation'
import { Id } from './schemas/common'
import { PageQuery, pageOfList } from './schemas/pagination'
import { loadLiveSpace } from './spaces'
import { loadOrganization } from './organizations'
import { appUrl } from './presenters/urls'
import { visibleContentIds } from '../domain/permissions/visible-content'
import { sectionsOf, syncSearchIndex } from '../domain/search/search-index'
import { loadContent, pagePaths, type ContentSnapshot } from '../domain/revisions/content'
import { findRevisionById } from '../store/revisions'
import { listSpaceAccessRows } from '../store/spaces'
import { indexedRevisions, searchSections, type SectionHit } from '../store/search'

/** Sections read per search, best first; pages and spaces are grouped from them. */
const MAX_SECTIONS = 1000
/** Pages shown per space in an organization search (search the space itself for all of them). */
const PAGES_PER_SPACE = 20

const SearchQuery = Type.Object({
  query: Type.String({ minLength: 1, maxLength: 512, description: 'Words to find (every word must match; the last one may be the start of a word).' }),
  ...PageQuery,
})

type SpaceRef = { id: string; title: string; revision_id: string }
type PageHits = { spaceId: string; pageId: string; hits: SectionHit[] }

/** The matching sections of the spaces, grouped by page, best page first (the index brought up to date first). */
async function findPages(ctx: OperationContext, spaces: SpaceRef[], text: string): Promise<PageHits[]> {
  const indexed = await indexedRevisions(ctx.db, spaces.map((s) => s.id))
  for (const space of spaces) if (indexed.get(space.id) !== space.revision_id) await syncSearchIndex(ctx.db, space)
  const pages = new Map<string, PageHits>()
  for (const hit of await searchSections(ctx.db, spaces.map((s) => s.id), text, MAX_SECTIONS)) {
    const key = `${hit.spaceId}/${hit.pageId}`
    const entry = pages.get(key) ?? { spaceId: hit.spaceId, pageId: hit.pageId, hits: [] }
    entry.hits.push(hit)
    pages.set(key, entry)
  }
  return [...pages.values()]
}

/** Pages as GitBook's SearchPageResult: only those shown are read from their revision (paths, ancestors, bodies). */
async function presentPages(ctx: OperationContext, spaces: SpaceRef[], shown: PageHits[], ranks: Map<PageHits, number>) {
  const bySpace = new Map(spaces.map((s) => [s.id, s]))
  const contents = new Map<string, { content: ContentSnapshot; paths: Map<string, string> }>()
  const results = []
  for (const entry of shown) {
    let loaded = contents.get(entry.spaceId)
    if (!loaded) {
      const content = await loadContent(ctx.db, (await findRevisionById(ctx.db, bySpace.get(entry.spaceId)!.revision_id))?.content_hash ?? null)
      loaded = { content, paths: pathsOf(content) }
      contents.set(entry.spaceId, loaded)
    }
    const { content, paths } = loaded
    const page = content.pages.get(entry.pageId)
    if (!page) continue
    const path = paths.get(page.id) ?? page.slug
    const ancestors = []
    for (let parent = page.parent ? content.pages.get(page.parent) : undefined; parent; parent = parent.parent ? content.pages.get(parent.parent) : undefined) ancestors.unshift({ title: parent.title })
    const pageUrl = appUrl(ctx.baseUrl, `/s/${entry.spaceId}/${path}`)
    // Bodies are read from the page itself (the index keeps only terms).
    const bodies = new Map(sectionsOf(page).map((section) => [section.anchor, section.body]))
    results.push({
      id: page.id,
      title: page.title,
      description: typeof page.meta.description === 'string' ? page.meta.description : '',
      path,
      score: entry.hits[0].score,
      rank: ranks.get(entry)!,
      resultType: entry.hits[0].anchor === '' ? ('page' as const) : ('section' as const),
      sections: entry.hits.map((hit) => {
        const body = bodies.get(hit.anchor) ?? ''
        return {
          id: `${page.id}#${hit.anchor}`,
          title: hit.sectionTitle,
          path: hit.anchor ? `${path}#${hit.anchor}` : path,
          score: hit.score,
          resultType: hit.anchor === '' ? ('page' as const) : ('section' as const),
          body: body.length > 300 ? body.slice(0, 300) + '…' : body,
          urls: { app: hit.anchor ? `${pageUrl}#${hit.anchor}` : pageUrl },
        }
      }),
      ancestors,
      urls: { app: pageUrl },
    })
  }
  return results
}

/** Page paths of loaded (shared, immutable) snapshots, computed once per snapshot rather than per search. */
const pathsOfContent = new WeakMap<ContentSnapshot, Map<string, string>>()
function pathsOf(content: ContentSnapshot): Map<string, string> {
  let paths = pathsOfContent.get(content)
  if (!paths) pathsOfContent.set(content, (paths = pagePaths(content)))
  return paths
}

/** One-based ranks of the pages in the whole result. */
const ranksOf = (pages: PageHits[]) => new Map(pages.map((p, i) => [p, i + 1]))

export const searchSpaceContent = defineOperation({
  id: 'searchSpaceContent',
  method: 'GET',
  path: '/spaces/{spaceId}/search',
  tag: 'content',
  summary: "Search the pages of a space's current revision",
  params: Type.Object({ spaceId: Id('Id of the space') }),
  query: SearchQuery,
  success: 200,
  async handler(ctx, { params, query }) {
    const space = await loadLiveSpace(ctx, params.spaceId)
    const pages = await findPages(ctx, [space], query.query)
    const shown = pageOfList(pages, query)
    return { ...shown, items: await presentPages(ctx, [space], shown.items, ranksOf(pages)) }
  },
})

export const searchOrganizationContent = defineOperation({
  id: 'searchOrganizationContent',
  method: 'GET',
  path: '/orgs/{organizationId}/search',
  tag: 'organizations',
  summary: 'Search the current revision of every space of the organization the caller can read',
  params: Type.Object({ organizationId: Id('Id of the organization') }),
  query: SearchQuery,
  success: 200,
  async handler(ctx, { params, query }) {
    const org = await loadOrganization(ctx, params.organizationId)
    const visible = (await visibleContentIds(ctx.db, ctx.access, org.id))?.spaces
    const allowed = visible && new Set(visible)
    const spaces = (await listSpaceAccessRows(ctx.db, org.id)).filter((s) => !allowed || allowed.has(s.id))
    const pages = await findPages(ctx, spaces, query.query)
    const ranks = ranksOf(pages)
    const bySpace = new Map<string, PageHits[]>()
    for (const page of pages) bySpace.set(page.spaceId, [...(bySpace.get(page.spaceId) ?? []), page])
    const shown = pageOfList([...bySpace.values()], query)
    const titles = new Map(spaces.map((s) => [s.id, s.title]))
    const items = []
    for (const spacePages of shown.items) {
      const presented = await presentPages(ctx, spaces, spacePages.slice(0, PAGES_PER_SPACE), ranks)
      items.push({ type: 'space' as const, id: spacePages[0].spaceId, title: titles.get(spacePages[0].spaceId)!, score: spacePages[0].hits[0].score, pages: presented })
    }
    return { ...shown, items }
  },
})
