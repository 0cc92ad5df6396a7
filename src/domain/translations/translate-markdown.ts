/**
 * Which parts of a page a translation may change. A page's Markdown is cut into translatable text runs and
 * protected pieces that are kept byte for byte: fenced code blocks, inline code, `{% … %}` tags, link and image
 * targets, HTML tags, bare addresses, table pipes, emphasis markers and the block markers at the start of a line
 * (headings, list bullets and numbers, quotes). Front matter is not part of a page's Markdown (its fields are page
 * fields: only the title and description values are translated, never a key).
 */

/** Pieces never translated, within a line outside code blocks. */
const PROTECTED = /(\{%.*?%\}|`+[^`]*`+|\]\([^)]*\)|\]\[[^\]]*\]|!?\[|\]|<[^>]+>|[a-z][a-z0-9+.-]*:\/\/\S+|\*\*|\*|__|~~|\||^\s*(?:#{1,6}|[*+-]|\d+[.)]|>)(?=\s)|^\s*\[[^\]]+\]:\s*\S+.*$|^\s*(?:-{3,}|\*{3,}|_{3,})\s*$)/g

/** A run of text with a letter in it is worth translating. */
const LETTER = /\p{L}/u

export interface Segmented {
  /** The translatable strings, in order (trimmed). */
  strings: string[]
  /** Puts translations (same order and count) back in place. */
  assemble(translations: string[]): string
}

/** Cuts Markdown into translatable strings and the frame that holds them. */
export function segmentMarkdown(markdown: string): Segmented {
  const parts: ({ text: string } | { index: number; before: string; after: string })[] = []
  const strings: string[] = []
  let fence: string | null = null
  const lines = markdown.split('\n')
  lines.forEach((line, i) => {
    const newline = i < lines.length - 1 ? '\n' : ''
    const fenceMatch = /^\s{0,3}(```+|~~~+)/.exec(line)
    if (fenceMatch || fence !== null) {
      if (fenceMatch) fence = fence === null ? fenceMatch[1][0] : fenceMatch[1][0] === fence ? null : fence
      parts.push({ text: line + newline })
      return
    }
    line.split(PROTECTED).forEach((piece, j) => {
      // split() with a capture group: odd pieces are the protected ones.
      if (j % 2 === 1 || !LETTER.test(piece)) return void (piece && parts.push({ text: piece }))
      const [, before, core, after] = /^(\s*)([\s\S]*?)(\s*)$/.exec(piece)!
      parts.push({ index: strings.length, before, after })
      strings.push(core)
    })
    if (newline) parts.push({ text: newline })
  })
  return {
    strings,
    assemble: (translations) => parts.map((part) => ('text' in part ? part.text : part.before + translations[part.index] + part.after)).join(''),
  }
}

/** Words in a string (for stats). */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => LETTER.test(word)).length
}
