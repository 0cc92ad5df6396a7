/**
 * Keeps the full-text index (store/search.ts) on each space's current revision. Pages are split into sections at
 * their headings; only the pages that changed since the indexed revision are rewritten, so a merge costs the size
 * of its change. Searches bring behind spaces up to date first (after an import, for one), so an answer never lags
 * the content.
 */
import type { Db } from '../../store/database'
import { findRevisionById } from '../../store/revisions'
import { dropSpaceFromIndex, indexedRevision, writePageSections, type IndexedSection } from '../../store/search'
import { emptyContent, loadContent, slugify, type ContentSnapshot, type PageSnapshot } from '../revisions/content'

/** A page's text in sections: the text before the first heading (titled as the page), then one per heading. */
export function sectionsOf(page: Pick<PageSnapshot, 'title' | 'markdown'>): IndexedSection[] {
  const sections: IndexedSection[] = [{ anchor: '', title: page.title, body: '' }]
  const lines: string[][] = [[]]
  let fence: string | null = null
  for (const line of page.markdown.split('\n')) {
    const fenceMatch = /^\s{0,3}(```+|~~~+)/.exec(line)
    if (fenceMatch) fence = fence === null ? fenceMatch[1][0] : fenceMatch[1][0] === fence ? null : fence
    const heading = fence === null && !fenceMatch ? /^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$/.exec(line) : null
    if (heading) {
      const title = plainText(heading[1])
      sections.push({ anchor: slugify(title), title, body: '' })
      lines.push([])
    } else {
      lines[lines.length - 1].push(line)
    }
  }
  sections.forEach((section, i) => (section.body = plainText(lines[i].join('\n'))))
  // A leading `# Title` repeats the page's title: its section stands for the page.
  return sections.filter((section, i) => i === 0 || section.body || section.title)
}

/** Markdown to the words a reader sees: no tags, link targets, HTML or emphasis marks. */
function plainText(markdown: string): string {
  return markdown
    .replace(/\{%[^%]*%\}/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_>#|~]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/** Brings a space's index to its current revision, rewriting only the pages that differ. */
export async function syncSearchIndex(db: Db, space: { id: string; revision_id: string }): Promise<void> {
  const indexed = await indexedRevision(db, space.id)
  if (indexed === space.revision_id) return
  // The indexed revision may be gone (a removed placeholder): then the space is indexed afresh.
  const previous = await contentOf(db, indexed)
  const before = previous ?? emptyContent()
  const after = (await contentOf(db, space.revision_id)) ?? emptyContent()
  const changes = new Map<string, { title: string; sections: IndexedSection[] } | null>()
  for (const page of after.pages.values()) {
    const old = before.pages.get(page.id)
    if (old === page || (old && old.title === page.title && old.markdown === page.markdown && old.type === page.type)) continue
    changes.set(page.id, page.type === 'document' ? { title: page.title, sections: sectionsOf(page) } : null)
  }
  for (const id of before.pages.keys()) if (!after.pages.has(id)) changes.set(id, null)
  await db.transaction().execute(async (trx) => {
    // Another process may have indexed meanwhile: then there is nothing left to do.
    if ((await indexedRevision(trx, space.id)) !== indexed) return
    if (!previous) await dropSpaceFromIndex(trx, space.id)
    await writePageSections(trx, space.id, space.revision_id, changes)
  })
}

/**
 * After a merge: the index follows at once (a merge changes a few pages: a few milliseconds). Best effort: the
 * change itself is already committed, and a space left behind is brought up to date by its next search. Imports
 * (git import, `docsctl dev`) do not call it: indexing a whole repository would be most of an import's time, and
 * is paid by the first search instead.
 */
export async function refreshSearchIndex(db: Db, space: { id: string; revision_id: string }): Promise<void> {
  await syncSearchIndex(db, space).catch(() => undefined)
}

async function contentOf(db: Db, revisionId: string | undefined): Promise<ContentSnapshot | undefined> {
  const revision = revisionId ? await findRevisionById(db, revisionId) : undefined
  return revision ? loadContent(db, revision.content_hash) : undefined
}
