/**
 * `docsctl serve`: the /v1 API over the embedded store. Prints a line with http://HOST:PORT once listening;
 * stops gracefully on SIGINT/SIGTERM (in-flight requests finish, then the database closes).
 */
import { userInfo } from 'node:os'
import { Command, Option } from 'commander'
import { CliContext } from './context'
import { parseInteger } from './define-command'
import { printError } from './output'
import { initWorkspace, workspaceExists } from './init'
import { readRememberedToken, readSettings, rememberToken } from './workspace'
import { StoreMissingError } from '../store/database'

export function serveCommand(program: Command): void {
  program
    .command('serve')
    .description('Serve the /v1 HTTP API over the local store')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .addOption(new Option('--port <port>', 'port to listen on (0 picks a free one)').default(8080).argParser(parseInteger))
    .option('--init', 'create a workspace first when the data directory has none, and print its token')
    .option('--org <title>', 'with --init: organization title', 'My Docs')
    .option('--email <email>', 'with --init: admin email (default: <user>@localhost)')
    .option('--log', 'log every request to stderr')
    .option('--allow-local-files', "let requests name this machine's files (local repository paths, file:// addresses) although the server listens beyond it (with --host); on a loopback address they always may")
    .addHelpText('after', '\nExamples:\n  $ docsctl serve --init\n  $ docsctl serve --port 0 --data-dir ./docs-data\n  $ curl -H "Authorization: Bearer $TOKEN" http://127.0.0.1:8080/v1/orgs\n')
    .action(async (options, command: Command) => {
      const ctx = CliContext.of(command)
      try {
        let token: string | undefined
        if (options.init) token = await ensureWorkspace(ctx, options)
        else if (!workspaceExists(ctx.dataDir)) throw new StoreMissingError(ctx.dataDir)
        const [{ openEngine, serverMayUseLocalFiles }, { startServer }] = await Promise.all([import('../engine'), import('../http/server')])
        const engine = await openEngine({ dataDir: ctx.dataDir, localFiles: serverMayUseLocalFiles(options.host, options.allowLocalFiles) })
        const server = await startServer({ engine, host: options.host, port: options.port, log: options.log })
        ctx.output.out(`docsctl is listening on ${server.url} (API: ${server.url}/v1, data: ${ctx.dataDir})\n`)
        if (token) ctx.output.out(`token: ${token}\n`)
        if (!engine.localFiles) ctx.output.err(`Listening beyond this machine: requests may not name its files (local repository paths, file:// addresses); --allow-local-files allows them.\n`)
        await new Promise<void>((resolve) => {
          const stop = async () => {
            process.off('SIGINT', stop)
            process.off('SIGTERM', stop)
            ctx.output.err('Stopping: finishing requests in flight…\n')
            await server.close()
            await engine.close()
            resolve()
          }
          process.on('SIGINT', stop)
          process.on('SIGTERM', stop)
        })
      } catch (error) {
        process.exitCode = printError(ctx.output, error)
      }
    })
}

/** Creates the workspace when missing; answers the token to print (the remembered one, or a new one). */
export async function ensureWorkspace(ctx: CliContext, options: { org: string; email?: string }): Promise<string> {
  if (!workspaceExists(ctx.dataDir)) {
    const email = options.email ?? `${safeUserName()}@localhost.localdomain`
    return (await initWorkspace(ctx, { org: options.org, email })).token
  }
  const remembered = readRememberedToken(ctx.dataDir)
  if (remembered) return remembered
  const settings = readSettings(ctx.dataDir)
  const [{ openEngine }, { issueToken }] = await Promise.all([import('../engine'), import('../domain/auth/tokens')])
  const engine = await openEngine({ dataDir: ctx.dataDir })
  try {
    const userId = settings?.userId ?? (await engine.db.selectFrom('users').select('id').orderBy('created_at').executeTakeFirstOrThrow()).id
    const { token } = await issueToken(engine.db, userId, 'docsctl serve --init')
    rememberToken(ctx.dataDir, token)
    return token
  } finally {
    await engine.close()
  }
}

function safeUserName(): string {
  try {
    return userInfo().username.replace(/[^A-Za-z0-9._-]/g, '') || 'admin'
  } catch {
    return 'admin'
  }
}
