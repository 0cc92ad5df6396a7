/**
 * Helpers for integration tests: an integration endpoint on 127.0.0.1 that reads deliveries the way GitBook's runtime
 * does (multipart `event` + `environment`) and checks their signature, and a wait for an event's delivery to settle.
 */
import { createHmac } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { RecordedRequest } from './http-fixture'
import type { TestServer } from './server'

export interface Delivery {
  event: any
  environment: any
  signature: string | undefined
  /** Whether the signature header is the hex HMAC-SHA256 of the body keyed with `environment.signingSecrets.integration`. */
  signed: boolean
}

/** Reads a recorded delivery (multipart form data) as the runtime would. */
export async function readDelivery(request: Pick<RecordedRequest, 'headers' | 'body'>): Promise<Delivery> {
  const form = await new Request('http://integration/v1', { method: 'POST', headers: { 'content-type': String(request.headers['content-type']) }, body: request.body }).formData()
  const event = JSON.parse(String(form.get('event')))
  const environment = JSON.parse(String(form.get('environment')))
  const signature = request.headers['x-gitbook-integration-signature'] as string | undefined
  const expected = createHmac('sha256', environment.signingSecrets.integration).update(request.body).digest('hex')
  return { event, environment, signature, signed: signature === expected }
}

/** A route answering each request with the next status of `statuses` (the last one repeats). */
export function answering(...statuses: number[]) {
  let calls = 0
  return (_req: IncomingMessage, res: ServerResponse) => {
    const status = statuses[Math.min(calls++, statuses.length - 1)]
    res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'OK' : 'boom')
  }
}

/** The event once its delivery is over (status `success` or `failed`), with its trace. */
export async function settledEvent(server: Pick<TestServer, 'request'>, integration: string, eventId: string): Promise<{ event: any; trace: { logs: any[] } }> {
  for (let i = 0; i < 1000; i++) {
    const res = await server.request('GET', `/v1/integrations/${integration}/events/${eventId}`)
    if (res.status !== 200) throw new Error(`event ${eventId}: ${res.status} ${JSON.stringify(res.body)}`)
    if (res.body.event.status !== 'pending') return res.body
    await new Promise((r) => setTimeout(r, 10))
  }
  throw new Error(`event ${eventId} was not delivered`)
}

/** The newest event of the integration of `type`, settled. */
export async function latestEvent(server: Pick<TestServer, 'request'>, integration: string, type: string) {
  const list = await server.request('GET', `/v1/integrations/${integration}/events?limit=1000`)
  const found = list.body.items.find((e: any) => e.payload.type === type)
  if (!found) throw new Error(`no ${type} event for ${integration}`)
  return settledEvent(server, integration, found.id)
}
