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

/** A `key: value` line whose value YAML reads as the text itself (or as true/false): see simpleMapping. */
const SIMPLE_LINE = /^([A-Za-z_][A-Za-z0-9_-]*):[ ]+(\p{L}(?:[^#:\p{C}\p{Z}]|[ ])*?)[ ]*$/u
const RESERVED = /^(?:null|Null|NULL|~|true|True|TRUE|false|False|FALSE)$/

/**
 * Front matter as GitBook writes it for most pages (`description: Some words`, `hidden: true`), read without the
 * YAML parser, which costs a tenth of a millisecond a page (a git import reads thousands). Answers undefined for
 * anything outside that subset — quotes, numbers, nulls, comments, colons, nesting, repeated keys — which the YAML
 * parser then reads; inside it, the answer is what YAML answers (a property test checks the two agree).
 */
export function simpleMapping(text: string): Record<string, string | boolean> | undefined {
  const result: Record<string, string | boolean> = {}
  for (const line of text.split('\n')) {
    if (line === '') continue
    const match = SIMPLE_LINE.exec(line)
    if (!match || RESERVED.test(match[1]) || Object.hasOwn(result, match[1])) return undefined
    const value = match[2]
    if (value === 'true' || value === 'false') result[match[1]] = value === 'true'
    else if (RESERVED.test(value)) return undefined
    else result[match[1]] = value
  }
  return result
}

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
      const parsed = (simpleMapping(match[1]) ?? parse(match[1]) ?? {}) as Record<string, unknown>
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
