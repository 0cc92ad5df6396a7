/** Builds the commander program: global options, then one group per resource. */
import { Command, Option } from 'commander'
import { VERSION } from '../version'
import { mountGroup } from './define-command'
import { initCommand } from './init'
import { serveCommand } from './serve'
import { tokenCommands } from './tokens'
import { orgCommands } from './orgs'
import { collectionCommands } from './collections'
import { spaceCommands } from './spaces'
import { userCommands } from './users'
import { changeRequestCommands } from './change-requests'
import { pageCommands } from './pages'
import { linksCommand } from './links'
import { gitCommands } from './git'
import { devCommand } from './dev'

export function buildProgram(): Command {
  const program = new Command('docsctl')
    .version(VERSION)
    .description('Docs-as-code content service: manage organizations, collections and spaces, locally or against a docsctl server.')
    .addOption(new Option('--data-dir <dir>', 'data directory of the local store (default: $DOCSCTL_DATA_DIR or ./.docsctl)'))
    .addOption(new Option('--api-url <url>', 'talk to a docsctl server instead of the local store (or $DOCSCTL_API_URL)'))
    .addOption(new Option('--token <token>', 'API token (or $DOCSCTL_TOKEN; default: the token `init` remembered)'))
    .option('--json', 'print results as one JSON document')
    .showHelpAfterError('(add --help for usage)')
    .addHelpText(
      'after',
      '\nGet started:\n  $ docsctl init                 # create a workspace here (./.docsctl)\n  $ docsctl space create --title "Handbook"\n  $ docsctl serve                # the same engine as the /v1 HTTP API\n',
    )
  initCommand(program)
  serveCommand(program)
  linksCommand(program)
  devCommand(program)
  for (const group of [orgCommands, collectionCommands, spaceCommands, changeRequestCommands, pageCommands, gitCommands, tokenCommands, userCommands]) mountGroup(program, group)
  return program
}

export async function runProgram(argv: string[]): Promise<number> {
  const program = buildProgram()
  program.exitOverride()
  try {
    await program.parseAsync(argv)
  } catch (error) {
    const code = (error as { exitCode?: number }).exitCode
    return typeof code === 'number' ? code : 1
  }
  return typeof process.exitCode === 'number' ? process.exitCode : 0
}
