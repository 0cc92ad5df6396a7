import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useTestServer } from '../support/server'
import { makeRepository, settledGitJobs } from '../support/git'

const server = useTestServer({ beforeAll, afterAll })

const settled = (spaceId: string, count: number) => settledGitJobs((method, path) => server.request(method, path), spaceId, count)

describe('git import', () => {
  it('imports a GitBook-format repository as a job and records the sync', async () => {
    const repo = makeRepository({
      'README.md': '---\ndescription: Welcome\n---\n\n# Home\n\nHi.\n',
      'SUMMARY.md': '# Table of contents\n\n* [Home](README.md)\n* [Guide](guide.md)\n',
      'guide.md': '# Guide\n\n![](.gitbook/assets/logo.png)\n',
      '.gitbook/assets/logo.png': 'png-bytes',
    })
    const space = (await server.request('POST', `/v1/orgs/${server.organizationId}/spaces`, { body: { title: 'Synced' } })).body
    const started = await server.request('POST', `/v1/spaces/${space.id}/git/import`, { body: { url: repo, ref: 'refs/heads/main', timestamp: '2026-01-02T00:00:00.000Z' } })
    expect(started.status).toBe(204)
    const [job] = await settled(space.id, 1)
    expect(job).toMatchObject({ kind: 'git-import', status: 'succeeded', result: { pages: 2, files: 1, problems: [] } })
    // Progress: every file of the commit read, with its bytes.
    const { execFileSync: git } = await import('node:child_process')
    const tree = git('git', ['ls-tree', '-r', '-l', 'main'], { cwd: repo }).toString().trim().split('\n')
    const treeBytes = tree.reduce((sum, line) => sum + Number(line.split(/\s+/)[3]), 0)
    expect(job.progress).toEqual({ phase: 'read', files: tree.length, bytes: treeBytes })
    const pages = (await server.request('GET', `/v1/spaces/${space.id}/content/pages`)).body.pages
    expect(pages.map((p: any) => [p.title, p.description ?? null])).toEqual([['Home', 'Welcome'], ['Guide', null]])
    const [logo] = (await server.request('GET', `/v1/spaces/${space.id}/content/files`)).body.items
    expect(logo.name).toBe('logo.png')
    expect(logo.git).toEqual({ path: '.gitbook/assets/logo.png', oid: (await import('node:child_process')).execFileSync('git', ['rev-parse', 'main:.gitbook/assets/logo.png'], { cwd: repo }).toString().trim() })
    const info = await server.request('GET', `/v1/spaces/${space.id}/git/info`)
    expect(info.body).toMatchObject({ url: repo, integration: 'git', installationStatus: 'active', installationId: space.id })
    expect((await server.request('GET', `/v1/spaces/${space.id}`)).body.gitSync).toEqual(info.body)
    const { execFileSync } = await import('node:child_process')
    const revision = (await server.request('GET', `/v1/spaces/${space.id}/content`)).body
    expect(revision.git).toMatchObject({ oid: job.result.commit, message: 'Docs\n', ref: 'refs/heads/main', createdByService: false })
    expect(revision.pages[1].git).toEqual({ path: 'guide.md', oid: execFileSync('git', ['rev-parse', 'main:guide.md'], { cwd: repo }).toString().trim() })
    // A re-import keeps the ids of pages and files (matched by path).
    await server.request('POST', `/v1/spaces/${space.id}/git/import`, { body: { url: repo, ref: 'refs/heads/main', force: true } })
    await settled(space.id, 2)
    expect((await server.request('GET', `/v1/spaces/${space.id}/content/files`)).body.items.map((f: any) => f.id)).toEqual([logo.id])
    expect((await server.request('GET', `/v1/spaces/${space.id}/content/pages`)).body.pages.map((p: any) => p.id)).toEqual(pages.map((p: any) => p.id))
    // An older sync is skipped and says why; the content stays.
    await server.request('POST', `/v1/spaces/${space.id}/git/import`, { body: { url: repo, ref: 'refs/heads/main', timestamp: '2026-01-01T00:00:00.000Z' } })
    const jobs = await settled(space.id, 3)
    expect(jobs[0]).toMatchObject({ status: 'skipped', result: { reason: expect.stringContaining('applied already') } })
  })

  it('builds git.url of pages from repoTreeURL and of the revision from repoCommitURL', async () => {
    const repo = makeRepository({ 'README.md': '# Home\n', 'docs/guide.md': '# Guide\n', 'SUMMARY.md': '# Table of contents\n\n* [Home](README.md)\n* [Guide](docs/guide.md)\n' })
    const space = (await server.request('POST', `/v1/orgs/${server.organizationId}/spaces`, { body: { title: 'Addresses' } })).body
    const tree = 'https://git.example.com/acme/docs/blob/main/'
    const commits = 'https://git.example.com/acme/docs/commit/'
    await server.request('POST', `/v1/spaces/${space.id}/git/import`, { body: { url: repo, ref: 'refs/heads/main', repoTreeURL: tree, repoCommitURL: commits } })
    const [job] = await settled(space.id, 1)
    const revision = (await server.request('GET', `/v1/spaces/${space.id}/content`)).body
    expect(revision.git.url).toBe(commits + job.result.commit)
    expect(revision.pages.map((page: any) => page.git.url)).toEqual([tree + 'README.md', tree + 'docs/guide.md'])
    expect((await server.request('GET', `/v1/spaces/${space.id}/git/info`)).body.url).toBe(tree)
  })

  it('fails a job for a missing ref, leaving the space as it was, and validates the request', async () => {
    const repo = makeRepository({ 'README.md': '# Home\n' })
    const space = (await server.request('POST', `/v1/orgs/${server.organizationId}/spaces`, { body: { title: 'Untouched' } })).body
    await server.request('POST', `/v1/spaces/${space.id}/git/import`, { body: { url: repo, ref: 'refs/heads/nope' } })
    const [job] = await settled(space.id, 1)
    expect(job).toMatchObject({ status: 'failed', error: expect.stringContaining('refs/heads/nope') })
    expect((await server.request('GET', `/v1/spaces/${space.id}/git/info`)).status).toBe(404)
    expect((await server.request('GET', `/v1/spaces/${space.id}`)).body.revision).toBe(space.revision)
    expect((await server.request('POST', `/v1/spaces/${space.id}/git/import`, { body: { url: repo, ref: 'main' } })).body.error.message).toContain('body.ref')
    const reader = await server.addUser('read')
    expect((await server.request('POST', `/v1/spaces/${space.id}/git/import`, { body: { url: repo, ref: 'refs/heads/main' }, token: reader.token })).status).toBe(403)
  })

  it('never stores or shows the credentials of an address', async () => {
    const space = (await server.request('POST', `/v1/orgs/${server.organizationId}/spaces`, { body: { title: 'Secret' } })).body
    await server.request('POST', `/v1/spaces/${space.id}/git/import`, { body: { url: 'http://user:s3cret@127.0.0.1:9/repo.git', ref: 'refs/heads/main' } })
    const rows = await server.engine.db.selectFrom('jobs').select(['payload', 'error']).execute()
    expect(JSON.stringify(rows)).not.toContain('s3cret')
    const jobs = (await server.request('GET', `/v1/spaces/${space.id}/git/jobs`)).body
    expect(JSON.stringify(jobs)).not.toContain('s3cret')
  })
})

describe('local repositories', () => {
  it('are refused, for import and export alike, by a server that listens beyond this machine (without --allow-local-files)', async () => {
    const space = (await server.request('POST', `/v1/orgs/${server.organizationId}/spaces`, { body: { title: 'Local files' } })).body
    const repo = makeRepository({ 'README.md': '# Home\n' })
    server.engine.localFiles = false
    try {
      for (const url of [repo, `file://${repo}`]) {
        for (const kind of ['import', 'export']) {
          const res = await server.request('POST', `/v1/spaces/${space.id}/git/${kind}`, { body: { url, ref: 'refs/heads/main', ...(kind === 'export' ? { commitMessage: 'Export' } : {}) } })
          expect(res.status).toBe(400)
          expect(res.body.error.message).toContain('--allow-local-files')
        }
      }
    } finally {
      server.engine.localFiles = true
    }
    expect((await server.request('POST', `/v1/spaces/${space.id}/git/import`, { body: { url: repo, ref: 'refs/heads/main' } })).status).toBe(204)
    await settled(space.id, 1)
  })
})

describe('git export', () => {
  it('round-trips a repository: import, change through a change request, export as one commit on top of the tip', async () => {
    const { execFileSync } = await import('node:child_process')
    const files = {
      'README.md': '---\ndescription: Welcome\n---\n\n# Home\n\nHi.\n',
      'SUMMARY.md': '# Table of contents\n\n* [Home](README.md)\n* [Guide](guide.md)\n',
      'guide.md': '# Guide\n\n{% hint style="info" %}\nKept as is.\n{% endhint %}\n\n{% include ".gitbook/includes/support.md" %}\n',
      '.gitbook/assets/logo.png': 'png-bytes',
      '.gitbook/includes/support.md': '---\ntitle: Support\n---\n\nWrite to help@example.com.\n',
      'notes.txt': 'not part of the space content\n',
    }
    const repo = makeRepository(files)
    const git = (...args: string[]) => execFileSync('git', args, { cwd: repo }).toString()
    const tip = git('rev-parse', 'main').trim()
    const space = (await server.request('POST', `/v1/orgs/${server.organizationId}/spaces`, { body: { title: 'Round trip' } })).body
    await server.request('POST', `/v1/spaces/${space.id}/git/import`, { body: { url: repo, ref: 'refs/heads/main' } })
    await settled(space.id, 1)

    // The include is a reusable content of the revision, readable by id; the page keeps its include tag.
    const revision = (await server.request('GET', `/v1/spaces/${space.id}/content`)).body
    expect(revision.reusableContents).toEqual([{ id: expect.any(String), title: 'Support', git: { path: '.gitbook/includes/support.md', oid: git('rev-parse', 'main:.gitbook/includes/support.md').trim() } }])
    const support = revision.reusableContents[0].id
    expect((await server.request('GET', `/v1/spaces/${space.id}/content/reusable-contents/${support}`)).body).toMatchObject({ id: support, title: 'Support', markdown: 'Write to help@example.com.\n' })
    expect((await server.request('GET', `/v1/spaces/${space.id}/revisions/${revision.id}/reusable-contents/${support}`)).body.title).toBe('Support')
    expect((await server.request('GET', `/v1/spaces/${space.id}/content/reusable-contents/nope`)).status).toBe(404)

    // Unchanged content exports byte for byte: the new commit has the same tree as the tip.
    await server.request('POST', `/v1/spaces/${space.id}/git/export`, { body: { url: repo, ref: 'refs/heads/main', commitMessage: 'No change' } })
    const [unchanged] = await settled(space.id, 2)
    expect(unchanged).toMatchObject({ kind: 'git-export', status: 'succeeded', result: { changedFiles: 0 } })
    expect(git('rev-parse', 'main^{tree}')).toBe(git('rev-parse', `${tip}^{tree}`))

    // An edit through a change request changes one file; the author is the caller.
    const cr = (await server.request('POST', `/v1/spaces/${space.id}/change-requests`, { body: { subject: 'Edit' } })).body
    const guide = (await server.request('GET', `/v1/spaces/${space.id}/content/pages`)).body.pages[1].id
    await server.request('POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/content`, { body: { changes: [{ operation: 'update_page', page: guide, document: { markdown: '# Guide\n\nNew text.\n' } }] } })
    await server.request('POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/merge`)
    await server.request('POST', `/v1/spaces/${space.id}/git/export`, { body: { url: repo, ref: 'refs/heads/main', commitMessage: 'GITBOOK-1: Edit' } })
    const [edited] = await settled(space.id, 3)
    expect(edited).toMatchObject({ status: 'succeeded', result: { changedFiles: 1 }, progress: { phase: 'write', files: expect.any(Number), bytes: expect.any(Number) } })
    expect(edited.progress.files).toBeGreaterThanOrEqual(2)
    expect(git('show', 'main:guide.md')).toBe('# Guide\n\nNew text.\n')
    expect(git('show', 'main:README.md')).toBe(files['README.md'])
    expect(git('show', 'main:notes.txt')).toBe(files['notes.txt'])
    expect(git('show', 'main:.gitbook/includes/support.md')).toBe(files['.gitbook/includes/support.md'])
    expect(git('log', '-1', '--format=%an <%ae>|%s', 'main').trim()).toBe('Admin <admin@example.com>|GITBOOK-1: Edit')
    expect(git('rev-list', '--count', 'main').trim()).toBe('3')
    // Every object docsctl wrote is one git itself accepts (blobs are written as loose objects by docsctl).
    execFileSync('git', ['fsck', '--strict', '--no-dangling'], { cwd: repo })

    // A branch that moved since the last sync is not overwritten without force.
    execFileSync('git', ['commit', '-q', '--allow-empty', '-m', 'outside change'], { cwd: repo, env: { ...process.env, GIT_AUTHOR_NAME: 'T', GIT_AUTHOR_EMAIL: 't@x.io', GIT_COMMITTER_NAME: 'T', GIT_COMMITTER_EMAIL: 't@x.io' } })
    await server.request('POST', `/v1/spaces/${space.id}/git/export`, { body: { url: repo, ref: 'refs/heads/main', commitMessage: 'Again' } })
    const [conflict] = await settled(space.id, 4)
    expect(conflict).toMatchObject({ status: 'failed', error: expect.stringContaining('moved since the last sync') })
    await server.request('POST', `/v1/spaces/${space.id}/git/export`, { body: { url: repo, ref: 'refs/heads/main', commitMessage: 'Forced', force: true } })
    expect((await settled(space.id, 5))[0].status).toBe('succeeded')
  })
})

describe('git round trip of every format feature', () => {
  it('imports a repository using every feature of the format and exports it unchanged as the identical tree', async () => {
    const { execFileSync } = await import('node:child_process')
    const repo = makeRepository({
      '.gitbook.yaml': 'root: ./docs/\nstructure:\n  readme: README.md\n  summary: SUMMARY.md\nredirects:\n  old/page: guides/install.md\n',
      'docs/README.md': '---\ndescription: Welcome\ncover: .gitbook/assets/café ünïcode.svg\ncoverY: 0\n---\n\n# Home\n\n{% include ".gitbook/includes/note.md" %}\n',
      'docs/SUMMARY.md': '# Table of contents\n\n* [Home](README.md)\n\n## Guides <a href="#guides" id="guides"></a>\n\n* [Install](guides/install.md "Setup")\n  * [Nested](guides/install/nested.md)\n* [External](https://example.com)\n\n***\n\n* [Last](last.md)\n',
      'docs/guides/install.md': '---\nicon: download\nhidden: true\nunknown: kept\n---\n\n# Install\n\n{% stepper %}\n{% step %}\nOne\n{% endstep %}\n{% endstepper %}\n\n![](<../.gitbook/assets/Shot 1.44.24\u202fPM (1).png>)\n\nBreak\\\nhere.\n',
      'docs/guides/install/nested.md': '# Nested\n\n<details>\n\n<summary>More</summary>\n\nHidden.\n\n</details>\n',
      'docs/last.md': '# Last\n\n{% hint style="warning" %}\nCareful.\n{% endhint %}\n\n* [ ] task\n',
      'docs/.gitbook/assets/Shot 1.44.24\u202fPM (1).png': 'png',
      'docs/.gitbook/assets/café ünïcode.svg': '<svg/>',
      'docs/.gitbook/assets/unreferenced.pdf': '%PDF',
      'docs/.gitbook/includes/note.md': '---\ntitle: Note\n---\n\nShared.\n',
      'docs/.gitbook/vars.yaml': 'product: docsctl\n',
      'docs/.gitbook/tags.yaml': '- tag: new\n  label: New\n',
      'other/README.md': 'Outside the root.\n',
    })
    const git = (...args: string[]) => execFileSync('git', args, { cwd: repo }).toString()
    const tip = git('rev-parse', 'main').trim()
    const space = (await server.request('POST', `/v1/orgs/${server.organizationId}/spaces`, { body: { title: 'Every feature' } })).body
    await server.request('POST', `/v1/spaces/${space.id}/git/import`, { body: { url: repo, ref: 'refs/heads/main' } })
    const [imported] = await settled(space.id, 1)
    expect(imported).toMatchObject({ status: 'succeeded', result: { problems: [] } })
    const revision = (await server.request('GET', `/v1/spaces/${space.id}/content`)).body
    expect(revision.variables).toEqual({ product: 'docsctl' })
    expect(revision.reusableContents.map((r: any) => r.title)).toEqual(['Note'])
    expect((await server.request('GET', `/v1/spaces/${space.id}/content/files`)).body.items.map((f: any) => f.name).sort()).toEqual(['Shot 1.44.24\u202fPM (1).png', 'café ünïcode.svg', 'unreferenced.pdf'])
    await server.request('POST', `/v1/spaces/${space.id}/git/export`, { body: { url: repo, ref: 'refs/heads/main', commitMessage: 'Unchanged' } })
    const [exported] = await settled(space.id, 2)
    expect(git('diff', tip, 'main')).toBe('')
    expect(exported).toMatchObject({ status: 'succeeded', result: { changedFiles: 0 } })
    expect(git('rev-parse', 'main^{tree}')).toBe(git('rev-parse', `${tip}^{tree}`))
  })
})

describe('git over smart HTTP', () => {
  it('imports from and exports to a repository served over http with basic-auth credentials in the address', async () => {
    const { execFileSync } = await import('node:child_process')
    const { mkdtempSync } = await import('node:fs')
    const { tmpdir } = await import('node:os')
    const { join } = await import('node:path')
    const { startGitHttpServer } = await import('../support/git-http-server')
    const source = makeRepository({ 'README.md': '# Home\n', 'SUMMARY.md': '# Table of contents\n\n* [Home](README.md)\n' })
    const root = mkdtempSync(join(tmpdir(), 'docsctl-git-http-'))
    execFileSync('git', ['clone', '-q', '--bare', source, join(root, 'docs.git')])
    execFileSync('git', ['config', 'http.receivepack', 'true'], { cwd: join(root, 'docs.git') })
    const gitServer = await startGitHttpServer(root, { username: 'ci', password: 's3cret' })
    try {
      const url = `${gitServer.url.replace('http://', 'http://ci:s3cret@')}/docs.git`
      const space = (await server.request('POST', `/v1/orgs/${server.organizationId}/spaces`, { body: { title: 'Over HTTP' } })).body
      await server.request('POST', `/v1/spaces/${space.id}/git/import`, { body: { url, ref: 'refs/heads/main' } })
      const [imported] = await settled(space.id, 1)
      expect(imported).toMatchObject({ status: 'succeeded', result: { pages: 1 } })
      expect(JSON.stringify(await server.request('GET', `/v1/spaces/${space.id}/git/info`))).not.toContain('s3cret')
      await server.request('POST', `/v1/spaces/${space.id}/git/export`, { body: { url, ref: 'refs/heads/published', commitMessage: 'Publish' } })
      const [exported] = await settled(space.id, 2)
      expect(exported).toMatchObject({ status: 'succeeded' })
      expect(execFileSync('git', ['show', 'published:README.md'], { cwd: join(root, 'docs.git') }).toString()).toBe('# Home\n')
      const wrong = `${gitServer.url.replace('http://', 'http://ci:wrong@')}/docs.git`
      await server.request('POST', `/v1/spaces/${space.id}/git/import`, { body: { url: wrong, ref: 'refs/heads/main', force: true } })
      const jobs = (await server.request('GET', `/v1/spaces/${space.id}/git/jobs`)).body
      expect(JSON.stringify(jobs)).not.toContain('wrong@')
    } finally {
      await gitServer.close()
    }
  })
})
