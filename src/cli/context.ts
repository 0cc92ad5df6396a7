/**
 * What every command needs: the global options, the output, and a client on the chosen transport
 * (in-process on the local store by default; HTTP with --api-url / DOCSCTL_API_URL).
 */
import type { Command } from 'commander'
import type { Client } from '../client/client'
import { createOutput, type Output } from './output'
import { readRememberedToken, readSettings, resolveDataDir } from './workspace'
import { ApiError } from '../errors'

export interface GlobalOptions {
  dataDir?: string
  json?: boolean
  apiUrl?: string
  token?: string
}

export class CliContext {
  readonly output: Output
  readonly dataDir: string
  readonly apiUrl?: string
  private clientPromise?: Promise<Client>

  constructor(readonly options: GlobalOptions) {
    this.output = createOutput(Boolean(options.json))
    this.dataDir = resolveDataDir(options.dataDir)
    // An empty variable counts as unset (CI systems often define them empty).
    this.apiUrl = options.apiUrl || process.env.DOCSCTL_API_URL || undefined
  }

  static of(command: Command): CliContext {
    return new CliContext(command.optsWithGlobals() as GlobalOptions)
  }

  /** --token, else DOCSCTL_TOKEN, else the token `init` remembered in the data directory. */
  token(): string | null {
    return this.options.token || process.env.DOCSCTL_TOKEN || readRememberedToken(this.dataDir) || null
  }

  client(): Promise<Client> {
    this.clientPromise ??= this.apiUrl
      ? import('../client/http').then(({ httpClient }) => httpClient(this.apiUrl!, this.token()))
      : Promise.all([import('../engine'), import('../client/in-process')]).then(async ([{ openEngine }, { inProcessClient }]) =>
          inProcessClient(await openEngine({ dataDir: this.dataDir }), this.token()),
        )
    return this.clientPromise
  }

  async close(): Promise<void> {
    if (this.clientPromise) await (await this.clientPromise).close()
  }

  /**
   * The organization a command works in: --org, else the workspace's own (the one `init` created), else the
   * caller's only organization.
   */
  async organizationId(flag?: string): Promise<string> {
    if (flag) return flag
    const settings = this.apiUrl ? undefined : readSettings(this.dataDir)
    if (settings) return settings.organizationId
    const orgs = await (await this.client()).call<{ items: { id: string }[] }>('listOrganizationsForAuthenticatedUser', { query: { limit: 2 } })
    if (orgs.items.length === 1) return orgs.items[0].id
    throw new ApiError(400, orgs.items.length === 0 ? 'You are not a member of any organization.' : 'You belong to several organizations: choose one with --org <organizationId>.')
  }
}
