// The HTTP baseline: plain node:http reading the same rows from better-sqlite3 with prepared statements,
// no authentication, no framework. docsctl's figures are reported as ratios of this one's, measured in the same run.
import http from 'node:http'
import { join } from 'node:path'
import Database from 'better-sqlite3'

const dataDir = process.argv[2]
const db = new Database(join(dataDir, 'docsctl.db'), { readonly: true })
db.pragma('journal_mode = WAL')
const bySpaceId = db.prepare('SELECT * FROM spaces WHERE id = ?')
const countSpaces = db.prepare('SELECT count(*) AS count FROM spaces WHERE organization_id = ? AND deleted_at IS NULL')
const pageSpaces = db.prepare('SELECT * FROM spaces WHERE organization_id = ? AND deleted_at IS NULL ORDER BY sort_order, id LIMIT ?')

const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://x')
  let match
  let body
  if ((match = /^\/v1\/spaces\/([^/]+)$/.exec(url.pathname))) {
    body = bySpaceId.get(match[1])
  } else if ((match = /^\/v1\/orgs\/([^/]+)\/spaces$/.exec(url.pathname))) {
    const limit = Number(url.searchParams.get('limit') ?? 50)
    body = { count: countSpaces.get(match[1]).count, items: pageSpaces.all(match[1], limit) }
  }
  if (!body) {
    res.writeHead(404).end()
    return
  }
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
})
server.listen(0, '127.0.0.1', () => {
  console.log(`baseline listening on http://127.0.0.1:${server.address().port}`)
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
