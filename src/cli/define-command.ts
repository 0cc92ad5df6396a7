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
  /** Groups nested under this one (`docsctl site section add`). */
  groups?: GroupSpec[]
}

/** Mounts a group (and the groups nested in it) under `program`; `path` is the name of the group it is nested in. */
export function mountGroup(program: Command, group: GroupSpec, path?: string): Command {
  const parent = program.command(group.name).description(group.summary)
  for (const alias of group.aliases ?? []) parent.alias(alias)
  for (const spec of group.commands) mountCommand(parent, spec)
  const name = path ? `${path} ${group.name}` : group.name
  for (const nested of group.groups ?? []) mountGroup(parent, nested, name)
  // The group's --help teaches too: the first example of each command (and of each nested group's first command).
  const firsts = [...group.commands.map((spec) => spec.examples[0]), ...(group.groups ?? []).map((nested) => nested.commands[0].examples[0])]
  const examples = firsts.map((example) => `  $ ${example}`).join('\n')
  parent.addHelpText('after', `\nExamples:\n${examples}\n\nMore in \`docsctl ${name} <command> --help\`.\n`)
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
