/**
 * The shape of an operation: data (id, method, path, schemas, success status) plus a handler.
 * Every operation of docsctl is defined once with `defineOperation` and listed in `index.ts`; the HTTP server,
 * the CLI's in-process client and the OpenAPI document all read that one table.
 */
import type { Static, TSchema } from '@sinclair/typebox/type'
import type { Db } from '../store/database'
import type { Actor, PermissionResolver } from '../domain/permissions/resolve-permissions'
import type { Engine } from '../engine'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface OperationContext {
  engine: Engine
  db: Db
  actor: Actor
  /** The one permission resolver, bound to the caller for this request. */
  access: PermissionResolver
  /** Absolute base address of the server (no trailing slash), for `urls`. */
  baseUrl: string
}

export interface OperationInput<P, Q, B> {
  params: P
  query: Q
  body: B
}

type StaticOr<T, Fallback> = T extends TSchema ? Static<T> : Fallback

export interface OperationDefinition<
  P extends TSchema | undefined = TSchema | undefined,
  Q extends TSchema | undefined = TSchema | undefined,
  B extends TSchema | undefined = TSchema | undefined,
  R = unknown,
> {
  /** GitBook's operationId where the operation exists there. */
  id: string
  method: HttpMethod
  /** Path under /v1, with `{name}` parameters. */
  path: string
  summary: string
  description?: string
  tag: string
  params?: P
  query?: Q
  body?: B
  /** Whether a body must be sent (default: true when `body` is given for POST/PUT/PATCH). */
  bodyRequired?: boolean
  /** Success status: 200, 201, 204 or 205. */
  success: number
  /** Schema of the success body, for the OpenAPI document. */
  response?: TSchema
  /** Operations callable without a token (none of the resource operations are). */
  public?: boolean
  handler(ctx: OperationContext, input: OperationInput<StaticOr<P, {}>, StaticOr<Q, {}>, StaticOr<B, undefined>>): Promise<R>
}

export type Operation = OperationDefinition<any, any, any, any>

/** Defines an operation; the identity function, there for the types. */
export function defineOperation<P extends TSchema | undefined, Q extends TSchema | undefined, B extends TSchema | undefined, R>(
  operation: OperationDefinition<P, Q, B, R>,
): OperationDefinition<P, Q, B, R> {
  return operation
}

/**
 * A handler's answer with another success status than the operation's usual one (deleteTranslation: 205 when
 * it deleted, its usual 204 when there was nothing).
 */
export class WithStatus {
  constructor(
    readonly status: 200 | 201 | 204 | 205,
    readonly body?: unknown,
  ) {}
}
