import { describe, expect, it } from 'vitest'
import type { ContentSnapshot, PageSnapshot } from '../revisions/content'
import { checkLinks } from './check-links'
import { extractLinks } from './extract-links'

const at = '2026-01-01T00:00:00.000Z'
const page = (id: string, slug: string, parent: string | null, markdown: string): PageSnapshot => ({ id, parent, order: 0, type: 'document', title: id, slug, markdown, meta: {}, createdAt: at, updatedAt: at })

describe('extractLinks', () => {
  it('finds Markdown, reference, HTML and GitBook block links with their lines, but not code', () => {
    const md = ['# T', '[a](one.md) and ![img](/files/f1)', '```', '[not](code.md)', '```', '`[nor](inline.md)`', '[ref]: https://x.io', '<a href="/pages/p2">x</a>', '{% content-ref url="two.md" %}'].join('\n')
    expect(extractLinks(md)).toEqual([
      { target: 'one.md', line: 2 },
      { target: '/files/f1', line: 2 },
      { target: 'https://x.io', line: 7 },
      { target: '/pages/p2', line: 8 },
      { target: 'two.md', line: 9 },
    ])
  })
})

describe('checkLinks', () => {
  it('resolves page ids, slug paths, .md paths relative to the page, and reports broken ones', () => {
    const content: ContentSnapshot = {
      pages: new Map([
        ['g', page('g', 'guide', null, '[install](install.md)\n[faq](../faq.md)\n[by id](/pages/f)\n[gone](missing.md)\n[ext](https://example.com)\n[#](#top)')],
        ['i', page('i', 'install', 'g', '[up](../README.md)\n[guide](/pages/guide)')],
        ['f', page('f', 'faq', null, '[app](/app/s/x)')],
      ]),
      variables: {},
    }
    const links = checkLinks(content)
    const status = Object.fromEntries(links.map((l) => [`${l.path}:${l.line}`, l.status]))
    expect(status).toMatchObject({ 'guide:1': 'ok', 'guide:2': 'ok', 'guide:3': 'ok', 'guide:4': 'broken', 'guide:5': 'ok', 'guide:6': 'ok', 'faq:1': 'in-app', 'guide/install:2': 'ok' })
    expect(links.find((l) => l.path === 'guide' && l.line === 2)?.targetPage).toBe('f')
    expect(links.find((l) => l.path === 'guide' && l.line === 1)?.targetPage).toBe('i')
  })

  it('resolves `{% include %}` to the reusable content of that file, and reports a missing one', () => {
    const content: ContentSnapshot = {
      pages: new Map([['p', page('p', 'page', null, '{% include "../.gitbook/includes/note.md" %}\n\n{% include ".gitbook/includes/gone.md" %}')]]),
      reusableContents: new Map([['r1', { id: 'r1', title: 'Note', markdown: 'x', createdAt: at, updatedAt: at, git: { oid: 'o', path: '.gitbook/includes/note.md', prefix: '' } }]]),
      variables: {},
    }
    expect(checkLinks(content).map((l) => [l.line, l.status, l.kind, l.targetReusableContent ?? null])).toEqual([
      [1, 'ok', 'reusable-content', 'r1'],
      [3, 'broken', 'reusable-content', null],
    ])
  })
})
