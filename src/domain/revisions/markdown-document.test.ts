import { describe, expect, it } from 'vitest'
import { markdownToDocument } from './markdown-document'

describe('markdownToDocument', () => {
  it('turns headings, marks, links, lists and code into GitBook document blocks', () => {
    const doc = markdownToDocument('# Title\n\nSome **bold** and [a link](https://x.io).\n\n- one\n- two\n\n```js\nconst a = 1\nconst b = 2\n```\n') as any
    expect(doc.object).toBe('document')
    expect(doc.nodes.map((n: any) => n.type)).toEqual(['heading-1', 'paragraph', 'list-unordered', 'code'])
    const paragraph = doc.nodes[1].nodes
    expect(paragraph[1].leaves[0]).toEqual({ object: 'leaf', text: 'bold', marks: [{ object: 'mark', type: 'bold' }] })
    expect(paragraph[3]).toMatchObject({ object: 'inline', type: 'link', data: { ref: { kind: 'url', url: 'https://x.io' } } })
    expect(doc.nodes[2].nodes).toHaveLength(2)
    expect(doc.nodes[3]).toMatchObject({ data: { syntax: 'js' } })
    expect(doc.nodes[3].nodes.map((l: any) => l.nodes[0].leaves[0].text)).toEqual(['const a = 1', 'const b = 2'])
  })
})
