/** Builds the commander program: global options, then one group per resource. */
import { Command, CommanderError, Option } from 'commander'
import { VERSION } from '../version'
import { mountCommand, mountGroup, type GroupSpec } from './define-command'
import { createOutput, printError, printJson } from './output'
import { initCommand } from './init'
import { serveCommand } from './serve'
import { linksCommand } from './links'
import { searchCommand } from './search'
import { devCommand } from './dev'

/**
 * The command groups by the names they answer to (name, then aliases; program.test.ts checks them against the
 * groups), each loaded when used: a command's start reads its own group only, help and unknown commands all.
 */
export const GROUPS: [names: string[], load: () => Promise<GroupSpec>][] = [
  [['org', 'orgs'], async () => (await import('./orgs')).orgCommands],
  [['collection', 'collections'], async () => (await import('./collections')).collectionCommands],
  [['space', 'spaces'], async () => (await import('./spaces')).spaceCommands],
  [['site', 'sites'], async () => (await import('./sites')).siteCommands],
  [['cr', 'change-requests'], async () => (await import('./change-requests')).changeRequestCommands],
  [['comment', 'comments'], async () => (await import('./comments')).commentCommands],
  [['page', 'pages'], async () => (await import('./pages')).pageCommands],
  [['git'], async () => (await import('./git')).gitCommands],
  [['openapi'], async () => (await import('./openapi')).openapiCommands],
  [['translation', 'translations'], async () => (await import('./translations')).translationCommands],
  [['integration', 'integrations'], async () => (await import('./integrations')).integrationCommands],
  [['token', 'tokens'], async () => (await import('./tokens')).tokenCommands],
  [['user', 'users'], async () => (await import('./users')).userCommands],
  [['member', 'members'], async () => (await import('./members')).memberCommands],
  [['team', 'teams'], async () => (await import('./teams')).teamCommands],
  [['invite', 'invites'], async () => (await import('./invites')).inviteCommands],
  [['permission', 'permissions'], async () => (await import('./permissions')).permissionCommands],
  [['saml'], async () => (await import('./saml')).samlCommands],
]

/** Options of the program that take a value (skipped when looking for the command's name). */
const VALUE_OPTIONS = new Set(['--data-dir', '--api-url', '--token'])

/** The first word of the command line that is not an option: the command's (or group's) name. */
function commandName(argv: string[]): string | undefined {
  const args = argv.slice(2)
  for (let i = 0; i < args.length; i++) {
    if (VALUE_OPTIONS.has(args[i])) i++
    else if (!args[i].startsWith('-')) return args[i]
  }
  return undefined
}

export async function buildProgram(argv: string[] = []): Promise<Command> {
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
  const name = commandName(argv)
  const chosen = GROUPS.find(([names]) => name !== undefined && names.includes(name))
  for (const group of await Promise.all((chosen ? [chosen] : GROUPS).map(([, load]) => load()))) mountGroup(program, group)
  return program
}

export async function runProgram(argv: string[]): Promise<number> {
  const program = await buildProgram(argv)
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
