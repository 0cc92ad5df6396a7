import { execFileSync } from 'node:child_process'
import { mkdtempSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { hasGit } from '../../test/support/git'
import { readRepository, safeUrl } from './read-repository'
import { readSpace } from './format/read-space'

function repository(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'docsctl-repo-'))
  const run = (...args: string[]) => execFileSync('git', args, { cwd: dir, env: { ...process.env, GIT_AUTHOR_NAME: 'T', GIT_AUTHOR_EMAIL: 't@x.io', GIT_COMMITTER_NAME: 'T', GIT_COMMITTER_EMAIL: 't@x.io' } })
  run('init', '-q', '-b', 'main')
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  symlinkSync('/etc/passwd', join(dir, 'escape.md'))
  run('add', '-A')
  run('commit', '-q', '-m', 'Initial docs')
  return dir
}


describe.skipIf(!hasGit)('readRepository', () => {
  it('reads the files of a local repository at a ref, never following symlinks', async () => {
    const dir = repository({ 'README.md': '# Home\n', 'SUMMARY.md': '# T\n\n* [Home](README.md)\n* [Guide](guide.md)\n', 'guide.md': '# Guide\n' })
    const read = await readRepository(dir, 'refs/heads/main')
    expect(read.message).toBe('Initial docs\n')
    expect([...read.files.keys()].sort()).toEqual(['README.md', 'SUMMARY.md', 'guide.md'])
    expect(read.skipped).toEqual([{ path: 'escape.md', reason: 'symbolic links are not followed' }])
    const { content, problems } = readSpace(read.files)
    expect(problems).toEqual([])
    expect([...content.pages.values()].map((p) => p.title)).toEqual(['Home', 'Guide'])
  })

  it('answers clearly for a missing repository or ref, without credentials in the message', async () => {
    const dir = repository({ 'README.md': '# Home\n' })
    await expect(readRepository(dir, 'refs/heads/nope')).rejects.toThrow('has no refs/heads/nope')
    await expect(readRepository(join(dir, 'missing'), 'refs/heads/main')).rejects.toThrow('No repository at')
    await expect(readRepository(dir, 'main')).rejects.toThrow('refs/heads/<branch>')
    const error = await readRepository('http://user:s3cret@127.0.0.1:9/repo.git', 'refs/heads/main').catch((e) => e)
    expect(String(error.message)).not.toContain('s3cret')
    expect(safeUrl('https://user:pass@example.com/r.git')).toBe('https://example.com/r.git')
  })
})
