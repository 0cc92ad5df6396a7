#!/usr/bin/env node
// Starts the CLI bundle (dist/cli.cjs, see scripts/build.mjs) with V8's code cache: Node 20 keeps no compiled code
// between runs, but a script compiled through node:vm can be handed the code an earlier run compiled, so a start
// neither parses nor compiles it again. The cache sits beside the bundle, named after the bundle's build (V8 checks
// only the source's length). It is written when missing or refused (another Node version, say); the build primes it
// with common commands (DOCSCTL_CODE_CACHE=extend: each run adds what it compiled to it).
import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import vm from 'node:vm'

const args = process.argv.slice(2)
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  // Answered without loading the bundle.
  process.stdout.write(`${JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version}\n`)
} else {
  const filename = fileURLToPath(new URL('../dist/cli.cjs', import.meta.url))
  const source = readFileSync(filename, 'utf8')
  const build = /__DOCSCTL_BUILD_ID__ ([\w-]+)/.exec(source.slice(0, 200))?.[1] ?? 'unknown'
  const cacheFile = `${filename}.${build}.v8-cache`
  let cachedData
  try {
    cachedData = readFileSync(cacheFile)
  } catch {}
  // The bundle's import() calls come here (`__dimp`): a script restored from the cache has no import() of its own.
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname, __dimp) {${source}\n})`, { filename, cachedData })
  const module = { exports: {} }
  script.runInThisContext().call(module.exports, module.exports, createRequire(filename), module, filename, dirname(filename), (specifier) => import(specifier))
  module.exports.main(process.argv).then(
    (code) => {
      process.exitCode = code
      if (!cachedData || script.cachedDataRejected || process.env.DOCSCTL_CODE_CACHE === 'extend') {
        try {
          // A temporary name first: a concurrent start never reads half a cache.
          const temporary = `${cacheFile}.${process.pid}`
          writeFileSync(temporary, script.createCachedData())
          renameSync(temporary, cacheFile)
        } catch {
          // A read-only install runs without one.
        }
      }
    },
    (error) => {
      console.error(error)
      process.exitCode = 1
    },
  )
}
