// Bundles the CLI and the server into dist/ with esbuild.
// Why bundle: on these machines resolving and reading kysely's, commander's and ajv's hundreds of modules costs
// ~200 ms before any work; one bundle (with lazily loaded chunks for `serve`, prompts and ink) starts in a fraction.
// Input validators are precompiled into the bundle (see scripts/generate-validators.ts), so no Ajv compiles at start.
// Native and heavy optional packages stay external and are imported only where used.
import { build } from 'esbuild'
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
const requireBanner =
  // Bundled CommonJS modules call require(); give the ESM bundle one.
  "import { createRequire as __docsctlCreateRequire } from 'node:module'; const require = __docsctlCreateRequire(import.meta.url);"

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
  // The index: one lazily imported module per operation (a command loads only the validators it uses).
  // Per-operation loaders: a CLI command imports the module of the operation it calls (see src/api/operation-loaders.ts).
  const loaders = `export const operationLoaders = {\n${Object.entries(exports).map(([id, [file, name]]) => `  ${JSON.stringify(id)}: () => import(${JSON.stringify(`./${file}`)}).then((m) => m.${name}),`).join('\n')}\n}\n`
  const index = `export const precompiled = {\n${Object.keys(modules).map((id) => `  ${JSON.stringify(id)}: () => import(${JSON.stringify(`docsctl-validators:${id}`)}),`).join('\n')}\n}\n`

  // 2. Bundle, with the generated module in place of the empty source one.
  rmSync(join(root, 'dist'), { recursive: true, force: true })
  await build({
    entryPoints: { main: join(root, 'src/main.ts'), server: join(root, 'src/http/server.ts') },
    outdir: join(root, 'dist'),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    minifyWhitespace: true,
    minifySyntax: true,
    chunkNames: 'chunks/[name]-[hash]',
    external: ['better-sqlite3', 'fastify', 'ink', 'react', 'react/jsx-runtime', 'isomorphic-git', 'isomorphic-git/*', 'chokidar', '@inquirer/prompts', 'jose'],
    plugins: [
      {
        name: 'precompiled-validators',
        setup(b) {
          b.onLoad({ filter: /precompiled-validators\.ts$/ }, () => ({ contents: index, loader: 'js', resolveDir: root }))
          b.onLoad({ filter: /operation-loaders\.ts$/ }, () => ({ contents: loaders, loader: 'js', resolveDir: join(root, 'src/api') }))
          b.onResolve({ filter: /^docsctl-validators:/ }, (args) => ({ path: args.path.slice('docsctl-validators:'.length), namespace: 'validators' }))
          b.onLoad({ filter: /.*/, namespace: 'validators' }, (args) => ({ contents: modules[args.path], loader: 'js', resolveDir: root }))
        },
      },
    ],
    banner: { js: requireBanner },
    define: { __DOCSCTL_VERSION__: JSON.stringify(pkg.version), __DOCSCTL_BUILD__: JSON.stringify(new Date().toISOString()) },
    logLevel: 'warning',
  })
} finally {
  rmSync(scratch, { recursive: true, force: true })
}
