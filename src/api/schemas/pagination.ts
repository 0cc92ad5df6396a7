import { Type, type TSchema } from '@sinclair/typebox/type'
import { Limits } from './limits'

/** `page` and `limit`, accepted by every list. */
export const PageQuery = {
  page: Type.Optional(Type.String({ description: 'Cursor of the page to read (the previous page\'s `next.page`).' })),
  limit: Type.Optional(
    Type.Integer({
      minimum: Limits.listLimit.min,
      maximum: Limits.listLimit.max,
      default: Limits.listLimit.default,
      description: `Items per page, ${Limits.listLimit.min} to ${Limits.listLimit.max} (default ${Limits.listLimit.default}).`,
    }),
  ),
}

/** The list envelope `{next?: {page}, count, items}`, for the OpenAPI document. */
export const ListOf = (item: TSchema) =>
  Type.Object({
    next: Type.Optional(Type.Object({ page: Type.String() })),
    count: Type.Number(),
    items: Type.Array(item),
  })

/** Builds the list envelope from a store page. */
export function listEnvelope<T>(page: { items: T[]; count: number; next?: string }) {
  return page.next ? { next: { page: page.next }, count: page.count, items: page.items } : { count: page.count, items: page.items }
}
