/**
 * Reads the files of a repository at a ref, with isomorphic-git: a local path (or file:// URL) is read in place,
 * an http(s) URL (basic-auth credentials allowed in it) is fetched shallowly into a temporary directory first.
 * Answers the commit and a map of paths to bytes, refusing symlinks and files over the size limit.
 * Credentials never appear in an error message: addresses are shown without them.
 */
import fs from 'node:fs'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import git from 'isomorphic-git'
import { BadRequestError, NotFoundError } from '../errors'
import { safeUrl } from './safe-url'

export const REPOSITORY_LIMITS = { fileBytes: 100 * 1024 * 1024 }

export interface RepositoryFiles {
  oid: string
  message: string
  files: Map<string, Buffer>
  /** Entries that were not read, with why (symlinks, oversize files, submodules). */
  skipped: { path: string; reason: string }[]
}

export { safeUrl }

/** `onFile(bytes)` is called for each file read. */
export async function readRepository(url: string, ref: string, onFile?: (bytes: number) => void): Promise<RepositoryFiles> {
  if (!/^refs\/heads\/[^\s]+$/.test(ref)) throw new BadRequestError(`ref: "${ref}" must look like refs/heads/<branch>.`)
  const isHttp = /^https?:\/\//i.test(url)
  let dir: string
  let scratch: string | undefined
  if (isHttp) {
    scratch = mkdtempSync(join(tmpdir(), 'docsctl-git-'))
    dir = scratch
    const parsed = new URL(url)
    const auth = parsed.username ? { username: decodeURIComponent(parsed.username), password: decodeURIComponent(parsed.password) } : undefined
    parsed.username = ''
    parsed.password = ''
    try {
      const http = (await import('isomorphic-git/http/node')).default
      await git.clone({ fs, http, dir, url: parsed.toString(), ref: ref.replace('refs/heads/', ''), singleBranch: true, depth: 1, noCheckout: true, onAuth: () => auth ?? { cancel: true } })
    } catch (error) {
      rmSync(scratch, { recursive: true, force: true })
      throw new NotFoundError(`Could not fetch ${ref} from ${safeUrl(url)}: ${((error as Error).message ?? '').replaceAll(url, safeUrl(url))}`)
    }
  } else {
    dir = url.replace(/^file:\/\//, '')
    if (!fs.existsSync(dir)) throw new NotFoundError(`No repository at ${dir}.`)
  }
  try {
    const gitdir = fs.existsSync(join(dir, '.git')) ? join(dir, '.git') : dir
    let oid: string
    try {
      oid = await git.resolveRef({ fs, dir, gitdir, ref })
    } catch {
      throw new NotFoundError(`The repository at ${safeUrl(url)} has no ${ref}.`)
    }
    const commit = await git.readCommit({ fs, dir, gitdir, oid })
    const files = new Map<string, Buffer>()
    const skipped: RepositoryFiles['skipped'] = []
    await git.walk({
      fs,
      dir,
      gitdir,
      trees: [git.TREE({ ref: oid })],
      map: async (path, [entry]) => {
        if (!entry || path === '.') return true
        const type = await entry.type()
        if (type === 'tree') return true
        const mode = await entry.mode()
        if (mode === 0o120000) {
          skipped.push({ path, reason: 'symbolic links are not followed' })
          return null
        }
        if (type !== 'blob') {
          skipped.push({ path, reason: `a ${type} is not content` })
          return null
        }
        const content = await entry.content()
        if (!content) return null
        if (content.length > REPOSITORY_LIMITS.fileBytes) {
          skipped.push({ path, reason: 'larger than 100 MiB' })
          return null
        }
        files.set(path, Buffer.from(content))
        onFile?.(content.length)
        return null
      },
    })
    return { oid, message: commit.commit.message, files, skipped }
  } finally {
    if (scratch) rmSync(scratch, { recursive: true, force: true })
  }
}
