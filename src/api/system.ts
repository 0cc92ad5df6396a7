/** The API itself, the caller and the caller's API tokens. */
import { Type } from '@sinclair/typebox/type'
import { defineOperation } from './operation'
import { Id } from './schemas/common'
import { NotFoundError } from '../errors'
import { Limits } from './schemas/limits'
import { presentUser } from './presenters/user'
import { issueToken } from '../domain/auth/tokens'
import { deleteToken, listTokensOfUser } from '../store/api-tokens'
import type { ApiTokenRow } from '../store/tables/api-token.table'
import { VERSION, BUILD_DATE } from '../version'

export const getApiInformation = defineOperation({
  id: 'getApiInformation',
  method: 'GET',
  path: '/',
  tag: 'system',
  summary: 'Version and build date of docsctl',
  success: 200,
  response: Type.Object({ version: Type.String(), build: Type.String() }),
  async handler() {
    return { version: VERSION, build: BUILD_DATE }
  },
})

export const getAuthenticatedUser = defineOperation({
  id: 'getAuthenticatedUser',
  method: 'GET',
  path: '/user',
  tag: 'users',
  summary: 'The user the token belongs to',
  success: 200,
  response: Type.Object({ object: Type.Literal('user'), id: Type.String(), displayName: Type.String() }, { additionalProperties: true }),
  async handler(ctx) {
    return presentUser(ctx.actor.user, ctx.baseUrl)
  },
})

function presentToken(row: ApiTokenRow) {
  return { object: 'api-token' as const, id: row.id, label: row.name, createdAt: row.created_at, ...(row.last_used_at ? { lastUsedAt: row.last_used_at } : {}) }
}

export const listAPITokens = defineOperation({
  id: 'listAPITokens',
  method: 'GET',
  path: '/user/tokens',
  tag: 'users',
  summary: "The caller's API tokens (never the tokens themselves)",
  success: 200,
  async handler(ctx) {
    const items = (await listTokensOfUser(ctx.db, ctx.actor.user.id)).map(presentToken)
    return { count: items.length, items }
  },
})

export const createAPIToken = defineOperation({
  id: 'createAPIToken',
  method: 'POST',
  path: '/user/tokens',
  tag: 'users',
  summary: 'Create an API token for the caller; the token is shown in this response only',
  body: Type.Object({ label: Type.Optional(Type.String({ minLength: 1, maxLength: Limits.token.name })) }),
  success: 201,
  async handler(ctx, { body }) {
    const { token, row } = await issueToken(ctx.db, ctx.actor.user.id, body.label ?? 'docsctl')
    return { ...presentToken(row), token }
  },
})

export const deleteAPIToken = defineOperation({
  id: 'deleteAPIToken',
  method: 'DELETE',
  path: '/user/tokens/{tokenId}',
  tag: 'users',
  summary: "Revoke one of the caller's API tokens",
  params: Type.Object({ tokenId: Id('Id of the token') }),
  success: 204,
  async handler(ctx, { params }) {
    // A mistyped id must not look revoked: the token it meant would still work.
    if (!(await deleteToken(ctx.db, ctx.actor.user.id, params.tokenId))) throw new NotFoundError(`API token "${params.tokenId}" does not exist or is not yours (see \`docsctl token list\`).`)
  },
})
