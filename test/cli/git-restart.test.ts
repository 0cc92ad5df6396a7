/**
 * A git import interrupted by a crash (SIGKILL, no graceful stop) in the middle of its run: the next server start
 * requeues it, runs it again from the start, and the space ends up with the whole import exactly once.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { rmSync } from 'node:fs'
import { initWorkspace, serve, tempDir } from './support'
import { makeRepository } from '../support/git'

const PAGES = 1500
const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

async function call(url: string, token: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${url}/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  return { status: response.status, body: text ? JSON.parse(text) : undefined }
}

describe('a git job and a crash of the server', () => {
  it('is requeued at the next start and imports everything once', async () => {
    const files: Record<string, string> = { 'README.md': '# Home\n' }
    const summary = ['# Table of contents', '', '* [Home](README.md)']
    for (let i = 0; i < PAGES; i++) {
      files[`pages/page-${i}.md`] = `# Page ${i}\n\n${'Some text about this page. '.repeat(20)}\n`
      summary.push(`* [Page ${i}](pages/page-${i}.md)`)
    }
    files['SUMMARY.md'] = summary.join('\n') + '\n'
    const repo = makeRepository(files)
    const { dataDir, organization, token } = await initWorkspace(tempDir())
    dirs.push(repo, dataDir)

    const first = await serve(dataDir)
    const space = (await call(first.url, token, 'POST', `/orgs/${organization.id}/spaces`, { title: 'Crash' })).body
    const before = (await call(first.url, token, 'GET', `/spaces/${space.id}`)).body.revision
    expect((await call(first.url, token, 'POST', `/spaces/${space.id}/git/import`, { url: repo, ref: 'refs/heads/main' })).status).toBe(204)
    // Wait for the job to be running, then kill the process without letting it finish anything.
    let seen = ''
    for (let i = 0; i < 2000 && seen !== 'running'; i++) {
      seen = (await call(first.url, token, 'GET', `/spaces/${space.id}/git/jobs`)).body.items[0]?.status ?? ''
      if (seen === 'succeeded') break
    }
    expect(seen, 'the import must still be running when the server is killed').toBe('running')
    first.process.kill('SIGKILL')
    await first.process

    const second = await serve(dataDir)
    try {
      let jobs: any[] = []
      for (let i = 0; i < 600; i++) {
        jobs = (await call(second.url, token, 'GET', `/spaces/${space.id}/git/jobs`)).body.items
        if (jobs.every((job) => job.status !== 'queued' && job.status !== 'running')) break
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      expect(jobs).toHaveLength(1)
      expect(jobs[0]).toMatchObject({ kind: 'git-import', status: 'succeeded', attempts: 2, result: { pages: PAGES + 1 } })
      const after = (await call(second.url, token, 'GET', `/spaces/${space.id}`)).body.revision
      expect(after).not.toBe(before)
      const pages = (await call(second.url, token, 'GET', `/spaces/${space.id}/content/pages`)).body.pages
      const flat: any[] = []
      const walk = (list: any[]) => list.forEach((page) => (flat.push(page), walk(page.pages ?? [])))
      walk(pages)
      expect(flat).toHaveLength(PAGES + 1)
      expect(new Set(flat.map((page) => page.title)).size).toBe(PAGES + 1)
      // One import revision on top of the first one: the killed run left nothing half-written.
      const revisions = (await call(second.url, token, 'GET', `/spaces/${space.id}/revisions/${after}`)).body
      expect(revisions.parents).toEqual([before])
    } finally {
      await second.stop()
    }
  }, 120_000)
})
