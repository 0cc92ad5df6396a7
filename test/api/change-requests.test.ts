import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useTestServer } from '../support/server'

const server = useTestServer({ beforeAll, afterAll })

async function newSpace(title = 'Docs') {
  return (await server.request('POST', `/v1/orgs/${server.organizationId}/spaces`, { body: { title } })).body
}
async function newCr(spaceId: string, subject = 'Edit') {
  const res = await server.request('POST', `/v1/spaces/${spaceId}/change-requests`, { body: { subject } })
  expect(res.status).toBe(201)
  return res.body
}
async function change(spaceId: string, cr: string | number, changes: unknown[], query = '') {
  return server.request('POST', `/v1/spaces/${spaceId}/change-requests/${cr}/content${query}`, { body: { changes } })
}
async function pages(spaceId: string, cr?: string | number) {
  const path = cr === undefined ? `/v1/spaces/${spaceId}/content/pages` : `/v1/spaces/${spaceId}/change-requests/${cr}/content/pages`
  return (await server.request('GET', path)).body.pages
}
const merge = (spaceId: string, cr: string | number) => server.request('POST', `/v1/spaces/${spaceId}/change-requests/${cr}/merge`)

describe('change requests', () => {
  it('creates, reads by id and number, lists by status, and updates subject and status', async () => {
    const space = await newSpace()
    const cr = await newCr(space.id, 'First')
    expect(cr).toMatchObject({ object: 'change-request', number: 1, status: 'open', subject: 'First', space: space.id, revision: space.revision, revisionInitial: space.revision, outdated: false, comments: 0 })
    expect(cr.createdBy.id).toBe(server.userId)
    expect((await server.request('GET', `/v1/spaces/${space.id}/change-requests/1`)).body.id).toBe(cr.id)
    expect((await server.request('GET', `/v1/spaces/${space.id}/change-requests/${cr.id}`)).body.number).toBe(1)
    const second = await newCr(space.id, 'Second')
    expect(second.number).toBe(2)
    const drafted = await server.request('PATCH', `/v1/spaces/${space.id}/change-requests/2`, { body: { status: 'draft', subject: 'Second, renamed' } })
    expect(drafted.body).toMatchObject({ status: 'draft', subject: 'Second, renamed' })
    expect((await server.request('GET', `/v1/spaces/${space.id}/change-requests`)).body.items.map((c: any) => c.number)).toEqual([1])
    expect((await server.request('GET', `/v1/spaces/${space.id}/change-requests?status=draft`)).body.items.map((c: any) => c.number)).toEqual([2])
    const counted = (await server.request('GET', `/v1/spaces/${space.id}`)).body
    expect(counted).toMatchObject({ changeRequests: 2, changeRequestsOpen: 1, changeRequestsDraft: 1 })
    expect((await server.request('PATCH', `/v1/spaces/${space.id}/change-requests/1`, { body: { subject: 'x'.repeat(101) } })).status).toBe(400)
    expect((await server.request('PATCH', `/v1/spaces/${space.id}/change-requests/1`, { body: { status: 'merged' } })).status).toBe(400)
    expect((await server.request('GET', `/v1/spaces/${space.id}/change-requests/99`)).status).toBe(404)
  })

  it('filters by contributor: whoever created the change request or changed its content', async () => {
    const space = await newSpace()
    const editor = await server.addUser('edit')
    const mine = await newCr(space.id, 'Mine')
    const theirs = (await server.request('POST', `/v1/spaces/${space.id}/change-requests`, { body: { subject: 'Theirs' }, token: editor.token })).body
    await server.request('POST', `/v1/spaces/${space.id}/change-requests/${mine.id}/content`, { body: { changes: [{ operation: 'insert_page', document: {} }] }, token: editor.token })
    const byEditor = await server.request('GET', `/v1/spaces/${space.id}/change-requests?contributor=${editor.userId}`)
    expect(byEditor.body.items.map((c: any) => c.subject).sort()).toEqual(['Mine', 'Theirs'])
    const byAdmin = await server.request('GET', `/v1/spaces/${space.id}/change-requests?contributor=${server.userId}`)
    expect(byAdmin.body.items.map((c: any) => c.id)).toEqual([mine.id])
    const created = await server.request('GET', `/v1/spaces/${space.id}/change-requests?creator=${editor.userId}`)
    expect(created.body.items.map((c: any) => c.id)).toEqual([theirs.id])
  })

  it('authors pages in a batch, with front matter, nesting, moves and deletes, as one revision', async () => {
    const space = await newSpace()
    const cr = await newCr(space.id)
    const res = await change(
      space.id,
      cr.number,
      [
        { operation: 'insert_page', ref: 'guide', document: { markdown: '---\ndescription: How to start\nhidden: true\n---\n# Getting started\n\nHello.\n' } },
        { operation: 'insert_page', into: 'guide', title: 'Install', document: { markdown: 'Run it.\n' } },
        { operation: 'insert_page', title: 'FAQ', document: { markdown: '# FAQ\n' }, emoji: '❓' },
      ],
      '?compat=false',
    )
    expect(res.status).toBe(200)
    expect(res.body.changes.map((c: any) => c.object)).toEqual(['created_page', 'created_page', 'created_page'])
    expect(res.body.changeRequest.revision).not.toBe(cr.revision)
    const tree = await pages(space.id, cr.number)
    expect(tree.map((p: any) => p.title)).toEqual(['Getting started', 'FAQ'])
    expect(tree[0]).toMatchObject({ slug: 'getting-started', path: 'getting-started', description: 'How to start', hidden: true, markdown: '# Getting started\n\nHello.\n' })
    expect(tree[0].pages[0]).toMatchObject({ title: 'Install', path: 'getting-started/install' })
    expect(tree[1].emoji).toBe('❓')
    const install = tree[0].pages[0].id
    const moved = await change(space.id, cr.number, [
      { operation: 'update_page', page: install, into: null, at: 0, title: 'Installation' },
      { operation: 'delete_page', page: tree[1].id },
    ])
    expect(moved.status).toBe(200)
    // A new title keeps the slug (and so the URL) unless a slug is given.
    expect((await pages(space.id, cr.number)).map((p: any) => [p.title, p.path])).toEqual([['Installation', 'install'], ['Getting started', 'getting-started']])
    expect(await pages(space.id)).toEqual([])
  })

  it('resolves links to pages by path or .md path into page ids, and keeps relative Markdown paths', async () => {
    const space = await newSpace()
    const cr = await newCr(space.id)
    await change(space.id, cr.id, [
      { operation: 'insert_page', title: 'Guides', slug: 'guides', ref: 'g', document: {} },
      { operation: 'insert_page', into: 'g', title: 'Install', slug: 'install', document: {} },
    ])
    const [guides] = await pages(space.id, cr.id)
    const install = guides.pages[0].id
    await change(space.id, cr.id, [
      { operation: 'insert_page', title: 'Links', document: { markdown: '[a](/pages/guides/install) [b](/pages/guides/install.md#top) [c](/pages/guides/README.md) [d](guides/install.md) [e](/pages/nope)\n' } },
    ])
    const links = (await pages(space.id, cr.id)).find((p: any) => p.title === 'Links')
    expect(links.markdown).toBe(`[a](/pages/${install}) [b](/pages/${install}#top) [c](/pages/${guides.id}) [d](guides/install.md) [e](/pages/nope)\n`)
  })

  it('rejects a whole batch when one change is invalid, naming it', async () => {
    const space = await newSpace()
    const cr = await newCr(space.id)
    const before = (await server.request('GET', `/v1/spaces/${space.id}/change-requests/${cr.id}`)).body.revision
    const res = await change(space.id, cr.id, [
      { operation: 'insert_page', title: 'Fine', document: { markdown: 'ok' } },
      { operation: 'update_page', page: 'missing', title: 'Nope' },
    ])
    expect(res.status).toBe(400)
    expect(res.body.error.message).toContain('body.changes[1]')
    expect((await server.request('GET', `/v1/spaces/${space.id}/change-requests/${cr.id}`)).body.revision).toBe(before)
    const collision = await change(space.id, cr.id, [
      { operation: 'insert_page', title: 'Same', slug: 'same', document: {} },
      { operation: 'insert_page', title: 'Same again', slug: 'same', document: {} },
    ])
    expect(collision.status).toBe(400)
    expect(collision.body.error.message).toContain('same')
    expect((await change(space.id, cr.id, [])).status).toBe(400)
    expect((await change(space.id, cr.id, Array.from({ length: 51 }, () => ({ operation: 'delete_page', page: 'x' })))).status).toBe(400)
    expect((await change(space.id, cr.id, [{ operation: 'insert_page', document: { markdown: '---\n: : bad\n---\n' } }])).body.error.message).toContain('front matter')
  })

  it('merges into an untouched space, reproducing the change request exactly', async () => {
    const space = await newSpace()
    const cr = await newCr(space.id)
    await change(space.id, cr.id, [{ operation: 'insert_page', document: { markdown: '# Home\n\nWelcome.\n' } }])
    const crPages = await pages(space.id, cr.id)
    const merged = await merge(space.id, cr.id)
    expect(merged.status).toBe(200)
    expect(merged.body.result).toBe('merge')
    const after = (await server.request('GET', `/v1/spaces/${space.id}`)).body
    expect(after.revision).toBe(merged.body.revision)
    expect(await pages(space.id)).toEqual(crPages)
    const mergedCr = (await server.request('GET', `/v1/spaces/${space.id}/change-requests/${cr.id}`)).body
    expect(mergedCr).toMatchObject({ status: 'merged', revisionMerged: merged.body.revision, outdated: false })
    const revision = (await server.request('GET', `/v1/spaces/${space.id}/revisions/${merged.body.revision}`)).body
    expect(revision).toMatchObject({ type: 'merge', parents: [space.revision, mergedCr.revision], mergedFrom: { id: cr.id } })
    expect((await server.request('PATCH', `/v1/spaces/${space.id}/change-requests/${cr.id}`, { body: { status: 'open' } })).status).toBe(409)
    expect((await merge(space.id, cr.id)).status).toBe(409)
    const byPath = await server.request('GET', `/v1/spaces/${space.id}/content/path/home`)
    expect(byPath.body.title).toBe('Home')
  })

  it('merges concurrent edits of different lines, and reports conflicts without changing anything', async () => {
    const space = await newSpace()
    const setup = await newCr(space.id)
    await change(space.id, setup.id, [{ operation: 'insert_page', document: { markdown: '# Guide\n\none\ntwo\nthree\nfour\n' } }])
    await merge(space.id, setup.id)
    const pageId = (await pages(space.id))[0].id
    const a = await newCr(space.id, 'A')
    const b = await newCr(space.id, 'B')
    const c = await newCr(space.id, 'C')
    await change(space.id, a.id, [{ operation: 'update_page', page: pageId, document: { markdown: '# Guide\n\nONE\ntwo\nthree\nfour\n' } }])
    await change(space.id, b.id, [{ operation: 'update_page', page: pageId, document: { markdown: '# Guide\n\none\ntwo\nthree\nFOUR\n' } }])
    await change(space.id, c.id, [{ operation: 'update_page', page: pageId, document: { markdown: '# Guide\n\nuno\ntwo\nthree\nfour\n' } }])
    expect((await merge(space.id, a.id)).status).toBe(200)
    expect((await server.request('GET', `/v1/spaces/${space.id}/change-requests/${b.id}`)).body.outdated).toBe(true)
    expect((await merge(space.id, b.id)).status).toBe(200)
    expect((await server.request('GET', `/v1/spaces/${space.id}/content/page/${pageId}`)).body.markdown).toBe('# Guide\n\nONE\ntwo\nthree\nFOUR\n')
    const before = (await server.request('GET', `/v1/spaces/${space.id}`)).body.revision
    const conflict = await merge(space.id, c.id)
    expect(conflict.status).toBe(409)
    expect(conflict.body.error.data.conflicts).toEqual([expect.objectContaining({ kind: 'edit-edit', page: pageId, field: 'markdown' })])
    expect((await server.request('GET', `/v1/spaces/${space.id}`)).body.revision).toBe(before)
    expect((await server.request('GET', `/v1/spaces/${space.id}/change-requests/${c.id}`)).body.status).toBe('open')
  })

  it('updates a change request from the space, recording the merged ancestor', async () => {
    const space = await newSpace()
    const first = await newCr(space.id)
    const later = await newCr(space.id)
    await change(space.id, first.id, [{ operation: 'insert_page', title: 'From main', document: { markdown: 'main\n' } }])
    await merge(space.id, first.id)
    await change(space.id, later.id, [{ operation: 'insert_page', title: 'From CR', document: { markdown: 'cr\n' } }])
    expect((await server.request('GET', `/v1/spaces/${space.id}/change-requests/${later.id}`)).body.outdated).toBe(true)
    const updated = await server.request('POST', `/v1/spaces/${space.id}/change-requests/${later.id}/update`)
    expect(updated.status).toBe(200)
    expect(updated.body.result).toBe('update')
    const cr = (await server.request('GET', `/v1/spaces/${space.id}/change-requests/${later.id}`)).body
    expect(cr).toMatchObject({ revision: updated.body.revision, outdated: false, revisionMergedAncestor: (await server.request('GET', `/v1/spaces/${space.id}`)).body.revision })
    expect((await pages(space.id, later.id)).map((p: any) => p.title).sort()).toEqual(['From CR', 'From main'])
  })

  it('refuses edits and merges in a locked space, and to readers', async () => {
    const space = await newSpace()
    const cr = await newCr(space.id)
    const reader = await server.addUser('read')
    expect((await server.request('POST', `/v1/spaces/${space.id}/change-requests`, { body: {}, token: reader.token })).status).toBe(403)
    expect((await change(space.id, cr.id, [{ operation: 'insert_page', document: {} }])).status).toBe(200)
    await server.request('PATCH', `/v1/spaces/${space.id}`, { body: { editMode: 'locked' } })
    const locked = await change(space.id, cr.id, [{ operation: 'insert_page', document: {} }])
    expect(locked.status).toBe(403)
    expect(locked.body.error.message).toContain('locked')
    expect((await merge(space.id, cr.id)).status).toBe(403)
  })
})

describe('links', () => {
  it('lists the links of a space and of a page with their status and stats, counting broken ones added by open change requests', async () => {
    const space = await newSpace()
    const setup = await newCr(space.id)
    await change(space.id, setup.id, [
      { operation: 'insert_page', ref: 'home', document: { markdown: '# Home\n\nSee [install](install.md), [gone](nowhere.md)\nand [site](https://example.com).\n' } },
      { operation: 'insert_page', title: 'Install', document: { markdown: 'Back [home](/pages/home)\n' } },
    ])
    await merge(space.id, setup.id)
    const open = await newCr(space.id)
    const tree = await pages(space.id)
    await change(space.id, open.id, [{ operation: 'update_page', page: tree[1].id, document: { markdown: 'Broken [here](/pages/nope)\n' } }])
    const res = await server.request('GET', `/v1/spaces/${space.id}/links`)
    expect(res.status).toBe(200)
    expect(res.body.stats).toEqual({ total: 4, broken: { total: 1, changeRequest: 1 } })
    const broken = res.body.items.filter((l: any) => l.status === 'broken')
    expect(broken).toEqual([expect.objectContaining({ target: 'nowhere.md', location: { page: tree[0].id, path: 'home', line: 3 } })])
    const paged = await server.request('GET', `/v1/spaces/${space.id}/links?limit=3`)
    expect(paged.body.items).toHaveLength(3)
    expect((await server.request('GET', `/v1/spaces/${space.id}/links?limit=3&page=${paged.body.next.page}`)).body.items).toHaveLength(1)
    const pageLinks = await server.request('GET', `/v1/spaces/${space.id}/content/page/${tree[1].id}/links`)
    expect(pageLinks.body.items).toEqual([expect.objectContaining({ status: 'ok', targetReference: expect.objectContaining({ kind: 'page', page: tree[0].id }) })])
    const crLinks = await server.request('GET', `/v1/spaces/${space.id}/change-requests/${open.id}/content/page/${tree[1].id}/links`)
    expect(crLinks.body.stats.broken.total).toBe(1)
  })
})

describe('files', () => {
  const PNG_1x1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='

  it('uploads files by base64 and by url, links them from pages by ref, serves them and lists their backlinks', async () => {
    const http = await import('node:http')
    const source = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('hello file'))
    await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve))
    const sourceUrl = `http://127.0.0.1:${(source.address() as { port: number }).port}/notes.txt`
    try {
      const space = await newSpace()
      const cr = await newCr(space.id)
      const res = await change(
        space.id,
        cr.id,
        [
          { operation: 'insert_files', files: [{ ref: 'dot.png', name: 'dot.png', contentType: 'image/png', base64: PNG_1x1 }, { name: 'notes.txt', url: sourceUrl }] },
          { operation: 'insert_page', title: 'Gallery', document: { markdown: '# Gallery\n\n![dot](./dot.png)\n' } },
        ],
        '?compat=false',
      )
      expect(res.status).toBe(200)
      const [dot, notes] = res.body.insertedFiles
      expect(dot).toMatchObject({ name: 'dot.png', contentType: 'image/png', size: 70, dimensions: { width: 1, height: 1 } })
      expect(notes).toMatchObject({ name: 'notes.txt', contentType: 'text/plain', size: 10 })
      const page = (await pages(space.id, cr.id))[0]
      expect(page.markdown).toContain(`![dot](/files/${dot.id})`)
      const download = await fetch(dot.downloadURL)
      expect(download.headers.get('content-type')).toBe('image/png')
      expect(Buffer.from(await download.arrayBuffer()).toString('base64')).toBe(PNG_1x1)
      expect(await (await fetch(notes.downloadURL)).text()).toBe('hello file')
      await merge(space.id, cr.id)
      const listed = await server.request('GET', `/v1/spaces/${space.id}/content/files`)
      expect(listed.body.items.map((f: any) => f.name)).toEqual(['dot.png', 'notes.txt'])
      expect((await server.request('GET', `/v1/spaces/${space.id}/content/files/${dot.id}`)).body.id).toBe(dot.id)
      const back = await server.request('GET', `/v1/spaces/${space.id}/content/files/${dot.id}/backlinks`)
      expect(back.body.items).toEqual([expect.objectContaining({ location: expect.objectContaining({ page: page.id, lines: [3] }) })])
      expect((await server.request('GET', `/v1/spaces/${space.id}/links`)).body.stats.broken.total).toBe(0)
      expect((await server.request('GET', `/v1/spaces/${space.id}/content/files/nope`)).status).toBe(404)
    } finally {
      source.close()
    }
  })

  it('rejects a file without bytes, a bad address, or base64 without a content type, naming the field', async () => {
    const space = await newSpace()
    const cr = await newCr(space.id)
    const cases: [unknown, string][] = [
      [{ name: 'a.png' }, 'give either url or base64'],
      [{ name: 'a.png', base64: PNG_1x1 }, 'contentType'],
      [{ name: 'a.txt', url: 'http://127.0.0.1:9/none' }, 'could not fetch'],
    ]
    for (const [file, message] of cases) {
      const res = await change(space.id, cr.id, [{ operation: 'insert_files', files: [file] }])
      expect(res.status, JSON.stringify(file)).toBe(400)
      expect(res.body.error.message).toContain('body.changes[0].files[0]')
      expect(res.body.error.message).toContain(message)
    }
  })
})

describe('print rendering', () => {
  it('answers a signed, temporary address of the change request rendered for print, or of one page', async () => {
    const space = await newSpace('Printable')
    const cr = await newCr(space.id, 'Print me')
    await change(space.id, cr.id, [
      { operation: 'insert_page', title: 'First', document: { markdown: '# First\n\nSome **bold** text and <script>alert(1)</script>.\n' } },
      { operation: 'insert_page', title: 'Second', document: { markdown: 'Second body.\n' } },
    ])
    const res = await server.request('GET', `/v1/spaces/${space.id}/change-requests/${cr.id}/pdf`)
    expect(res.status).toBe(200)
    expect(res.body.url).toMatch(new RegExp(`^${server.url}/print/`))
    const html = await (await fetch(res.body.url)).text()
    expect(html).toContain('<strong>bold</strong>')
    expect(html).toContain('Second body.')
    expect(html).not.toContain('<script>')
    const second = (await pages(space.id, cr.id))[1].id
    const one = await server.request('GET', `/v1/spaces/${space.id}/change-requests/${cr.id}/pdf?only=true&page=${second}`)
    const single = await (await fetch(one.body.url)).text()
    expect(single).toContain('Second body.')
    expect(single).not.toContain('bold')
    const [address, signature] = res.body.url.split(/\.(?=[^.]+$)/)
    const forged = `${address}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`
    expect((await fetch(forged)).status).toBe(404)
    expect((await server.request('GET', `/v1/spaces/${space.id}/change-requests/${cr.id}/pdf?page=nope`)).status).toBe(404)
  })
})

describe('content import', () => {
  async function minimalDocx(): Promise<Buffer> {
    const JSZip = (await import('jszip')).default
    const zip = new JSZip()
    zip.file('[Content_Types].xml', '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>')
    zip.file('_rels/.rels', '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>')
    zip.file('word/document.xml', '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>Quarterly report</w:t></w:r></w:p><w:p><w:r><w:rPr><w:b/></w:rPr><w:t>Revenue</w:t></w:r><w:r><w:t xml:space="preserve"> went up.</w:t></w:r></w:p></w:body></w:document>')
    return zip.generateAsync({ type: 'nodebuffer' })
  }

  it('imports Markdown, HTML and .docx documents from an address as new pages', async () => {
    const docx = await minimalDocx()
    const http = await import('node:http')
    const source = http.createServer((req, res) => {
      if (req.url === '/guide.md') res.end('---\ndescription: Imported\n---\n# Guide\n\nFrom Markdown.\n')
      else if (req.url === '/page.html') res.end('<html><head><title>Web page</title></head><body><h1>Web page</h1><p>Some <em>HTML</em>.</p><script>x()</script></body></html>')
      else if (req.url === '/report.docx') res.end(docx)
      else res.writeHead(404).end()
    })
    await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve))
    const base = `http://127.0.0.1:${(source.address() as { port: number }).port}`
    try {
      const space = await newSpace('Imports')
      const cr = await newCr(space.id)
      const imported = async (path: string, kind: string) => server.request('POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/content/import`, { body: { url: base + path, source: kind } })
      const md = await imported('/guide.md', 'markdown')
      expect(md.status).toBe(201)
      expect(md.body).toMatchObject({ revision: expect.any(String), importedResources: 1, totalResources: 1 })
      expect((await imported('/page.html', 'html')).status).toBe(201)
      expect((await imported('/report.docx', 'docx')).status).toBe(201)
      const tree = await pages(space.id, cr.id)
      expect(tree.map((p: any) => p.title)).toEqual(['Guide', 'Web page', 'Quarterly report'])
      expect(tree[0]).toMatchObject({ description: 'Imported', markdown: '# Guide\n\nFrom Markdown.\n' })
      expect(tree[1].markdown).toContain('Some _HTML_.')
      expect(tree[1].markdown).not.toContain('x()')
      expect(tree[2].markdown).toContain('**Revenue** went up.')
      const missing = await imported('/nothing.md', 'markdown')
      expect(missing.status).toBe(400)
      expect(missing.body.error.message).toContain('HTTP 404')
      expect((await imported('/guide.md', 'pdf')).body.error.message).toContain('body.source')
      expect((await imported('/page.html', 'docx')).status).toBe(400)
    } finally {
      source.close()
    }
  })
})
