/**
 * `docsctl dev <folder>`: the offline local development server. Imports a GitBook-format folder into a space,
 * serves the API, and watches the folder: every save updates the space's content within a fraction of a second,
 * re-reading only the files that changed. Problems in the folder (a broken SUMMARY.md line, a missing file) are
 * printed with file and line while the last good content stays served.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { basename, join, relative, resolve, sep } from 'node:path'
import { Command, Option } from 'commander'
import { CliContext } from './context'
import { parseInteger } from './define-command'
import type { DevState } from './dev-view'
import { liveTerminal, printError } from './output'
import { ensureWorkspace } from './serve'
import { readSettings } from './workspace'
import { BadRequestError } from '../errors'

const IGNORED = /(^|[/\\])(\.git|node_modules)([/\\]|$)/

function readFolder(root: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>()
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name)
      if (IGNORED.test(full)) continue
      if (entry.isDirectory()) walk(full)
      else if (entry.isFile()) files.set(relative(root, full).split(sep).join('/'), readFileSync(full))
    }
  }
  walk(root)
  return files
}

export function devCommand(program: Command): void {
  program
    .command('dev <folder>')
    .description('Serve a GitBook-format folder: import it into a space, serve the API, and follow every save')
    .option('--space <spaceId>', 'the space to keep in step (default: a new one named after the folder)')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .addOption(new Option('--port <port>', 'port to listen on (0 picks a free one)').default(8080).argParser(parseInteger))
    .addHelpText('after', '\nExamples:\n  $ docsctl dev ./docs\n  $ docsctl dev ./docs --space <spaceId> --port 4000\n')
    .action(async (folder: string, options, command: Command) => {
      const ctx = CliContext.of(command)
      try {
        const root = resolve(folder)
        if (!statSync(root, { throwIfNoEntry: false })?.isDirectory()) throw new BadRequestError(`${folder} is not a folder.`)
        const token = await ensureWorkspace(ctx, { org: 'My Docs' })
        const [{ openEngine, serverMayUseLocalFiles }, { startServer }, { importFiles }, { executeOperation, findOperation }, chokidar] = await Promise.all([
          import('../engine'),
          import('../http/server'),
          import('../jobs/git-import'),
          import('../api/execute'),
          import('chokidar'),
        ])
        // (The folder itself is read here, in-process; what requests may name follows the host, as for `serve`.)
        const engine = await openEngine({ dataDir: ctx.dataDir, localFiles: serverMayUseLocalFiles(options.host) })
        let spaceId: string = options.space
        if (!spaceId) {
          const created = await executeOperation(engine, await findOperation('createSpace'), { params: { organizationId: readSettings(ctx.dataDir)!.organizationId }, body: { title: basename(root).slice(0, 50) } }, { token })
          spaceId = (created.body as { id: string }).id
        }
        const server = await startServer({ engine, host: options.host, port: options.port })
        const files = readFolder(root)
        // On a terminal an ink view (URL, last sync, current problems); elsewhere plain lines.
        const state: DevState = { root, url: server.url, spaceId, token, problems: [] }
        const view = liveTerminal(process.stdout) && !ctx.output.json ? await (await import('./dev-view')).startDevView(state) : undefined
        const sync = async (why: string) => {
          const started = performance.now()
          const { revision, read } = await importFiles(engine, spaceId, files, { skipUnchanged: true, requireClean: true })
          const took = (performance.now() - started).toFixed(0)
          const outcome = read.problems.length ? `${read.problems.length} problem(s); still serving the last good content` : revision ? `${read.content.pages.size} pages in ${took} ms` : 'no change'
          if (view) {
            view.update({ ...state, last: { at: new Date().toLocaleTimeString(), why, outcome }, problems: read.problems })
            return
          }
          for (const problem of read.problems) ctx.output.err(`  ${problem.file}${problem.line ? `:${problem.line}` : ''}: ${problem.message}\n`)
          ctx.output.out(`${new Date().toLocaleTimeString()} ${why}: ${outcome}\n`)
        }
        if (!view) ctx.output.out(`docsctl dev is serving ${root} as space ${spaceId} on ${server.url} (API: ${server.url}/v1)\ntoken: ${token}\n`)
        await sync('imported')
        let pending = new Set<string>()
        let timer: NodeJS.Timeout | undefined
        let running = Promise.resolve()
        const watcher = chokidar.watch(root, { ignoreInitial: true, ignored: (path: string) => IGNORED.test(path) })
        watcher.on('all', (_event: string, path: string) => {
          pending.add(path)
          clearTimeout(timer)
          timer = setTimeout(() => {
            const changed = pending
            pending = new Set()
            running = running.then(async () => {
              // Only the files that changed are read again.
              for (const full of changed) {
                const key = relative(root, full).split(sep).join('/')
                const stat = statSync(full, { throwIfNoEntry: false })
                if (stat?.isFile()) files.set(key, readFileSync(full))
                else if (!stat) for (const existing of [...files.keys()]) if (existing === key || existing.startsWith(key + '/')) files.delete(existing)
              }
              await sync(`${changed.size} file(s) changed`).catch((error) => printError(ctx.output, error))
            })
          }, 30)
        })
        await new Promise<void>((done) => {
          const stop = async () => {
            process.off('SIGINT', stop)
            process.off('SIGTERM', stop)
            await watcher.close()
            await running
            view?.close()
            await server.close()
            await engine.close()
            done()
          }
          process.on('SIGINT', stop)
          process.on('SIGTERM', stop)
        })
      } catch (error) {
        process.exitCode = printError(ctx.output, error)
      }
    })
}
