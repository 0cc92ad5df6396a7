import { Option } from 'commander'

/** Flags for a position among siblings (move commands). */
export const positionOptions = () => [
  new Option('--before-space <spaceId>', 'place it just before this space'),
  new Option('--after-space <spaceId>', 'place it just after this space'),
  new Option('--before-collection <collectionId>', 'place it just before this collection'),
  new Option('--after-collection <collectionId>', 'place it just after this collection'),
]

export function positionFrom(o: { beforeSpace?: string; afterSpace?: string; beforeCollection?: string; afterCollection?: string }) {
  if (o.beforeSpace) return { before: { type: 'space', space: o.beforeSpace } }
  if (o.afterSpace) return { after: { type: 'space', space: o.afterSpace } }
  if (o.beforeCollection) return { before: { type: 'collection', collection: o.beforeCollection } }
  if (o.afterCollection) return { after: { type: 'collection', collection: o.afterCollection } }
  return undefined
}

/** `--parent <id>` or `--root` into the body's `parent`. */
export function parentFrom(o: { parent?: string; root?: boolean }): string | null | undefined {
  if (o.root) return null
  return o.parent
}
