/**
 * A local smart-HTTP git server for tests: node:http in front of `git http-backend` (CGI), serving the bare
 * repositories under `root`, with optional basic authentication.
 */
import { spawn } from 'node:child_process'
import http from 'node:http'

export async function startGitHttpServer(root: string, credentials?: { username: string; password: string }) {
  const server = http.createServer((req, res) => {
    if (credentials) {
      const expected = 'Basic ' + Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')
      if (req.headers.authorization !== expected) {
        res.writeHead(401, { 'www-authenticate': 'Basic realm="git"' }).end()
        return
      }
    }
    const url = new URL(req.url!, 'http://localhost')
    const backend = spawn('git', ['http-backend'], {
      env: {
        ...process.env,
        GIT_PROJECT_ROOT: root,
        GIT_HTTP_EXPORT_ALL: '1',
        REQUEST_METHOD: req.method!,
        PATH_INFO: decodeURIComponent(url.pathname),
        QUERY_STRING: url.search.slice(1),
        CONTENT_TYPE: req.headers['content-type'] ?? '',
        REMOTE_USER: credentials?.username ?? 'anonymous',
        REMOTE_ADDR: '127.0.0.1',
        HTTP_CONTENT_ENCODING: req.headers['content-encoding'] ?? '',
      },
    })
    req.pipe(backend.stdin)
    let head = Buffer.alloc(0)
    let headersDone = false
    backend.stdout.on('data', (chunk: Buffer) => {
      if (headersDone) return void res.write(chunk)
      head = Buffer.concat([head, chunk])
      const end = head.indexOf('\r\n\r\n')
      if (end < 0) return
      headersDone = true
      let status = 200
      const headers: Record<string, string> = {}
      for (const line of head.subarray(0, end).toString().split('\r\n')) {
        const [name, ...rest] = line.split(':')
        if (name.toLowerCase() === 'status') status = Number(rest.join(':').trim().split(' ')[0])
        else headers[name] = rest.join(':').trim()
      }
      res.writeHead(status, headers)
      res.write(head.subarray(end + 4))
    })
    backend.stdout.on('end', () => res.end())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}
