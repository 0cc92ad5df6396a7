/**
 * Runs one operation for a caller: authenticate, validate, handle. Both transports end here, so a command
 * behaves the same in-process and over HTTP.
 */
import type { Engine } from '../engine'
import { authenticate } from '../domain/auth/tokens'
import { PermissionResolver, type Actor } from '../domain/permissions/resolve-permissions'
import { NotFoundError } from '../errors'
import { operationLoaders } from './operation-loaders'
import { WithStatus, type Operation, type OperationContext } from './operation'
import { validateInput, type RawInput } from './validate'
import { Limits } from './schemas/limits'
import { VISITOR_TOKEN_MAX_LENGTH } from '../domain/sites/visitor-token'

export interface ExecuteOptions {
  /** Bearer token of the caller. */
  token?: string | null
  /** Base address for `urls` (the server passes the address it was reached at). */
  baseUrl?: string
}

export interface OperationResult {
  status: number
  body: unknown
}

/** The operation with this id: from its own module in the bundle, else from the whole table. */
export async function findOperation(id: string): Promise<Operation> {
  const operation = operationLoaders ? await operationLoaders[id]?.() : (await import('./index')).operationsById.get(id)
  if (!operation) throw new NotFoundError(`Unknown operation "${id}".`)
  return operation
}

function useSiteCredentials(ctx: OperationContext, query: Record<string, unknown> | undefined) {
  const shareKey = typeof query?.shareKey === 'string' && query.shareKey.length <= Limits.shareLink.key ? query.shareKey : undefined
  const visitorAuthToken = typeof query?.visitorAuthToken === 'string' && query.visitorAuthToken.length <= VISITOR_TOKEN_MAX_LENGTH ? query.visitorAuthToken : undefined
  if (shareKey || visitorAuthToken) ctx.access.useSiteCredentials({ shareKey, visitorAuthToken })
}

export async function executeOperation(engine: Engine, operation: Operation, raw: RawInput, options: ExecuteOptions): Promise<OperationResult> {
  const actor: Actor | null = operation.public ? null : await authenticate(engine.db, options.token, engine.cache)
  const input = await validateInput(operation, raw)
  const ctx: OperationContext = {
    engine,
    db: engine.db,
    actor: actor!,
    access: new PermissionResolver(engine.db, actor!),
    baseUrl: options.baseUrl ?? engine.baseUrl,
  }
  // A share key or visitor token (query parameters) opens the spaces of the published site it belongs to, for reading,
  // on every read operation: the space, and its pages, files and revisions.
  if (operation.method === 'GET' && actor) useSiteCredentials(ctx, raw.query)
  // (The read cache empties itself on every write statement: see store/database.ts.)
  const answer = await operation.handler(ctx, input)
  const { status, body } = answer instanceof WithStatus ? answer : { status: operation.success, body: answer }
  return { status, body: status === 204 || status === 205 ? undefined : body }
}
