/**
 * Page documents as GitBook writes them: optional YAML front matter (page metadata), then the Markdown body.
 * The title comes from front matter `title`, else the leading `# heading` (which stays in the body, as in Git Sync).
 */
import { parse, stringify } from 'yaml'
import { BadRequestError } from '../../errors'

/** Front matter keys that are page fields; anything else is kept in `meta` as written. */
export const PAGE_FIELDS = ['title', 'description', 'emoji', 'icon', 'hidden', 'noIndex', 'noRobotsIndex', 'layout', 'cover', 'variables', 'slug'] as const

export interface ParsedDocument {
  /** Front matter, parsed (empty without one). */
  frontMatter: Record<string, unknown>
  body: string
  /** Title from front matter, else from the leading heading. */
  title?: string
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/

export function parseDocument(markdown: string, where: string): ParsedDocument {
  let frontMatter: Record<string, unknown> = {}
  let body = markdown
  const match = FRONT_MATTER.exec(markdown)
  if (match) {
    try {
      const parsed = parse(match[1]) ?? {}
      if (typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('front matter must be a mapping of keys to values')
      frontMatter = parsed as Record<string, unknown>
    } catch (error) {
      throw new BadRequestError(`${where}: the front matter is not valid YAML (${(error as Error).message}).`)
    }
    body = markdown.slice(match[0].length)
  }
  const heading = /^\s*#\s+(.+?)\s*#*\s*$/m.exec(body.split('\n').find((line) => line.trim() !== '') ?? '')
  const title = typeof frontMatter.title === 'string' && frontMatter.title.trim() ? frontMatter.title.trim() : heading?.[1]
  return { frontMatter, body, title }
}

/** The document of a page: front matter of its description and visibility flags, then the body. */
export function renderDocument(meta: Record<string, unknown>, body: string): string {
  const frontMatter: Record<string, unknown> = {}
  for (const key of ['description', 'icon', 'hidden', 'noIndex', 'noRobotsIndex', 'layout', 'cover', 'variables']) {
    if (meta[key] !== undefined && meta[key] !== false) frontMatter[key] = meta[key]
  }
  return Object.keys(frontMatter).length ? `---\n${stringify(frontMatter).trimEnd()}\n---\n\n${body}` : body
}
