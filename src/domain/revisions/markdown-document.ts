/**
 * A page's Markdown as GitBook's JSON document (`format=document`): headings, paragraphs, lists, quotes, code,
 * dividers and tables, with bold, italic, code and strikethrough marks and links. Built from markdown-it's
 * tokens; GitBook `{% %}` blocks and raw HTML stay as text.
 */
import MarkdownIt from 'markdown-it'

type Token = ReturnType<InstanceType<typeof MarkdownIt>['parse']>[number]
type Node = Record<string, unknown>

const parser = new MarkdownIt({ html: false, linkify: false })

const leaf = (text: string, marks: string[]) => ({ object: 'leaf', text, marks: marks.map((type) => ({ object: 'mark', type })) })
const text = (leaves: Node[]) => ({ object: 'text', leaves })

function inline(children: Token[]): Node[] {
  const nodes: Node[] = []
  const marks: string[] = []
  let link: { href: string; nodes: Node[] } | null = null
  const push = (node: Node) => (link ? link.nodes : nodes).push(node)
  const MARKS: Record<string, string> = { strong: 'bold', em: 'italic', s: 'strikethrough' }
  for (const token of children) {
    const mark = MARKS[token.type.replace(/_(open|close)$/, '')]
    if (mark && token.type.endsWith('_open')) marks.push(mark)
    else if (mark && token.type.endsWith('_close')) marks.splice(marks.lastIndexOf(mark), 1)
    else if (token.type === 'text' || token.type === 'html_inline') push(text([leaf(token.content, marks)]))
    else if (token.type === 'code_inline') push(text([leaf(token.content, [...marks, 'code'])]))
    else if (token.type === 'softbreak' || token.type === 'hardbreak') push(text([leaf('\n', marks)]))
    else if (token.type === 'image') push(text([leaf(token.content || String(token.attrGet('src') ?? ''), marks)]))
    else if (token.type === 'link_open') link = { href: String(token.attrGet('href') ?? ''), nodes: [] }
    else if (token.type === 'link_close' && link) {
      nodes.push({ object: 'inline', type: 'link', isVoid: false, data: { ref: { kind: 'url', url: link.href } }, nodes: link.nodes.length ? link.nodes : [text([leaf(link.href, [])])] })
      link = null
    }
  }
  return nodes.length ? nodes : [text([leaf('', [])])]
}

/** Blocks from `tokens[start]` until the closing token of `closeType` (or the end); answers them and the next index. */
function blocks(tokens: Token[], start: number, closeType?: string): [Node[], number] {
  const result: Node[] = []
  let i = start
  while (i < tokens.length && tokens[i].type !== closeType) {
    const token = tokens[i]
    if (token.type === 'heading_open') {
      const level = Math.min(Number(token.tag.slice(1)), 3)
      result.push({ object: 'block', type: `heading-${level}`, nodes: inline(tokens[i + 1].children ?? []), data: {} })
      i += 3
    } else if (token.type === 'paragraph_open') {
      result.push({ object: 'block', type: 'paragraph', nodes: inline(tokens[i + 1].children ?? []), isVoid: false, data: {} })
      i += 3
    } else if (token.type === 'fence' || token.type === 'code_block') {
      const lines = token.content.replace(/\n$/, '').split('\n')
      result.push({
        object: 'block',
        type: 'code',
        isVoid: false,
        data: token.info ? { syntax: token.info.trim().split(/\s+/)[0] } : {},
        nodes: lines.map((line: string) => ({ object: 'block', type: 'code-line', isVoid: false, data: {}, nodes: [text([leaf(line, [])])] })),
      })
      i += 1
    } else if (token.type === 'bullet_list_open' || token.type === 'ordered_list_open') {
      const close = token.type.replace('_open', '_close')
      const items: Node[] = []
      i += 1
      while (tokens[i].type !== close) {
        const [nodes, next] = blocks(tokens, i + 1, 'list_item_close')
        items.push({ object: 'block', type: 'list-item', isVoid: false, nodes: nodes.length ? nodes : [{ object: 'block', type: 'paragraph', nodes: inline([]), isVoid: false, data: {} }] })
        i = next + 1
      }
      result.push({ object: 'block', type: token.type === 'bullet_list_open' ? 'list-unordered' : 'list-ordered', isVoid: false, data: {}, nodes: items })
      i += 1
    } else if (token.type === 'blockquote_open') {
      const [nodes, next] = blocks(tokens, i + 1, 'blockquote_close')
      result.push({ object: 'block', type: 'blockquote', isVoid: false, data: {}, nodes })
      i = next + 1
    } else if (token.type === 'hr') {
      result.push({ object: 'block', type: 'divider', isVoid: true, data: {} })
      i += 1
    } else if (token.type === 'table_open') {
      // Tables become one paragraph per row, cells separated by ' | ' (GitBook's table blocks need a data model).
      let j = i
      while (tokens[j].type !== 'table_close') {
        if (tokens[j].type === 'tr_open') {
          const cells: string[] = []
          for (j++; tokens[j].type !== 'tr_close'; j++) if (tokens[j].type === 'inline') cells.push(tokens[j].content)
          result.push({ object: 'block', type: 'paragraph', nodes: [text([leaf(cells.join(' | '), [])])], isVoid: false, data: {} })
        }
        j++
      }
      i = j + 1
    } else if (token.type === 'html_block') {
      result.push({ object: 'block', type: 'paragraph', nodes: [text([leaf(token.content.trimEnd(), [])])], isVoid: false, data: {} })
      i += 1
    } else {
      i += 1
    }
  }
  return [result, i]
}

export function markdownToDocument(markdown: string): Node {
  const [nodes] = blocks(parser.parse(markdown, {}), 0)
  return { object: 'document', data: { schemaVersion: 1 }, nodes }
}
