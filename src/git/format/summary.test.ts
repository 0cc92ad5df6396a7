import { describe, expect, it } from 'vitest'
import { parseSummary, renderSummary } from './summary'

const canonical = `# Table of contents

* [Home page title](README.md)

## Group title

* [Parent page](group/parent/README.md)
  * [Child](group/parent/child.md)
  * [Child with nav label](group/parent/other.md "Short label")
* [Anchor link](group/parent/other.md#some-heading)
* [External link](https://example.com/x)

## Other group <a href="#custom-slug" id="custom-slug"></a>

* [Page \\[draft\\]](<custom-slug/a page.md>)
`

describe('SUMMARY.md', () => {
  it('reads pages, nesting, link titles, link pages and groups with their lines', () => {
    const { items, problems } = parseSummary(canonical)
    expect(problems).toEqual([])
    expect(items.map((i) => [i.kind, i.title])).toEqual([
      ['page', 'Home page title'],
      ['group', 'Group title'],
      ['group', 'Other group'],
    ])
    const group = items[1]
    expect(group.children.map((c) => c.kind)).toEqual(['page', 'link', 'link'])
    expect(group.children[0].children.map((c) => [c.title, c.target, c.linkTitle, c.line])).toEqual([
      ['Child', 'group/parent/child.md', undefined, 8],
      ['Child with nav label', 'group/parent/other.md', 'Short label', 9],
    ])
    expect(items[2]).toMatchObject({ slug: 'custom-slug', children: [{ title: 'Page [draft]', target: 'custom-slug/a page.md' }] })
  })

  it('writes the canonical form back byte for byte', () => {
    expect(renderSummary(parseSummary(canonical).items)).toBe(canonical)
  })

  it('ends a group at a divider and reports lines it cannot read', () => {
    const { items, problems } = parseSummary('# Summary\n\n## G\n\n* [A](a.md)\n\n***\n\n* [B](b.md)\n* not a link\n\t* [C](c.md)\n')
    expect(items.map((i) => i.title)).toEqual(['G', 'B'])
    expect(problems.map((p) => p.line)).toEqual([10, 11])
  })

  it('writes a divider before top-level items that follow a group, so that they stay out of it', () => {
    const text = '# Table of contents\n\n* [Home](README.md)\n\n## G\n\n* [A](a.md)\n\n***\n\n* [B](b.md)\n'
    const { items } = parseSummary(text)
    expect(renderSummary(items)).toBe(text)
    expect(parseSummary(renderSummary(items)).items.map((i) => [i.title, i.children.length])).toEqual([['Home', 0], ['G', 1], ['B', 0]])
  })
})
