/**
 * SUMMARY.md, GitBook's table of contents: parsed into items (pages, link pages, groups) with their nesting and
 * line numbers, and rendered back in the canonical form GitBook writes.
 * Grammar (shared/reference/git-sync-format.md §3): `# Title` line, `## Group` headings (optional
 * `<a href="#slug" id="slug"></a>`), thematic breaks close a group, list items hold one link, nesting by indent.
 */

export interface SummaryItem {
  kind: 'page' | 'link' | 'group'
  title: string
  /** Page: file path relative to the summary's directory. Link: the address. */
  target?: string
  /** Quoted link title (`[T](p.md "Label")`), the navigation label. */
  linkTitle?: string
  /** Group slug fixed by an anchor. */
  slug?: string
  children: SummaryItem[]
  line: number
}

export interface SummaryProblem {
  line: number
  message: string
}

const LINK = /^\[((?:[^\]\\]|\\.)*)\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\)\s*$/

function unescape(text: string): string {
  return text.replace(/\\([\\`*_{}[\]()#+\-.!<>|"])/g, '$1')
}

function escape(text: string): string {
  return text.replace(/([\\[\]])/g, '\\$1')
}

export function parseSummary(text: string): { items: SummaryItem[]; problems: SummaryProblem[] } {
  const items: SummaryItem[] = []
  const problems: SummaryProblem[] = []
  let group: SummaryItem | null = null
  // Open list items by indent, innermost last.
  let stack: { indent: number; item: SummaryItem }[] = []
  const lines = text.split('\n')
  lines.forEach((raw, index) => {
    const line = index + 1
    if (raw.trim() === '') return
    if (/^#\s/.test(raw)) return
    const heading = /^##\s+(.*?)\s*(?:<a\s+href="#([^"]+)"\s+id="[^"]*"\s*><\/a>)?\s*$/.exec(raw)
    if (heading) {
      group = { kind: 'group', title: unescape(heading[1]), ...(heading[2] ? { slug: heading[2] } : {}), children: [], line }
      items.push(group)
      stack = []
      return
    }
    if (/^\s*(\*\s*\*\s*\*|-\s*-\s*-|_\s*_\s*_)[\s*_-]*$/.test(raw)) {
      group = null
      stack = []
      return
    }
    const item = /^(\s*)[*+-]\s+(.*)$/.exec(raw)
    if (!item) {
      problems.push({ line, message: `not a list item, group heading or divider: "${raw.trim().slice(0, 60)}"` })
      return
    }
    if (item[1].includes('\t')) {
      problems.push({ line, message: 'indent with spaces, not tabs' })
      return
    }
    const link = LINK.exec(item[2].trim())
    if (!link) {
      problems.push({ line, message: `expected one link like "* [Title](page.md)", found "${item[2].trim().slice(0, 60)}"` })
      return
    }
    const target = link[2].startsWith('<') ? link[2].slice(1, -1) : link[2]
    const isPage = !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.includes('#') && /\.md$/i.test(target)
    const node: SummaryItem = {
      kind: isPage ? 'page' : 'link',
      title: unescape(link[1]),
      target: isPage ? decodeURI(target) : target,
      ...(link[3] !== undefined ? { linkTitle: unescape(link[3]) } : {}),
      children: [],
      line,
    }
    const indent = item[1].length
    while (stack.length && stack[stack.length - 1].indent >= indent) stack.pop()
    const parent = stack[stack.length - 1]?.item
    if (parent) parent.children.push(node)
    else if (group) group.children.push(node)
    else items.push(node)
    stack.push({ indent, item: node })
  })
  return { items, problems }
}

/**
 * The canonical SUMMARY.md: `# Table of contents`, `*` items with 2-space nesting, `## ` groups, and a `***`
 * divider before top-level items that come after a group.
 */
export function renderSummary(items: SummaryItem[]): string {
  const out = ['# Table of contents', '']
  const writeItems = (list: SummaryItem[], depth: number) => {
    for (const item of list) {
      const target = item.target ?? ''
      const shown = /[\s()<>]/.test(target) ? `<${target}>` : target
      const title = item.linkTitle !== undefined ? ` "${item.linkTitle.replace(/"/g, '\\"')}"` : ''
      out.push(`${'  '.repeat(depth)}* [${escape(item.title)}](${shown}${title})`)
      writeItems(item.children, depth + 1)
    }
  }
  let pendingTop: SummaryItem[] = []
  let afterGroup = false
  const flushTop = () => {
    if (pendingTop.length) {
      // Items after a group belong to it unless a divider closes it first.
      if (afterGroup) out.push('***', '')
      writeItems(pendingTop, 0)
      out.push('')
      pendingTop = []
    }
  }
  for (const item of items) {
    if (item.kind !== 'group') {
      pendingTop.push(item)
      continue
    }
    flushTop()
    out.push(`## ${escape(item.title)}${item.slug ? ` <a href="#${item.slug}" id="${item.slug}"></a>` : ''}`, '')
    writeItems(item.children, 0)
    out.push('')
    afterGroup = true
  }
  flushTop()
  return out.join('\n').replace(/\n+$/, '\n')
}
