/**
 * A space's files in GitBook's Git Sync format → content: `.gitbook.yaml` (root, structure), SUMMARY.md (or the
 * folders when there is none), page files (front matter + body, kept verbatim), `.gitbook/assets` → files,
 * `.gitbook/includes/*.md` → reusable contents, `.gitbook/vars.yaml` → variables. Other files under the root are
 * carried along untouched.
 * Pure: input and output are maps of paths (posix, relative to the repository) to bytes.
 */
import { gitBlobOid } from '../blob-oid'
import { posix } from 'node:path'
import { parse } from 'yaml'
import { hashBytes } from '../../store/blobs'
import { newId } from '../../store/ids'
import { contentTypeOf } from '../../domain/files/file-source'
import { sameJson, slugify, type ContentSnapshot, type FileSnapshot, type PageSnapshot, type ReusableContentSnapshot } from '../../domain/revisions/content'
import { parseSummary, type SummaryItem } from './summary'
import { simpleMapping } from '../../domain/revisions/front-matter'

export interface Problem {
  file: string
  line?: number
  message: string
}

export interface SpaceLayout {
  /** Content root, relative to the repository ('' for the top). */
  root: string
  readme: string
  summary: string
}

export interface ReadSpace {
  content: ContentSnapshot
  /** File bytes by hash (pages' assets). */
  blobs: Map<string, Buffer>
  /**
   * Files under the root that are neither pages, assets nor reusable contents, kept byte for byte (tags.yaml, notes,
   * …); SUMMARY.md among them, which is written back as it was while the tree it describes is unchanged.
   */
  preserved: Map<string, Buffer>
  layout: SpaceLayout
  problems: Problem[]
}

const FRONT_MATTER = /^---\r?\n[\s\S]*?\r?\n---\r?\n(?:\r?\n)?/
/** Front matter keys of a page file and the page fields (in `meta`) they set; write-space.ts reads it backwards. */
export const FRONT_MATTER_FIELDS: Record<string, string> = { description: 'description', icon: 'icon', hidden: 'hidden', noIndex: 'noIndex', noRobotsIndex: 'noRobotsIndex', layout: 'layout', cover: 'cover', vars: 'variables', if: 'condition' }

export function readLayout(files: Map<string, Buffer>, projectDirectory = ''): { layout: SpaceLayout; problems: Problem[] } {
  const dir = clean(projectDirectory)
  const configPath = posix.join(dir, '.gitbook.yaml')
  let config: any = {}
  const problems: Problem[] = []
  const configBytes = files.get(configPath)
  if (configBytes) {
    try {
      config = parse(configBytes.toString('utf8')) ?? {}
    } catch (error) {
      problems.push({ file: configPath, message: `not valid YAML (${(error as Error).message})` })
    }
  }
  const root = clean(posix.join(dir, String(config.root ?? './')))
  if (root.startsWith('..') || (dir && !root.startsWith(dir))) {
    problems.push({ file: configPath, message: 'root must stay inside the project directory' })
    return { layout: { root: dir, readme: 'README.md', summary: 'SUMMARY.md' }, problems }
  }
  return { layout: { root, readme: clean(String(config.structure?.readme ?? 'README.md')), summary: clean(String(config.structure?.summary ?? 'SUMMARY.md')) }, problems }
}

function clean(path: string): string {
  const normalized = posix.normalize(path.replace(/\\/g, '/')).replace(/^\.\//, '').replace(/\/$/, '')
  return normalized === '.' ? '' : normalized
}

export function readSpace(
  files: Map<string, Buffer>,
  /** `treeUrl` (`repoTreeURL`): the prefix of each page's `git.url`, followed by its path. */
  options: { projectDirectory?: string; previous?: ContentSnapshot; now?: string; treeUrl?: string } = {},
): ReadSpace {
  const { layout, problems } = readLayout(files, options.projectDirectory)
  const at = options.now ?? new Date().toISOString()
  const within = (path: string) => (layout.root ? posix.join(layout.root, path) : path)
  const idsByPath = new Map<string, string>()
  for (const page of options.previous?.pages.values() ?? []) {
    const git = page.meta.git as { path?: string } | undefined
    if (git?.path) idsByPath.set(git.path, page.id)
  }
  // Files keep their ids across imports too (links to /files/<id> stay valid), matched by repository path.
  const filesByPath = new Map<string, FileSnapshot>()
  for (const file of options.previous?.files?.values() ?? []) if (file.git?.path) filesByPath.set(file.git.path, file)
  const pages = new Map<string, PageSnapshot>()
  const used = new Set<string>()

  const pageFromFile = (relative: string, title: string | undefined, parent: string | null, order: number, source: Problem): PageSnapshot | null => {
    const full = within(relative)
    if (posix.isAbsolute(relative) || clean(relative).startsWith('..')) {
      problems.push({ ...source, message: `"${relative}" points outside the content root` })
      return null
    }
    const bytes = files.get(full)
    if (!bytes) {
      problems.push({ ...source, message: `"${relative}" does not exist` })
      return null
    }
    if (used.has(full)) {
      problems.push({ ...source, message: `"${relative}" is listed twice; a page has one place` })
      return null
    }
    const text = bytes.toString('utf8')
    if (Buffer.compare(Buffer.from(text, 'utf8'), bytes) !== 0) {
      problems.push({ file: full, message: 'not valid UTF-8' })
      return null
    }
    used.add(full)
    const { prefix, frontMatter, body } = splitFrontMatter(text, full, problems)
    const heading = /^#\s+(.+?)\s*$/m.exec(body)?.[1]
    const base = posix.basename(relative)
    const slug = /^readme\.md$/i.test(base) ? (posix.dirname(relative) === '.' ? '' : posix.basename(posix.dirname(relative))) : base.replace(/\.md$/i, '')
    const meta: Record<string, unknown> = { git: { path: relative, oid: gitBlobOid(bytes), prefix, ...(options.treeUrl ? { url: options.treeUrl + relative } : {}) } }
    for (const [key, field] of Object.entries(FRONT_MATTER_FIELDS)) if (frontMatter[key] !== undefined) meta[field] = frontMatter[key]
    return {
      id: idsByPath.get(relative) ?? newId(),
      parent,
      order,
      type: 'document',
      title: title ?? heading ?? slug.replace(/[-_]+/g, ' '),
      slug,
      markdown: body,
      meta,
      createdAt: at,
      updatedAt: at,
    }
  }

  const summaryPath = within(layout.summary)
  const summaryBytes = files.get(summaryPath)
  const summaryDir = posix.dirname(layout.summary) === '.' ? '' : posix.dirname(layout.summary)
  if (summaryBytes) {
    const { items, problems: summaryProblems } = parseSummary(summaryBytes.toString('utf8'))
    for (const p of summaryProblems) problems.push({ file: summaryPath, line: p.line, message: p.message })
    const add = (list: SummaryItem[], parent: string | null) =>
      list.forEach((item, order) => {
        const source = { file: summaryPath, line: item.line, message: '' }
        let page: PageSnapshot | null
        if (item.kind === 'group') {
          const slug = item.slug ?? slugify(item.title)
          const key = `group:${slug}`
          page = { id: idsByPath.get(key) ?? newId(), parent, order, type: 'group', title: item.title, slug, markdown: '', meta: { git: { path: key }, ...(item.slug ? { anchor: true } : {}) }, createdAt: at, updatedAt: at }
        } else if (item.kind === 'link') {
          const key = `link:${item.target}:${item.title}`
          page = { id: idsByPath.get(key) ?? newId(), parent, order, type: 'link', title: item.title, slug: slugify(item.title), markdown: '', meta: { git: { path: key }, href: item.target }, createdAt: at, updatedAt: at }
        } else {
          page = pageFromFile(summaryDir ? posix.join(summaryDir, item.target!) : item.target!, item.title, parent, order, source)
          if (page && item.linkTitle !== undefined) page.meta.linkTitle = item.linkTitle
        }
        if (!page) return
        pages.set(page.id, page)
        add(item.children, page.id)
      })
    add(items, null)
  } else {
    inferTree(files, layout, pageFromFile, pages)
  }

  // A page that was there before keeps its creation time; one that did not change at all is the previous object
  // itself (so it keeps its updatedAt, and saving the revision finds its stored record without any work).
  for (const [id, page] of pages) {
    const before = options.previous?.pages.get(id)
    if (!before) continue
    page.createdAt = before.createdAt
    if (sameJson({ ...page, updatedAt: before.updatedAt }, before)) pages.set(id, before)
  }
  const content: ContentSnapshot = { pages, files: new Map(), reusableContents: new Map(), variables: {} }
  const blobs = new Map<string, Buffer>()
  const preserved = new Map<string, Buffer>()
  const assets = within('.gitbook/assets/')
  const includes = within('.gitbook/includes/')
  const varsPath = within('.gitbook/vars.yaml')
  const reusableByPath = new Map<string, ReusableContentSnapshot>()
  for (const reusable of options.previous?.reusableContents?.values() ?? []) if (reusable.git?.path) reusableByPath.set(reusable.git.path, reusable)
  for (const [path, bytes] of files) {
    if (layout.root && !path.startsWith(layout.root + '/')) continue
    if (path.startsWith(includes) && /\.md$/i.test(path) && !path.slice(includes.length).includes('/')) {
      const text = bytes.toString('utf8')
      if (Buffer.compare(Buffer.from(text, 'utf8'), bytes) !== 0) {
        problems.push({ file: path, message: 'not valid UTF-8' })
        continue
      }
      const { prefix, frontMatter, body } = splitFrontMatter(text, path, problems)
      const before = reusableByPath.get(path)
      const title = includeTitle(frontMatter, path)
      const unchanged = before && before.markdown === body && before.title === title
      const reusable: ReusableContentSnapshot = {
        id: before?.id ?? newId(),
        title,
        markdown: body,
        createdAt: before?.createdAt ?? at,
        updatedAt: unchanged ? before.updatedAt : at,
        git: { oid: gitBlobOid(bytes), path, prefix },
      }
      content.reusableContents!.set(reusable.id, reusable)
    } else if (path.startsWith(assets)) {
      const blob = hashBytes(bytes)
      blobs.set(blob, bytes)
      const name = path.slice(assets.length)
      const before = filesByPath.get(path)
      const file: FileSnapshot = { id: before?.id ?? newId(), name, contentType: contentTypeOf(name), size: bytes.length, blob, createdAt: before?.createdAt ?? at, git: { oid: gitBlobOid(bytes), path } }
      content.files!.set(file.id, file)
    } else if (path === varsPath) {
      try {
        const vars = parse(bytes.toString('utf8')) ?? {}
        for (const [key, value] of Object.entries(vars)) content.variables[key] = String(value)
      } catch (error) {
        problems.push({ file: path, message: `not valid YAML (${(error as Error).message})` })
      }
      preserved.set(path, bytes)
    } else if (!used.has(path)) {
      preserved.set(path, bytes)
    }
  }
  return { content, blobs, preserved, layout, problems }
}

/** The title of an include file: its front matter `title:`, else its file name. */
export function includeTitle(frontMatter: Record<string, unknown>, path: string): string {
  return typeof frontMatter.title === 'string' && frontMatter.title ? frontMatter.title : posix.basename(path).replace(/\.md$/i, '')
}

/** A Markdown file's front matter (its text, as parsed) and body; bad YAML is a problem on line 1. */
function splitFrontMatter(text: string, file: string, problems: Problem[]): { prefix: string; frontMatter: Record<string, unknown>; body: string } {
  const prefix = FRONT_MATTER.exec(text)?.[0] ?? ''
  let frontMatter: Record<string, unknown> = {}
  if (prefix) {
    try {
      const yaml = prefix.replace(/^---\r?\n/, '').replace(/\r?\n---\r?\n(?:\r?\n)?$/, '')
      const parsed = simpleMapping(yaml) ?? parse(yaml)
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) frontMatter = parsed
    } catch (error) {
      problems.push({ file, line: 1, message: `front matter is not valid YAML (${(error as Error).message})` })
    }
  }
  return { prefix, frontMatter, body: text.slice(prefix.length) }
}

/**
 * The tree from folders, when there is no SUMMARY.md: the readme first; in each folder README.md is the folder's
 * page and the other .md files and subfolders its children, by name; a folder without README.md lends its pages to
 * the level above. Skips `.gitbook/` and dot-folders.
 */
function inferTree(
  files: Map<string, Buffer>,
  layout: SpaceLayout,
  pageFromFile: (relative: string, title: string | undefined, parent: string | null, order: number, source: Problem) => PageSnapshot | null,
  pages: Map<string, PageSnapshot>,
) {
  const prefix = layout.root ? layout.root + '/' : ''
  const markdown = [...files.keys()]
    .filter((p) => p.startsWith(prefix) && /\.md$/i.test(p))
    .map((p) => p.slice(prefix.length))
    .filter((p) => !p.split('/').some((part) => part.startsWith('.')) && p !== layout.summary)
    .sort()
  const readme = markdown.find((p) => p === layout.readme)
  let order = 0
  if (readme) {
    const page = pageFromFile(readme, undefined, null, order++, { file: readme, message: '' })
    if (page) pages.set(page.id, page)
  }
  const walk = (dir: string, parent: string | null) => {
    const inDir = markdown.filter((p) => posix.dirname(p) === (dir || '.') && p !== readme && !/^readme\.md$/i.test(posix.basename(p)))
    const subdirs = [...new Set(markdown.filter((p) => p.startsWith(dir ? dir + '/' : '') && p.slice(dir ? dir.length + 1 : 0).includes('/')).map((p) => p.slice(dir ? dir.length + 1 : 0).split('/')[0]))].sort()
    const entries = [...inDir.map((p) => ({ name: posix.basename(p), file: p })), ...subdirs.map((name) => ({ name, file: null as string | null }))].sort((a, b) => a.name.localeCompare(b.name))
    let index = parent === null ? order : 0
    for (const entry of entries) {
      if (entry.file) {
        const page = pageFromFile(entry.file, undefined, parent, index++, { file: entry.file, message: '' })
        if (page) pages.set(page.id, page)
        continue
      }
      const sub = dir ? `${dir}/${entry.name}` : entry.name
      const folderReadme = markdown.find((p) => posix.dirname(p) === sub && /^readme\.md$/i.test(posix.basename(p)))
      if (folderReadme) {
        const page = pageFromFile(folderReadme, undefined, parent, index++, { file: folderReadme, message: '' })
        if (page) {
          pages.set(page.id, page)
          walk(sub, page.id)
        }
      } else {
        walk(sub, parent)
      }
    }
  }
  walk('', null)
}
