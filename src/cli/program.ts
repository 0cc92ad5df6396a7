/** Builds the commander program: global options, then one group per resource. */
import { Command, CommanderError, Option } from 'commander'
import { VERSION } from '../version'
import { mountCommand, mountGroup } from './define-command'
import { createOutput, printError, printJson } from './output'
import { initCommand } from './init'
import { serveCommand } from './serve'
import { tokenCommands } from './tokens'
import { orgCommands } from './orgs'
import { collectionCommands } from './collections'
import { spaceCommands } from './spaces'
import { userCommands } from './users'
import { changeRequestCommands } from './change-requests'
import { commentCommands } from './comments'
import { pageCommands } from './pages'
import { linksCommand } from './links'
import { searchCommand } from './search'
import { gitCommands } from './git'
import { openapiCommands } from './openapi'
import { devCommand } from './dev'
import { siteCommands } from './sites'
import { memberCommands } from './members'
import { teamCommands } from './teams'
import { inviteCommands } from './invites'
import { permissionCommands } from './permissions'
import { samlCommands } from './saml'
import { integrationCommands } from './integrations'
import { translationCommands } from './translations'

export function buildProgram(): Command {
  const program = new Command('docsctl')
    .version(VERSION)
    .description('Docs-as-code content service: manage organizations, collections and spaces, locally or against a docsctl server.')
    .addOption(new Option('--data-dir <dir>', 'data directory of the local store (default: $DOCSCTL_DATA_DIR or ./.docsctl)'))
    .addOption(new Option('--api-url <url>', 'talk to a docsctl server instead of the local store (or $DOCSCTL_API_URL)'))
    .addOption(new Option('--token <token>', 'API token (or $DOCSCTL_TOKEN; default: the token `init` remembered)'))
    .option('--json', 'print results as one JSON document')
    .showHelpAfterError('(add --help for usage)')
    // Before any subcommand is added, so that every one inherits it: runProgram, not commander, ends the process.
    .exitOverride()
    .addHelpText(
      'after',
      '\nGet started:\n  $ docsctl init                 # create a workspace here (./.docsctl)\n  $ docsctl space create --title "Handbook"\n  $ docsctl serve                # the same engine as the /v1 HTTP API\n',
    )
  initCommand(program)
  serveCommand(program)
  linksCommand(program)
  devCommand(program)
  mountCommand(program, searchCommand)
  for (const group of [orgCommands, collectionCommands, spaceCommands, siteCommands, changeRequestCommands, commentCommands, pageCommands, gitCommands, openapiCommands, translationCommands, integrationCommands, tokenCommands, userCommands, memberCommands, teamCommands, inviteCommands, permissionCommands, samlCommands]) mountGroup(program, group)
  return program
}

export async function runProgram(argv: string[]): Promise<number> {
  const program = buildProgram()
  try {
    await program.parseAsync(argv)
  } catch (error) {
    if (!(error instanceof CommanderError)) return printError(createOutput(wantsJson(argv)), error)
    // Commander has printed help, the version (exit code 0) or a usage error on stderr; for a usage error, --json
    // promises an error object on stdout as well, as for every other failure.
    if (!HELP_CODES.has(error.code) && wantsJson(argv)) printJson(createOutput(true), { error: { code: 400, message: error.message.replace(/^error: /, '') } })
    return error.exitCode
  }
  return typeof process.exitCode === 'number' ? process.exitCode : 0
}

const HELP_CODES = new Set(['commander.helpDisplayed', 'commander.help', 'commander.version'])

/** `--json` among the arguments (before a `--` that ends the options). */
function wantsJson(argv: string[]): boolean {
  const args = argv.slice(2)
  const end = args.indexOf('--')
  return (end === -1 ? args : args.slice(0, end)).includes('--json')
}
