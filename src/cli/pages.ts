/** `docsctl page`: read a space's pages, and author pages in a change request (`--cr <number>`). */
import { readFileSync } from 'node:fs'
import { Option } from 'commander'
import { parseInteger, type GroupSpec } from './define-command'
import { formatFields, formatTable } from './output'
import { BadRequestError } from '../errors'
import type { CliContext } from './context'

/** Every page of a tree, depth first, with its depth. */
export function flattenPages(pages: any[], depth = 0): { page: any; depth: number }[] {
  return pages.flatMap((page) => [{ page, depth }, ...flattenPages(page.pages ?? [], depth + 1)])
}

const spaceOption = () => new Option('--space <spaceId>', 'the space').makeOptionMandatory()
const crOption = (required = false) => {
  const option = new Option('--cr <number>', 'the change request (number or id)')
  return required ? option.makeOptionMandatory() : option
}

async function listPagesOf(ctx: CliContext, space: string, cr?: string) {
  const client = await ctx.client()
  return cr
    ? client.call('listPagesInChangeRequest', { params: { spaceId: space, changeRequestId: cr } })
    : client.call('listPages', { params: { spaceId: space } })
}

/** The page's Markdown from --file, or from $EDITOR on a terminal (starting from `current`). */
export async function documentFrom(options: { file?: string }, current: string): Promise<string | undefined> {
  if (options.file) return readFileSync(options.file, 'utf8')
  if (!process.stdin.isTTY || !process.env.EDITOR) return undefined
  const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs')
  const { tmpdir } = await import('node:os')
  const { join } = await import('node:path')
  const { spawnSync } = await import('node:child_process')
  const dir = mkdtempSync(join(tmpdir(), 'docsctl-edit-'))
  const file = join(dir, 'page.md')
  try {
    writeFileSync(file, current)
    const result = spawnSync(process.env.EDITOR, [file], { stdio: 'inherit', shell: true })
    if (result.status !== 0) throw new BadRequestError(`The editor exited with status ${result.status}; nothing was changed.`)
    return readFileSync(file, 'utf8')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

export const pageCommands: GroupSpec = {
  name: 'page',
  aliases: ['pages'],
  summary: 'Pages: list and read them; add, edit, move and remove them in a change request',
  commands: [
    {
      name: 'list',
      summary: "List the page tree of a space's live content, or of a change request with --cr",
      options: [spaceOption(), crOption()],
      examples: ['docsctl page list --space <spaceId>', 'docsctl page list --space <spaceId> --cr 3 --json'],
      run: (ctx, _a, o) => listPagesOf(ctx, o.space, o.cr),
      human: (r) =>
        formatTable(flattenPages(r.pages), [
          { header: 'id', value: (e) => e.page.id },
          { header: 'title', value: (e) => '  '.repeat(e.depth) + (e.page.emoji ? `${e.page.emoji} ` : '') + e.page.title },
          { header: 'path', value: (e) => e.page.path },
          { header: 'type', value: (e) => e.page.type },
        ], 'No pages.'),
    },
    {
      name: 'get',
      summary: 'Show a page (by id, or by path with --path) and its Markdown',
      args: ['[pageId]'],
      options: [spaceOption(), crOption(), new Option('--path <path>', 'the page path, e.g. guides/install')],
      examples: ['docsctl page get <pageId> --space <spaceId>', 'docsctl page get --path guides/install --space <spaceId>'],
      run: async (ctx, [pageId], o) => {
        const client = await ctx.client()
        if (o.path) return client.call('getPageByPath', { params: { spaceId: o.space, pagePath: o.path } })
        if (!pageId) throw new BadRequestError('Give a page id, or --path <path>.')
        return o.cr
          ? client.call('getPageInChangeRequestById', { params: { spaceId: o.space, changeRequestId: o.cr, pageId } })
          : client.call('getPageById', { params: { spaceId: o.space, pageId } })
      },
      human: (p) => formatFields([['id', p.id], ['title', p.title], ['path', p.path], ['type', p.type], ['description', p.description], ['updated', p.updatedAt]]) + (p.markdown ? `\n${p.markdown}` : ''),
    },
    {
      name: 'add',
      summary: 'Add a page to a change request (its Markdown from --file; front matter sets metadata)',
      options: [
        spaceOption(),
        crOption(true),
        new Option('--title <title>', 'title (front matter or a leading # heading win)'),
        new Option('--file <path>', 'Markdown file of the page'),
        new Option('--parent <pageId>', 'add it under this page'),
        new Option('--slug <slug>', 'path segment (default: from the title)'),
      ],
      examples: ['docsctl page add --space <spaceId> --cr 1 --file install.md', 'docsctl page add --space <spaceId> --cr 1 --title "FAQ" --parent <pageId>'],
      run: async (ctx, _a, o) =>
        (await ctx.client()).call('updateChangeRequestContent', {
          params: { spaceId: o.space, changeRequestId: o.cr },
          query: { compat: false },
          body: { changes: [{ operation: 'insert_page', title: o.title, slug: o.slug, into: o.parent, document: { markdown: o.file ? readFileSync(o.file, 'utf8') : '' } }] },
        }),
      human: (r) => `Added page ${r.changes[0].page.id} to change request #${r.changeRequest.number}.\n`,
    },
    {
      name: 'edit',
      summary: "Replace a page's Markdown in a change request: from --file, or in $EDITOR on a terminal",
      args: ['<pageId>'],
      options: [spaceOption(), crOption(true), new Option('--file <path>', 'Markdown file with the new content'), new Option('--title <title>', 'new title')],
      examples: ['docsctl page edit <pageId> --space <spaceId> --cr 1 --file install.md', 'EDITOR=vim docsctl page edit <pageId> --space <spaceId> --cr 1'],
      run: async (ctx, [pageId], o) => {
        const client = await ctx.client()
        const current = await client.call('getPageInChangeRequestById', { params: { spaceId: o.space, changeRequestId: o.cr, pageId } })
        const markdown = await documentFrom(o, current.markdown ?? '')
        if (markdown === undefined && o.title === undefined) throw new BadRequestError('Give --file or --title (or run on a terminal with $EDITOR set).')
        return client.call('updateChangeRequestContent', {
          params: { spaceId: o.space, changeRequestId: o.cr },
          query: { compat: false },
          body: { changes: [{ operation: 'update_page', page: pageId, title: o.title, ...(markdown !== undefined ? { document: { markdown } } : {}) }] },
        })
      },
      human: (r) => `Updated page ${r.changes[0].page.id} in change request #${r.changeRequest.number}.\n`,
    },
    {
      name: 'move',
      summary: 'Move a page in a change request: under another page (--parent), to the root (--root), to a position (--at)',
      args: ['<pageId>'],
      options: [spaceOption(), crOption(true), new Option('--parent <pageId>', 'new parent page'), new Option('--root', 'move it to the root'), new Option('--at <index>', 'zero-based position among its siblings').argParser(parseInteger)],
      examples: ['docsctl page move <pageId> --space <spaceId> --cr 1 --parent <otherPageId>', 'docsctl page move <pageId> --space <spaceId> --cr 1 --root --at 0'],
      run: async (ctx, [pageId], o) =>
        (await ctx.client()).call('updateChangeRequestContent', {
          params: { spaceId: o.space, changeRequestId: o.cr },
          query: { compat: false },
          body: { changes: [{ operation: 'update_page', page: pageId, ...(o.root ? { into: null } : o.parent ? { into: o.parent } : {}), ...(o.at !== undefined ? { at: o.at } : {}) }] },
        }),
      human: (r) => `Moved page ${r.changes[0].page.id} in change request #${r.changeRequest.number}.\n`,
    },
    {
      name: 'rm',
      summary: 'Remove a page (and its sub-pages) in a change request',
      args: ['<pageId>'],
      options: [spaceOption(), crOption(true)],
      examples: ['docsctl page rm <pageId> --space <spaceId> --cr 1'],
      run: async (ctx, [pageId], o) =>
        (await ctx.client()).call('updateChangeRequestContent', {
          params: { spaceId: o.space, changeRequestId: o.cr },
          query: { compat: false },
          body: { changes: [{ operation: 'delete_page', page: pageId }] },
        }),
      human: (r) => `Removed ${r.changes.length} page(s) in change request #${r.changeRequest.number}.\n`,
    },
  ],
}
