/**
 * Generates the body of src/api/precompiled-validators.ts for the bundle: every operation's params, query and
 * body validators as Ajv standalone code, compiled with the same options as at run time (createAjv).
 * Run by scripts/build.mjs (bundled with esbuild, then executed); prints the module to stdout.
 */
import standaloneCode from 'ajv/dist/standalone/index.js'
import { operations } from '../src/api/index'
import { createAjv } from '../src/api/compile-validator'
import { validatorKey, type Location } from '../src/api/validate'

const standalone = ((standaloneCode as unknown as { default?: typeof standaloneCode }).default ?? standaloneCode) as typeof standaloneCode

// One Ajv per coercion mode, as at run time; each gives one module whose validators share their helpers.
const groups = [
  { ajv: createAjv(false, { standalone: true }), locations: ['body'] as Location[] },
  { ajv: createAjv('array', { standalone: true }), locations: ['params', 'query'] as Location[] },
]
const parts: string[] = ['const precompiled = {}']
for (const { ajv, locations } of groups) {
  const exported: Record<string, string> = {}
  for (const operation of operations) {
    for (const location of locations) {
      if (!operation[location]) continue
      const key = validatorKey(operation.id, location)
      ajv.addSchema(operation[location], key)
      exported[key] = key
    }
  }
  // A CommonJS module of its own, in a function scope so the two groups' helper names do not clash.
  parts.push(`Object.assign(precompiled, (() => { const module = { exports: {} }; const exports = module.exports; ${standalone(ajv, exported)}\nreturn module.exports })())`)
}
parts.push('export { precompiled }')
process.stdout.write(parts.join('\n') + '\n')
