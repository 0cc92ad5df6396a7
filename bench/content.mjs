// Content engine benchmark: a space of 10,000 pages; creating a change request, editing one page and merging it,
// each timed (median of the runs), then the database growth over many such merges against the bytes changed.
// Targets (issue #3): each step under 50 ms, growing with the change rather than the space; growth over 1,000
// merges well under 2x the bytes changed.
//   node bench/content.mjs [--pages 10000] [--merges 1000]
import { statSync } from 'node:fs'
import Database from 'better-sqlite3'
import { join } from 'node:path'
import { BIN, createWorkspace, median, option, startChild, stopChild, verdict } from './support.mjs'

const PAGES = option('pages', 10_000)
const MERGES = option('merges', 1000)

const workspace = createWorkspace()
const server = await startChild([BIN, 'serve', '--port', '0'], { DOCSCTL_DATA_DIR: workspace.dataDir })
const headers = { authorization: `Bearer ${workspace.token}`, 'content-type': 'application/json' }
async function call(method, path, body) {
  const response = await fetch(server.url + '/v1' + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
  const text = await response.text()
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`)
  return text ? JSON.parse(text) : undefined
}
const timed = async (fn) => {
  const start = performance.now()
  const result = await fn()
  return { ms: performance.now() - start, result }
}
const pageText = (i, edit = 0) => `# Page ${i}\n\n${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(8)}\n\nRevision ${edit}.\n`

const space = await call('POST', `/orgs/${workspace.organizationId}/spaces`, { title: 'Big' })
console.log(`Generating ${PAGES} pages …`)
const seeding = performance.now()
const seed = await call('POST', `/spaces/${space.id}/change-requests`, { subject: 'Seed' })
for (let i = 0; i < PAGES; i += 50) {
  const changes = Array.from({ length: Math.min(50, PAGES - i) }, (_, k) => ({ operation: 'insert_page', slug: `p${i + k}`, document: { markdown: pageText(i + k) } }))
  await call('POST', `/spaces/${space.id}/change-requests/${seed.id}/content`, { changes })
}
await call('POST', `/spaces/${space.id}/change-requests/${seed.id}/merge`)
console.log(`Generated in ${((performance.now() - seeding) / 1000).toFixed(1)} s.`)
const pages = (await call('GET', `/spaces/${space.id}/content/pages`)).pages

// The database's size with its write-ahead log folded in (a checkpoint first, so the WAL's high-water mark does not count).
const sqlite = new Database(join(workspace.dataDir, 'docsctl.db'))
const dbBytes = () => {
  sqlite.pragma('wal_checkpoint(TRUNCATE)')
  return statSync(join(workspace.dataDir, 'docsctl.db')).size
}
const steps = { create: [], edit: [], merge: [] }
let changedBytes = 0
const startBytes = dbBytes()
for (let n = 0; n < MERGES; n++) {
  const page = pages[(n * 7919) % pages.length]
  const create = await timed(() => call('POST', `/spaces/${space.id}/change-requests`, { subject: `Edit ${n}` }))
  const markdown = pageText(n, n + 1)
  const edit = await timed(() => call('POST', `/spaces/${space.id}/change-requests/${create.result.id}/content`, { changes: [{ operation: 'update_page', page: page.id, document: { markdown } }] }))
  const merge = await timed(() => call('POST', `/spaces/${space.id}/change-requests/${create.result.id}/merge`))
  steps.create.push(create.ms)
  steps.edit.push(edit.ms)
  steps.merge.push(merge.ms)
  changedBytes += Buffer.byteLength(markdown)
}
const growth = dbBytes() - startBytes
await stopChild(server.child)

const rows = Object.entries(steps).map(([step, values]) => ({
  step,
  'median ms': median(values).toFixed(1),
  'p90 ms': [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.9)].toFixed(1),
  target: '< 50',
  verdict: verdict(median(values) < 50),
}))
console.table(rows)
const ratio = growth / changedBytes
console.table([{ merges: MERGES, 'bytes changed': changedBytes, 'database growth': growth, ratio: ratio.toFixed(2), target: '< 2', verdict: verdict(ratio < 2) }])
console.log(`${PAGES} pages, ${MERGES} create/edit/merge rounds over HTTP on loopback, ${new Date().toISOString()}`)
process.exitCode = rows.every((r) => r.verdict === 'PASS') && ratio < 2 ? 0 : 1
