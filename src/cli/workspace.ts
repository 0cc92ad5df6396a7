/**
 * The local workspace: the data directory, the workspace settings (which organization and user `init`
 * created) and the remembered token for local CLI use.
 *
 * The token is kept in `credentials.json` (mode 0600) beside the database, as `gh` and `npm` keep theirs: the
 * database only ever holds token hashes. `DOCSCTL_TOKEN` or `--token` take precedence.
 */
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

export interface WorkspaceSettings {
  organizationId: string
  userId: string
}

/** `--data-dir`, else DOCSCTL_DATA_DIR, else ./.docsctl. */
export function resolveDataDir(flag?: string): string {
  return resolve(flag || process.env.DOCSCTL_DATA_DIR || '.docsctl')
}

export function readSettings(dataDir: string): WorkspaceSettings | undefined {
  return readJson(join(dataDir, 'workspace.json')) as WorkspaceSettings | undefined
}

export function writeSettings(dataDir: string, settings: WorkspaceSettings): void {
  writeFileSync(join(dataDir, 'workspace.json'), JSON.stringify(settings, null, 2) + '\n')
}

export function readRememberedToken(dataDir: string): string | undefined {
  const credentials = readJson(join(dataDir, 'credentials.json')) as { token?: string } | undefined
  return typeof credentials?.token === 'string' ? credentials.token : undefined
}

export function rememberToken(dataDir: string, token: string): void {
  const file = join(dataDir, 'credentials.json')
  writeFileSync(file, JSON.stringify({ token }, null, 2) + '\n', { mode: 0o600 })
  chmodSync(file, 0o600)
}

function readJson(file: string): unknown {
  if (!existsSync(file)) return undefined
  try {
    return JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    return undefined
  }
}
