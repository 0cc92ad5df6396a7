/**
 * Reads the files of a repository at a ref: a local path (or file:// URL) is read in place, an http(s) URL
 * (basic-auth credentials allowed in it) is fetched shallowly into a temporary directory first, with isomorphic-git.
 * Reading is done by ./object-store (native zlib, no isomorphic-git: a local import never loads it).
 * Answers the commit and a map of paths to bytes, refusing symlinks and files over the size limit.
 * Credentials never appear in an error message: addresses are shown without them.
 */
import fs from 'node:fs'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BadRequestError, NotFoundError } from '../errors'
import { ObjectStore, gitdirOf, resolveRef, type TreeEntry } from './object-store'
import { safeUrl } from './safe-url'
import { requireCjs } from '../require-cjs'

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
      const git: typeof import('isomorphic-git') = requireCjs('isomorphic-git')
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
  const store = new ObjectStore(gitdirOf(dir))
  try {
    let oid: string | undefined
    try {
      oid = resolveRef(store.gitdir, ref, store)
    } catch (error) {
      throw new NotFoundError(`The repository at ${safeUrl(url)} has no usable ${ref}: ${(error as Error).message}`)
    }
    if (!oid) throw new NotFoundError(`The repository at ${safeUrl(url)} has no ${ref}.`)
    const commit = store.readCommit(oid)
    const files = new Map<string, Buffer>()
    const skipped: RepositoryFiles['skipped'] = []
    for await (const { path, entry, blob } of treeFiles(store, commit.tree)) {
      const kind = entry.mode & 0o170000
      if (kind === 0o120000) skipped.push({ path, reason: 'symbolic links are not followed' })
      else if (kind === 0o160000) skipped.push({ path, reason: 'a commit is not content' })
      else {
        const bytes = blob()!
        if (bytes.length > REPOSITORY_LIMITS.fileBytes) skipped.push({ path, reason: 'larger than 100 MiB' })
        else {
          files.set(path, bytes)
          onFile?.(bytes.length)
        }
      }
    }
    return { oid, message: commit.message, files, skipped }
  } finally {
    store.close()
    if (scratch) rmSync(scratch, { recursive: true, force: true })
  }
}

/**
 * Every entry of a tree that is not a tree, depth first in git's order of each tree, with its path and its bytes
 * (read when asked; undefined for a submodule, whose entry names a commit). Reading is synchronous: now and then
 * the event loop gets a turn, so that a server importing a large repository still answers meanwhile.
 */
export async function* treeFiles(store: ObjectStore, tree: string, prefix = ''): AsyncGenerator<{ path: string; entry: TreeEntry; blob: () => Buffer | undefined }> {
  let paused = performance.now()
  for (const entry of store.readTree(tree)) {
    const path = prefix + entry.name
    const kind = entry.mode & 0o170000
    if (kind === 0o040000) {
      yield* treeFiles(store, entry.oid, path + '/')
      continue
    }
    const blob = () => {
      if (kind === 0o160000) return undefined
      const content = store.read(entry.oid)
      if (content.type !== 'blob') throw new Error(`Git tree ${tree} names a ${content.type} (${entry.oid}) as the file ${path}.`)
      return content.body
    }
    yield { path, entry, blob }
    if (performance.now() - paused > 20) {
      await new Promise((resolve) => setImmediate(resolve))
      paused = performance.now()
    }
  }
}
