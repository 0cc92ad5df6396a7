import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, readSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { deflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { hasGit } from '../../test/support/git'
import { ObjectStore, applyDelta, gitdirOf, resolveRef } from './object-store'
import { readRepository } from './read-repository'


// The same repository, byte for byte, at every run (fixed dates), packed on one thread: git's threads share the
// delta search out by timing, so with several the delta chains (which the tests count and measure) would vary with
// the machine's load.
const DATE = '2026-01-01T00:00:00Z'
const env = {
  ...process.env,
  GIT_AUTHOR_NAME: 'T', GIT_AUTHOR_EMAIL: 't@x.io', GIT_AUTHOR_DATE: DATE, GIT_COMMITTER_NAME: 'T', GIT_COMMITTER_EMAIL: 't@x.io', GIT_COMMITTER_DATE: DATE,
  GIT_CONFIG_NOSYSTEM: '1', HOME: tmpdir(), GIT_CONFIG_COUNT: '1', GIT_CONFIG_KEY_0: 'pack.threads', GIT_CONFIG_VALUE_0: '1',
}
const git = (dir: string, args: string[], input?: string | Buffer) => execFileSync('git', args, { cwd: dir, env, input, maxBuffer: 256 * 1024 * 1024 })
const text = (dir: string, ...args: string[]) => git(dir, args).toString('utf8').trim()

/** Bytes that do not compress, the same on every run. */
function noise(size: number, seed: string): Buffer {
  const chunks: Buffer[] = []
  for (let i = 0; chunks.length * 32 < size; i++) chunks.push(createHash('sha256').update(`${seed}:${i}`).digest())
  return Buffer.concat(chunks).subarray(0, size)
}

/**
 * A repository with history on main: nested folders, a binary of 200 KiB, an empty and an executable file, a
 * symlink, a submodule entry and a file with a non-ASCII name; then nine more commits each editing the text files a
 * little and the binary in its middle, so that a repack makes chains of deltas. `refs/heads/first` stays on the
 * first commit.
 */
function repository(): string {
  const dir = mkdtempSync(join(tmpdir(), 'docsctl-objects-'))
  git(dir, ['init', '-q', '-b', 'main'])
  mkdirSync(join(dir, 'docs/deep/er'), { recursive: true })
  const page = (n: number, version: number) => Array.from({ length: 120 }, (_, line) => `Page ${n}, line ${line}${line % 17 === version ? ` (edited in version ${version})` : ''}.`).join('\n') + '\n'
  const binary = noise(200 * 1024, 'binary')
  for (let version = 0; version < 10; version++) {
    for (let n = 0; n < 6; n++) writeFileSync(join(dir, n % 2 ? `docs/page-${n}.md` : `docs/deep/er/page-${n}.md`), page(n, version))
    binary.write(`version ${version}`, 100 * 1024 + version * 10)
    writeFileSync(join(dir, 'docs/diagram.bin'), binary)
    if (version === 0) {
      writeFileSync(join(dir, 'README.md'), '# Home\n')
      writeFileSync(join(dir, 'empty.md'), '')
      writeFileSync(join(dir, 'run.sh'), '#!/bin/sh\necho hi\n')
      chmodSync(join(dir, 'run.sh'), 0o755)
      writeFileSync(join(dir, 'docs/Übersicht – ça.md'), '# Übersicht\n')
      symlinkSync('../README.md', join(dir, 'docs/link.md'))
      git(dir, ['add', '-A'])
      git(dir, ['update-index', '--add', '--cacheinfo', `160000,${'ab'.repeat(20)},vendor/module`])
    }
    git(dir, ['add', 'docs'])
    git(dir, ['commit', '-q', '-m', `Version ${version}`])
    if (version === 0) git(dir, ['branch', 'first'])
  }
  return dir
}

/** Every object of the repository as git reads it (`git cat-file --batch-all-objects --batch`), by id. */
function allObjects(dir: string): Map<string, { type: string; body: Buffer }> {
  const out = git(dir, ['cat-file', '--batch-all-objects', '--batch'])
  const objects = new Map<string, { type: string; body: Buffer }>()
  for (let at = 0; at < out.length; ) {
    const newline = out.indexOf(0x0a, at)
    const [oid, type, size] = out.toString('latin1', at, newline).split(' ')
    objects.set(oid, { type, body: out.subarray(newline + 1, newline + 1 + Number(size)) })
    at = newline + 1 + Number(size) + 1
  }
  return objects
}

/** Checks that every object the store reads is git's, byte for byte; answers how many there were. */
function expectSameObjects(dir: string): number {
  const store = new ObjectStore(gitdirOf(dir))
  try {
    const objects = allObjects(dir)
    for (const [oid, expected] of objects) {
      const read = store.read(oid)
      expect(read.type, oid).toBe(expected.type)
      expect(read.body.equals(expected.body), `${oid} (${expected.type})`).toBe(true)
    }
    return objects.size
  } finally {
    store.close()
  }
}

/** Checks readRepository at a ref against `git ls-tree -r` and `git cat-file blob` for every entry. */
async function expectSameFiles(dir: string, ref: string) {
  const read = await readRepository(dir, ref)
  expect(read.oid).toBe(text(dir, 'rev-parse', `${ref}^{commit}`))
  const listed = git(dir, ['ls-tree', '-r', '-z', ref]).toString('utf8').split('\0').filter(Boolean)
  const paths: string[] = []
  for (const line of listed) {
    const [meta, path] = line.split('\t')
    const [mode, type, oid] = meta.split(' ')
    paths.push(path)
    if (mode === '120000') expect(read.skipped).toContainEqual({ path, reason: 'symbolic links are not followed' })
    else if (type === 'commit') expect(read.skipped).toContainEqual({ path, reason: 'a commit is not content' })
    else expect(read.files.get(path)?.equals(git(dir, ['cat-file', 'blob', oid])), path).toBe(true)
  }
  expect([...read.files.keys(), ...read.skipped.map((s) => s.path)].sort()).toEqual(paths.sort())
  expect(paths.sort()).toEqual(text(dir, 'ls-tree', '-r', '--name-only', '-z', ref).split('\0').filter(Boolean).sort())
  return read
}

/** The pack's entries as `git verify-pack -v` lists them, with the type number in each entry's first byte. */
function packEntries(pack: string) {
  const fd = openSync(pack, 'r')
  const byte = Buffer.alloc(1)
  const lines = execFileSync('git', ['verify-pack', '-v', pack.replace(/\.pack$/, '.idx')], { env }).toString('utf8').split('\n')
  return lines
    .map((line) => line.split(/\s+/))
    .filter((fields) => /^[0-9a-f]{40}$/.test(fields[0]) && fields.length >= 5)
    .map(([oid, type, , , offset, depth, base]) => {
      readSync(fd, byte, 0, 1, Number(offset))
      return { oid, type, offset: Number(offset), depth: Number(depth ?? 0), base, packType: (byte[0] >> 4) & 7 }
    })
}

const packsOf = (objects: string) => readdirSync(join(objects, 'pack')).filter((name) => name.endsWith('.pack')).map((name) => join(objects, 'pack', name))

describe.skipIf(!hasGit)('ObjectStore', () => {
  it('reads loose objects as git does', async () => {
    const dir = repository()
    expect(existsSync(join(dir, '.git/objects/pack')) ? packsOf(join(dir, '.git/objects')) : []).toEqual([])
    expect(readdirSync(join(dir, '.git/objects')).filter((name) => /^[0-9a-f]{2}$/.test(name)).length).toBeGreaterThan(10)
    expect(expectSameObjects(dir)).toBeGreaterThan(100)
    const read = await expectSameFiles(dir, 'refs/heads/main')
    expect(read.message).toBe('Version 9\n')
    expect(read.files.get('docs/diagram.bin')!.length).toBe(200 * 1024)
    expect(read.files.get('empty.md')).toEqual(Buffer.alloc(0))
    expect(read.files.has('docs/Übersicht – ça.md')).toBe(true)
    expect(read.skipped).toEqual([
      { path: 'docs/link.md', reason: 'symbolic links are not followed' },
      { path: 'vendor/module', reason: 'a commit is not content' },
    ])
    await expectSameFiles(dir, 'refs/heads/first')
  })

  it('reads packs with chains of offset deltas (git gc --aggressive), also through 8-byte offsets', async () => {
    const dir = repository()
    git(dir, ['gc', '-q', '--aggressive'])
    git(dir, ['repack', '-q', '-a', '-d', '-f', '--depth=50', '--window=50'])
    const [pack] = packsOf(join(dir, '.git/objects'))
    expect(packsOf(join(dir, '.git/objects'))).toHaveLength(1)
    expect(readdirSync(join(dir, '.git/objects')).filter((name) => /^[0-9a-f]{2}$/.test(name))).toEqual([])
    const entries = packEntries(pack)
    const deltas = entries.filter((entry) => entry.depth > 0)
    expect(deltas.length).toBeGreaterThan(40)
    expect(deltas.every((entry) => entry.packType === 6)).toBe(true)
    expect(Math.max(...deltas.map((entry) => entry.depth))).toBeGreaterThanOrEqual(5)
    expect(deltas.filter((entry) => entry.type === 'blob').length).toBeGreaterThan(40)
    expect(expectSameObjects(dir)).toBe(entries.length)
    await expectSameFiles(dir, 'refs/heads/main')
    await expectSameFiles(dir, 'refs/heads/first')

    // Bases are cached within a store; what a read answers is the caller's to change.
    const deepest = deltas.reduce((a, b) => (b.depth > a.depth ? b : a))
    const store = new ObjectStore(join(dir, '.git'))
    const expected = allObjects(dir)
    expect(store.read(deepest.oid).body.equals(expected.get(deepest.oid)!.body)).toBe(true)
    store.read(deepest.base).body.fill(0)
    expect(store.read(deepest.oid).body.equals(expected.get(deepest.oid)!.body)).toBe(true)
    expect(store.read(deepest.base).body.equals(expected.get(deepest.base)!.body)).toBe(true)
    store.close()

    // The same pack indexed with the offsets past 4 KiB in the table of 8-byte offsets (as for a pack over 2 GiB).
    const idx = pack.replace(/\.pack$/, '.idx')
    rmSync(idx)
    git(dir, ['index-pack', '--index-version=2,4096', pack])
    const index = readFileSync(idx)
    const count = index.readUInt32BE(8 + 255 * 4)
    const large = Array.from({ length: count }, (_, i) => index.readUInt32BE(1032 + count * 24 + i * 4) >= 0x80000000)
    expect(large.filter(Boolean).length).toBe(entries.filter((entry) => entry.offset > 4096).length)
    expect(large.filter((is) => !is).length).toBeGreaterThan(0)
    expect(expectSameObjects(dir)).toBe(entries.length)
    await expectSameFiles(dir, 'refs/heads/first')
  })

  it('reads ref deltas (packs written without offset deltas)', async () => {
    const dir = repository()
    git(dir, ['-c', 'repack.useDeltaBaseOffset=false', 'repack', '-q', '-a', '-d', '-f', '--depth=50', '--window=50'])
    git(dir, ['prune-packed'])
    const entries = packEntries(packsOf(join(dir, '.git/objects'))[0])
    expect(entries.filter((entry) => entry.packType === 7).length).toBeGreaterThan(40)
    expect(entries.some((entry) => entry.packType === 6)).toBe(false)
    expect(expectSameObjects(dir)).toBe(entries.length)
    await expectSameFiles(dir, 'refs/heads/main')

    // A thin pack completed by index-pack --fix-thin: its deltas' bases are appended after them.
    const thin = join(mkdtempSync(join(tmpdir(), 'docsctl-thin-')), 'thin.git')
    git(tmpdir(), ['clone', '-q', '--bare', '--no-local', '--single-branch', '--branch', 'first', dir, thin])
    const first = text(dir, 'rev-parse', 'refs/heads/first')
    const main = text(dir, 'rev-parse', 'refs/heads/main')
    const packed = git(dir, ['pack-objects', '-q', '--stdout', '--thin', '--revs', '--no-delta-base-offset'], `${main}\n^${first}\n`)
    git(thin, ['index-pack', '--stdin', '--fix-thin'], packed)
    git(thin, ['update-ref', 'refs/heads/main', main])
    expect(packsOf(join(thin, 'objects')).flatMap(packEntries).some((entry) => entry.packType === 7)).toBe(true)
    await expectSameFiles(thin, 'refs/heads/main')
  })

  it('resolves loose, packed and symbolic refs, and peels annotated tags', async () => {
    const dir = repository()
    const gitdir = join(dir, '.git')
    const main = text(dir, 'rev-parse', 'refs/heads/main')
    const first = text(dir, 'rev-parse', 'refs/heads/first')
    git(dir, ['tag', '-a', 'v1', '-m', 'Release 1', first])
    git(dir, ['-c', 'advice.nestedTag=false', 'tag', '-a', 'v1-again', '-m', 'A tag of a tag', 'v1'])
    // git will not put a tag on a branch itself; a branch naming a tag is still read as its commit.
    writeFileSync(join(gitdir, 'refs/heads/tagged'), text(dir, 'rev-parse', 'refs/tags/v1') + '\n')
    git(dir, ['symbolic-ref', 'refs/heads/alias', 'refs/heads/main'])
    const expectRefs = () => {
      expect(resolveRef(gitdir, 'refs/heads/main')).toBe(main)
      expect(resolveRef(gitdir, 'HEAD')).toBe(main)
      expect(resolveRef(gitdir, 'refs/heads/alias')).toBe(main)
      expect(resolveRef(gitdir, 'refs/tags/v1')).toBe(first)
      expect(resolveRef(gitdir, 'refs/tags/v1-again')).toBe(first)
      expect(resolveRef(gitdir, 'refs/heads/tagged')).toBe(first)
      expect(resolveRef(gitdir, 'refs/heads/nope')).toBeUndefined()
      expect(resolveRef(gitdir, 'refs/heads/../../config')).toBeUndefined()
      expect(resolveRef(gitdir, 'refs/heads/.hidden')).toBeUndefined()
    }
    expectRefs()
    git(dir, ['pack-refs', '--all'])
    expect(existsSync(join(gitdir, 'refs/heads/main'))).toBe(false)
    expect(existsSync(join(gitdir, 'refs/tags/v1'))).toBe(false)
    expect(readFileSync(join(gitdir, 'packed-refs'), 'utf8')).toContain('refs/tags/v1\n^')
    expectRefs()
    git(dir, ['gc', '-q'])
    expectRefs()
    expect((await readRepository(dir, 'refs/heads/alias')).oid).toBe(main)
    const tagged = await readRepository(dir, 'refs/heads/tagged')
    expect(tagged.oid).toBe(first)
    expect(tagged.message).toBe('Version 0\n')

    // A loose ref written after packing wins over its packed line.
    writeFileSync(join(dir, 'README.md'), '# Home again\n')
    git(dir, ['commit', '-q', '-am', 'Later'])
    const later = text(dir, 'rev-parse', 'HEAD')
    expect(readFileSync(join(gitdir, 'packed-refs'), 'utf8')).toContain(`${main} refs/heads/main`)
    expect(resolveRef(gitdir, 'refs/heads/main')).toBe(later)
    expect((await readRepository(dir, 'refs/heads/main')).files.get('README.md')!.toString()).toBe('# Home again\n')
  })

  it('reads a shared clone (objects/info/alternates) and a linked worktree (a .git file and commondir)', async () => {
    const dir = repository()
    git(dir, ['gc', '-q'])
    const shared = join(mkdtempSync(join(tmpdir(), 'docsctl-shared-')), 'clone')
    git(tmpdir(), ['clone', '-q', '--shared', dir, shared])
    expect(readFileSync(join(shared, '.git/objects/info/alternates'), 'utf8')).toContain(dir)
    writeFileSync(join(shared, 'local.md'), '# Only in the clone\n')
    git(shared, ['add', 'local.md'])
    git(shared, ['commit', '-q', '-m', 'Local'])
    const read = await expectSameFiles(shared, 'refs/heads/main')
    expect(read.files.get('local.md')!.toString()).toBe('# Only in the clone\n')

    const worktree = join(mkdtempSync(join(tmpdir(), 'docsctl-worktree-')), 'wt')
    git(dir, ['worktree', 'add', '-q', '-b', 'side', worktree])
    expect(readFileSync(join(worktree, '.git'), 'utf8')).toMatch(/^gitdir: /)
    expect((await readRepository(worktree, 'refs/heads/main')).oid).toBe(text(dir, 'rev-parse', 'main'))
    expect(resolveRef(gitdirOf(worktree), 'HEAD')).toBe(text(dir, 'rev-parse', 'main'))
  })

  it('gives commit messages as isomorphic-git did', async () => {
    const dir = repository()
    const tree = text(dir, 'rev-parse', 'main^{tree}')
    const header = `tree ${tree}\nauthor T <t@x.io> 1700000000 +0000\ncommitter T <t@x.io> 1700000000 +0000\n`
    const signed = `${header}gpgsig -----BEGIN PGP SIGNATURE-----\n \n abc\n -----END PGP SIGNATURE-----\n`
    const isomorphicGit = (await import('isomorphic-git')).default
    const fs = (await import('node:fs')).default
    const store = new ObjectStore(join(dir, '.git'))
    for (const raw of [`${header}\nTitle\n\nBody\n`, `${header}\nNo newline at the end`, `${header}\n\n\nCRLF\r\nlines\r\n\n\n`, `${header}\n`, `${signed}\nSigned\n`]) {
      const written = git(dir, ['hash-object', '-t', 'commit', '-w', '--literally', '--stdin'], raw).toString().trim()
      const expected = (await isomorphicGit.readCommit({ fs, gitdir: join(dir, '.git'), oid: written })).commit.message
      expect(store.readCommit(written)).toEqual({ tree, message: expected })
    }
    store.close()
  })

  it('names the object when one is missing or corrupt', async () => {
    const dir = repository()
    const blob = text(dir, 'rev-parse', 'main:README.md')
    const store = new ObjectStore(join(dir, '.git'))
    expect(() => store.read('0'.repeat(40))).toThrow(`Git object ${'0'.repeat(40)} is missing from`)
    expect(() => store.read('not an id')).toThrow('is not a git object id')
    expect(() => store.readTree(blob)).toThrow(`Git object ${blob} in ${join(dir, '.git')} is a blob, not a tree.`)
    const file = join(dir, '.git/objects', blob.slice(0, 2), blob.slice(2))
    chmodSync(file, 0o644)
    writeFileSync(file, deflateSync('blob 7\0# Hom3\n'))
    expect(() => store.read(blob)).toThrow(`Git object ${blob} in ${join(dir, '.git')} is corrupt`)
    writeFileSync(file, 'not zlib at all')
    expect(() => store.read(blob)).toThrow(new RegExp(`Git object ${blob} .* could not be read: .* is not a valid zlib stream`))
    rmSync(file)
    await expect(readRepository(dir, 'refs/heads/main')).rejects.toThrow(`Git object ${blob} is missing from`)

    // In a pack: an entry whose deflated data is damaged, and entries past the end of a pack cut short.
    const packed = repository()
    git(packed, ['repack', '-q', '-a', '-d', '-f', '--depth=50'])
    const [pack] = packsOf(join(packed, '.git/objects'))
    const entries = packEntries(pack)
    const bytes = readFileSync(pack)
    const damaged = entries.find((entry) => entry.type === 'blob' && entry.depth === 0)!
    bytes.fill(0xff, damaged.offset + 4, damaged.offset + 12)
    writeFileSync(pack, bytes)
    expect(() => new ObjectStore(join(packed, '.git')).read(damaged.oid)).toThrow(`Git object ${damaged.oid} in ${join(packed, '.git')} could not be read`)
    writeFileSync(pack, bytes.subarray(0, bytes.length / 2))
    const cut = entries.filter((entry) => entry.offset > bytes.length / 2)
    expect(cut.length).toBeGreaterThan(0)
    for (const entry of cut) expect(() => new ObjectStore(join(packed, '.git')).read(entry.oid)).toThrow(`Git object ${entry.oid} in ${join(packed, '.git')} could not be read`)
  })

  it('applies deltas by the format, and refuses malformed ones', () => {
    const base = Buffer.from('0123456789abcdef')
    // Source 16, target 9: copy 4 bytes from offset 2, insert "XY", copy 3 bytes from offset 13.
    const delta = Buffer.from([16, 9, 0x91, 2, 4, 2, 0x58, 0x59, 0x91, 13, 3])
    expect(applyDelta(base, delta).toString()).toBe('2345XYdef')
    expect(() => applyDelta(base, Buffer.from([15, 9, 0x91, 2, 4]))).toThrow('a delta is for a base of another size')
    expect(() => applyDelta(base, Buffer.from([16, 4, 0x91, 14, 4]))).toThrow('copies from outside its base')
    expect(() => applyDelta(base, Buffer.from([16, 4, 0]))).toThrow('reserved instruction')
    expect(() => applyDelta(base, Buffer.from([16, 5, 0x91, 0, 4]))).toThrow('makes 4 bytes where it says 5')
    // Size bits all clear: a copy of 0x10000 bytes.
    const large = noise(0x10000 + 10, 'large')
    expect(applyDelta(large, Buffer.from([0x8a, 0x80, 0x04, 0x80, 0x80, 0x04, 0x81, 0x0a])).equals(large.subarray(10, 0x10000 + 10))).toBe(true)
  })
})
