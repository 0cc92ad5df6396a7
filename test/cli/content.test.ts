import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { docsctl, initWorkspace, json } from './support'

let dataDir: string
let space: string
const run = (...args: string[]) => docsctl(dataDir, args)
const file = (name: string, text: string) => {
  const path = join(dataDir, name)
  writeFileSync(path, text)
  return path
}

beforeAll(async () => {
  dataDir = (await initWorkspace()).dataDir
  space = json(await run('space', 'create', '--title', 'Docs', '--json')).id
})

describe('docsctl cr and page', () => {
  it('authors pages in a change request, shows its diff, and merges it', async () => {
    expect((await run('cr', 'create', '--space', space, '--subject', 'Start')).stdout).toContain('Created change request #1')
    const added = json(await run('page', 'add', '--space', space, '--cr', '1', '--file', file('guide.md', '# Guide\n\none\ntwo\n'), '--json'))
    const guide = added.changes[0].page.id
    await run('page', 'add', '--space', space, '--cr', '1', '--title', 'Child', '--parent', guide)
    const tree = await run('page', 'list', '--space', space, '--cr', '1')
    expect(tree.stdout).toMatch(/^ID\s+TITLE\s+PATH\s+TYPE$/m)
    expect(tree.stdout).toContain('guide/child')
    const diff = await run('cr', 'diff', '1', '--space', space)
    expect(diff.stdout).toContain('added: (none) → guide')
    expect(diff.stdout).toContain('+one')
    expect((await run('cr', 'list', '--space', space)).stdout).toMatch(/#1\s+Start\s+open/)
    expect((await run('cr', 'merge', '1', '--space', space)).stdout).toContain('Merged')
    const live = json(await run('page', 'list', '--space', space, '--json'))
    expect(live.pages.map((p: any) => p.title)).toEqual(['Guide'])
    const got = await run('page', 'get', '--path', 'guide', '--space', space)
    expect(got.stdout).toContain('two')
    expect(json(await run('cr', 'get', '1', '--space', space, '--json')).status).toBe('merged')
  })

  it('edits, moves and removes pages, and updates a change request from the space', async () => {
    const live = json(await run('page', 'list', '--space', space, '--json')).pages
    const guide = live[0].id
    const child = live[0].pages[0].id
    await run('cr', 'create', '--space', space, '--subject', 'Edit')
    await run('cr', 'create', '--space', space, '--subject', 'Other')
    expect((await run('page', 'edit', guide, '--space', space, '--cr', '2', '--file', file('g2.md', '# Guide\n\nONE\ntwo\n'))).exitCode).toBe(0)
    expect((await run('page', 'move', child, '--space', space, '--cr', '2', '--root'))).toMatchObject({ exitCode: 0 })
    expect((await run('cr', 'merge', '2', '--space', space)).exitCode).toBe(0)
    const extra = json(await run('page', 'add', '--space', space, '--cr', '3', '--title', 'Extra', '--json')).changes[0].page.id
    await run('page', 'add', '--space', space, '--cr', '3', '--title', 'Scratch')
    const scratch = json(await run('page', 'list', '--space', space, '--cr', '3', '--json')).pages.find((p: any) => p.title === 'Scratch').id
    expect((await run('page', 'rm', scratch, '--space', space, '--cr', '3')).exitCode).toBe(0)
    const updated = await run('cr', 'update-from-main', '3', '--space', space)
    expect(updated.exitCode).toBe(0)
    const pages = json(await run('page', 'list', '--space', space, '--cr', '3', '--json')).pages
    expect(pages.map((p: any) => p.id).sort()).toEqual([guide, child, extra].sort())
    expect(json(await run('page', 'get', guide, '--space', space, '--cr', '3', '--json')).markdown).toContain('ONE')
    expect(json(await run('cr', 'update', '3', '--space', space, '--status', 'archived', '--json')).status).toBe('archived')
  })

  it('lists merge conflicts and exits non-zero, changing nothing', async () => {
    const guide = json(await run('page', 'list', '--space', space, '--json')).pages[0].id
    await run('cr', 'create', '--space', space, '--subject', 'Mine')
    await run('cr', 'create', '--space', space, '--subject', 'Theirs')
    await run('page', 'edit', guide, '--space', space, '--cr', '4', '--file', file('a.md', '# Guide\n\nAAA\ntwo\n'))
    await run('page', 'edit', guide, '--space', space, '--cr', '5', '--file', file('b.md', '# Guide\n\nBBB\ntwo\n'))
    expect((await run('cr', 'merge', '4', '--space', space)).exitCode).toBe(0)
    const conflict = await run('cr', 'merge', '5', '--space', space)
    expect(conflict.exitCode).not.toBe(0)
    expect(conflict.stderr).toContain('edit-edit')
    expect(json(await run('cr', 'get', '5', '--space', space, '--json'))).toMatchObject({ status: 'open', outdated: true })
    const asJson = json(await run('cr', 'merge', '5', '--space', space, '--json'))
    expect(asJson.error.code).toBe(409)
    expect(asJson.error.data.conflicts[0]).toMatchObject({ kind: 'edit-edit', page: guide })
  })
})

describe('docsctl links', () => {
  it('exits 1 listing page, line and target of broken links, and 0 when all are fine', async () => {
    const linked = json(await run('space', 'create', '--title', 'Linked', '--json')).id
    await run('cr', 'create', '--space', linked)
    await run('page', 'add', '--space', linked, '--cr', '1', '--file', file('l.md', '# Links\n\n[ok](#top)\n[bad](missing.md)\n'))
    await run('cr', 'merge', '1', '--space', linked)
    const broken = await run('links', '--space', linked)
    expect(broken.exitCode).toBe(1)
    expect(broken.stdout).toMatch(/broken\s+links\s+4\s+missing\.md/)
    expect(broken.stdout).toContain('2 links, 1 broken.')
    const asJson = json(await run('links', '--space', linked, '--json'))
    expect(asJson.stats.broken.total).toBe(1)
    const clean = json(await run('space', 'create', '--title', 'Clean', '--json')).id
    expect((await run('links', '--space', clean)).exitCode).toBe(0)
  })
})

describe('docsctl git', () => {
  it('imports a repository into a space, waiting for the job, and shows the sync state and jobs', async () => {
    const { makeRepository } = await import('../support/git')
    const repo = makeRepository({ 'README.md': '# Home\n\nHi\n', 'SUMMARY.md': '# T\n\n* [Home](README.md)\n* [Guide](guide.md)\n', 'guide.md': '# Guide\n' })
    const target = json(await run('space', 'create', '--title', 'From git', '--json')).id
    const imported = await run('git', 'import', '--space', target, '--url', repo)
    expect(imported.exitCode).toBe(0)
    expect(imported.stdout).toMatch(/Imported 2 pages and 0 files from [0-9a-f]{12}/)
    expect(json(await run('page', 'list', '--space', target, '--json')).pages.map((p: any) => p.title)).toEqual(['Home', 'Guide'])
    expect((await run('git', 'info', '--space', target)).stdout).toContain(repo)
    expect((await run('git', 'jobs', '--space', target)).stdout).toMatch(/git-import\s+succeeded/)
    const exported = await run('git', 'export', '--space', target, '--url', repo, '--ref', 'refs/heads/published', '--message', 'Publish')
    expect(exported.exitCode).toBe(0)
    expect(exported.stdout).toMatch(/Committed [0-9a-f]{12}/)
    const { execFileSync } = await import('node:child_process')
    expect(execFileSync('git', ['show', 'published:guide.md'], { cwd: repo }).toString()).toBe('# Guide\n')
    const missing = await run('git', 'import', '--space', target, '--url', repo, '--ref', 'refs/heads/nope')
    expect(missing.exitCode).not.toBe(0)
    expect(missing.stderr).toContain('refs/heads/nope')
  })
})

describe('docsctl init --template', () => {
  it('scaffolds each template as a GitBook-format folder that reads cleanly', async () => {
    const { readSpace } = await import('../../src/git/format/read-space')
    const { readdirSync, readFileSync, statSync } = await import('node:fs')
    const { join } = await import('node:path')
    for (const template of ['starter', 'api-reference', 'handbook']) {
      const target = join(dataDir, `tpl-${template}`)
      const result = await run('init', '--template', template, '--dir', target, '--json')
      expect(result.exitCode, result.stderr).toBe(0)
      const files = new Map<string, Buffer>()
      const walk = (dir: string, prefix: string) => {
        for (const name of readdirSync(dir)) {
          const full = join(dir, name)
          if (statSync(full).isDirectory()) walk(full, `${prefix}${name}/`)
          else files.set(`${prefix}${name}`, readFileSync(full))
        }
      }
      walk(target, '')
      expect(json(result).files.sort()).toEqual([...files.keys()].sort())
      const read = readSpace(files)
      expect(read.problems, template).toEqual([])
      expect(read.content.pages.size).toBeGreaterThan(1)
    }
    const again = await run('init', '--template', 'starter', '--dir', join(dataDir, 'tpl-starter'))
    expect(again.stderr).toContain('not empty')
    expect((await run('init', '--template', 'nope', '--dir', join(dataDir, 'x'))).stderr).toContain('starter')
  })

  it('searches merged content from the terminal, in a space or across the organization', async () => {
    const searched = json(await run('space', 'create', '--title', 'Searchable', '--json')).id
    await run('cr', 'create', '--space', searched, '--subject', 'Add')
    await run('page', 'add', '--space', searched, '--cr', '1', '--title', 'Setup', '--file', file('setup.md', '# Setup\n\nInstall it.\n\n## Upgrade\n\nUpgrade the flamingo tool often.\n'))
    await run('cr', 'merge', '1', '--space', searched)
    const inSpace = await run('search', 'flamingo', '--space', searched)
    expect(inSpace.stdout).toContain('Setup')
    expect(inSpace.stdout).toContain('§ Upgrade: Upgrade the flamingo tool often.')
    const everywhere = json(await run('search', 'flaming', '--json'))
    expect(everywhere.items.map((s: any) => s.title)).toEqual(['Searchable'])
    expect((await run('search', 'zebra')).stdout).toBe('Nothing found.\n')
  })

  it('reads front matter of a page file (YAML) in the bundled CLI', async () => {
    const fm = json(await run('space', 'create', '--title', 'Front matter', '--json')).id
    await run('cr', 'create', '--space', fm, '--subject', 'Add')
    const added = await run('page', 'add', '--space', fm, '--cr', '1', '--file', file('fm.md', '---\ndescription: Set from front matter\nicon: book\n---\n\n# With front matter\n\nBody.\n'))
    expect(added.exitCode, added.stderr).toBe(0)
    await run('cr', 'merge', '1', '--space', fm)
    const page = json(await run('page', 'list', '--space', fm, '--json')).pages[0]
    expect(page).toMatchObject({ title: 'With front matter', description: 'Set from front matter', icon: 'book' })
  })
})
