/**
 * The translation run job: translates the source space's live content into the target space (created on the first
 * run, in the target language), as one new revision whose page tree mirrors the source's (same page ids, order and
 * slugs). Each page's title, description and Markdown text go through the provider (see
 * domain/translations/providers.ts); code, `{% %}` tags, link targets and front matter keys are kept as they are.
 * The run remembers what it translated by source page: a page whose source (and the instructions and provider)
 * did not change keeps its earlier translation, so a re-run translates only what changed, and the stats say so.
 * All or nothing: a failure leaves the target as it was and the translation's status as before the run.
 */
import type { Engine } from '../engine'
import type { JobRow } from '../store/tables/job.table'
import type { TranslationRow } from '../store/tables/translation.table'
import { findTranslationById, updateTranslation } from '../store/translations'
import { findSpaceById, updateSpace } from '../store/spaces'
import { findRevisionById } from '../store/revisions'
import { hashBytes } from '../store/blobs'
import { nowIso } from '../store/ids'
import { loadContent, type ContentSnapshot, type PageSnapshot } from '../domain/revisions/content'
import { writeRevision } from '../domain/revisions/write-revision'
import { createSpace } from '../domain/spaces/create-space'
import { countWords, segmentMarkdown } from '../domain/translations/translate-markdown'
import { configuredProvider, type TranslationProvider } from '../domain/translations/providers'
import type { JobProgress } from './worker'

/** What the last run translated: the hash of each source page's translatable fields, and every page ever translated. */
interface TranslationMemory {
  key: string
  pages: Record<string, string>
  translated: string[]
}

export interface TranslationStats {
  runs: number
  totalWords: number
  totalPages: number
  totalDuration: number
  latestRunDuration: number
  latestPages: number
  latestWords: number
}

export const EMPTY_STATS: TranslationStats = { runs: 0, totalWords: 0, totalPages: 0, totalDuration: 0, latestRunDuration: 0, latestPages: 0, latestWords: 0 }

/** The plain text of an instructions document (its leaves' text, one block a line). */
export function instructionsText(document: unknown): string {
  const lines: string[] = []
  const walk = (node: any): string =>
    Array.isArray(node?.leaves) ? node.leaves.map((leaf: any) => (typeof leaf?.text === 'string' ? leaf.text : '')).join('') : Array.isArray(node?.nodes) ? node.nodes.map(walk).join('') : ''
  for (const block of (document as { nodes?: unknown[] })?.nodes ?? []) lines.push(walk(block))
  return lines.filter(Boolean).join('\n')
}

export async function runTranslation(engine: Engine, _job: JobRow, payload: { translationId: string }, report: (progress: JobProgress) => void = () => {}, provider: TranslationProvider = configuredProvider()) {
  const translation = await findTranslationById(engine.db, payload.translationId)
  if (!translation) return { skipped: true, result: { reason: 'The translation was deleted.' } }
  const statusBefore = translation.status === 'running' ? (translation.result_revision_id ? 'completed' : 'pending') : translation.status
  await updateTranslation(engine.db, translation.id, { status: 'running', updated_at: nowIso() })
  try {
    return { result: await translate(engine, translation, provider, report) }
  } catch (error) {
    await updateTranslation(engine.db, translation.id, { status: statusBefore })
    throw error
  }
}

async function translate(engine: Engine, translation: TranslationRow, provider: TranslationProvider, report: (progress: JobProgress) => void) {
  const started = Date.now()
  const source = await findSpaceById(engine.db, translation.source_space_id)
  if (!source || source.deleted_at) throw new Error(`The source space "${translation.source_space_id}" no longer exists.`)
  const sourceContent = await loadContent(engine.db, (await findRevisionById(engine.db, source.revision_id))?.content_hash ?? null)
  let target = translation.result_space_id ? await findSpaceById(engine.db, translation.result_space_id) : undefined
  if (target?.deleted_at) target = undefined
  const previous = target ? await loadContent(engine.db, (await findRevisionById(engine.db, target.revision_id))?.content_hash ?? null) : undefined

  const instructions = instructionsText(JSON.parse(translation.instructions))
  const key = hashBytes(JSON.stringify([provider.name, translation.source_language, translation.language, instructions]))
  const memory: TranslationMemory = translation.memory ? JSON.parse(translation.memory) : { key: '', pages: {}, translated: [] }
  const pages = new Map<string, PageSnapshot>()
  const hashes: Record<string, string> = {}
  let translatedPages = 0
  let words = 0
  let bytes = 0
  for (const page of sourceContent.pages.values()) {
    const description = typeof page.meta.description === 'string' ? page.meta.description : undefined
    const hash = hashBytes(JSON.stringify([page.title, description ?? null, page.markdown]))
    hashes[page.id] = hash
    const earlier = previous?.pages.get(page.id)
    if (earlier && memory.key === key && memory.pages[page.id] === hash) {
      // Unchanged since the last run: its translation stands; only the tree position follows the source.
      pages.set(page.id, { ...earlier, parent: page.parent, order: page.order, slug: page.slug, type: page.type, meta: { ...page.meta, ...(description === undefined ? {} : { description: earlier.meta.description }) } })
      continue
    }
    const body = segmentMarkdown(page.markdown)
    const texts = [page.title, ...(description ? [description] : []), ...body.strings]
    const out = await provider.translate({ sourceLanguage: translation.source_language, targetLanguage: translation.language, instructions, texts })
    const [title, ...rest] = out
    const translatedDescription = description ? rest.shift() : description
    pages.set(page.id, { ...page, title, markdown: body.assemble(rest), meta: { ...page.meta, ...(translatedDescription === undefined ? {} : { description: translatedDescription }) }, updatedAt: nowIso() })
    translatedPages++
    words += texts.reduce((sum, text) => sum + countWords(text), 0)
    bytes += Buffer.byteLength(page.markdown)
    report({ phase: 'write', files: translatedPages, bytes })
  }
  const content: ContentSnapshot = {
    pages,
    files: sourceContent.files,
    reusableContents: sourceContent.reusableContents,
    variables: sourceContent.variables,
    source: previous?.source,
  }
  const duration = Math.round((Date.now() - started) / 1000)
  const stats: TranslationStats = JSON.parse(translation.stats)
  const everTranslated = new Set(memory.translated)
  for (const [id] of pages) if (!memory.pages[id] || memory.pages[id] !== hashes[id] || memory.key !== key) everTranslated.add(id)
  const at = nowIso()
  const result = await engine.db.transaction().execute(async (trx) => {
    const space =
      target ??
      (await createSpace(trx, {
        organizationId: translation.organization_id,
        parentId: source.parent_id,
        title: `${source.title} (${translation.language})`.slice(0, 50),
        emoji: source.emoji,
        language: translation.language,
        visibility: source.visibility === 'in-collection' && !source.parent_id ? 'private' : source.visibility,
      }))
    const revision = await writeRevision(trx, { spaceId: space.id, content, parents: [space.revision_id], type: 'edits' })
    await updateSpace(trx, space.id, { revision_id: revision, updated_at: at })
    await updateTranslation(trx, translation.id, {
      status: 'completed',
      result_space_id: space.id,
      result_revision_id: revision,
      stats: JSON.stringify({
        runs: stats.runs + 1,
        totalWords: stats.totalWords + words,
        totalPages: everTranslated.size,
        totalDuration: stats.totalDuration + duration,
        latestRunDuration: duration,
        latestPages: translatedPages,
        latestWords: words,
      } satisfies TranslationStats),
      memory: JSON.stringify({ key, pages: hashes, translated: [...everTranslated] } satisfies TranslationMemory),
      updated_at: at,
    })
    return { space: space.id, revision }
  })
  return { ...result, pages: pages.size, translatedPages, words }
}
