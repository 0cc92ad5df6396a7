/**
 * A small read-only reader of a git repository's refs and objects, with node:fs and node:zlib: loose objects, pack
 * files (index version 2; offset and ref deltas), the object directories of `objects/info/alternates`, loose and
 * packed refs. Why not isomorphic-git: it inflates every object in JavaScript (pako), hashes each one through async
 * WebCrypto and costs ~95 ms to load, which made an import of a thousand pages several times a `git clone`.
 * Everything here is synchronous and native. Each object read is still checked against its id (a native sha1 is
 * cheap); a missing object, or a file that is not what git writes, is an Error naming the object.
 */
import { constants } from 'node:buffer'
import { createHash } from 'node:crypto'
import { closeSync, fstatSync, openSync, readFileSync, readSync, readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { inflateSync } from 'node:zlib'

export type ObjectType = 'commit' | 'tree' | 'blob' | 'tag'

export interface GitObject {
  type: ObjectType
  body: Buffer
}

export interface TreeEntry {
  /** As git stores it: 0o100644 or 0o100755 (file), 0o120000 (symbolic link), 0o40000 (tree), 0o160000 (submodule). */
  mode: number
  name: string
  oid: string
}

export interface Commit {
  tree: string
  /** As isomorphic-git's readCommit gave it (and docsctl stored it): without CRs, ending in exactly one newline. */
  message: string
}

const OID = /^[0-9a-f]{40}$/
const MAX_LENGTH = constants.MAX_LENGTH
/** Pack entry type numbers. 6 and 7 are deltas: against an earlier offset in the pack, or against an object id. */
const PACK_TYPES: Record<number, ObjectType> = { 1: 'commit', 2: 'tree', 3: 'blob', 4: 'tag' }
const OFS_DELTA = 6
const REF_DELTA = 7
/** Git follows at most five symbolic refs, and alternates at most five levels deep; tags of tags are rarer still. */
const MAX_SYMREF_DEPTH = 5
const MAX_ALTERNATE_DEPTH = 5
const MAX_TAG_DEPTH = 100
/** Longer than any chain git makes (its default depth is 50, 4095 at most): only a malformed pack has one. */
const MAX_DELTA_CHAIN = 10_000
/** Resolved delta bases kept per store (git's own cache holds 96 MiB). */
const BASE_CACHE_BYTES = 32 * 1024 * 1024
/** The first read of a pack entry: its header and, for most text files, all of its deflated data. */
const ENTRY_HEAD_BYTES = 2048

/**
 * The git directory of a working directory or a bare repository: `.git` when it is a folder, the folder a `.git`
 * file names (`gitdir: <path>`, as submodules and linked worktrees have), else the directory itself.
 */
export function gitdirOf(dir: string): string {
  const dotgit = join(dir, '.git')
  try {
    if (statSync(dotgit).isDirectory()) return dotgit
  } catch {
    return dir
  }
  const named = /^gitdir: *(.+?)\s*$/m.exec(readFileSync(dotgit, 'utf8'))
  return named ? resolve(dir, named[1]) : dotgit
}

/** Where the parts a gitdir shares live (objects, refs, packed-refs): a linked worktree's gitdir names it in `commondir`. */
function commonDir(gitdir: string): string {
  try {
    return resolve(gitdir, readFileSync(join(gitdir, 'commondir'), 'utf8').trim())
  } catch {
    return gitdir
  }
}

/** A name git would accept for a ref (see git check-ref-format): nothing that could name a file outside the refs. */
function isRefName(ref: string): boolean {
  if (ref === 'HEAD') return true
  return /^refs\/[^\0-\x20\x7f~^:?*[\\]+$/.test(ref) && !/\.\.|\/\/|(^|\/)\.|\.lock(\/|$)|[/.]$|@\{/.test(ref)
}

/**
 * The commit (or other object) a ref names, or undefined when there is no such ref: the ref's own file, else its
 * line in `packed-refs`. Symbolic refs (`ref: refs/heads/…`) are followed; an annotated tag is peeled to what it
 * tags, so a tag of a commit answers the commit. `store` (else one opened here) reads the tags.
 */
export function resolveRef(gitdir: string, ref: string, store?: ObjectStore): string | undefined {
  const common = commonDir(gitdir)
  let name = ref
  for (let depth = 0; depth <= MAX_SYMREF_DEPTH; depth++) {
    if (!isRefName(name)) return undefined
    // HEAD is a worktree's own; the other refs are shared.
    const value = readIfPresent(join(name === 'HEAD' ? gitdir : common, name)) ?? packedRef(common, name)
    if (value === undefined) return undefined
    if (value.startsWith('ref:')) {
      name = value.slice(4).trim()
      continue
    }
    if (!OID.test(value)) throw new Error(`The ref ${name} of ${gitdir} holds "${value.slice(0, 60)}", not an object id.`)
    if (store) return store.peel(value)
    const opened = new ObjectStore(gitdir)
    try {
      return opened.peel(value)
    } finally {
      opened.close()
    }
  }
  throw new Error(`The ref ${ref} of ${gitdir} is a chain of more than ${MAX_SYMREF_DEPTH} symbolic refs.`)
}

/** A file's text, trimmed, or undefined when there is no such file. */
function readIfPresent(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8').trim()
  } catch (error) {
    if (['ENOENT', 'ENOTDIR', 'EISDIR'].includes((error as NodeJS.ErrnoException).code ?? '')) return undefined
    throw error
  }
}

/** A ref's object id in `packed-refs` (lines `<oid> <ref>`, each possibly followed by `^<peeled oid>`). */
function packedRef(common: string, name: string): string | undefined {
  const text = readIfPresent(join(common, 'packed-refs'))
  if (!text) return undefined
  for (const line of text.split('\n')) {
    const space = line.indexOf(' ')
    if (space === 40 && line.slice(41).trimEnd() === name) return line.slice(0, 40)
  }
  return undefined
}

/**
 * Reads a repository's objects by id. Packs are listed and their indexes read at the first read; pack files are
 * read by slices (never whole), so memory follows what is read. Close it to release the pack files.
 */
export class ObjectStore {
  private directories: string[] | undefined
  private packs: Pack[] | undefined
  private readonly bases = new BaseCache(BASE_CACHE_BYTES)

  constructor(readonly gitdir: string) {}

  /** The object's type and bytes. Throws, naming the object, when it is missing, malformed or not what its id says. */
  read(oid: string): GitObject {
    if (!OID.test(oid)) throw new Error(`"${oid}" is not a git object id.`)
    let object: GitObject | undefined
    try {
      object = this.find(oid)
    } catch (error) {
      throw new Error(`Git object ${oid} in ${this.gitdir} could not be read: ${(error as Error).message}`, { cause: error })
    }
    if (!object) throw new Error(`Git object ${oid} is missing from ${this.gitdir}.`)
    const hash = createHash('sha1').update(`${object.type} ${object.body.length}\0`).update(object.body).digest('hex')
    if (hash !== oid) throw new Error(`Git object ${oid} in ${this.gitdir} is corrupt: its bytes hash to ${hash}.`)
    return object
  }

  /** A commit's tree and message. */
  readCommit(oid: string): Commit {
    const text = this.expect(oid, 'commit').toString('utf8')
    const end = text.indexOf('\n\n')
    const tree = /^tree ([0-9a-f]{40})\n/.exec(text)
    if (!tree) throw new Error(`Git commit ${oid} in ${this.gitdir} is malformed: it does not start with its tree.`)
    // What isomorphic-git made of the message: no CRs, no leading newlines, one newline at the end.
    const message = (end < 0 ? '' : text.slice(end + 2)).replace(/\r/g, '').replace(/^\n+/, '').replace(/\n+$/, '') + '\n'
    return { tree: tree[1], message }
  }

  /** A tree's entries, in git's order. */
  readTree(oid: string): TreeEntry[] {
    const body = this.expect(oid, 'tree')
    const entries: TreeEntry[] = []
    // Each entry: `<octal mode> <name>\0` and the 20 bytes of the id.
    for (let at = 0; at < body.length; ) {
      const space = body.indexOf(0x20, at)
      const nul = space < 0 ? -1 : body.indexOf(0, space + 1)
      const mode = space < 0 ? '' : body.toString('latin1', at, space)
      const name = nul < 0 ? '' : body.toString('utf8', space + 1, nul)
      // A name that could leave the tree ('..', 'a/b') is refused, as git's fsck and checkout refuse it.
      if (!/^[0-7]{5,6}$/.test(mode) || nul < 0 || nul + 21 > body.length || !name || name === '.' || name === '..' || name.includes('/')) {
        throw new Error(`Git tree ${oid} in ${this.gitdir} is malformed at byte ${at}.`)
      }
      entries.push({ mode: parseInt(mode, 8), name, oid: body.toString('hex', nul + 1, nul + 21) })
      at = nul + 21
    }
    return entries
  }

  /** The object an annotated tag (or a tag of a tag …) points at; any other object is its own answer. */
  peel(oid: string): string {
    for (let depth = 0; depth < MAX_TAG_DEPTH; depth++) {
      const object = this.read(oid)
      if (object.type !== 'tag') return oid
      const target = /^object ([0-9a-f]{40})\n/.exec(object.body.toString('latin1'))
      if (!target) throw new Error(`Git tag ${oid} in ${this.gitdir} is malformed: it does not start with its object.`)
      oid = target[1]
    }
    throw new Error(`Git tag ${oid} in ${this.gitdir} is one of a chain of more than ${MAX_TAG_DEPTH} tags.`)
  }

  close(): void {
    for (const pack of this.packs ?? []) pack.close()
    this.packs = undefined
  }

  private expect(oid: string, type: ObjectType): Buffer {
    const object = this.read(oid)
    if (object.type !== type) throw new Error(`Git object ${oid} in ${this.gitdir} is a ${object.type}, not a ${type}.`)
    return object.body
  }

  /** The object from a pack, else loose; undefined when it is nowhere (after looking again for new packs). */
  private find(oid: string): GitObject | undefined {
    const id = Buffer.from(oid, 'hex')
    const packed = this.locate(id)
    if (packed) return this.readPacked(packed.pack, packed.offset)
    const loose = this.readLoose(oid)
    if (loose) return loose
    // A `git gc` may have just moved loose objects into a new pack.
    if (this.addNewPacks()) return this.find(oid)
    return undefined
  }

  private locate(id: Buffer, first?: Pack): { pack: Pack; offset: number } | undefined {
    const offset = first?.find(id)
    if (offset !== undefined) return { pack: first!, offset }
    for (const pack of this.listPacks()) {
      const offset = pack.find(id)
      if (offset !== undefined) return { pack, offset }
    }
    return undefined
  }

  /**
   * A pack entry, resolving deltas: follows the chain of bases down to a whole object (or one cached), then applies
   * the deltas back up, keeping each base in the cache so that the next chain through it stops there.
   */
  private readPacked(pack: Pack, offset: number): GitObject {
    const deltas: { key: string; data: Buffer }[] = []
    let base: GitObject | undefined
    let baseKey: string | undefined
    for (let at: { pack: Pack; offset: number } = { pack, offset }; !base; ) {
      const key = `${at.pack.path}:${at.offset}`
      const cached = this.bases.get(key)
      if (cached) {
        // A cached base is shared: what is answered is a copy.
        base = deltas.length ? cached : { type: cached.type, body: Buffer.from(cached.body) }
        baseKey = key
        break
      }
      const entry = at.pack.entry(at.offset)
      if (entry.type) {
        base = { type: entry.type, body: entry.data }
        baseKey = key
        break
      }
      deltas.push({ key, data: entry.data })
      if (deltas.length > MAX_DELTA_CHAIN) throw new Error(`${pack.path} has a chain of more than ${MAX_DELTA_CHAIN} deltas at offset ${offset}.`)
      if (entry.baseOffset !== undefined) {
        at = { pack: at.pack, offset: entry.baseOffset }
        continue
      }
      const baseOid = entry.baseOid!.toString('hex')
      const found = this.locate(entry.baseOid!, at.pack)
      if (found) {
        at = found
        continue
      }
      base = this.readLoose(baseOid)
      if (!base) throw new Error(`the base ${baseOid} of its delta (${at.pack.path} at offset ${at.offset}) is missing.`)
    }
    for (let i = deltas.length - 1; i >= 0; i--) {
      if (baseKey) this.bases.set(baseKey, base)
      base = { type: base.type, body: applyDelta(base.body, deltas[i].data) }
      baseKey = deltas[i].key
    }
    return base
  }

  /** A loose object (`objects/xx/yyyy…`: `<type> <size>\0<body>`, deflated), or undefined when there is none. */
  private readLoose(oid: string): GitObject | undefined {
    for (const directory of this.objectDirectories()) {
      const path = join(directory, oid.slice(0, 2), oid.slice(2))
      let file: Buffer
      try {
        file = readFileSync(path)
      } catch (error) {
        if (['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '')) continue
        throw error
      }
      // Deflate cannot shrink data more than ~1:1032; more output than that is not what git wrote.
      const raw = inflate(file, file.length * 1100 + 1024, path, file.length * 3)
      const nul = raw.indexOf(0)
      const header = /^(commit|tree|blob|tag) (\d+)$/.exec(raw.toString('latin1', 0, nul < 0 ? 0 : Math.min(nul, 32)))
      if (!header || raw.length - nul - 1 !== Number(header[2])) throw new Error(`${path} is not a loose object as git writes them.`)
      return { type: header[1] as ObjectType, body: raw.subarray(nul + 1) }
    }
    return undefined
  }

  /** The `objects` directory and those of its alternates (each line a path, relative to the directory it is in). */
  private objectDirectories(): string[] {
    if (this.directories) return this.directories
    const directories: string[] = []
    const add = (directory: string, depth: number) => {
      if (directories.includes(directory) || depth > MAX_ALTERNATE_DEPTH) return
      directories.push(directory)
      const alternates = readIfPresent(join(directory, 'info/alternates')) ?? ''
      for (const line of alternates.split('\n')) {
        if (line.trim() && !line.startsWith('#')) add(resolve(directory, line.trim()), depth + 1)
      }
    }
    add(join(commonDir(this.gitdir), 'objects'), 0)
    return (this.directories = directories)
  }

  private listPacks(): Pack[] {
    if (!this.packs) this.addNewPacks()
    return this.packs!
  }

  /** Opens the packs not yet open (every `pack/*.idx` with its `.pack`); answers whether there were any. */
  private addNewPacks(): boolean {
    const packs = (this.packs ??= [])
    let added = false
    for (const directory of this.objectDirectories()) {
      let names: string[]
      try {
        names = readdirSync(join(directory, 'pack'))
      } catch {
        continue
      }
      for (const name of names) {
        const path = join(directory, 'pack', name.replace(/\.idx$/, '.pack'))
        if (!name.endsWith('.idx') || !names.includes(name.replace(/\.idx$/, '.pack')) || packs.some((pack) => pack.path === path)) continue
        packs.push(new Pack(path, readFileSync(join(directory, 'pack', name))))
        added = true
      }
    }
    return added
  }
}

/** One pack file with its index (version 2): the index maps sorted ids to offsets; the pack holds the deflated entries. */
class Pack {
  private readonly count: number
  private readonly offsets: number
  private fd = -1
  /** Where the entries end: before the pack's 20-byte checksum. */
  private end = 0

  constructor(
    readonly path: string,
    private readonly index: Buffer,
  ) {
    // Layout: magic, version, 256 cumulative counts by first byte, the ids, their CRCs, their 4-byte offsets, the
    // 8-byte offsets (for packs over 2 GiB), the pack's and the index's checksums.
    const version = index.length >= 8 && index.readUInt32BE(0) === 0xff744f63 ? index.readUInt32BE(4) : 1
    if (version !== 2) throw new Error(`${path.replace(/\.pack$/, '.idx')} is a version ${version} pack index; only version 2 is read (git repack rewrites it).`)
    this.count = index.length >= 1032 ? index.readUInt32BE(8 + 255 * 4) : 0
    this.offsets = 1032 + this.count * 24
    if (index.length < this.offsets + this.count * 4 + 40) throw new Error(`${path.replace(/\.pack$/, '.idx')} is truncated.`)
  }

  /** The offset of an object in the pack, or undefined when the pack does not have it. */
  find(id: Buffer): number | undefined {
    const index = this.index
    let low = id[0] === 0 ? 0 : index.readUInt32BE(8 + (id[0] - 1) * 4)
    let high = index.readUInt32BE(8 + id[0] * 4)
    while (low < high) {
      const middle = (low + high) >>> 1
      const at = 1032 + middle * 20
      const order = id.compare(index, at, at + 20)
      if (order === 0) return this.offsetAt(middle)
      if (order < 0) high = middle
      else low = middle + 1
    }
    return undefined
  }

  private offsetAt(position: number): number {
    const small = this.index.readUInt32BE(this.offsets + position * 4)
    if (!(small & 0x80000000)) return small
    const at = this.offsets + this.count * 4 + (small & 0x7fffffff) * 8
    if (at + 8 > this.index.length - 40) throw new Error(`${this.path.replace(/\.pack$/, '.idx')} is malformed: a large offset is past its table.`)
    return this.index.readUInt32BE(at) * 2 ** 32 + this.index.readUInt32BE(at + 4)
  }

  /**
   * The entry at an offset: `type` for a whole object, else the delta's base (`baseOffset` in this pack, or
   * `baseOid`); `data` inflated. Entry header: type and size in a varint, then for OFS_DELTA the distance back to
   * the base, for REF_DELTA the base's id; then the zlib stream.
   */
  entry(offset: number): { type?: ObjectType; baseOffset?: number; baseOid?: Buffer; data: Buffer } {
    this.open()
    if (offset < 12 || offset >= this.end) throw new Error(`${this.path} has no entry at offset ${offset}.`)
    let chunk = this.readAt(offset, Math.min(ENTRY_HEAD_BYTES, this.end - offset))
    let at = 0
    const next = () => {
      if (at >= chunk.length) throw new Error(`${this.path} has a truncated entry at offset ${offset}.`)
      return chunk[at++]
    }
    let byte = next()
    const kind = (byte >> 4) & 7
    let size = byte & 15
    for (let shift = 4; byte & 0x80; shift += 7) {
      if (shift > 46) throw new Error(`${this.path} has an entry of an impossible size at offset ${offset}.`)
      size += ((byte = next()) & 0x7f) * 2 ** shift
    }
    let baseOffset: number | undefined
    let baseOid: Buffer | undefined
    if (kind === OFS_DELTA) {
      byte = next()
      let distance = byte & 0x7f
      while (byte & 0x80) distance = (distance + 1) * 128 + ((byte = next()) & 0x7f)
      baseOffset = offset - distance
      if (distance === 0 || baseOffset < 12) throw new Error(`${this.path} has a delta at offset ${offset} with its base outside the pack.`)
    } else if (kind === REF_DELTA) {
      if (at + 20 > chunk.length) throw new Error(`${this.path} has a truncated entry at offset ${offset}.`)
      baseOid = Buffer.from(chunk.subarray(at, (at += 20)))
    } else if (!PACK_TYPES[kind]) {
      throw new Error(`${this.path} has an entry of unknown type ${kind} at offset ${offset}.`)
    }
    // The deflated data is at most a little larger than what it holds (zlib's deflateBound); read that much.
    const bound = at + size + Math.ceil(size / 1024) + 64
    if (chunk.length < bound && chunk.length < this.end - offset) chunk = this.readAt(offset, Math.min(bound, this.end - offset))
    let data: Buffer
    try {
      // inflateSync stops at the end of the zlib stream: the entries after it in the slice are ignored.
      data = inflate(chunk.subarray(at), size + 1, `${this.path} at offset ${offset}`, size)
    } catch (error) {
      // A stream from a deflater less tight than zlib: read up to the end of the pack.
      if ((error as { truncated?: boolean }).truncated && chunk.length < this.end - offset) {
        chunk = this.readAt(offset, this.end - offset)
        data = inflate(chunk.subarray(at), size + 1, `${this.path} at offset ${offset}`, size)
      } else throw error
    }
    if (data.length !== size) throw new Error(`${this.path} has an entry at offset ${offset} of ${data.length} bytes where its header says ${size}.`)
    return { type: PACK_TYPES[kind], baseOffset, baseOid, data }
  }

  close(): void {
    if (this.fd >= 0) closeSync(this.fd)
    this.fd = -1
  }

  private open() {
    if (this.fd >= 0) return
    this.fd = openSync(this.path, 'r')
    const header = this.readAt(0, 12)
    this.end = fstatSync(this.fd).size - 20
    if (header.toString('latin1', 0, 4) !== 'PACK' || ![2, 3].includes(header.readUInt32BE(4)) || this.end < 12) {
      this.close()
      throw new Error(`${this.path} is not a git pack file.`)
    }
  }

  private readAt(position: number, length: number): Buffer {
    const buffer = Buffer.allocUnsafe(length)
    let filled = 0
    while (filled < length) {
      const read = readSync(this.fd, buffer, filled, length - filled, position + filled)
      if (read === 0) break
      filled += read
    }
    return filled < length ? buffer.subarray(0, filled) : buffer
  }
}

/**
 * Inflates a zlib stream, up to `limit` bytes out; a stream cut short is an error marked `truncated`. `expected`,
 * the size it should inflate to (a guess for loose objects), sizes the output buffer instead of zlib's 16 KiB per
 * call, which for small files is mostly garbage.
 */
function inflate(data: Buffer, limit: number, where: string, expected: number): Buffer {
  try {
    return inflateSync(data, { maxOutputLength: Math.min(Math.max(limit, 1), MAX_LENGTH), chunkSize: Math.min(Math.max(expected + 1, 64), 1 << 24) })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    const failure = new Error(`${where} is not a valid zlib stream (${code === 'ERR_BUFFER_TOO_LARGE' ? 'it inflates to more than it says' : (error as Error).message}).`)
    if (code === 'Z_BUF_ERROR') Object.assign(failure, { truncated: true })
    throw failure
  }
}

/**
 * Applies a git delta to its base: the base's size and the result's size (little-endian varints), then
 * instructions, each either a copy from the base (bit 7 set; bits 0–3 say which offset bytes follow, bits 4–6
 * which size bytes; size 0 means 0x10000) or an insert of the next 1–127 bytes of the delta.
 */
export function applyDelta(base: Buffer, delta: Buffer): Buffer {
  let at = 0
  const varint = () => {
    let value = 0
    for (let shift = 0, byte = 0x80; byte & 0x80; shift += 7) {
      if (at >= delta.length) throw new Error('a delta is truncated.')
      byte = delta[at++]
      value += (byte & 0x7f) * 2 ** shift
    }
    return value
  }
  if (varint() !== base.length) throw new Error(`a delta is for a base of another size than its base's ${base.length} bytes.`)
  const result = Buffer.allocUnsafe(varint())
  let out = 0
  while (at < delta.length) {
    const op = delta[at++]
    if (op & 0x80) {
      let offset = 0
      let size = 0
      for (let bit = 0; bit < 4; bit++) if (op & (1 << bit)) offset += delta[at++] * 2 ** (8 * bit)
      for (let bit = 0; bit < 3; bit++) if (op & (16 << bit)) size += delta[at++] * 2 ** (8 * bit)
      if (size === 0) size = 0x10000
      if (at > delta.length || offset + size > base.length || out + size > result.length) throw new Error('a delta copies from outside its base or past its result.')
      out += base.copy(result, out, offset, offset + size)
    } else if (op) {
      if (at + op > delta.length || out + op > result.length) throw new Error('a delta inserts past its end or its result.')
      out += delta.copy(result, out, at, (at += op))
    } else {
      throw new Error('a delta has the reserved instruction 0.')
    }
  }
  if (out !== result.length) throw new Error(`a delta makes ${out} bytes where it says ${result.length}.`)
  return result
}

/** Objects by key, up to a total of bytes; the least recently used go first. */
class BaseCache {
  private readonly entries = new Map<string, GitObject>()
  private bytes = 0

  constructor(private readonly limit: number) {}

  get(key: string): GitObject | undefined {
    const object = this.entries.get(key)
    if (object) {
      this.entries.delete(key)
      this.entries.set(key, object)
    }
    return object
  }

  set(key: string, object: GitObject) {
    // One large base is not worth emptying the cache for.
    if (this.entries.has(key) || object.body.length > this.limit / 4) return
    this.entries.set(key, object)
    this.bytes += object.body.length
    for (const [oldest, { body }] of this.entries) {
      if (this.bytes <= this.limit) break
      this.entries.delete(oldest)
      this.bytes -= body.length
    }
  }
}
