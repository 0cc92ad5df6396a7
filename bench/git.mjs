// Git sync benchmark: GitBook-format repositories of 1,000 and 10,000 pages (SUMMARY.md, folders, front matter,
// images in .gitbook/assets) made with the git CLI; `docsctl git import` and `docsctl git export` (the real CLI,
// waiting for the job, start-up included) against `git clone --no-local` of the same repository, medians of the runs.
// Targets (issue #4): import of 1,000 pages at most 3x the clone time, export at most 3x.
//   node bench/git.mjs [--runs 3] [--large 10000]   (--large 0 skips the large repository)
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BIN, createWorkspace, median, option, verdict } from './support.mjs'

const RUNS = option('runs', 3)
const LARGE = option('large', 10_000)
const sizes = [1000, ...(LARGE ? [LARGE] : [])]
const scratch = mkdtempSync(join(tmpdir(), 'docsctl-bench-git-'))
const gitEnv = { ...process.env, GIT_AUTHOR_NAME: 'Bench', GIT_AUTHOR_EMAIL: 'bench@example.com', GIT_COMMITTER_NAME: 'Bench', GIT_COMMITTER_EMAIL: 'bench@example.com' }
const git = (cwd, ...args) => execFileSync('git', args, { cwd, env: gitEnv, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 })

// (Pages counted by the import: every page, README.md, and one group per section of SUMMARY.md.)
// A 1×1 PNG, varied per asset so each is its own blob.
const png = (i) => Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'), Buffer.from(i.toString(16).padStart(8, '0'), 'hex')])

function makeRepository(pages) {
  const dir = join(scratch, `repo-${pages}`)
  mkdirSync(join(dir, '.gitbook/assets'), { recursive: true })
  const summary = ['# Table of contents', '', '* [Home](README.md)']
  writeFileSync(join(dir, 'README.md'), '# Home\n\nWelcome.\n')
  const perSection = 50
  for (let s = 0; s * perSection < pages; s++) {
    mkdirSync(join(dir, `section-${s}`), { recursive: true })
    summary.push('', `## Section ${s}`, '')
    for (let i = s * perSection; i < Math.min(pages, (s + 1) * perSection); i++) {
      const asset = i % 20 === 0 ? `\n![Diagram](../.gitbook/assets/diagram-${i}.png)\n` : ''
      if (asset) writeFileSync(join(dir, `.gitbook/assets/diagram-${i}.png`), png(i))
      writeFileSync(
        join(dir, `section-${s}/page-${i}.md`),
        `---\ndescription: Page ${i} of the benchmark.\n---\n\n# Page ${i}\n\n${'A paragraph of documentation text. '.repeat(12)}\n${asset}\n## Details\n\n* one\n* two\n`,
      )
      summary.push(`* [Page ${i}](section-${s}/page-${i}.md)`)
    }
  }
  writeFileSync(join(dir, 'SUMMARY.md'), summary.join('\n') + '\n')
  git(dir, 'init', '-q', '-b', 'main')
  git(dir, 'add', '-A')
  git(dir, 'commit', '-q', '-m', 'Docs')
  return dir
}

function timed(command, args, env) {
  const start = performance.now()
  const result = spawnSync(command, args, { env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  const ms = performance.now() - start
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr}`)
  return { ms, stdout: result.stdout }
}

const workspace = createWorkspace()
const env = { ...process.env, DOCSCTL_DATA_DIR: workspace.dataDir }
const docsctl = (...args) => timed(process.execPath, [BIN, ...args], env)
const rows = []
try {
  for (const pages of sizes) {
    console.log(`Generating a repository of ${pages} pages …`)
    const repo = makeRepository(pages)
    const clone = []
    const imports = []
    const exports = []
    for (let run = 0; run < RUNS; run++) {
      const target = join(scratch, `clone-${pages}-${run}`)
      clone.push(timed('git', ['clone', '--no-local', '-q', repo, target], gitEnv).ms)
      rmSync(target, { recursive: true, force: true })

      const space = JSON.parse(docsctl('space', 'create', '--title', `Bench ${pages} ${run}`, '--json').stdout)
      const imported = docsctl('git', 'import', '--space', space.id, '--url', repo, '--ref', 'refs/heads/main', '--json')
      const job = JSON.parse(imported.stdout)
      if (job.status !== 'succeeded' || job.result.pages !== pages + 1 + Math.ceil(pages / 50)) throw new Error(`import: ${imported.stdout}`)
      imports.push(imported.ms)

      const remote = join(scratch, `remote-${pages}-${run}.git`)
      git(scratch, 'init', '-q', '--bare', remote)
      const exported = docsctl('git', 'export', '--space', space.id, '--url', remote, '--ref', 'refs/heads/main', '--message', 'Export', '--json')
      if (JSON.parse(exported.stdout).status !== 'succeeded') throw new Error(`export: ${exported.stdout}`)
      exports.push(exported.ms)
    }
    const base = median(clone)
    for (const [step, values] of [['import', imports], ['export', exports]]) {
      const ratio = median(values) / base
      rows.push({
        pages,
        step,
        'git clone ms': base.toFixed(0),
        'docsctl ms': median(values).toFixed(0),
        ratio: ratio.toFixed(2),
        target: pages === 1000 ? '<= 3' : '',
        verdict: pages === 1000 ? verdict(ratio <= 3) : '',
      })
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true })
}
console.table(rows)
console.log(`${RUNS} runs each (medians), docsctl CLI with start-up, git clone --no-local, ${new Date().toISOString()}`)
process.exitCode = rows.every((row) => row.verdict !== 'FAIL') ? 0 : 1
