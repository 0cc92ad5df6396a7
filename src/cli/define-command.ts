/**
 * Commands as data, mounted on commander: `docsctl <group> <verb>`. Each command calls operations through the
 * context's client and returns a result; `--json` prints that result, otherwise the command's `human` view.
 */
import { Command, InvalidArgumentError, Option } from 'commander'
import { CliContext } from './context'
import { printError, printJson } from './output'

export interface CommandSpec<O = any> {
  name: string
  summary: string
  /** Lines shown under "Examples:" in --help. */
  examples: string[]
  args?: string[]
  options?: Option[]
  run(ctx: CliContext, args: string[], options: O): Promise<unknown>
  /** Human-readable rendering of the result (the default prints nothing). */
  human?(result: any, options: O): string
}

export interface GroupSpec {
  name: string
  aliases?: string[]
  summary: string
  commands: CommandSpec[]
  /** Groups within the group: `docsctl cr reviewers add`. */
  groups?: GroupSpec[]
}

/** Mounts a group on `program`, or inside another group's command (`within` is then that group's path, for help). */
export function mountGroup(program: Command, group: GroupSpec, within?: string): Command {
  const path = within ? `${within} ${group.name}` : group.name
  const parent = program.command(group.name).description(group.summary)
  for (const alias of group.aliases ?? []) parent.alias(alias)
  for (const spec of group.commands) mountCommand(parent, spec)
  for (const child of group.groups ?? []) mountGroup(parent, child, path)
  // The group's --help teaches too: the first example of each command.
  const examples = [...group.commands, ...(group.groups ?? []).flatMap((child) => child.commands)].map((spec) => `  $ ${spec.examples[0]}`).join('\n')
  parent.addHelpText('after', `\nExamples:\n${examples}\n\nMore in \`docsctl ${path} <command> --help\`.\n`)
  return parent
}

export function mountCommand(parent: Command, spec: CommandSpec): Command {
  const command = parent.command([spec.name, ...(spec.args ?? [])].join(' ')).description(spec.summary)
  for (const option of spec.options ?? []) command.addOption(option)
  command.option('--json', 'print the result as one JSON document')
  command.addHelpText('after', `\nExamples:\n${spec.examples.map((e) => `  $ ${e}`).join('\n')}\n`)
  command.action(async (...params: unknown[]) => {
    const cmd = params[params.length - 1] as Command
    const args = params.slice(0, spec.args?.length ?? 0) as string[]
    const ctx = CliContext.of(cmd)
    try {
      const result = await spec.run(ctx, args, cmd.opts())
      if (ctx.output.json) printJson(ctx.output, result ?? null)
      else if (spec.human) ctx.output.out(spec.human(result, cmd.opts()))
    } catch (error) {
      process.exitCode = printError(ctx.output, error)
    } finally {
      await ctx.close().catch(() => {})
    }
  })
  return command
}

/** `--limit` and `--page` for list commands. */
export const pageOptions = () => [
  new Option('--limit <n>', 'items per page (1-1000)').argParser(parseInteger),
  new Option('--page <cursor>', 'page cursor printed by the previous page'),
]

export function pageQuery(options: { limit?: number; page?: string }) {
  return { ...(options.limit !== undefined ? { limit: options.limit } : {}), ...(options.page ? { page: options.page } : {}) }
}

/** An option parser; commander reports its InvalidArgumentError as a usage error (a plain Error would escape it). */
export function parseInteger(value: string): number {
  const n = Number(value)
  if (!Number.isInteger(n)) throw new InvalidArgumentError(`"${value}" is not a whole number.`)
  return n
}

/** A trailing "next page" hint for human list output. */
export function nextHint(result: { next?: { page: string }; count: number; items: unknown[] }): string {
  return result.next ? `\n${result.items.length} of ${result.count} shown; next page: --page ${result.next.page}\n` : ''
}
