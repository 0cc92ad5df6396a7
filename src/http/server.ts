/**
 * The HTTP transport: Fastify mounts every operation of the table under /v1. Validation happens in the engine
 * (executeOperation), not here; this layer only turns requests into operation input and results or errors into
 * responses, all errors through `toErrorBody`.
 */
import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify'
import type { Engine } from '../engine'
import { operations } from '../api/index'
import { executeOperation } from '../api/execute'
import { buildOpenApiDocument } from '../api/openapi'
import { Limits } from '../api/schemas/limits'
import { ApiError, BadRequestError, NotFoundError, PayloadTooLargeError, toErrorBody } from '../errors'
import { purgeExpiredSpaces } from '../domain/spaces/purge-expired-spaces'
import { getBlobs } from '../store/blobs'
import { findRevisionById } from '../store/revisions'
import { loadContent } from '../domain/revisions/content'
import { verifyPrintLink } from '../domain/print/print-link'
import { renderPrint } from '../domain/print/render-print'
import { contentTypeOf } from '../domain/files/file-source'

export interface ServerOptions {
  engine: Engine
  host?: string
  port?: number
  /** Log each request (method, path, status, time) to stderr. */
  log?: boolean
}

export interface RunningServer {
  app: FastifyInstance
  /** `http://HOST:PORT` the server listens on. */
  url: string
  close(): Promise<void>
}

const PURGE_INTERVAL_MS = 60 * 60 * 1000

export function buildApp(engine: Engine, options: { log?: boolean } = {}): FastifyInstance {
  // Long path parameters are legitimate here: page paths, print addresses.
  const app = Fastify({ logger: options.log ? { level: 'info' } : false, bodyLimit: Limits.bodyBytes, return503OnClosing: false, routerOptions: { maxParamLength: 4096 } })

  // Bodies are JSON; an empty body is "no body" (clients send Content-Type on bodiless POSTs and DELETEs).
  app.removeAllContentTypeParsers()
  const parseJson = (_req: FastifyRequest, text: string | Buffer, done: (error: Error | null, body?: unknown) => void) => {
    const source = text.toString()
    if (source.trim() === '') return done(null, undefined)
    try {
      done(null, JSON.parse(source))
    } catch (error) {
      done(new BadRequestError(`body: is not valid JSON (${(error as Error).message}).`), undefined)
    }
  }
  app.addContentTypeParser('application/json', { parseAs: 'string' }, parseJson)
  app.addContentTypeParser(/^application\/[\w.+-]+\+json$/, { parseAs: 'string' }, parseJson)
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (req, body, done) => {
    if ((body as Buffer).length === 0) return done(null, undefined)
    done(new BadRequestError(`Content-Type "${req.headers['content-type'] ?? ''}" is not supported: send the body as application/json.`), undefined)
  })

  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    const { status, body } = toErrorBody(fromFastifyError(error), (e) => request.log.error(e))
    reply.code(status).header('content-type', 'application/json; charset=utf-8').send(body)
  })
  app.setNotFoundHandler((request, reply) => {
    const { status, body } = toErrorBody(new NotFoundError(`No route for ${request.method} ${request.url.split('?')[0]}. The API lives under /v1; see /v1/openapi.json.`))
    reply.code(status).send(body)
  })

  app.get('/v1/openapi.json', async (request) => buildOpenApiDocument(baseUrlOf(request)))
  // File downloads (`downloadURL`): by content hash, without a token. Only images and plain formats are shown
  // inline; anything else is an attachment, and nothing is sniffed.
  app.get('/files/:blob/:name', async (request, reply) => {
    const { blob, name } = request.params as { blob: string; name: string }
    if (!/^[0-9a-f]{64}$/.test(blob)) throw new NotFoundError(`No file at ${request.url}.`)
    const bytes = (await getBlobs(engine.db, [blob])).get(blob)
    if (!bytes) throw new NotFoundError(`No file at ${request.url}.`)
    const type = contentTypeOf(name)
    const inline = /^image\/(png|jpeg|gif|webp)$|^application\/pdf$|^text\/plain$/.test(type)
    reply
      .type(type)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(name)}`)
    return bytes
  })
  app.get('/print/:token', async (request, reply) => {
    const target = await verifyPrintLink(engine.db, (request.params as { token: string }).token)
    const revision = await findRevisionById(engine.db, target.revisionId)
    if (!revision) throw new NotFoundError('The content of this print address no longer exists.')
    reply.type('text/html; charset=utf-8').header('x-content-type-options', 'nosniff')
    return renderPrint(await loadContent(engine.db, revision.content_hash), target.title, target.pageId)
  })
  app.get('/app/*', async (request, reply) => {
    const apiPath = appPathToApi((request.params as { '*': string })['*'])
    if (!apiPath) throw new NotFoundError(`No page at ${request.url.split('?')[0]}.`)
    reply.type('text/html; charset=utf-8')
    return appPage(`${baseUrlOf(request)}/v1${apiPath}`)
  })

  for (const operation of operations) {
    const url = '/v1' + operation.path.replace(/\{(\w+)\}/g, ':$1')
    app.route({
      method: operation.method,
      url,
      handler: async (request, reply) => {
        const result = await executeOperation(
          engine,
          operation,
          { params: request.params as Record<string, unknown>, query: request.query as Record<string, unknown>, body: request.body },
          { token: bearerToken(request), baseUrl: baseUrlOf(request) },
        )
        reply.code(result.status)
        if (result.body === undefined) return reply.send()
        // JSON is UTF-8 by definition (RFC 8259): no charset parameter, a few bytes less on every answer.
        reply.header('content-type', 'application/json')
        return result.body
      },
    })
  }
  return app
}

/** Starts the server; `port: 0` picks a free port. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const app = buildApp(options.engine, { log: options.log })
  await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 8080 })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : options.port
  const host = options.host ?? '127.0.0.1'
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`
  options.engine.baseUrl = url
  await options.engine.jobs.start()
  const purge = setInterval(() => void purgeExpiredSpaces(options.engine.db).catch((error) => app.log.error(error)), PURGE_INTERVAL_MS)
  purge.unref()
  return {
    app,
    url,
    async close() {
      clearInterval(purge)
      await app.close()
      await options.engine.jobs.stop()
    },
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization
  if (!header) return null
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
  return match ? match[1] : null
}

/** The address the caller reached us at, for `urls`. */
function baseUrlOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`
}

/** Fastify's own errors (body too large, bad JSON …) as ours. */
function fromFastifyError(error: FastifyError | Error): unknown {
  if (error instanceof ApiError) return error
  const code = (error as FastifyError).code
  const status = (error as FastifyError).statusCode
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new PayloadTooLargeError(`The request body is larger than the limit of ${Limits.bodyBytes} bytes.`)
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return new BadRequestError('Send the body as application/json.')
  if (status && status >= 400 && status < 500) return new ApiError(status === 415 ? 400 : status, error.message)
  return error
}

/** `urls.app` addresses (`/app/o/{org}`, `/app/o/{org}/c/{collection}`, `/app/s/{space}`, `/app/o/{org}/sites/{site}[/preview]`) and their API objects. */
function appPathToApi(path: string): string | undefined {
  const parts = path.split('/').filter(Boolean).map(encodeURIComponent)
  if (parts[0] === 's' && parts.length === 2) return `/spaces/${parts[1]}`
  if (parts[0] === 'o' && parts.length === 2) return `/orgs/${parts[1]}`
  if (parts[0] === 'o' && parts[2] === 'c' && parts.length === 4) return `/collections/${parts[3]}`
  if (parts[0] === 'o' && parts[2] === 'sites' && parts.length === 4) return `/orgs/${parts[1]}/sites/${parts[3]}`
  if (parts[0] === 'o' && parts[2] === 'sites' && parts[4] === 'preview' && parts.length === 5) return `/orgs/${parts[1]}/sites/${parts[3]}/structure`
  return undefined
}

/** docsctl has no web editor: an app address answers a short page pointing at the object in the API. */
function appPage(apiUrl: string): string {
  const href = apiUrl.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
  return `<!doctype html><html><head><meta charset="utf-8"><title>docsctl</title></head><body><p>This object is served by the docsctl API at <a href="${href}">${href}</a> (send an <code>Authorization: Bearer</code> token), or with the <code>docsctl</code> command.</p></body></html>\n`
}
