import { Type, type TSchema } from '@sinclair/typebox/type'
import { Limits } from './limits'
import { decodeCursor, encodeCursor } from '../../store/pagination'

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

/** One page of a list computed in memory (links, files): the cursor is the offset. */
export function pageOfList<T>(all: T[], query: { page?: string; limit?: number }) {
  const offset = query.page ? Number(decodeCursor(query.page, 1)[0]) : 0
  const limit = query.limit ?? Limits.listLimit.default
  return listEnvelope({ items: all.slice(offset, offset + limit), count: all.length, next: offset + limit < all.length ? encodeCursor([offset + limit]) : undefined })
}
