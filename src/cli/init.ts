/**
 * `docsctl init`: creates the local workspace (store, first organization, its admin, a token the CLI remembers).
 * On a TTY it asks for what is missing; elsewhere it needs --yes with --org and --email.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { Command, Option } from 'commander'
import { CliContext } from './context'
import { printError, printJson } from './output'
import { readSettings, rememberToken, writeSettings } from './workspace'
import { DATABASE_FILE } from '../store/database'
import { ApiError, BadRequestError, ConflictError } from '../errors'
import { Limits } from '../api/schemas/limits'

export interface InitResult {
  organization: unknown
  user: unknown
  token: string
}

export interface InitAnswers {
  org?: string
  email?: string
  name?: string
}

/** Creates the workspace in ctx.dataDir; throws ConflictError when one exists. Used by `init` and `serve --init`. */
export async function initWorkspace(ctx: CliContext, answers: Required<Pick<InitAnswers, 'org' | 'email'>> & InitAnswers): Promise<InitResult> {
  validateAnswers(answers)
  const [{ openEngine }, { createWorkspace }, { presentOrganization }, { presentUser }, { PermissionResolver }] = await Promise.all([
    import('../engine'),
    import('../domain/workspace/create-workspace'),
    import('../api/presenters/organization'),
    import('../api/presenters/user'),
    import('../domain/permissions/resolve-permissions'),
  ])
  const engine = await openEngine({ dataDir: ctx.dataDir, create: true })
  try {
    const { organization, user, token } = await createWorkspace(engine.db, { organizationTitle: answers.org, email: answers.email, name: answers.name })
    writeSettings(ctx.dataDir, { organizationId: organization.id, userId: user.id })
    rememberToken(ctx.dataDir, token)
    const actor = { user, tokenId: null }
    const opCtx = { engine, db: engine.db, actor, access: new PermissionResolver(engine.db, actor), baseUrl: engine.baseUrl }
    return { organization: await presentOrganization(organization, opCtx), user: presentUser(user, engine.baseUrl), token }
  } finally {
    await engine.close()
  }
}

export function workspaceExists(dataDir: string): boolean {
  return existsSync(join(dataDir, DATABASE_FILE))
}

function validateAnswers(answers: InitAnswers) {
  const title = answers.org?.trim() ?? ''
  if (title.length < Limits.organization.title.min || title.length > Limits.organization.title.max) {
    throw new BadRequestError(`--org: the organization title must be ${Limits.organization.title.min} to ${Limits.organization.title.max} characters.`)
  }
  if (!answers.email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(answers.email)) throw new BadRequestError('--email: must be an email address, like you@example.com.')
}

/** Asks on a TTY for what was not given; elsewhere fails with what to pass. */
async function collectAnswers(options: InitAnswers & { yes?: boolean }): Promise<Required<Pick<InitAnswers, 'org' | 'email'>> & InitAnswers> {
  const missing = !options.org || !options.email
  if (missing && (options.yes || !process.stdin.isTTY)) {
    throw new BadRequestError('Missing --org and/or --email: run `docsctl init --yes --org "<title>" --email <email> [--name "<name>"]`.')
  }
  if (!missing) return options as Required<Pick<InitAnswers, 'org' | 'email'>> & InitAnswers
  const { input } = await import('@inquirer/prompts')
  const org = options.org ?? (await input({ message: 'Organization title', required: true, validate: (v) => v.trim().length >= 2 || 'At least 2 characters' }))
  const name = options.name ?? (await input({ message: 'Your name', required: true }))
  const email = options.email ?? (await input({ message: 'Your email', required: true, validate: (v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v) || 'An email address' }))
  return { org, name, email }
}

export function initCommand(program: Command): void {
  program
    .command('init')
    .description('Create a local docsctl workspace: the store, an organization, you as its admin, and a token')
    .option('--org <title>', 'organization title (2 to 255 characters)')
    .option('--email <email>', 'your email')
    .option('--name <name>', 'your display name')
    .addOption(new Option('-y, --yes', 'do not prompt; fail if --org or --email is missing'))
    .option('--template <name>', 'instead: scaffold a GitBook-format docs folder (starter, api-reference, handbook)')
    .option('--dir <folder>', 'with --template: the folder to create', 'docs')
    .option('--json', 'print {organization, user, token} as JSON')
    .addHelpText('after', '\nExamples:\n  $ docsctl init\n  $ docsctl init --yes --org "Acme Docs" --email ada@acme.com --name "Ada" --json\n  $ docsctl init --template handbook --dir handbook\n')
    .action(async (options, command: Command) => {
      const ctx = CliContext.of(command)
      try {
        if (options.template) {
          const { scaffold } = await import('./templates')
          const files = scaffold(options.template, options.dir)
          if (ctx.output.json) printJson(ctx.output, { template: options.template, dir: options.dir, files })
          else ctx.output.out(`Created ${options.dir}/ from the "${options.template}" template (${files.length} files).\nImport it into a space with: docsctl git import --space <spaceId> --url <repository>\n`)
          return
        }
        if (workspaceExists(ctx.dataDir)) {
          const settings = readSettings(ctx.dataDir)
          throw new ConflictError(
            `A docsctl workspace already exists in ${ctx.dataDir}${settings ? ` (organization ${settings.organizationId})` : ''}; nothing was changed. ` +
              'Use `docsctl token create` for a new token.',
          )
        }
        const result = await initWorkspace(ctx, await collectAnswers(options))
        if (ctx.output.json) printJson(ctx.output, result)
        else
          ctx.output.out(
            `Created workspace in ${ctx.dataDir}\n  organization  ${(result.organization as any).title} (${(result.organization as any).id})\n` +
              `  admin         ${(result.user as any).email}\n  token         ${result.token}\n\n` +
              'The token is shown once; docsctl remembers it for commands run on this data directory.\n',
          )
      } catch (error) {
        process.exitCode = printError(ctx.output, error instanceof ApiError || error instanceof Error ? error : new Error(String(error)))
      }
    })
}
