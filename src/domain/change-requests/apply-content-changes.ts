/**
 * updateChangeRequestContent: an ordered batch of page changes applied to a copy of the change request's content,
 * all or nothing. Every change is checked against the content as the earlier changes of the batch left it; the
 * first invalid one rejects the batch with a message naming it (`body.changes[i]`).
 */
import { BadRequestError } from '../../errors'
import { nowIso, newId } from '../../store/ids'
import { byOrder, childrenByParent, pagePaths, slugify, type ContentSnapshot, type PageSnapshot } from '../revisions/content'
import { loadYaml, parseDocument } from '../revisions/front-matter'
import type { FileInput, PreparedFile } from '../files/file-source'
import type { FileSnapshot } from '../revisions/content'

export interface PageFields {
  title?: string
  slug?: string
  emoji?: string
  icon?: string
  description?: string
  hidden?: boolean
  noIndex?: boolean
  noRobotsIndex?: boolean
}

export type ContentChange =
  | ({ operation: 'insert_page'; document: { markdown?: string }; into?: string; at?: number; ref?: string; type?: 'document' | 'group' } & PageFields)
  | ({ operation: 'update_page'; page: string; document?: { markdown?: string }; into?: string | null; at?: number } & PageFields)
  | { operation: 'delete_page'; page: string }
  | { operation: 'revert_page'; page: string; revision?: string }
  | { operation: 'insert_files'; files: FileInput[] }

export interface ChangeOutcome {
  object: 'created_page' | 'updated_page' | 'deleted_page'
  page: string
}

/**
 * Applies `changes` to `content` (which is not modified) and answers the new content with an outcome per page.
 * `revertSource(revisionId?)` gives the content a `revert_page` returns a page to (default: the change request's base).
 */
export async function applyContentChanges(
  content: ContentSnapshot,
  changes: ContentChange[],
  revertSource: (revisionId: string | undefined, where: string) => Promise<ContentSnapshot>,
  /** The files of `insert_files` changes, fetched beforehand, by change index then file index. */
  prepared: Map<number, PreparedFile[]> = new Map(),
): Promise<{ content: ContentSnapshot; outcomes: ChangeOutcome[]; insertedFiles: FileSnapshot[] }> {
  const parseYaml = await loadYaml()
  const pages = new Map(content.pages)
  const work: ContentSnapshot = { pages, files: new Map(content.files ?? []), reusableContents: content.reusableContents, variables: { ...content.variables }, source: content.source }
  const outcomes = new Map<string, ChangeOutcome>()
  const refs = new Map<string, string>()
  const fileRefs = new Map<string, string>()
  const insertedFiles: FileSnapshot[] = []
  const touched = new Set<string>()
  const at = nowIso()

  for (const [index, change] of changes.entries()) {
    const where = `body.changes[${index}]`
    const resolve = (id: string) => refs.get(id) ?? id
    const existing = (id: string) => {
      const page = pages.get(resolve(id))
      if (!page) throw new BadRequestError(`${where}: page "${id}" does not exist in the change request.`)
      return page
    }
    switch (change.operation) {
      case 'insert_page': {
        const parent = change.into === undefined ? null : existing(change.into).id
        const parsed = parseDocument(change.document?.markdown ?? '', `${where}.document`, parseYaml)
        const id = newId()
        if (change.ref) {
          if (refs.has(change.ref)) throw new BadRequestError(`${where}.ref: "${change.ref}" is used twice in the batch.`)
          refs.set(change.ref, id)
        }
        const title = parsed.title ?? change.title ?? 'Untitled'
        const page: PageSnapshot = {
          id,
          parent,
          order: 0,
          type: change.type === 'group' ? 'group' : 'document',
          title,
          slug: '',
          markdown: parsed.body,
          meta: metaOf(change, parsed.frontMatter),
          createdAt: at,
          updatedAt: at,
        }
        page.slug = slugFor(work, page, (parsed.frontMatter.slug as string | undefined) ?? change.slug, where)
        pages.set(id, page)
        place(work, page, change.at)
        outcomes.set(id, { object: 'created_page', page: id })
        touched.add(id)
        break
      }
      case 'update_page': {
        const before = existing(change.page)
        const parsed = change.document?.markdown !== undefined ? parseDocument(change.document.markdown, `${where}.document`, parseYaml) : undefined
        const page: PageSnapshot = {
          ...before,
          title: parsed?.title ?? change.title ?? before.title,
          markdown: parsed ? parsed.body : before.markdown,
          meta: metaOf(change, parsed?.frontMatter ?? {}, before.meta),
          updatedAt: at,
        }
        // A new body no longer matches the repository file it came from: keep its path, forget its git id.
        if (parsed && page.meta.git) page.meta.git = { ...(page.meta.git as object), oid: undefined }
        if (change.into !== undefined) {
          const parent = change.into === null ? null : existing(change.into).id
          for (let p = parent; p; p = pages.get(p)?.parent ?? null) {
            if (p === page.id) throw new BadRequestError(`${where}.into: a page cannot move under itself or one of its descendants.`)
          }
          page.parent = parent
        }
        const newSlug = (parsed?.frontMatter.slug as string | undefined) ?? change.slug
        if (newSlug !== undefined || page.parent !== before.parent) page.slug = slugFor(work, page, newSlug ?? before.slug, where)
        pages.set(page.id, page)
        if (change.into !== undefined || change.at !== undefined) place(work, page, change.at)
        if (!outcomes.has(page.id)) outcomes.set(page.id, { object: 'updated_page', page: page.id })
        if (parsed) touched.add(page.id)
        break
      }
      case 'delete_page': {
        const page = existing(change.page)
        const doomed = [page.id]
        const children = childrenByParent(work)
        for (let i = 0; i < doomed.length; i++) for (const child of children.get(doomed[i]) ?? []) doomed.push(child.id)
        for (const id of doomed) {
          pages.delete(id)
          outcomes.set(id, { object: 'deleted_page', page: id })
        }
        break
      }
      case 'revert_page': {
        const id = resolve(change.page)
        const source = await revertSource(change.revision, `${where}.revision`)
        const old = source.pages.get(id)
        if (!old && !pages.has(id)) throw new BadRequestError(`${where}: page "${change.page}" exists neither in the change request nor in the revision to revert to.`)
        if (old) {
          if (old.parent && !pages.has(old.parent)) throw new BadRequestError(`${where}: page "${change.page}" cannot be restored: its parent page is gone.`)
          pages.set(id, old)
          outcomes.set(id, { object: 'updated_page', page: id })
        } else {
          pages.delete(id)
          outcomes.set(id, { object: 'deleted_page', page: id })
        }
        break
      }
      case 'insert_files': {
        const files = prepared.get(index) ?? []
        change.files.forEach((input, i) => {
          const file = files[i]
          const id = newId()
          if (input.ref) {
            if (refs.has(input.ref) || fileRefs.has(input.ref)) throw new BadRequestError(`${where}.files[${i}].ref: "${input.ref}" is used twice in the batch.`)
            fileRefs.set(input.ref, id)
          }
          const snapshot: FileSnapshot = { id, name: file.name, contentType: file.contentType, size: file.bytes.length, blob: file.blob, ...(file.dimensions ? { dimensions: file.dimensions } : {}), createdAt: at }
          work.files!.set(id, snapshot)
          insertedFiles.push(snapshot)
        })
        break
      }
      default:
        throw new BadRequestError(`${where}.operation: "${(change as { operation: string }).operation}" is not supported.`)
    }
  }
  resolveRefs(work, touched, refs, fileRefs)
  checkPaths(work)
  return { content: work, outcomes: [...outcomes.values()], insertedFiles }
}

/** In the pages this batch wrote, links to a `ref` of the batch become links to the page or file it named. */
/**
 * In the pages this batch wrote, links are resolved as the official API describes: a `ref` of the batch becomes
 * the page or file it named, and `/pages/<slug path>`, `/pages/<path>.md` or `/pages/<path>/README.md` become
 * `/pages/<pageId>` (so they survive later renames). Relative Markdown paths (Git Sync's form) stay as written.
 */
function resolveRefs(content: ContentSnapshot, touched: Set<string>, pageRefs: Map<string, string>, fileRefs: Map<string, string>) {
  if (touched.size === 0) return
  let byPath: Map<string, string> | undefined
  const pageAt = (path: string) => {
    if (!byPath) {
      byPath = new Map([...pagePaths(content)].map(([pageId, pagePath]) => [pagePath, pageId]))
      const first = [...content.pages.values()].filter((p) => p.parent === null).sort(byOrder)[0]
      if (first) byPath.set('', first.id)
    }
    if (content.pages.has(path)) return path
    return byPath.get(path.replace(/(^|\/)README\.md$/i, '').replace(/\.md$/i, '').replace(/^\/+|\/+$/g, ''))
  }
  for (const id of touched) {
    const page = content.pages.get(id)
    if (!page) continue
    const markdown = page.markdown.replace(/(\]\(\s*<?)(?:\.\/)?([^)\s>#]+?)(\.md)?(#[^)\s>]*)?(>?(?:\s+"[^"]*")?\s*\))/g, (whole, open, target, md, anchor = '', close) => {
      const fileId = fileRefs.get(target + (md ?? ''))
      if (fileId) return `${open}/files/${fileId}${close}`
      const refId = pageRefs.get(target)
      if (refId) return `${open}/pages/${refId}${anchor}${close}`
      if (target.startsWith('/pages/')) {
        const pageId = pageAt(decodeURIComponent(target.slice('/pages/'.length)) + (md ?? ''))
        if (pageId) return `${open}/pages/${pageId}${anchor}${close}`
      }
      return whole
    })
    if (markdown !== page.markdown) content.pages.set(id, { ...page, markdown })
  }
}

const META_KEYS = ['emoji', 'icon', 'description', 'hidden', 'noIndex', 'noRobotsIndex', 'layout', 'cover', 'variables'] as const

/** Page metadata: the previous values, then the change's fields, then the document's front matter (which wins). */
function metaOf(change: PageFields, frontMatter: Record<string, unknown>, previous: Record<string, unknown> = {}): Record<string, unknown> {
  const meta: Record<string, unknown> = { ...previous }
  for (const key of META_KEYS) {
    const value = frontMatter[key] !== undefined ? frontMatter[key] : (change as Record<string, unknown>)[key]
    if (value === undefined) continue
    if (value === '' || value === null) delete meta[key]
    else meta[key] = value
  }
  return meta
}

/** The requested slug (checked), or one derived from the title, unique among the page's siblings. */
function slugFor(content: ContentSnapshot, page: PageSnapshot, requested: string | undefined, where: string): string {
  const taken = new Set([...content.pages.values()].filter((p) => p.parent === page.parent && p.id !== page.id).map((p) => p.slug))
  if (requested !== undefined) {
    if (!/^[a-z0-9][a-z0-9._-]{0,99}$/i.test(requested)) throw new BadRequestError(`${where}.slug: "${requested}" is not a valid path segment (letters, digits, . _ -; at most 100).`)
    if (taken.has(requested)) throw new BadRequestError(`${where}.slug: a sibling page already uses "${requested}".`)
    return requested
  }
  const base = slugify(page.title)
  let slug = base
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`
  return slug
}

/** Puts `page` at index `at` among its siblings (default: last), renumbering the siblings' order. */
function place(content: ContentSnapshot, page: PageSnapshot, at?: number) {
  const siblings = [...content.pages.values()].filter((p) => p.parent === page.parent && p.id !== page.id).sort(byOrder)
  const index = at === undefined ? siblings.length : Math.min(at, siblings.length)
  siblings.splice(index, 0, page)
  siblings.forEach((sibling, i) => {
    if (sibling.order !== i) content.pages.set(sibling.id, { ...content.pages.get(sibling.id)!, order: i })
  })
}

function checkPaths(content: ContentSnapshot) {
  const seen = new Map<string, string>()
  for (const [id, path] of pagePaths(content)) {
    const other = seen.get(path)
    if (other) throw new BadRequestError(`body.changes: pages ${other} and ${id} would both have the path "${path}".`)
    seen.set(path, id)
  }
}
