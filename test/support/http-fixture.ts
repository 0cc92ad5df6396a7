/**
 * A real HTTP server on 127.0.0.1 standing in for something docsctl talks to (an OpenAPI spec source, a
 * translation provider, an integration endpoint). Routes answer a fixed body or run a handler; every request is
 * recorded with its body.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface RecordedRequest {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
}

export type Route = string | { status?: number; body: string; type?: string } | ((req: IncomingMessage, res: ServerResponse, body: string) => void)

export interface FixtureServer {
  url: string
  routes: Record<string, Route>
  requests: RecordedRequest[]
  close(): Promise<void>
}

export async function startFixtureServer(routes: Record<string, Route> = {}): Promise<FixtureServer> {
  const requests: RecordedRequest[] = []
  const hanging = new Set<ServerResponse>()
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      requests.push({ method: req.method!, url: req.url!, headers: req.headers, body })
      const route = fixture.routes[req.url!.split('?')[0]]
      if (route === undefined) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
      } else if (typeof route === 'function') {
        hanging.add(res)
        res.on('close', () => hanging.delete(res))
        route(req, res, body)
      } else if (typeof route === 'string') {
        res.writeHead(200, { 'content-type': 'text/plain' }).end(route)
      } else {
        res.writeHead(route.status ?? 200, { 'content-type': route.type ?? 'text/plain' }).end(route.body)
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const fixture: FixtureServer = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    routes,
    requests,
    async close() {
      for (const res of hanging) res.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
  return fixture
}

/** A handler that never answers (a source that times out). */
export const never: Route = () => {}
