/**
 * Delivers one integration event (domain/integrations/deliver.ts). Each attempt is logged in the event's trace; an
 * answer 2xx makes the event `success`; no answer, a 5xx or a 429 is retried with the worker's backoff until the
 * attempts run out; any other answer, or an integration with nowhere to deliver, makes it `failed` at once. The
 * target is chosen at each attempt, so turning development mode on or off redirects the retries too.
 */
import type { Engine } from '../engine'
import type { JobRow } from '../store/tables/job.table'
import type { IntegrationEventLog } from '../store/tables/integration.table'
import { appendIntegrationEventLogs, findContentInstallation, findInstallation, findIntegrationById, findIntegrationEvent } from '../store/integrations'
import { nowIso } from '../store/ids'
import { DeliveryError, deliver, deliveryTarget, environmentOf } from '../domain/integrations/deliver'
import { TransientJobError } from './worker'

const log = (level: IntegrationEventLog['level'], message: string): IntegrationEventLog => ({ message, timestamp: nowIso(), level })

export async function runIntegrationEvent(engine: Engine, job: JobRow, payload: { eventId: string }) {
  const db = engine.db
  const event = await findIntegrationEvent(db, payload.eventId)
  const integration = event && (await findIntegrationById(db, event.integration_id))
  if (!event || !integration) return { skipped: true, result: { reason: 'The event or its integration was deleted.' } }
  const attempt = `Attempt ${job.attempts} of ${job.max_attempts}`
  const target = deliveryTarget(integration, event.organization_id)
  if (!target) {
    await appendIntegrationEventLogs(db, event.id, [log('error', `${attempt}: integration "${integration.name}" has no endpoint and no development tunnel for this organization; not delivered.`)], 'failed')
    return { result: { status: 'failed' } }
  }
  const body = JSON.parse(event.payload) as Record<string, unknown>
  const installation = event.installation_id ? await findInstallation(db, integration.id, event.installation_id) : undefined
  const contentKind = typeof body.spaceId === 'string' ? 'space' : typeof body.siteId === 'string' ? 'site' : undefined
  const content = installation && contentKind ? await findContentInstallation(db, installation.id, contentKind, String(body[`${contentKind}Id`])) : undefined
  const where = `POST ${target.url}${target.dev ? ' (development tunnel)' : ''}`
  let problem: string
  try {
    const answer = await deliver(db, integration, target.url, body, environmentOf(engine.baseUrl, integration, installation, content))
    if (answer.status >= 200 && answer.status < 300) {
      await appendIntegrationEventLogs(db, event.id, [log('info', `${attempt}: ${where} answered ${answer.status}.`)], 'success')
      return { result: { status: 'success', answer: answer.status } }
    }
    problem = `${where} answered ${answer.status}${answer.text ? `: ${answer.text.slice(0, 200)}` : ''}`
    if (answer.status < 500 && answer.status !== 429) {
      await appendIntegrationEventLogs(db, event.id, [log('error', `${attempt}: ${problem}; not retried (the integration refused the event).`)], 'failed')
      return { result: { status: 'failed', answer: answer.status } }
    }
  } catch (error) {
    if (!(error instanceof DeliveryError)) throw error
    problem = `${where} failed (${error.kind}): ${error.message}`
  }
  if (job.attempts < job.max_attempts) {
    await appendIntegrationEventLogs(db, event.id, [log('warn', `${attempt}: ${problem}; retrying with backoff.`)])
    throw new TransientJobError(problem)
  }
  await appendIntegrationEventLogs(db, event.id, [log('error', `${attempt}: ${problem}; giving up.`)], 'failed')
  return { result: { status: 'failed' } }
}
