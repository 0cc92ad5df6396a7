// Bundles the CLI (and with it the server) into one CommonJS file, dist/cli.cjs, with esbuild, then primes the V8
// code cache that bin/docsctl.js starts it with.
// Why bundle: on these machines resolving and reading kysely's, commander's and ajv's hundreds of modules costs
// ~200 ms before any work. Why one CommonJS file rather than ES module chunks: Node 20 keeps no compiled code
// between runs, but a script compiled through node:vm can be given V8's code cache, so a start neither parses nor
// compiles what earlier runs compiled; and one file spares the ES module loader's per-module work (an ES module
// build loaded ~50 chunks for `docsctl space list`). Modules imported lazily (`import()`) stay lazy: their code is in
// the file but only runs when imported.
// Input validators are precompiled into the bundle (see scripts/generate-validators.ts), so no Ajv compiles at start.
// Native and heavy optional packages stay external and are required or imported only where used.
import { build, transform } from 'esbuild'
import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import fs, { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
const banner =
  // Which build this is: the code cache is kept per build (bin/docsctl.js reads this from the first line).
  `/* __DOCSCTL_BUILD_ID__ ${randomUUID()} */ ` +
  // import.meta.url in the sources (template lookup, createRequire) is the bundle's own address.
  "const __docsctlFileUrl = require('node:url').pathToFileURL(__filename).href;"

// 1. Generate the precompiled validators from the operation table.
// Inside the project, so the generator resolves packages from node_modules.
mkdirSync(join(root, 'node_modules/.cache'), { recursive: true })
const scratch = mkdtempSync(join(root, 'node_modules/.cache/docsctl-build-'))
try {
  await build({
    entryPoints: [join(root, 'scripts/generate-validators.ts')],
    outfile: join(scratch, 'generate.mjs'),
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  })
  const { modules, exports } = JSON.parse(execFileSync(process.execPath, [join(scratch, 'generate.mjs')], { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }))
  // Per-operation loaders: a CLI command imports the module of the operation it calls (see src/api/operation-loaders.ts).
  const loaders = `export const operationLoaders = {\n${Object.entries(exports).map(([id, [file, name]]) => `  ${JSON.stringify(id)}: () => import(${JSON.stringify(`./${file}`)}).then((m) => m.${name}),`).join('\n')}\n}\n`
  // The validators of each operation are a CommonJS file of their own beside the bundle (dist/validators/<id>.cjs),
  // required when the operation is first called: together they are a third of the code, and a command needs one.
  const index = `const load = (id) => () => Promise.resolve(require(__dirname + '/validators/' + id + '.cjs'))\nexport const precompiled = {\n${Object.keys(modules).map((id) => `  ${JSON.stringify(id)}: load(${JSON.stringify(id)}),`).join('\n')}\n}\n`

  // 2. Bundle, with the generated module in place of the empty source one.
  rmSync(join(root, 'dist'), { recursive: true, force: true })
  await build({
    entryPoints: { cli: join(root, 'src/main.ts') },
    outdir: join(root, 'dist'),
    outExtension: { '.js': '.cjs' },
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    minifyWhitespace: true,
    minifySyntax: true,
    // External: native and ES-module-only packages, and large ones only a rare command uses (.docx and HTML import,
    // OpenAPI validation): outside the bundle they cost other commands nothing at start.
    external: ['better-sqlite3', 'fastify', 'ink', 'react', 'react/jsx-runtime', 'isomorphic-git', 'isomorphic-git/*', 'chokidar', '@inquirer/prompts', 'jose', 'mammoth', 'turndown', '@readme/openapi-parser'],
    plugins: [
      {
        name: 'precompiled-validators',
        setup(b) {
          b.onLoad({ filter: /precompiled-validators\.ts$/ }, () => ({ contents: index, loader: 'js', resolveDir: root }))
          b.onLoad({ filter: /operation-loaders\.ts$/ }, () => ({ contents: loaders, loader: 'js', resolveDir: join(root, 'src/api') }))
        },
      },
    ],
    banner: { js: banner },
    define: { 'import.meta.url': '__docsctlFileUrl', __DOCSCTL_VERSION__: JSON.stringify(pkg.version), __DOCSCTL_BUILD__: JSON.stringify(new Date().toISOString()) },
    logLevel: 'warning',
  })
  mkdirSync(join(root, 'dist/validators'))
  for (const [id, source] of Object.entries(modules)) {
    const code = source.replace(/\nexport \{ validators \}\n$/, '\nmodule.exports = { validators }\n')
    if (code === source) throw new Error(`validators of ${id}: unexpected generated module`)
    writeFileSync(join(root, `dist/validators/${id}.cjs`), (await transform(code, { minifyWhitespace: true, format: 'cjs', target: 'node20' })).code)
  }
} finally {
  rmSync(scratch, { recursive: true, force: true })
}

// 3. The bundle runs from V8's code cache (bin/docsctl.js), and on Node 20 a script restored from the cache loses its
// dynamic import() callback. So each import() left in the bundle (of external packages and Node modules; the
// bundle's own lazy modules are inlined) calls `__dimp` instead, an import function bin/docsctl.js hands the bundle
// (a name as long as `import`, so the source map's columns stay right).
const bundle = join(root, 'dist/cli.cjs')
let code = readFileSync(bundle, 'utf8')
const calls = code.match(/(?<![\w$.])import\(/g) ?? []
const literal = code.match(/(?<![\w$.])import\("[^"]+"\)/g) ?? []
if (calls.length !== literal.length) throw new Error(`dist/cli.cjs: ${calls.length - literal.length} import() call(s) without a string literal: bin/docsctl.js cannot serve them.`)
code = code.replace(/(?<![\w$.])import\("/g, '__dimp("')
writeFileSync(bundle, code)

// 4. Prime the code cache: run common commands on a scratch workspace, each one adding what it compiled (see
// bin/docsctl.js): spaces, collections, pages, git import and export. A command not among them compiles its own
// code at its start, as without a cache.
const workspace = mkdtempSync(join(root, 'node_modules/.cache/docsctl-prime-'))
try {
  const env = { ...process.env, DOCSCTL_DATA_DIR: join(workspace, 'data'), DOCSCTL_CODE_CACHE: 'extend', DOCSCTL_TOKEN: '', DOCSCTL_API_URL: '' }
  const run = (...args) => execFileSync(process.execPath, [join(root, 'bin/docsctl.js'), ...args], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
  run('init', '--yes', '--org', 'Primer', '--email', 'primer@example.com', '--json')
  const space = JSON.parse(run('space', 'create', '--title', 'Primer', '--json'))
  run('space', 'list', '--json')
  run('space', 'get', space.id)
  run('collection', 'list')
  run('page', 'list', '--space', space.id)
  // Git Sync, what CI pipelines run: a small GitBook-format repository made with isomorphic-git (a fresh machine
  // may have no git CLI), imported, then exported to a bare repository.
  const git = createRequire(import.meta.url)('isomorphic-git')
  const repository = join(workspace, 'repository')
  const pages = { 'README.md': '# Primer\n\nWelcome.\n', 'guide.md': '---\ndescription: A guide.\n---\n\n# Guide\n\nText.\n', 'SUMMARY.md': '# Table of contents\n\n* [Primer](README.md)\n* [Guide](guide.md)\n' }
  mkdirSync(repository)
  await git.init({ fs, dir: repository, defaultBranch: 'main' })
  for (const [path, text] of Object.entries(pages)) {
    writeFileSync(join(repository, path), text)
    await git.add({ fs, dir: repository, filepath: path })
  }
  await git.commit({ fs, dir: repository, message: 'Docs', author: { name: 'Primer', email: 'primer@example.com' } })
  run('git', 'import', '--space', space.id, '--url', repository, '--ref', 'refs/heads/main')
  const remote = join(workspace, 'remote.git')
  await git.init({ fs, dir: remote, bare: true, defaultBranch: 'main' })
  run('git', 'export', '--space', space.id, '--url', remote, '--ref', 'refs/heads/main', '--message', 'Export')
} finally {
  rmSync(workspace, { recursive: true, force: true })
}
