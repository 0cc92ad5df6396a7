/** `docsctl links`: the link checker. Lists broken links (page, line, target) and exits 1 when there are any. */
import { Command, Option } from 'commander'
import { CliContext } from './context'
import { formatTable, printError, printJson } from './output'

export function linksCommand(program: Command): void {
  program
    .command('links')
    .description('Check the links of a space (or of a change request): exits 1 when any link is broken, for CI')
    .addOption(new Option('--space <spaceId>', 'the space').makeOptionMandatory())
    .option('--cr <number>', 'check a change request instead of the live content')
    .option('--all', 'list every link, not only the broken ones')
    .option('--json', 'print {stats, items} as JSON')
    .addHelpText('after', '\nExamples:\n  $ docsctl links --space <spaceId>\n  $ docsctl links --space <spaceId> --cr 3 --json\n')
    .action(async (options, command: Command) => {
      const ctx = CliContext.of(command)
      try {
        const client = await ctx.client()
        const items: any[] = []
        let stats: any
        let page: string | undefined
        do {
          const result = options.cr
            ? await client.call('listChangeRequestLinks', { params: { spaceId: options.space, changeRequestId: options.cr }, query: { limit: 1000, ...(page ? { page } : {}) } })
            : await client.call('listSpaceLinks', { params: { spaceId: options.space }, query: { limit: 1000, ...(page ? { page } : {}) } })
          items.push(...result.items)
          stats = result.stats
          page = result.next?.page
        } while (page)
        const shown = options.all ? items : items.filter((link) => link.status === 'broken')
        if (ctx.output.json) printJson(ctx.output, { stats, items: shown })
        else {
          ctx.output.out(
            formatTable(shown, [
              { header: 'status', value: (l) => l.status },
              { header: 'page', value: (l) => l.location.path },
              { header: 'line', value: (l) => l.location.line },
              { header: 'target', value: (l) => l.target },
            ], 'No broken links.'),
          )
          ctx.output.out(`\n${stats.total} links, ${stats.broken.total} broken.\n`)
        }
        if (stats.broken.total > 0) process.exitCode = 1
      } catch (error) {
        process.exitCode = printError(ctx.output, error)
      } finally {
        await ctx.close().catch(() => {})
      }
    })
}
