// Shared by the benchmarks: temp workspaces made with the real CLI, servers started as child processes.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const BIN = fileURLToPath(new URL('../bin/docsctl.js', import.meta.url))

/** A new workspace in a temp dir, made by `docsctl init`; answers {dataDir, token, organizationId}. */
export function createWorkspace() {
  const dataDir = mkdtempSync(join(tmpdir(), 'docsctl-bench-'))
  const result = spawnSync(process.execPath, [BIN, 'init', '--yes', '--org', 'Bench', '--email', 'bench@example.com', '--json'], {
    env: { ...process.env, DOCSCTL_DATA_DIR: dataDir },
    encoding: 'utf8',
  })
  if (result.status !== 0) throw new Error(`docsctl init failed: ${result.stderr}`)
  const { organization, token } = JSON.parse(result.stdout)
  return { dataDir, token, organizationId: organization.id }
}

/** Starts a child process and waits for a line with http://HOST:PORT on its stdout; answers {url, child}. */
export function startChild(args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] })
    let buffer = ''
    const onData = (chunk) => {
      buffer += chunk
      const match = /http:\/\/[\w.\[\]:-]+:\d+/.exec(buffer)
      if (match) {
        child.stdout.off('data', onData)
        child.stdout.resume()
        resolve({ url: match[0], child })
      }
    }
    child.stdout.setEncoding('utf8').on('data', onData)
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code} before listening`)))
  })
}

export function stopChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}

/**
 * A seeded generator of numbers in [0, 1) (mulberry32, in 32-bit integer arithmetic), so that a bench's data is the
 * same at every run. (The LCG the benches used before was written in doubles: its product lost its low bits and it
 * fell into a cycle of about 10,000 draws, so generated pages repeated every ~17 pages and "random" picks repeated.)
 */
export function seededRandom(seed) {
  let state = seed | 0
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

export function verdict(ok) {
  return ok ? 'PASS' : 'FAIL'
}

/** `--name value` from the command line, as a number, else the fallback. */
export function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`)
  return i >= 0 ? Number(process.argv[i + 1]) : fallback
}

/** A caller of the /v1 API at `url` with `token`: call(method, path, body) answers the parsed body, throws on an error. */
export function apiCaller(url, token) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  return async function call(method, path, body) {
    const response = await fetch(url + '/v1' + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
    const text = await response.text()
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`)
    return text ? JSON.parse(text) : undefined
  }
}
