// HTTP benchmark: docsctl on a store of 10,000 spaces against a minimal node:http + better-sqlite3 baseline,
// both loaded by autocannon (50 connections, loopback, bounded in time) from this separate process.
// Targets (issue #2): GET /v1/spaces/{id} >= 70% of the baseline's requests/s; GET /v1/orgs/{id}/spaces?limit=50 >= 80%.
//   node bench/http.mjs [--spaces 10000] [--seconds 5] [--rounds 3]
import autocannon from 'autocannon'
import { BIN, createWorkspace, median, option, startChild, stopChild, verdict } from './support.mjs'

const SPACES = option('spaces', 10_000)
const SECONDS = option('seconds', 5)
const ROUNDS = option('rounds', 3)
const CONNECTIONS = 50
const WORKERS = option('workers', 0)

const workspace = createWorkspace()
console.log(`Seeding ${SPACES} spaces in ${workspace.dataDir} …`)
let docsctl = await startChild([BIN, 'serve', '--port', '0'], { DOCSCTL_DATA_DIR: workspace.dataDir })
const auth = { authorization: `Bearer ${workspace.token}`, 'content-type': 'application/json' }
const ids = []
const started = Date.now()
for (let done = 0; done < SPACES; ) {
  const batch = Math.min(50, SPACES - done)
  const created = await Promise.all(
    Array.from({ length: batch }, (_, i) =>
      fetch(`${docsctl.url}/v1/orgs/${workspace.organizationId}/spaces`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ title: `Space ${done + i}` }),
      }).then((r) => r.json()),
    ),
  )
  for (const space of created) ids.push(space.id)
  done += batch
}
console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s.`)
// Restart so the measured server starts as a user's would, on an existing store.
await stopChild(docsctl.child)
docsctl = await startChild([BIN, 'serve', '--port', '0'], { DOCSCTL_DATA_DIR: workspace.dataDir })
const baseline = await startChild([new URL('./baseline-server.mjs', import.meta.url).pathname, workspace.dataDir])

const spaceId = ids[Math.floor(ids.length / 2)]
const routes = [
  { name: 'GET /v1/spaces/{spaceId}', path: `/v1/spaces/${spaceId}`, target: 0.7 },
  { name: 'GET /v1/orgs/{organizationId}/spaces?limit=50', path: `/v1/orgs/${workspace.organizationId}/spaces?limit=50`, target: 0.8 },
]

function load(url, headers) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers, workers: WORKERS }, (error, result) => (error ? reject(error) : resolve(result)))
  })
}

const rows = []
let failed = false
for (const route of routes) {
  // Warm both (JIT, caches), then alternate baseline and docsctl runs so that machine noise touches both alike;
  // the verdict uses the median of the per-round ratios.
  await load(baseline.url + route.path, {})
  await load(docsctl.url + route.path, { authorization: auth.authorization })
  const rounds = []
  for (let round = 0; round < ROUNDS; round++) {
    const base = await load(baseline.url + route.path, {})
    const ours = await load(docsctl.url + route.path, { authorization: auth.authorization })
    if (ours.non2xx || ours.errors || base.non2xx || base.errors) throw new Error(`${route.name}: errors or non-2xx answers during the run`)
    rounds.push({ base, ours, ratio: ours.requests.average / base.requests.average })
  }
  const ratio = median(rounds.map((r) => r.ratio))
  failed ||= ratio < route.target
  rows.push({
    route: route.name,
    'baseline req/s': Math.round(median(rounds.map((r) => r.base.requests.average))),
    'docsctl req/s': Math.round(median(rounds.map((r) => r.ours.requests.average))),
    ratio: ratio.toFixed(2),
    'ratios per round': rounds.map((r) => r.ratio.toFixed(2)).join(' '),
    target: `>= ${route.target}`,
    'baseline p99 ms': median(rounds.map((r) => r.base.latency.p99)),
    'docsctl p99 ms': median(rounds.map((r) => r.ours.latency.p99)),
    verdict: verdict(ratio >= route.target),
  })
}
await stopChild(docsctl.child)
await stopChild(baseline.child)
console.table(rows)
console.log(`${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s per server and route, ${SPACES} spaces, loopback, ${new Date().toISOString()}`)
process.exitCode = failed ? 1 : 0
