/**
 * Three-way merge of revision contents: base (the change request's base), ours (the space head), theirs (the
 * change request head). Pages merge by id; their text line-wise (merge-text.ts); their other fields one by one;
 * their place in the tree (parent and order) as one field. A conflict is reported, never silently resolved: the
 * merge then answers every conflict and no content.
 */
import { byOrder, childrenByParent, type ContentSnapshot, type PageSnapshot } from './content'
import { mergeText } from './merge-text'

export type MergeConflictKind =
  | 'edit-edit'
  | 'delete-edit'
  | 'edit-delete'
  | 'move-move'
  | 'add-add'
  | 'parent-deleted'
  | 'cycle'
  | 'path-collision'
  | 'variable-edit-edit'
  | 'file-edit-edit'
  | 'file-delete-edit'
  | 'reusable-content-edit-edit'
  | 'reusable-content-delete-edit'

export interface MergeConflict {
  kind: MergeConflictKind
  /** The page concerned (for page conflicts). */
  page?: string
  /** The file concerned (for file conflicts). */
  file?: string
  /** The reusable content concerned (for reusable content conflicts). */
  reusableContent?: string
  /** The variable concerned (for variable conflicts). */
  variable?: string
  /** The page field concerned, for edit-edit conflicts. */
  field?: string
  message: string
}

export type MergeResult = { ok: true; merged: ContentSnapshot } | { ok: false; conflicts: MergeConflict[] }

export function mergeSnapshots(base: ContentSnapshot, ours: ContentSnapshot, theirs: ContentSnapshot): MergeResult {
  const conflicts: MergeConflict[] = []
  const pages = new Map<string, PageSnapshot>()
  const ids = new Set([...base.pages.keys(), ...ours.pages.keys(), ...theirs.pages.keys()])
  for (const id of ids) {
    const b = base.pages.get(id)
    const o = ours.pages.get(id)
    const t = theirs.pages.get(id)
    const merged = mergePage(id, b, o, t, conflicts)
    if (merged) pages.set(id, merged)
  }
  const variables = mergeVariables(base.variables, ours.variables, theirs.variables, conflicts)
  const files = mergeWhole('file', base.files, ours.files, theirs.files, conflicts, (f) => `File "${f.name}"`)
  const reusableContents = mergeWhole('reusableContent', base.reusableContents, ours.reusableContents, theirs.reusableContents, conflicts, (r) => `Reusable content "${r.title}"`)
  if (conflicts.length === 0) checkTree(pages, conflicts)
  return conflicts.length ? { ok: false, conflicts } : { ok: true, merged: { pages, files, reusableContents, variables } }
}

function mergePage(id: string, b: PageSnapshot | undefined, o: PageSnapshot | undefined, t: PageSnapshot | undefined, conflicts: MergeConflict[]): PageSnapshot | undefined {
  if (o === t || equal(o, t)) return o
  if (!b) {
    if (o && t) {
      conflicts.push({ kind: 'add-add', page: id, message: `Page "${t.title}" (${id}) was added on both sides with different content.` })
      return undefined
    }
    return o ?? t
  }
  const oursChanged = !equal(b, o)
  const theirsChanged = !equal(b, t)
  if (!oursChanged) return t
  if (!theirsChanged) return o
  if (!o) {
    conflicts.push({ kind: 'delete-edit', page: id, message: `Page "${b.title}" (${id}) was deleted in the space but edited in the change request.` })
    return undefined
  }
  if (!t) {
    conflicts.push({ kind: 'edit-delete', page: id, message: `Page "${b.title}" (${id}) was edited in the space but deleted in the change request.` })
    return undefined
  }
  const before = conflicts.length
  const field = <K extends keyof PageSnapshot>(name: K): PageSnapshot[K] => {
    if (equal(o[name], t[name]) || equal(b[name], t[name])) return o[name]
    if (equal(b[name], o[name])) return t[name]
    conflicts.push({ kind: 'edit-edit', page: id, field: String(name), message: `Page "${b.title}" (${id}): ${String(name)} was changed differently on both sides.` })
    return o[name]
  }
  const oMoved = o.parent !== b.parent || o.order !== b.order
  const tMoved = t.parent !== b.parent || t.order !== b.order
  let place = { parent: o.parent, order: o.order }
  if (tMoved && !oMoved) place = { parent: t.parent, order: t.order }
  else if (oMoved && tMoved && (o.parent !== t.parent || o.order !== t.order)) {
    conflicts.push({ kind: 'move-move', page: id, message: `Page "${b.title}" (${id}) was moved to different places on both sides.` })
  }
  const text = mergeText(b.markdown, o.markdown, t.markdown)
  if (!text.ok) {
    conflicts.push({
      kind: 'edit-edit',
      page: id,
      field: 'markdown',
      message: `Page "${b.title}" (${id}): the same lines were changed differently on both sides (${text.conflicts.length} place${text.conflicts.length > 1 ? 's' : ''}).`,
    })
  }
  const meta: Record<string, unknown> = {}
  for (const key of new Set([...Object.keys(b.meta), ...Object.keys(o.meta), ...Object.keys(t.meta)])) {
    const [bv, ov, tv] = [b.meta[key], o.meta[key], t.meta[key]]
    const value = equal(ov, tv) || equal(bv, tv) ? ov : equal(bv, ov) ? tv : (conflicts.push({ kind: 'edit-edit', page: id, field: key, message: `Page "${b.title}" (${id}): ${key} was changed differently on both sides.` }), ov)
    if (value !== undefined) meta[key] = value
  }
  const type = field('type')
  const title = field('title')
  const slug = field('slug')
  if (conflicts.length > before) return undefined
  return {
    id,
    parent: place.parent,
    order: place.order,
    type,
    title,
    slug,
    markdown: text.ok ? text.text : o.markdown,
    meta,
    createdAt: b.createdAt,
    updatedAt: o.updatedAt > t.updatedAt ? o.updatedAt : t.updatedAt,
  }
}

function mergeVariables(base: Record<string, string>, ours: Record<string, string>, theirs: Record<string, string>, conflicts: MergeConflict[]) {
  const result: Record<string, string> = {}
  for (const key of new Set([...Object.keys(base), ...Object.keys(ours), ...Object.keys(theirs)])) {
    const [b, o, t] = [base[key], ours[key], theirs[key]]
    let value: string | undefined
    if (o === t || t === b) value = o
    else if (o === b) value = t
    else {
      conflicts.push({ kind: 'variable-edit-edit', variable: key, message: `Variable "${key}" was changed differently on both sides.` })
      continue
    }
    if (value !== undefined) result[key] = value
  }
  return result
}

/** Files merge by id: a change on one side is taken; different changes on both sides are a conflict. */
/** Items merged whole by id (files, reusable contents): a change on one side wins; different changes conflict. */
function mergeWhole<T extends { id: string }>(
  what: 'file' | 'reusableContent',
  base = new Map<string, T>(),
  ours = new Map<string, T>(),
  theirs = new Map<string, T>(),
  conflicts: MergeConflict[],
  label: (item: T) => string,
): Map<string, T> {
  const result = new Map<string, T>()
  for (const id of new Set([...base.keys(), ...ours.keys(), ...theirs.keys()])) {
    const [b, o, t] = [base.get(id), ours.get(id), theirs.get(id)]
    let value: T | undefined
    if (equal(o, t) || equal(b, t)) value = o
    else if (equal(b, o)) value = t
    else {
      const editEdit = Boolean(o && t)
      const kind = what === 'file' ? (editEdit ? 'file-edit-edit' : 'file-delete-edit') : editEdit ? 'reusable-content-edit-edit' : 'reusable-content-delete-edit'
      conflicts.push({ kind, [what]: id, message: `${label((o ?? t ?? b)!)} (${id}) was ${editEdit ? 'changed differently' : 'deleted on one side and changed on the other'}.` })
      continue
    }
    if (value) result.set(id, value)
  }
  return result
}

/** Parents exist, no page is its own ancestor, sibling slugs are unique. */
function checkTree(pages: Map<string, PageSnapshot>, conflicts: MergeConflict[]) {
  for (const page of pages.values()) {
    if (page.parent && !pages.has(page.parent)) {
      conflicts.push({ kind: 'parent-deleted', page: page.id, message: `Page "${page.title}" (${page.id}) is kept or added under page ${page.parent}, which the other side deleted.` })
    }
  }
  if (conflicts.length) return
  for (const page of pages.values()) {
    const seen = new Set<string>([page.id])
    for (let parent = page.parent; parent; parent = pages.get(parent)?.parent ?? null) {
      if (seen.has(parent)) {
        conflicts.push({ kind: 'cycle', page: page.id, message: `Moves on both sides would make page "${page.title}" (${page.id}) its own ancestor.` })
        return
      }
      seen.add(parent)
    }
  }
  for (const siblings of childrenByParent({ pages, variables: {} }).values()) {
    const bySlug = new Map<string, PageSnapshot>()
    for (const page of [...siblings].sort(byOrder)) {
      const other = bySlug.get(page.slug)
      if (other) conflicts.push({ kind: 'path-collision', page: page.id, message: `Pages "${other.title}" (${other.id}) and "${page.title}" (${page.id}) would have the same path segment "${page.slug}".` })
      else bySlug.set(page.slug, page)
    }
  }
}

/** Structural equality of JSON values (key order does not matter). */
export function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const ak = Object.keys(a as object).filter((k) => (a as any)[k] !== undefined)
  const bk = Object.keys(b as object).filter((k) => (b as any)[k] !== undefined)
  if (ak.length !== bk.length) return false
  return ak.every((k) => equal((a as any)[k], (b as any)[k]))
}
