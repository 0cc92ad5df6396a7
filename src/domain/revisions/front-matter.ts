/**
 * Page documents as GitBook writes them: optional YAML front matter (page metadata), then the Markdown body.
 * The title comes from front matter `title`, else the leading `# heading` (which stays in the body, as in Git Sync).
 */
import { BadRequestError } from '../../errors'


export interface ParsedDocument {
  /** Front matter, parsed (empty without one). */
  frontMatter: Record<string, unknown>
  body: string
  /** Title from front matter, else from the leading heading. */
  title?: string
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/

/** YAML, loaded on first use (a large module, not needed to start the CLI). */
export type YamlParse = (text: string) => unknown
export async function loadYaml(): Promise<YamlParse> {
  // In the bundle, `yaml` (CommonJS there) comes as a default export; from source, as named exports.
  const module = (await import('yaml')) as typeof import('yaml') & { default?: typeof import('yaml') }
  return module.parse ?? module.default!.parse
}

export function parseDocument(markdown: string, where: string, parse: YamlParse): ParsedDocument {
  let frontMatter: Record<string, unknown> = {}
  let body = markdown
  const match = FRONT_MATTER.exec(markdown)
  if (match) {
    try {
      const parsed = (parse(match[1]) ?? {}) as Record<string, unknown>
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
