/**
 * Writes a set of files as one commit on a branch of a repository, with isomorphic-git: blobs and trees are
 * written as objects, the commit has the branch's tip (if any) as its single parent, and the branch moves to it.
 * A local repository is written in place (the branch should not be the checked-out one: its working tree is not
 * touched); an http(s) one is fetched shallowly, committed to, and pushed.
 */
import fs from 'node:fs'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import git from 'isomorphic-git'
import { ConflictError, NotFoundError } from '../errors'
import { safeUrl } from './safe-url'

export interface CommitRequest {
  url: string
  ref: string
  message: string
  author: { name: string; email: string }
  /** The commit the last sync saw; when the tip is elsewhere and `force` is false, the commit is refused. */
  expectedTip?: string | null
  force?: boolean
  /** Builds the new files from the tip's files (paths relative to the repository). */
  build: (current: Map<string, Buffer>) => Map<string, Buffer>
}

export async function writeCommit(request: CommitRequest): Promise<{ oid: string; changed: number }> {
  const isHttp = /^https?:\/\//i.test(request.url)
  let dir = request.url.replace(/^file:\/\//, '')
  let scratch: string | undefined
  let http: any
  let auth: { username: string; password: string } | undefined
  let remoteUrl = request.url
  const branch = request.ref.replace('refs/heads/', '')
  if (isHttp) {
    scratch = dir = mkdtempSync(join(tmpdir(), 'docsctl-export-'))
    http = (await import('isomorphic-git/http/node')).default
    const parsed = new URL(request.url)
    if (parsed.username) auth = { username: decodeURIComponent(parsed.username), password: decodeURIComponent(parsed.password) }
    parsed.username = ''
    parsed.password = ''
    remoteUrl = parsed.toString()
    try {
      await git.clone({ fs, http, dir, url: remoteUrl, ref: branch, singleBranch: true, depth: 1, noCheckout: true, onAuth: () => auth ?? { cancel: true } })
    } catch {
      await git.init({ fs, dir, defaultBranch: branch })
      await git.addRemote({ fs, dir, remote: 'origin', url: remoteUrl })
    }
  } else if (!fs.existsSync(dir)) {
    throw new NotFoundError(`No repository at ${dir}.`)
  }
  try {
    const gitdir = fs.existsSync(join(dir, '.git')) ? join(dir, '.git') : dir
    const tip = await git.resolveRef({ fs, dir, gitdir, ref: isHttp ? `refs/remotes/origin/${branch}` : request.ref }).catch(() => null)
    if (tip && request.expectedTip && tip !== request.expectedTip && !request.force) {
      throw new ConflictError(`${request.ref} of ${safeUrl(request.url)} moved since the last sync (it is at ${tip.slice(0, 12)}, the sync knew ${request.expectedTip.slice(0, 12)}): import it first, or export with force.`)
    }
    const current = new Map<string, Buffer>()
    if (tip) {
      await git.walk({
        fs,
        dir,
        gitdir,
        trees: [git.TREE({ ref: tip })],
        map: async (path, [entry]) => {
          if (!entry || path === '.') return true
          if ((await entry.type()) === 'tree') return true
          const content = await entry.content()
          if (content) current.set(path, Buffer.from(content))
          return null
        },
      })
    }
    const next = request.build(current)
    let changed = 0
    for (const [path, bytes] of next) if (!current.get(path)?.equals(bytes)) changed++
    for (const path of current.keys()) if (!next.has(path)) changed++
    const tree = await writeTree(dir, gitdir, next)
    const now = Math.floor(Date.now() / 1000)
    const person = { name: request.author.name, email: request.author.email, timestamp: now, timezoneOffset: 0 }
    const oid = await git.writeCommit({
      fs,
      dir,
      gitdir,
      commit: { message: request.message.endsWith('\n') ? request.message : `${request.message}\n`, tree, parent: tip ? [tip] : [], author: person, committer: person },
    })
    await git.writeRef({ fs, dir, gitdir, ref: request.ref, value: oid, force: true })
    if (isHttp) {
      await git.push({ fs, http, dir, url: remoteUrl, ref: branch, remoteRef: request.ref, force: Boolean(request.force), onAuth: () => auth ?? { cancel: true } })
    }
    return { oid, changed }
  } finally {
    if (scratch) rmSync(scratch, { recursive: true, force: true })
  }
}

/** Writes blobs and nested trees for a flat map of paths; answers the root tree's oid. */
async function writeTree(dir: string, gitdir: string, files: Map<string, Buffer>): Promise<string> {
  type Node = { files: Map<string, Buffer>; dirs: Map<string, Node> }
  const root: Node = { files: new Map(), dirs: new Map() }
  for (const [path, bytes] of files) {
    const parts = path.split('/')
    let node = root
    for (const part of parts.slice(0, -1)) {
      if (!node.dirs.has(part)) node.dirs.set(part, { files: new Map(), dirs: new Map() })
      node = node.dirs.get(part)!
    }
    node.files.set(parts[parts.length - 1], bytes)
  }
  const write = async (node: Node): Promise<string> => {
    const entries: { mode: string; path: string; oid: string; type: 'blob' | 'tree' }[] = []
    for (const [name, bytes] of node.files) entries.push({ mode: '100644', path: name, oid: await git.writeBlob({ fs, dir, gitdir, blob: bytes }), type: 'blob' })
    for (const [name, child] of node.dirs) entries.push({ mode: '040000', path: name, oid: await write(child), type: 'tree' })
    return git.writeTree({ fs, dir, gitdir, tree: entries })
  }
  return write(root)
}
