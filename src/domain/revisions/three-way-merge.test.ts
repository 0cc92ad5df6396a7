import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ContentSnapshot, PageSnapshot } from './content'
import { mergeSnapshots } from './three-way-merge'
import { mergeText } from './merge-text'

const at = '2026-01-01T00:00:00.000Z'
function page(id: string, fields: Partial<PageSnapshot> = {}): PageSnapshot {
  return { id, parent: null, order: 1, type: 'document', title: id, slug: id, markdown: `# ${id}\n`, meta: {}, createdAt: at, updatedAt: at, ...fields }
}
function content(...pages: PageSnapshot[]): ContentSnapshot {
  return { pages: new Map(pages.map((p) => [p.id, p])), variables: {} }
}
function edit(snapshot: ContentSnapshot, id: string, fields: Partial<PageSnapshot>): ContentSnapshot {
  const pages = new Map(snapshot.pages)
  pages.set(id, { ...pages.get(id)!, ...fields })
  return { pages, variables: { ...snapshot.variables } }
}
function remove(snapshot: ContentSnapshot, id: string): ContentSnapshot {
  const pages = new Map(snapshot.pages)
  pages.delete(id)
  return { pages, variables: snapshot.variables }
}

describe('mergeText', () => {
  it('takes changes from both sides when they touch different lines', () => {
    const base = 'a\nb\nc\nd\ne\n'
    expect(mergeText(base, 'A\nb\nc\nd\ne\n', 'a\nb\nc\nd\nE\n')).toEqual({ ok: true, text: 'A\nb\nc\nd\nE\n' })
  })
  it('reports a conflict when both sides change the same line differently', () => {
    const result = mergeText('a\nb\n', 'a\nB1\n', 'a\nB2\n')
    expect(result.ok).toBe(false)
  })
  it('takes an identical change once and keeps trailing newlines exactly', () => {
    expect(mergeText('a\nb', 'a\nc', 'a\nc')).toEqual({ ok: true, text: 'a\nc' })
    expect(mergeText('a\n', 'a\nb\n', 'a\n')).toEqual({ ok: true, text: 'a\nb\n' })
  })
})

describe('mergeSnapshots', () => {
  const base = content(page('a', { order: 1 }), page('b', { order: 2, markdown: 'one\ntwo\nthree\nfour\n' }), page('c', { order: 3 }))

  it('merges disjoint edits of the same page and of different pages', () => {
    const ours = edit(edit(base, 'b', { markdown: 'ONE\ntwo\nthree\nfour\n' }), 'a', { title: 'A' })
    const theirs = edit(base, 'b', { markdown: 'one\ntwo\nthree\nFOUR\n' })
    const result = mergeSnapshots(base, ours, theirs)
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.merged.pages.get('b')!.markdown).toBe('ONE\ntwo\nthree\nFOUR\n')
    expect(result.merged.pages.get('a')!.title).toBe('A')
  })

  it('merges a move on one side with an edit on the other', () => {
    const ours = edit(base, 'c', { parent: 'a', order: 1 })
    const theirs = edit(base, 'c', { markdown: 'changed\n' })
    const result = mergeSnapshots(base, ours, theirs)
    expect(result.ok && result.merged.pages.get('c')).toMatchObject({ parent: 'a', markdown: 'changed\n' })
  })

  it('reports delete-vs-edit and edit-vs-delete', () => {
    expect(mergeSnapshots(base, remove(base, 'c'), edit(base, 'c', { title: 'C' }))).toMatchObject({ ok: false, conflicts: [{ kind: 'delete-edit', page: 'c' }] })
    expect(mergeSnapshots(base, edit(base, 'c', { title: 'C' }), remove(base, 'c'))).toMatchObject({ ok: false, conflicts: [{ kind: 'edit-delete', page: 'c' }] })
  })

  it('reports both sides adding a page with the same slug', () => {
    const ours = { ...base, pages: new Map(base.pages).set('x', page('x', { slug: 'new', order: 9 })) }
    const theirs = { ...base, pages: new Map(base.pages).set('y', page('y', { slug: 'new', order: 10 })) }
    expect(mergeSnapshots(base, ours, theirs)).toMatchObject({ ok: false, conflicts: [{ kind: 'path-collision' }] })
  })

  it('reports the same line changed differently, moves to different places, and cycles', () => {
    expect(mergeSnapshots(base, edit(base, 'b', { markdown: 'x\ntwo\nthree\nfour\n' }), edit(base, 'b', { markdown: 'y\ntwo\nthree\nfour\n' }))).toMatchObject({
      ok: false,
      conflicts: [{ kind: 'edit-edit', field: 'markdown' }],
    })
    expect(mergeSnapshots(base, edit(base, 'c', { parent: 'a' }), edit(base, 'c', { parent: 'b' }))).toMatchObject({ ok: false, conflicts: [{ kind: 'move-move' }] })
    expect(mergeSnapshots(base, edit(base, 'a', { parent: 'b' }), edit(base, 'b', { parent: 'a' }))).toMatchObject({ ok: false, conflicts: [{ kind: 'cycle' }] })
  })

  it('reports a page kept under a parent the other side deleted', () => {
    const ours = remove(base, 'a')
    const theirs = edit(base, 'c', { parent: 'a' })
    expect(mergeSnapshots(base, ours, theirs)).toMatchObject({ ok: false, conflicts: [{ kind: 'parent-deleted', page: 'c' }] })
  })

  it('merges variables by key', () => {
    const b = { ...base, variables: { a: '1', b: '2' } }
    const result = mergeSnapshots(b, { ...b, variables: { a: '10', b: '2' } }, { ...b, variables: { a: '1', b: '2', c: '3' } })
    expect(result.ok && result.merged.variables).toEqual({ a: '10', b: '2', c: '3' })
    expect(mergeSnapshots(b, { ...b, variables: { a: 'x', b: '2' } }, { ...b, variables: { a: 'y', b: '2' } }).ok).toBe(false)
  })
})

/** Random small trees and random edits, for the properties. */
const ids = ['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7']
const lines = fc.array(fc.constantFrom('alpha', 'beta', 'gamma', 'delta', ''), { maxLength: 6 })
const tree = fc.uniqueArray(fc.constantFrom(...ids), { maxLength: 6 }).chain((chosen) =>
  fc.tuple(...chosen.map((id, i) => fc.tuple(fc.constant(id), fc.constantFrom(null, ...chosen.slice(0, i)), lines))).map((entries) =>
    content(...entries.map(([id, parent, body], i) => page(id, { parent, order: i, markdown: body.join('\n') }))),
  ),
)
type Op = { kind: 'title' | 'text' | 'delete' | 'add'; target: number; value: string[] }
const op = fc.record({ kind: fc.constantFrom<Op['kind']>('title', 'text', 'delete', 'add'), target: fc.nat(20), value: lines })
function apply(snapshot: ContentSnapshot, ops: Op[], side: string): ContentSnapshot {
  let result: ContentSnapshot = { pages: new Map(snapshot.pages), variables: { ...snapshot.variables } }
  ops.forEach((o, n) => {
    const live = [...result.pages.keys()]
    const id = live[o.target % Math.max(live.length, 1)]
    if (o.kind === 'add') result.pages.set(`${side}${n}`, page(`${side}${n}`, { order: 100 + n, slug: `${side}-${n}`, markdown: o.value.join('\n') }))
    else if (!id) return
    else if (o.kind === 'title') result = edit(result, id, { title: `${side}:${o.value.join(' ')}` })
    else if (o.kind === 'text') result = edit(result, id, { markdown: o.value.join('\n') })
    else if (![...result.pages.values()].some((p) => p.parent === id)) result = remove(result, id)
  })
  return result
}

describe('merge properties', () => {
  it('merging into an untouched space reproduces the change request exactly (and the reverse)', () => {
    fc.assert(
      fc.property(tree, fc.array(op, { maxLength: 5 }), (base, ops) => {
        const changed = apply(base, ops, 't')
        const intoUntouched = mergeSnapshots(base, base, changed)
        expect(intoUntouched.ok && intoUntouched.merged.pages).toEqual(changed.pages)
        const untouchedCr = mergeSnapshots(base, changed, base)
        expect(untouchedCr.ok && untouchedCr.merged.pages).toEqual(changed.pages)
      }),
    )
  })

  it('never loses a side: a clean merge holds every one-sided change, a conflict names a page changed on both sides', () => {
    fc.assert(
      fc.property(tree, fc.array(op, { maxLength: 4 }), fc.array(op, { maxLength: 4 }), (base, oursOps, theirsOps) => {
        const ours = apply(base, oursOps, 'o')
        const theirs = apply(base, theirsOps, 't')
        const result = mergeSnapshots(base, ours, theirs)
        const changedIn = (side: ContentSnapshot) =>
          new Set([...new Set([...base.pages.keys(), ...side.pages.keys()])].filter((id) => JSON.stringify(base.pages.get(id)) !== JSON.stringify(side.pages.get(id))))
        const oursChanged = changedIn(ours)
        const theirsChanged = changedIn(theirs)
        if (result.ok) {
          for (const id of oursChanged) if (!theirsChanged.has(id)) expect(result.merged.pages.get(id)).toEqual(ours.pages.get(id))
          for (const id of theirsChanged) if (!oursChanged.has(id)) expect(result.merged.pages.get(id)).toEqual(theirs.pages.get(id))
        } else {
          for (const conflict of result.conflicts) {
            if (conflict.kind === 'path-collision' || conflict.kind === 'parent-deleted' || conflict.kind === 'cycle') continue
            expect(oursChanged.has(conflict.page!) && theirsChanged.has(conflict.page!)).toBe(true)
          }
        }
      }),
    )
  })
})
