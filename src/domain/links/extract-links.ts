/**
 * Links in a page's Markdown: `[text](target)`, `![alt](target)`, reference definitions `[id]: target`,
 * HTML `href`/`src` attributes and GitBook blocks (`{% content-ref url="…" %}`, `{% embed url="…" %}`,
 * `{% include "…" %}`), and OpenAPI blocks naming a spec by slug (`{% openapi spec="petstore" … %}`, also
 * `openapi-operation`, `openapi-schemas`, `openapi-webhook`), each with its line. Code (fenced blocks and inline spans) is skipped: a link there is text, not a link.
 */
export interface FoundLink {
  target: string
  /** 1-based line in the page body. */
  line: number
  /** `openapi`: the target is the slug of an OpenAPI spec of the organization. */
  kind?: 'openapi'
}

const OPENAPI_BLOCK = /\{%\s*openapi(?:-operation|-schemas|-webhook)?\s[^%]*?\bspec="([^"]+)"/g

const PATTERNS = [
  /!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g,
  /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/g,
  /\b(?:href|src)\s*=\s*"([^"]+)"/g,
  /\{%\s*(?:content-ref|embed|file)\s+(?:url|src)="([^"]+)"/g,
  /\{%\s*include\s+"([^"]+)"/g,
]

export function extractLinks(markdown: string): FoundLink[] {
  const links: FoundLink[] = []
  let fence: string | null = null
  markdown.split('\n').forEach((raw, index) => {
    const fenceMatch = /^\s{0,3}(```+|~~~+)/.exec(raw)
    if (fenceMatch) {
      if (fence === null) fence = fenceMatch[1][0]
      else if (fenceMatch[1][0] === fence) fence = null
      return
    }
    if (fence !== null) return
    const line = raw.replace(/`[^`]*`/g, (code) => ' '.repeat(code.length))
    for (const pattern of PATTERNS) {
      pattern.lastIndex = 0
      for (let match = pattern.exec(line); match; match = pattern.exec(line)) links.push({ target: match[1], line: index + 1 })
    }
    OPENAPI_BLOCK.lastIndex = 0
    for (let match = OPENAPI_BLOCK.exec(line); match; match = OPENAPI_BLOCK.exec(line)) links.push({ target: match[1], line: index + 1, kind: 'openapi' })
  })
  return links
}
