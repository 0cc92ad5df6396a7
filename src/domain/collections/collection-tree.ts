import type { CollectionRow } from '../../store/tables/collection.table'

/** The ids of a collection and of every collection nested in it. */
export function descendantIds(all: Pick<CollectionRow, 'id' | 'parent_id'>[], rootId: string): string[] {
  const children = new Map<string, string[]>()
  for (const c of all) {
    if (!c.parent_id) continue
    const list = children.get(c.parent_id) ?? []
    list.push(c.id)
    children.set(c.parent_id, list)
  }
  const result: string[] = []
  const stack = [rootId]
  while (stack.length) {
    const id = stack.pop()!
    if (result.includes(id)) continue
    result.push(id)
    stack.push(...(children.get(id) ?? []))
  }
  return result
}
