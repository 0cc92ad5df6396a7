// Content engine benchmark: a space of 10,000 pages; creating a change request, editing one page and merging it,
// each timed (median of the runs), then the database growth over many such merges against the bytes changed.
// Targets (issue #3): each step under 50 ms, growing with the change rather than the space; growth over 1,000
// merges well under 2x the bytes changed.
//
// Pages are sized like the real documentation repository of ../shared/reference/git-sync-format.md (954 KB of
// Markdown over 182 pages: about 5 KB a page), written as varied prose so that compression does not flatter the
// figures. Two kinds of edit alternate: rewriting a whole page (bytes changed: the new page), and rewriting one
// paragraph of it (bytes changed: the new paragraph). Growth is reported for each kind.
//   node bench/content.mjs [--pages 10000] [--merges 1000]
import { statSync } from 'node:fs'
import Database from 'better-sqlite3'
import { join } from 'node:path'
import { BIN, apiCaller, createWorkspace, median, option, seededRandom, startChild, stopChild, verdict } from './support.mjs'

const PAGES = option('pages', 10_000)
const MERGES = option('merges', 1000)

const workspace = createWorkspace()
const server = await startChild([BIN, 'serve', '--port', '0'], { DOCSCTL_DATA_DIR: workspace.dataDir })
const call = apiCaller(server.url, workspace.token)
const timed = async (fn) => {
  const start = performance.now()
  const result = await fn()
  return { ms: performance.now() - start, result }
}

// Deterministic prose: sentences of words drawn from a vocabulary by a seeded generator.
const WORDS = ('the a to of and in is for with on that by this as be are from or can you your it an at use when which each ' +
  'page space change request merge revision file content team member site section link token server client command ' +
  'option value default setting repository branch commit export import sync review comment publish visitor schema ' +
  'create update delete list read write open close start stop run build test check error message status field ' +
  'returns configure install deploy document describe example guide reference endpoint response parameter header ' +
  'secure quickly every only also then before after while without between through under over into onto about').split(' ')
const random = seededRandom(42)
const sentence = () => {
  const words = Array.from({ length: 8 + Math.floor(random() * 14) }, () => WORDS[Math.floor(random() * WORDS.length)])
  return words[0][0].toUpperCase() + words.join(' ').slice(1) + '.'
}
const paragraph = () => Array.from({ length: 3 + Math.floor(random() * 4) }, sentence).join(' ')
const PARAGRAPHS = 8
const pageParagraphs = () => Array.from({ length: PARAGRAPHS }, paragraph)
const pageText = (title, paragraphs) => `# ${title}\n\n${paragraphs.join('\n\n')}\n`
const space = await call('POST', `/orgs/${workspace.organizationId}/spaces`, { title: 'Big' })
console.log(`Generating ${PAGES} pages …`)
const seeding = performance.now()
const seed = await call('POST', `/spaces/${space.id}/change-requests`, { subject: 'Seed' })
for (let i = 0; i < PAGES; i += 50) {
  const changes = Array.from({ length: Math.min(50, PAGES - i) }, (_, k) => ({ operation: 'insert_page', slug: `p${i + k}`, document: { markdown: pageText(`Page ${i + k}`, pageParagraphs()) } }))
  await call('POST', `/spaces/${space.id}/change-requests/${seed.id}/content`, { changes })
}
await call('POST', `/spaces/${space.id}/change-requests/${seed.id}/merge`)
console.log(`Generated in ${((performance.now() - seeding) / 1000).toFixed(1)} s.`)
const pages = (await call('GET', `/spaces/${space.id}/content/pages`)).pages
const flatten = (list) => list.flatMap((page) => [page, ...flatten(page.pages ?? [])])
const all = flatten(pages)

// The database's size with its write-ahead log folded in (a checkpoint first, so the WAL's high-water mark does not
// count): the bytes of the pages in use, and the file's size. They differ by the free pages, which SQLite reuses before
// it grows the file: a search index merge, say, writes its new segment before it frees the old ones. So the file grows
// in steps that do not follow the rounds; the pages in use are the measure, the file's growth is shown beside it.
const sqlite = new Database(join(workspace.dataDir, 'docsctl.db'))
const dbBytes = () => {
  sqlite.pragma('wal_checkpoint(TRUNCATE)')
  const used = (sqlite.pragma('page_count', { simple: true }) - sqlite.pragma('freelist_count', { simple: true })) * sqlite.pragma('page_size', { simple: true })
  return { used, file: statSync(join(workspace.dataDir, 'docsctl.db')).size }
}
// Bytes per table and index (SQLite's dbstat), to show where growth goes.
const bytesByTable = () => new Map(sqlite.prepare('SELECT name, SUM(pgsize) AS bytes FROM dbstat GROUP BY name').all().map((r) => [r.name, r.bytes]))
const steps = { create: [], edit: [], merge: [] }
// One kind of edit, MERGES/2 times: the database growth and the bytes changed.
async function rounds(kind, count) {
  let changedBytes = 0
  const startBytes = dbBytes()
  const startTables = bytesByTable()
  for (let n = 0; n < count; n++) {
    const page = all[Math.floor(random() * all.length)]
    const create = await timed(() => call('POST', `/spaces/${space.id}/change-requests`, { subject: `Edit ${n}` }))
    const current = (await call('GET', `/spaces/${space.id}/content/page/${page.id}`)).markdown
    const paragraphs = current.trim().split('\n\n').slice(1)
    let markdown
    if (kind === 'page') {
      markdown = pageText(page.title, pageParagraphs())
      changedBytes += Buffer.byteLength(markdown)
    } else {
      const at = Math.floor(random() * paragraphs.length)
      paragraphs[at] = paragraph()
      markdown = pageText(page.title, paragraphs)
      changedBytes += Buffer.byteLength(paragraphs[at])
    }
    const edit = await timed(() => call('POST', `/spaces/${space.id}/change-requests/${create.result.id}/content`, { changes: [{ operation: 'update_page', page: page.id, document: { markdown } }] }))
    const merge = await timed(() => call('POST', `/spaces/${space.id}/change-requests/${create.result.id}/merge`))
    steps.create.push(create.ms)
    steps.edit.push(edit.ms)
    steps.merge.push(merge.ms)
  }
  const end = dbBytes()
  const growth = end.used - startBytes.used
  const fileGrowth = end.file - startBytes.file
  const tables = [...bytesByTable()].map(([name, bytes]) => ({ kind, 'table or index': name, 'bytes per merge': Math.round((bytes - (startTables.get(name) ?? 0)) / count) })).filter((r) => r['bytes per merge'] > 0)
  return { kind, changedBytes, growth, fileGrowth, tables, count }
}
const results = [await rounds('paragraph', Math.ceil(MERGES / 2)), await rounds('page', Math.floor(MERGES / 2))]
await stopChild(server.child)

const rows = Object.entries(steps).map(([step, values]) => ({
  step,
  'median ms': median(values).toFixed(1),
  'p90 ms': [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.9)].toFixed(1),
  target: '< 50',
  verdict: verdict(median(values) < 50),
}))
console.table(rows)
console.table(results.flatMap((r) => r.tables.sort((a, b) => b['bytes per merge'] - a['bytes per merge'])))
const growthRows = results.map((r) => ({
  edit: `one ${r.kind}`,
  merges: r.count,
  'bytes changed': r.changedBytes,
  'database growth': r.growth,
  ratio: (r.growth / r.changedBytes).toFixed(2),
  target: '< 2',
  verdict: verdict(r.growth / r.changedBytes < 2),
  'file growth': r.fileGrowth,
}))
console.table(growthRows)
// Growth per merge as a fixed part plus a part per byte changed, through the two kinds of edit (a line through two
// points): what a merge costs whatever its size (the change request, two revisions, the trie path, the search
// rows), and what each byte of change adds.
const [small, large] = results.map((r) => ({ changed: r.changedBytes / r.count, growth: r.growth / r.count }))
const perByte = (large.growth - small.growth) / (large.changed - small.changed)
console.log(`Growth per merge ≈ ${Math.round(small.growth - perByte * small.changed)} bytes + ${perByte.toFixed(2)} × the bytes changed.`)
console.log(`${PAGES} pages, ${MERGES} create/edit/merge rounds over HTTP on loopback, ${new Date().toISOString()}`)
process.exitCode = [...rows, ...growthRows].every((r) => r.verdict === 'PASS') ? 0 : 1
