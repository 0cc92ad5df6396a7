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
    const pages = (await server.request('GET', `/v1/spaces/${space.id}/content/pages`)).body.pages
    expect(pages.map((p: any) => [p.title, p.description ?? null])).toEqual([['Home', 'Welcome'], ['Guide', null]])
    expect((await server.request('GET', `/v1/spaces/${space.id}/content/files`)).body.items.map((f: any) => f.name)).toEqual(['logo.png'])
    const info = await server.request('GET', `/v1/spaces/${space.id}/git/info`)
    expect(info.body).toMatchObject({ url: repo, integration: 'git', installationStatus: 'active', installationId: space.id })
    // An older sync is skipped and says why; the content stays.
    await server.request('POST', `/v1/spaces/${space.id}/git/import`, { body: { url: repo, ref: 'refs/heads/main', timestamp: '2026-01-01T00:00:00.000Z' } })
    const jobs = await settled(space.id, 2)
    expect(jobs[0]).toMatchObject({ status: 'skipped', result: { reason: expect.stringContaining('applied already') } })
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
