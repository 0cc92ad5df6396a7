/**
 * Runs the real bin (bin/docsctl.js → dist/, built by `npm test` before vitest) with execa, on temp data dirs.
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

export interface RunResult {
  exitCode: number
  stdout: string
  stderr: string
}

/** Runs `docsctl ...args` with DOCSCTL_DATA_DIR set to `dataDir`; never throws on a non-zero exit. */
export async function docsctl(dataDir: string, args: string[], env: Record<string, string> = {}): Promise<RunResult> {
  const result = await execa(process.execPath, [BIN, ...args], {
    env: { DOCSCTL_DATA_DIR: dataDir, DOCSCTL_TOKEN: '', DOCSCTL_API_URL: '', NO_COLOR: '1', ...env },
    extendEnv: true,
    reject: false,
    stdin: 'ignore',
  })
  return { exitCode: result.exitCode ?? -1, stdout: String(result.stdout), stderr: String(result.stderr) }
}

/** Parses stdout as exactly one JSON document (throws otherwise). */
export function json(result: RunResult): any {
  return JSON.parse(result.stdout)
}

/** A workspace made with `docsctl init --yes … --json`. */
export async function initWorkspace(dataDir = tempDir()) {
  const result = await docsctl(dataDir, ['init', '--yes', '--org', 'Acme Docs', '--email', 'ada@acme.com', '--name', 'Ada', '--json'])
  if (result.exitCode !== 0) throw new Error(`init failed: ${result.stderr}`)
  return { dataDir, ...json(result) as { organization: any; user: any; token: string } }
}

/** Starts `docsctl serve --port 0 …` and waits for its URL line. */
export async function serve(dataDir: string, extra: string[] = []): Promise<{ url: string; output: () => string; process: ResultPromise }> {
  const child = execa(process.execPath, [BIN, 'serve', '--port', '0', ...extra], {
    env: { DOCSCTL_DATA_DIR: dataDir, NO_COLOR: '1' },
    reject: false,
    stdin: 'ignore',
  })
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not print its URL: ${output}`)), 15_000)
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /http:\/\/127\.0\.0\.1:\d+/.exec(output)
      if (match) {
        clearTimeout(timer)
        resolve(match[0])
      }
    })
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('exit', () => reject(new Error(`serve exited early: ${output}`)))
  })
  return { url, output: () => output, process: child }
}
