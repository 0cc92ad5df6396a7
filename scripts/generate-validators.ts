/**
 * Generates the precompiled validators for the bundle: every operation's params, query and body validators as Ajv
 * standalone code, compiled with the same options as at run time (createAjv), one module per operation so that a
 * command loads only the validators of the operations it calls. Run by scripts/build.mjs (bundled with esbuild, then
 * executed); prints `{modules: {operationId: source}, exports: {operationId: [file, exportName]}}` as JSON on stdout
 * (`exports` says where each operation is defined, for the bundle's per-operation loaders).
 */
import standaloneCode from 'ajv/dist/standalone/index.js'
import { operationModules, operations, operationsOf } from '../src/api/index'
import { createAjv } from '../src/api/compile-validator'
import { validatorKey, type Location } from '../src/api/validate'

const standalone = ((standaloneCode as unknown as { default?: typeof standaloneCode }).default ?? standaloneCode) as typeof standaloneCode

// Bodies are not coerced; params and query (strings over HTTP) are, as at run time.
const groups = [
  { coerce: false as const, locations: ['body'] as Location[] },
  { coerce: 'array' as const, locations: ['params', 'query'] as Location[] },
]
const modules: Record<string, string> = {}
for (const operation of operations) {
  const parts: string[] = ['const validators = {}']
  for (const { coerce, locations } of groups) {
    const present = locations.filter((location) => operation[location])
    if (present.length === 0) continue
    const ajv = createAjv(coerce, { standalone: true })
    const exported: Record<string, string> = {}
    for (const location of present) {
      const key = validatorKey(operation.id, location)
      ajv.addSchema(operation[location], key)
      exported[key] = key
    }
    // A CommonJS module of its own, in a function scope so the two groups' helper names do not clash.
    parts.push(`Object.assign(validators, (() => { const module = { exports: {} }; const exports = module.exports; ${standalone(ajv, exported)}\nreturn module.exports })())`)
  }
  if (parts.length > 1) modules[operation.id] = parts.join('\n') + '\nexport { validators }\n'
}
const exports: Record<string, [string, string]> = {}
for (const [file, module] of Object.entries(operationModules)) {
  for (const operation of operationsOf(module)) exports[operation.id] = [file, Object.entries(module).find(([, value]) => value === operation)![0]]
}
process.stdout.write(JSON.stringify({ modules, exports }))
