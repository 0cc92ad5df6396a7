// Bundles the CLI and the server into dist/ with esbuild.
// Why bundle: on these machines resolving and reading kysely's, commander's and ajv's hundreds of modules costs
// ~200 ms before any work; one bundle (with lazily loaded chunks for `serve`, prompts and ink) starts in a fraction.
// Native and heavy optional packages stay external and are imported only where used.
import { build } from 'esbuild'
import { readFileSync, rmSync } from 'node:fs'

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true })

await build({
  entryPoints: { main: 'src/main.ts', server: 'src/http/server.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  chunkNames: 'chunks/[name]-[hash]',
  external: [
    'better-sqlite3',
    'fastify',
    'ink',
    'react',
    'react/jsx-runtime',
    'isomorphic-git',
    'isomorphic-git/*',
    'chokidar',
    '@inquirer/prompts',
    'jose',
  ],
  banner: {
    // Some bundled CommonJS modules (ajv) call require(); give the ESM bundle one.
    js: "import { createRequire as __docsctlCreateRequire } from 'node:module'; const require = __docsctlCreateRequire(import.meta.url);",
  },
  define: { __DOCSCTL_VERSION__: JSON.stringify(pkg.version), __DOCSCTL_BUILD__: JSON.stringify(new Date().toISOString()) },
  logLevel: 'warning',
})
