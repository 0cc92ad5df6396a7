/** A print-ready HTML rendering of pages: one document, pages in tree order, each starting on a new sheet. */
import MarkdownIt from 'markdown-it'
import { childrenByParent, pagePaths, type ContentSnapshot, type PageSnapshot } from '../revisions/content'

// Raw HTML in pages is not rendered: the print page is served by docsctl, and pages are user content.
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true })

const STYLE = `
  body { font: 11pt/1.5 system-ui, sans-serif; max-width: 44em; margin: 2em auto; color: #111; }
  article { page-break-after: always; } article:last-child { page-break-after: auto; }
  h1.page-title { font-size: 1.8em; margin-bottom: 0.2em; } p.description { color: #555; margin-top: 0; }
  pre { background: #f5f5f5; padding: 0.8em; overflow-x: auto; } code { font-size: 0.92em; }
  img { max-width: 100%; } table { border-collapse: collapse; } td, th { border: 1px solid #ccc; padding: 0.3em 0.6em; }
  .path { color: #888; font-size: 0.85em; }
  @media print { body { margin: 0; max-width: none; } }
`

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

export function renderPrint(content: ContentSnapshot, title: string, onlyPage?: string): string {
  const paths = pagePaths(content)
  const children = childrenByParent(content)
  const ordered: PageSnapshot[] = []
  const walk = (parent: string | null) => {
    for (const page of children.get(parent) ?? []) {
      ordered.push(page)
      walk(page.id)
    }
  }
  walk(null)
  const pages = onlyPage ? ordered.filter((p) => p.id === onlyPage) : ordered
  const articles = pages.map((page) => {
    const body = page.type === 'document' ? markdown.render(page.markdown.replace(/^\s*#\s+.*\n/, '')) : ''
    const description = typeof page.meta.description === 'string' ? `<p class="description">${escape(page.meta.description)}</p>` : ''
    return `<article><p class="path">${escape(paths.get(page.id) ?? '')}</p><h1 class="page-title">${escape(page.title)}</h1>${description}${body}</article>`
  })
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escape(title)}</title><style>${STYLE}</style></head><body>${articles.join('\n') || '<p>No pages.</p>'}</body></html>\n`
}
