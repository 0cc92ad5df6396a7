import { describe, expect, it } from 'vitest'
import { readSpace } from './read-space'
import { writeSpace } from './write-space'

const files = (entries: Record<string, string | Buffer>) => new Map(Object.entries(entries).map(([path, value]) => [path, Buffer.isBuffer(value) ? value : Buffer.from(value, 'utf8')]))
const asText = (map: Map<string, Buffer>) => Object.fromEntries([...map].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, v.toString('base64')]))

const repository = files({
  '.gitbook.yaml': 'root: ./docs/\n',
  'docs/README.md': '---\ndescription: Welcome to the docs\n---\n\n# Home\n\nStart here.\n',
  'docs/SUMMARY.md': `# Table of contents

* [Home](README.md)

## Guides <a href="#how-to" id="how-to"></a>

* [Getting started](guides/getting-started/README.md)
  * [Install](guides/getting-started/install.md "Setup")
* [API reference](https://example.com/api)

## FAQ

* [Questions](faq/questions.md)
`,
  'docs/guides/getting-started/README.md': '# Getting started\n\n{% hint style="info" %}\nRead this first.\n{% endhint %}\n\n![](<../../.gitbook/assets/diagram (1).png>)\n',
  'docs/guides/getting-started/install.md': '---\nicon: download\nhidden: true\nname: kept unknown key\n---\n\n# Install\n\n```bash\nnpm ci\n```\n\nLine with a hard break\\\nnext.\n',
  'docs/faq/questions.md': '# Questions\n\n* [ ] task\n* [x] done\n',
  'docs/.gitbook/assets/diagram (1).png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]),
  'docs/.gitbook/assets/unreferenced.pdf': Buffer.from('%PDF-1.4 tiny'),
  'docs/.gitbook/assets/Screenshot 2026-04-29 at 1.44.24\u202fPM (1).png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 9]),
  'docs/.gitbook/assets/café ünïcode.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'docs/.gitbook/includes/note.md': '---\ntitle: Note\n---\n\nShared note.\n',
  'docs/.gitbook/includes/untitled.md': 'A block without front matter.\n',
  'docs/.gitbook/vars.yaml': 'product: docsctl\nversion: "1.0"\n',
  'docs/notes-not-in-summary.md': 'Not a page.\n',
  'other-space/README.md': 'Outside the root: never read.\n',
})

describe('Git Sync format', () => {
  it('reads pages, groups, link pages, link titles, front matter, assets and variables', () => {
    const { content, problems } = readSpace(repository)
    expect(problems).toEqual([])
    const pages = [...content.pages.values()]
    const byTitle = Object.fromEntries(pages.map((p) => [p.title, p]))
    expect(byTitle.Home).toMatchObject({ type: 'document', parent: null, slug: '', meta: { description: 'Welcome to the docs' } })
    expect(byTitle.Guides).toMatchObject({ type: 'group', slug: 'how-to' })
    expect(byTitle['Getting started']).toMatchObject({ parent: byTitle.Guides.id, slug: 'getting-started' })
    expect(byTitle.Install).toMatchObject({ parent: byTitle['Getting started'].id, meta: { icon: 'download', hidden: true, linkTitle: 'Setup' } })
    expect(byTitle['API reference']).toMatchObject({ type: 'link', meta: { href: 'https://example.com/api' } })
    expect([...content.files!.values()].map((f) => f.name).sort()).toEqual(['Screenshot 2026-04-29 at 1.44.24\u202fPM (1).png', 'café ünïcode.svg', 'diagram (1).png', 'unreferenced.pdf'])
    expect(content.variables).toEqual({ product: 'docsctl', version: '1.0' })
  })

  it('keeps every page that did not change as it was (times included), and the creation time of those that did', () => {
    const first = readSpace(repository, { now: '2026-01-01T00:00:00.000Z' }).content
    const edited = new Map(repository)
    edited.set('docs/faq/questions.md', Buffer.from('# Questions\n\n* [x] all done\n'))
    const second = readSpace(edited, { previous: first, now: '2026-02-01T00:00:00.000Z' }).content
    const byTitle = (content: typeof first) => Object.fromEntries([...content.pages.values()].map((p) => [p.title, p]))
    const [before, after] = [byTitle(first), byTitle(second)]
    // The same objects: saving the revision then reuses their stored records.
    for (const title of ['Home', 'Guides', 'Getting started', 'Install', 'API reference', 'FAQ']) expect(after[title], title).toBe(before[title])
    expect(after.Questions).toMatchObject({ id: before.Questions.id, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-02-01T00:00:00.000Z' })
  })

  it('writes the same repository back byte for byte (files outside the root untouched)', () => {
    const read = readSpace(repository)
    const written = writeSpace(read.content, (hash) => read.blobs.get(hash), { layout: read.layout, preserved: read.preserved })
    const expected = new Map([...repository].filter(([path]) => path.startsWith('docs/')))
    expect(asText(written)).toEqual(asText(expected))
  })

  it('rewrites SUMMARY.md and front matter only where the content changed, in the canonical form', () => {
    const read = readSpace(repository)
    const install = [...read.content.pages.values()].find((p) => p.title === 'Install')!
    read.content.pages.set(install.id, { ...install, meta: { ...install.meta, hidden: false, description: 'How to install' } })
    const faq = [...read.content.pages.values()].find((p) => p.title === 'Questions')!
    read.content.pages.delete(faq.id)
    const written = writeSpace(read.content, (hash) => read.blobs.get(hash), { layout: read.layout, preserved: read.preserved })
    expect(written.get('docs/guides/getting-started/install.md')!.toString()).toBe('---\ndescription: How to install\nicon: download\n---\n\n# Install\n\n```bash\nnpm ci\n```\n\nLine with a hard break\\\nnext.\n')
    expect(written.get('docs/SUMMARY.md')!.toString()).not.toContain('Questions')
    expect(written.get('docs/SUMMARY.md')!.toString()).toContain('## FAQ')
  })

  it('infers the tree from folders when there is no SUMMARY.md', () => {
    const { content } = readSpace(files({ 'README.md': '# Home\n', 'b.md': '# B\n', 'a/README.md': '# A\n', 'a/child.md': '# Child\n', '.gitbook/assets/x.png': 'x' }))
    const pages = [...content.pages.values()]
    const byTitle = Object.fromEntries(pages.map((p) => [p.title, p]))
    expect(Object.keys(byTitle).sort()).toEqual(['A', 'B', 'Child', 'Home'])
    expect(byTitle.Child.parent).toBe(byTitle.A.id)
    expect(byTitle.Home.order).toBe(0)
  })

  it('reports summary entries that escape the root, are missing or listed twice, with file and line', () => {
    const { problems } = readSpace(files({ 'SUMMARY.md': '# T\n\n* [A](a.md)\n* [Out](../secret.md)\n* [Missing](missing.md)\n* [Again](a.md)\n', 'a.md': '# A\n' }))
    expect(problems).toEqual([
      { file: 'SUMMARY.md', line: 4, message: '"../secret.md" points outside the content root' },
      { file: 'SUMMARY.md', line: 5, message: '"missing.md" does not exist' },
      { file: 'SUMMARY.md', line: 6, message: '"a.md" is listed twice; a page has one place' },
    ])
  })

  it('reads .gitbook/includes as reusable contents, keeps their ids by path, and writes them back', () => {
    const read = readSpace(repository)
    const reusables = [...read.content.reusableContents!.values()].sort((a, b) => (a.title < b.title ? -1 : 1))
    expect(reusables.map((r) => [r.title, r.markdown, r.git?.path])).toEqual([
      ['Note', 'Shared note.\n', 'docs/.gitbook/includes/note.md'],
      ['untitled', 'A block without front matter.\n', 'docs/.gitbook/includes/untitled.md'],
    ])
    expect([...read.preserved.keys()].some((path) => path.includes('.gitbook/includes/'))).toBe(false)
    // Read again with the first as the previous content: the same ids.
    const again = readSpace(repository, { previous: read.content })
    expect([...again.content.reusableContents!.keys()].sort()).toEqual([...read.content.reusableContents!.keys()].sort())

    // A new title rewrites the front matter in the canonical form; a new reusable content gets a file of its own.
    const note = reusables[0]
    read.content.reusableContents!.set(note.id, { ...note, title: 'Shared note', markdown: 'Changed.\n' })
    read.content.reusableContents!.set('NEWID123', { id: 'NEWID123', title: 'Support hours', markdown: 'Mon–Fri.\n', createdAt: note.createdAt, updatedAt: note.updatedAt })
    const written = writeSpace(read.content, (hash) => read.blobs.get(hash), { layout: read.layout, preserved: read.preserved })
    expect(written.get('docs/.gitbook/includes/note.md')!.toString()).toBe('---\ntitle: Shared note\n---\n\nChanged.\n')
    expect(written.get('docs/.gitbook/includes/untitled.md')!.toString()).toBe('A block without front matter.\n')
    expect(written.get('docs/.gitbook/includes/support-hours-newid1.md')!.toString()).toBe('---\ntitle: Support hours\n---\n\nMon–Fri.\n')
    // …which reads back as the same reusable content.
    const reread = readSpace(new Map([...written, ['.gitbook.yaml', repository.get('.gitbook.yaml')!]]), { previous: read.content })
    expect([...reread.content.reusableContents!.values()].find((r) => r.title === 'Support hours')?.markdown).toBe('Mon–Fri.\n')
  })

  it('keeps a SUMMARY.md that is not in the canonical form while its tree is unchanged', () => {
    const summary = '# Summary\n\n- [Home](README.md)\n-   [Guide](guide.md)\n\n\n'
    const repo = files({ 'SUMMARY.md': summary, 'README.md': '# Home\n', 'guide.md': '# Guide\n' })
    const read = readSpace(repo)
    expect(writeSpace(read.content, () => undefined, { layout: read.layout, preserved: read.preserved }).get('SUMMARY.md')!.toString()).toBe(summary)
    // A changed tree is written in the canonical form.
    const guide = [...read.content.pages.values()].find((p) => p.title === 'Guide')!
    read.content.pages.delete(guide.id)
    expect(writeSpace(read.content, () => undefined, { layout: read.layout, preserved: read.preserved }).get('SUMMARY.md')!.toString()).toBe('# Table of contents\n\n* [Home](README.md)\n')
  })
})
