/** `docsctl search "<query>"`: full-text search of a space, or of every space of the organization you can read. */
import { Option } from 'commander'
import { nextHint, pageOptions, pageQuery, type CommandSpec } from './define-command'
import { bold, dim } from './output'

type Hit = { title: string; path: string; sections: { title: string; path: string; body: string }[] }

const hitLines = (page: Hit, indent = '') => [
  `${indent}${bold(page.title)} ${dim(page.path || '/')}`,
  ...page.sections.slice(0, 3).map((s) => `${indent}  ${s.path.includes('#') ? `§ ${s.title}: ` : ''}${s.body.length > 120 ? s.body.slice(0, 120) + '…' : s.body}`),
]

export const searchCommand: CommandSpec = {
  name: 'search',
  args: ['<query>'],
  summary: 'Search the current content of a space, or of every space of an organization you can read',
  options: [new Option('--space <spaceId>', 'search this space only'), new Option('--org <organizationId>', 'organization (default: the workspace organization)'), ...pageOptions()],
  examples: ['docsctl search "install upgrade"', 'docsctl search webhook --space <spaceId> --json'],
  run: async (ctx, [query], o) => {
    const client = await ctx.client()
    if (o.space) return client.call('searchSpaceContent', { params: { spaceId: o.space }, query: { query, ...pageQuery(o) } })
    return client.call('searchOrganizationContent', { params: { organizationId: await ctx.organizationId(o.org) }, query: { query, ...pageQuery(o) } })
  },
  human: (result, o) => {
    if (result.items.length === 0) return 'Nothing found.\n'
    const lines = o.space ? result.items.flatMap((page: Hit) => hitLines(page)) : result.items.flatMap((space: { title: string; pages: Hit[] }) => [bold(space.title), ...space.pages.flatMap((page) => hitLines(page, '  '))])
    return lines.join('\n') + '\n' + nextHint(result)
  },
}
