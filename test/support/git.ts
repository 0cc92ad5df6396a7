import { execFileSync } from 'node:child_process'
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// Repositories are made with the git CLI, which these machines ship; without it there is nothing to read.
export const hasGit = (() => {
  try {
    execFileSync('git', ['--version'])
    return true
  } catch {
    return false
  }
})()

/** A git repository made with the git CLI in a temp dir, one commit on `main` holding `files`. */
export function makeRepository(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'docsctl-repo-'))
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, env: { ...process.env, GIT_AUTHOR_NAME: 'T', GIT_AUTHOR_EMAIL: 't@x.io', GIT_COMMITTER_NAME: 'T', GIT_COMMITTER_EMAIL: 't@x.io' } })
  git('init', '-q', '-b', 'main')
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  git('add', '-A')
  git('commit', '-q', '-m', 'Docs')
  return dir
}

/** Waits until a space has at least `count` git jobs and none is queued or running; answers them, newest first. */
export async function settledGitJobs(request: (method: string, path: string) => Promise<{ body: any }>, spaceId: string, count: number) {
  for (let i = 0; i < 300; i++) {
    const jobs = (await request('GET', `/v1/spaces/${spaceId}/git/jobs`)).body.items
    if (jobs.length >= count && jobs.every((j: any) => !['queued', 'running'].includes(j.status))) return jobs
    await new Promise((r) => setTimeout(r, 20))
  }
  throw new Error('git jobs did not finish')
}
