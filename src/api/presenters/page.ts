import { childrenByParent, pagePaths, type ContentSnapshot, type PageSnapshot } from '../../domain/revisions/content'
import { appUrl } from './urls'

const DEFAULT_LAYOUT = {
  width: 'default',
  cover: true,
  coverSize: 'full',
  coverMask: 'none',
  title: true,
  description: true,
  tableOfContents: true,
  outline: true,
  pagination: true,
  metadata: true,
  tags: true,
  actions: true,
  anchors: true,
}

export interface PageContext {
  baseUrl: string
  spaceId: string
  content: ContentSnapshot
  paths?: Map<string, string>
  children?: Map<string | null, PageSnapshot[]>
  /** Set for `format=document`: turns a page's Markdown into GitBook's JSON document. */
  toDocument?: ((markdown: string) => unknown) | null
}

/** Paths and the child lists of a content, computed once for presenting many of its pages. */
export function pageContext(baseUrl: string, spaceId: string, content: ContentSnapshot, toDocument: PageContext['toDocument'] = null): Required<PageContext> {
  return { baseUrl, spaceId, content, paths: pagePaths(content), children: childrenByParent(content), toDocument }
}

/** The Markdown → document converter when `format` asks for documents (loaded only then: it is large). */
export async function documentConverter(format: string | undefined): Promise<PageContext['toDocument']> {
  return format === 'document' ? (await import('../../domain/revisions/markdown-document')).markdownToDocument : null
}

/** A page as GitBook's RevisionPage: with its children (recursively) and, for documents, its Markdown. */
export function presentPage(page: PageSnapshot, ctx: Required<PageContext>): Record<string, unknown> {
  const meta = page.meta
  const common = {
    object: 'revision-page',
    id: page.id,
    title: page.title,
    ...(typeof meta.emoji === 'string' ? { emoji: meta.emoji } : {}),
    ...(typeof meta.icon === 'string' ? { icon: meta.icon } : {}),
    createdAt: page.createdAt,
    updatedAt: page.updatedAt,
    slug: page.slug,
    path: ctx.paths.get(page.id) ?? page.slug,
    pages: (ctx.children.get(page.id) ?? []).map((child) => presentPage(child, ctx)),
    hidden: meta.hidden === true,
    noIndex: meta.noIndex === true,
    noRobotsIndex: meta.noRobotsIndex === true,
    urls: { app: appUrl(ctx.baseUrl, `/s/${ctx.spaceId}/${ctx.paths.get(page.id) ?? page.slug}`) },
    ...gitOf(page),
  }
  if (page.type === 'group') return { ...common, kind: 'group', type: 'group' }
  return {
    ...common,
    kind: 'sheet',
    type: 'document',
    ...(typeof meta.description === 'string' ? { description: meta.description } : {}),
    layout: { ...DEFAULT_LAYOUT, ...((meta.layout as object) ?? {}) },
    ...(meta.cover ? { cover: meta.cover } : {}),
    ...(meta.variables ? { variables: meta.variables } : {}),
    tags: [],
    ...(ctx.toDocument ? { document: ctx.toDocument(page.markdown) } : { markdown: page.markdown }),
  }
}

/**
 * `git {oid, path}` of a page that came from a repository file (not for groups and links, which have none), with
 * `url` when the import had a `repoTreeURL`.
 */
function gitOf(page: PageSnapshot): { git?: { oid: string; path: string; url?: string } } {
  const git = page.meta.git as { oid?: string; path?: string; url?: string } | undefined
  if (page.type !== 'document' || !git?.oid || !git.path) return {}
  return { git: { oid: git.oid, path: git.path, url: git.url } }
}

/** The page tree: root pages with their children. */
export function presentPageTree(ctx: Required<PageContext>): Record<string, unknown>[] {
  return (ctx.children.get(null) ?? []).map((page) => presentPage(page, ctx))
}
