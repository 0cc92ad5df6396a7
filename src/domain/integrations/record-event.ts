/**
 * Records an integration event and queues its delivery (jobs/integration-event.ts) in the caller's transaction, so an
 * installation change and its event are written together or not at all. The caller wakes the worker after commit.
 */
import type { Db, Trx } from '../../store/database'
import { insertIntegrationEvent } from '../../store/integrations'
import { insertJob } from '../../store/jobs'
import { newId, nowIso } from '../../store/ids'

/** Attempts of one delivery: the first and four retries (backoff doubling from the worker's first delay). */
export const EVENT_DELIVERY_ATTEMPTS = 5

export interface NewIntegrationEvent {
  integrationId: string
  installationId: string
  /** The organization the event comes from (development mode routes on it). */
  organizationId: string
  /** `type` and the event's own fields; `eventId` and `installationId` are added. */
  payload: { type: string } & Record<string, unknown>
}

export async function recordIntegrationEvent(trx: Db | Trx, event: NewIntegrationEvent): Promise<string> {
  const id = newId()
  await insertIntegrationEvent(trx, {
    id,
    integration_id: event.integrationId,
    installation_id: event.installationId,
    organization_id: event.organizationId,
    payload: JSON.stringify({ eventId: id, installationId: event.installationId, ...event.payload }),
    status: 'pending',
    trace: '[]',
    created_at: nowIso(),
  })
  await insertJob(trx as Db, { kind: 'integration-event', spaceId: null, payload: { eventId: id }, maxAttempts: EVENT_DELIVERY_ATTEMPTS })
  return id
}
