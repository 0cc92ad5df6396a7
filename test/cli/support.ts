/**
 * Runs the real bin (bin/docsctl.js → dist/, built by `npm test` before vitest) with execa, on temp data dirs.
 * The environment is pinned: DOCSCTL_TOKEN and DOCSCTL_API_URL are blanked (the CLI counts empty as unset) so a
 * developer's own settings never leak into a test.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { execa, type ResultPromise } from 'execa'

export const BIN = fileURLToPath(new URL('../../bin/docsctl.js', import.meta.url))

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'docsctl-cli-'))
}

function environment(dataDir: string, env: Record<string, string> = {}): Record<string, string> {
  return { DOCSCTL_DATA_DIR: dataDir, DOCSCTL_TOKEN: '', DOCSCTL_API_URL: '', NO_COLOR: '1', ...env }
}

export interface RunResult {
  exitCode: number
  stdout: string
  stderr: string
}

/** Runs `docsctl ...args` with DOCSCTL_DATA_DIR set to `dataDir`, stdin closed (no TTY); output exactly as printed; never throws on a non-zero exit. */
export async function docsctl(dataDir: string, args: string[], env: Record<string, string> = {}): Promise<RunResult> {
  const result = await execa(process.execPath, [BIN, ...args], { env: environment(dataDir, env), extendEnv: true, reject: false, stdin: 'ignore', stripFinalNewline: false })
  return { exitCode: result.exitCode ?? -1, stdout: String(result.stdout), stderr: String(result.stderr) }
}

/** Parses stdout as exactly one JSON document (JSON.parse throws on anything before or after it). */
export function json(result: RunResult): any {
  return JSON.parse(result.stdout)
}

/** A workspace made with `docsctl init --yes … --json`. */
export async function initWorkspace(dataDir = tempDir()) {
  const result = await docsctl(dataDir, ['init', '--yes', '--org', 'Acme Docs', '--email', 'ada@acme.com', '--name', 'Ada', '--json'])
  if (result.exitCode !== 0) throw new Error(`init failed: ${result.stderr}`)
  return { dataDir, ...(json(result) as { organization: any; user: any; token: string }) }
}

export interface RunningServer {
  /** http://HOST:PORT, as printed (127.0.0.1 unless `--host` says otherwise). */
  url: string
  /** The first match of each `waitFor` pattern, in order. */
  matches: RegExpExecArray[]
  /** Everything printed so far, stdout and stderr. */
  output: () => string
  process: ResultPromise
  /** Sends the signal and answers the exit code. */
  stop: (signal?: 'SIGTERM' | 'SIGINT') => Promise<number>
}

/**
 * Starts `docsctl serve --port 0 …` and reads its output until the URL line (and every `waitFor` pattern) has
 * appeared; fails, stopping the process, when that takes more than 15 s or the process exits first.
 */
export async function serve(dataDir: string, extra: string[] = [], waitFor: RegExp[] = []): Promise<RunningServer> {
  const child = execa(process.execPath, [BIN, 'serve', '--port', '0', ...extra], { env: environment(dataDir), extendEnv: true, reject: false, stdin: 'ignore' })
  let output = ''
  const patterns = [/http:\/\/\d+\.\d+\.\d+\.\d+:\d+/, ...waitFor]
  const matches = await new Promise<RegExpExecArray[]>((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer)
      child.kill('SIGKILL')
      reject(new Error(`${why}: ${output}`))
    }
    const timer = setTimeout(() => fail('serve did not print what was awaited'), 15_000)
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      const found = patterns.map((pattern) => pattern.exec(output))
      if (found.every(Boolean)) {
        clearTimeout(timer)
        resolve(found as RegExpExecArray[])
      }
    }
    child.stdout!.on('data', read)
    child.stderr!.on('data', read)
    child.on('exit', () => fail('serve exited early'))
  })
  return {
    url: matches[0][0],
    matches: matches.slice(1),
    output: () => output,
    process: child,
    stop: async (signal = 'SIGTERM') => {
      child.kill(signal)
      return (await child).exitCode ?? -1
    },
  }
}

/** fetch with the token as a bearer (or no Authorization header when token is undefined). */
export function get(url: string, token?: string): Promise<Response> {
  return fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} })
}
