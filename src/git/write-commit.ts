/**
 * Writes a set of files as one commit on a branch of a repository, with isomorphic-git: blobs and trees are
 * written as objects, the commit has the branch's tip (if any) as its single parent, and the branch moves to it.
 * A local repository is written in place (the branch should not be the checked-out one: its working tree is not
 * touched); an http(s) one is fetched shallowly, committed to, and pushed.
 */
import fs from 'node:fs'
import { createHash } from 'node:crypto'
import { crc32, deflateSync } from 'node:zlib'
import { gitBlobOid } from './blob-oid'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { requireCjs } from '../require-cjs'
import { ConflictError, NotFoundError } from '../errors'
import { safeUrl } from './safe-url'
import { ObjectStore, gitdirOf, resolveRef } from './object-store'
import { treeFiles } from './read-repository'

const git: typeof import('isomorphic-git') = requireCjs('isomorphic-git')

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
    const gitdir = gitdirOf(dir)
    // The tip and its files are read with the object store (native, fast); writing stays with isomorphic-git.
    const store = new ObjectStore(gitdir)
    const current = new Map<string, Buffer>()
    let tip: string | null
    try {
      tip = resolveRef(store.gitdir, isHttp ? `refs/remotes/origin/${branch}` : request.ref, store) ?? null
      if (tip && request.expectedTip && tip !== request.expectedTip && !request.force) {
        throw new ConflictError(`${request.ref} of ${safeUrl(request.url)} moved since the last sync (it is at ${tip.slice(0, 12)}, the sync knew ${request.expectedTip.slice(0, 12)}): import it first, or export with force.`)
      }
      if (tip) {
        for await (const { path, blob } of treeFiles(store, store.readCommit(tip).tree)) {
          const bytes = blob()
          if (bytes) current.set(path, bytes)
        }
      }
    } finally {
      store.close()
    }
    const next = request.build(current)
    let changed = 0
    for (const [path, bytes] of next) if (!current.get(path)?.equals(bytes)) changed++
    for (const path of current.keys()) if (!next.has(path)) changed++
    const tree = await writeTree(dir, gitdir, next, new Set([...current.values()].map(gitBlobOid)))
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

/**
 * Writes blobs and nested trees for a flat map of paths; answers the root tree's oid. The new blobs go into one
 * packfile with its index, written directly (git's documented pack format, version 2): one file instead of a loose
 * object file per blob, which on a thousand pages is most of an export's time. Blobs the tip already has (`existing`)
 * are not written again. Trees and the commit are few and written by isomorphic-git.
 */
async function writeTree(dir: string, gitdir: string, files: Map<string, Buffer>, existing: Set<string>): Promise<string> {
  type Node = { files: Map<string, string>; dirs: Map<string, Node> }
  const root: Node = { files: new Map(), dirs: new Map() }
  const blobs = new Map<string, Buffer>()
  for (const [path, bytes] of files) {
    const parts = path.split('/')
    let node = root
    for (const part of parts.slice(0, -1)) {
      if (!node.dirs.has(part)) node.dirs.set(part, { files: new Map(), dirs: new Map() })
      node = node.dirs.get(part)!
    }
    const oid = gitBlobOid(bytes)
    if (!existing.has(oid)) blobs.set(oid, bytes)
    node.files.set(parts[parts.length - 1], oid)
  }
  if (blobs.size) writePack(gitdir, blobs)
  const write = async (node: Node): Promise<string> => {
    const entries: { mode: string; path: string; oid: string; type: 'blob' | 'tree' }[] = []
    for (const [name, oid] of node.files) entries.push({ mode: '100644', path: name, oid, type: 'blob' })
    for (const [name, child] of node.dirs) entries.push({ mode: '040000', path: name, oid: await write(child), type: 'tree' })
    return git.writeTree({ fs, dir, gitdir, tree: entries })
  }
  return write(root)
}


const BLOB_TYPE = 3

/**
 * Writes `blobs` (by oid) as `objects/pack/pack-<sha>.pack` and its `.idx` (version 2), each under a temporary name
 * first; the index last, since git sees a pack once its index exists.
 */
export function writePack(gitdir: string, blobs: Map<string, Buffer>): string {
  const chunks: Buffer[] = []
  const header = Buffer.alloc(12)
  header.write('PACK', 0, 'latin1')
  header.writeUInt32BE(2, 4)
  header.writeUInt32BE(blobs.size, 8)
  chunks.push(header)
  let offset = 12
  const entries: { oid: string; offset: number; crc: number }[] = []
  for (const [oid, bytes] of blobs) {
    // Object header: type and size, 4 bits then 7 bits a byte, high bit = more bytes follow.
    const head: number[] = []
    let size = bytes.length
    let byte = (BLOB_TYPE << 4) | (size & 0x0f)
    size = Math.floor(size / 16)
    while (size > 0) {
      head.push(byte | 0x80)
      byte = size & 0x7f
      size = Math.floor(size / 128)
    }
    head.push(byte)
    const packed = Buffer.concat([Buffer.from(head), deflateSync(bytes)])
    entries.push({ oid, offset, crc: crc32(packed) })
    chunks.push(packed)
    offset += packed.length
  }
  const packSha = createHash('sha1')
  for (const chunk of chunks) packSha.update(chunk)
  const packDigest = packSha.digest()
  chunks.push(packDigest)

  entries.sort((a, b) => (a.oid < b.oid ? -1 : a.oid > b.oid ? 1 : 0))
  const fanout = Buffer.alloc(256 * 4)
  const counts = new Array<number>(256).fill(0)
  for (const entry of entries) counts[parseInt(entry.oid.slice(0, 2), 16)]++
  for (let i = 0, total = 0; i < 256; i++) fanout.writeUInt32BE((total += counts[i]), i * 4)
  const oids = Buffer.concat(entries.map((entry) => Buffer.from(entry.oid, 'hex')))
  const crcs = Buffer.alloc(entries.length * 4)
  const offsets = Buffer.alloc(entries.length * 4)
  const large: Buffer[] = []
  entries.forEach((entry, i) => {
    crcs.writeUInt32BE(entry.crc >>> 0, i * 4)
    if (entry.offset < 0x80000000) offsets.writeUInt32BE(entry.offset, i * 4)
    else {
      offsets.writeUInt32BE((0x80000000 | large.length) >>> 0, i * 4)
      const wide = Buffer.alloc(8)
      wide.writeBigUInt64BE(BigInt(entry.offset))
      large.push(wide)
    }
  })
  const idxBody = Buffer.concat([Buffer.from([0xff, 0x74, 0x4f, 0x63, 0, 0, 0, 2]), fanout, oids, crcs, offsets, ...large, packDigest])
  const idx = Buffer.concat([idxBody, createHash('sha1').update(idxBody).digest()])

  const folder = join(gitdir, 'objects', 'pack')
  fs.mkdirSync(folder, { recursive: true })
  const name = join(folder, `pack-${packDigest.toString('hex')}`)
  for (const [file, data] of [
    [`${name}.pack`, Buffer.concat(chunks)],
    [`${name}.idx`, idx],
  ] as const) {
    const temporary = `${file}.tmp-${process.pid}`
    fs.writeFileSync(temporary, data, { mode: 0o444 })
    fs.renameSync(temporary, file)
  }
  return packDigest.toString('hex')
}
