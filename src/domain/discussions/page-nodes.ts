/**
 * The nodes of a page a comment can point at: its headings, each named by its anchor — the slug of its text, as in
 * the page's address (`…/install#requirements`), `-1`, `-2` … on repeats — or by the `id` of an anchor written in
 * the heading (`## Setup <a href="#setup" id="setup"></a>`, as Git Sync writes them). Headings inside fenced
 * code blocks are not headings.
 */
import { slugify } from '../revisions/content'

export interface PageNode {
  /** The anchor. */
  id: string
  /** The heading's text. */
  preview: string
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/
const HEADING = /^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/
const ANCHOR = /<a\b[^>]*\bid="([^"]+)"[^>]*>\s*<\/a>/i

export function pageNodes(markdown: string): PageNode[] {
  const nodes: PageNode[] = []
  const seen = new Map<string, number>()
  let fence: string | null = null
  for (const line of markdown.split('\n')) {
    const opened = FENCE.exec(line)
    if (fence) {
      if (opened && opened[1][0] === fence[0] && opened[1].length >= fence.length) fence = null
      continue
    }
    if (opened) {
      fence = opened[1]
      continue
    }
    const heading = HEADING.exec(line)
    if (!heading) continue
    const explicit = ANCHOR.exec(heading[1])?.[1]
    const preview = heading[1].replace(ANCHOR, '').trim()
    let id = explicit ?? slugify(preview)
    const repeats = seen.get(id) ?? 0
    seen.set(id, repeats + 1)
    if (repeats > 0 && !explicit) id = `${id}-${repeats}`
    nodes.push({ id, preview })
  }
  return nodes
}
