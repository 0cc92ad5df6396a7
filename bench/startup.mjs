// CLI start-up benchmark: medians of 20 runs, each a ratio against `node -e 0` measured in the same run.
// Targets (issue #2): `docsctl --version` <= 1.5x; `docsctl space list --json` on the embedded store <= 2.5x.
//   node bench/startup.mjs [--runs 20]
import { spawnSync } from 'node:child_process'
import { BIN, createWorkspace, median, verdict } from './support.mjs'

const runsIndex = process.argv.indexOf('--runs')
const RUNS = runsIndex > 0 ? Number(process.argv[runsIndex + 1]) : 20

const workspace = createWorkspace()
const env = { ...process.env, DOCSCTL_DATA_DIR: workspace.dataDir }
for (let i = 0; i < 20; i++) spawnSync(process.execPath, [BIN, 'space', 'create', '--title', `Space ${i}`], { env })

const commands = {
  'node -e 0': ['-e', '0'],
  'docsctl --version': [BIN, '--version'],
  'docsctl space list --json': [BIN, 'space', 'list', '--json'],
}
const times = Object.fromEntries(Object.keys(commands).map((k) => [k, []]))
function time(args) {
  const start = process.hrtime.bigint()
  const result = spawnSync(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] })
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed: ${result.stderr}`)
  return Number(process.hrtime.bigint() - start) / 1e6
}
// Interleave the commands so that machine noise touches all of them alike.
for (const args of Object.values(commands)) time(args)
for (let i = 0; i < RUNS; i++) for (const [name, args] of Object.entries(commands)) times[name].push(time(args))

const base = median(times['node -e 0'])
const targets = { 'docsctl --version': 1.5, 'docsctl space list --json': 2.5 }
let failed = false
const rows = Object.entries(times).map(([name, values]) => {
  const ratio = median(values) / base
  const target = targets[name]
  if (target) failed ||= ratio > target
  return { command: name, 'median ms': median(values).toFixed(1), ratio: ratio.toFixed(2), target: target ? `<= ${target}` : '', verdict: target ? verdict(ratio <= target) : '' }
})
console.table(rows)
console.log(`${RUNS} runs each, interleaved, ${new Date().toISOString()}`)
process.exitCode = failed ? 1 : 0
