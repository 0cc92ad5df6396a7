/**
 * Delivery of events and render requests to an integration, in the format of GitBook's integration runtime
 * (`@gitbook/runtime`), so that a script written for GitBook can serve them:
 *
 * - `POST <base>/v1`, where `<base>` is the development tunnel while development mode applies to the event's
 *   organization (every organization with `all`, else only the owner), otherwise the integration's `endpoint`;
 * - a `multipart/form-data` body with the fields `event` (the event, JSON) and `environment` (JSON: the integration,
 *   the installation, the decrypted `secrets`, `signingSecrets.integration` and `apiEndpoint`);
 * - header `X-GitBook-Integration-Signature`: hex HMAC-SHA256 of the exact body bytes, keyed with the integration's
 *   signing secret (what the runtime's `verifyIntegrationSignature` checks).
 *
 * Every request has a timeout (DOCSCTL_INTEGRATION_TIMEOUT_MS, default 10 s): an integration never hangs a caller.
 */
import type { Db } from '../../store/database'
import type { IntegrationContentInstallationRow, IntegrationInstallationRow, IntegrationRow } from '../../store/tables/integration.table'
import { decryptSecrets, signBody, signingSecretOf } from './integration-secrets'

export const SIGNATURE_HEADER = 'X-GitBook-Integration-Signature'

/** Where an integration receives what comes from `organizationId`, or undefined when it has nowhere. */
export function deliveryTarget(integration: Pick<IntegrationRow, 'organization_id' | 'endpoint' | 'dev_tunnel_url' | 'dev_all'>, organizationId: string | null): { url: string; dev: boolean } | undefined {
  if (integration.dev_tunnel_url && (integration.dev_all || organizationId === integration.organization_id)) return { url: dispatchUrl(integration.dev_tunnel_url), dev: true }
  return integration.endpoint ? { url: dispatchUrl(integration.endpoint), dev: false } : undefined
}

function dispatchUrl(base: string): string {
  return `${base.replace(/\/+$/, '')}/v1`
}

/** A delivery that got no HTTP answer: `timeout` or `network` (refused, reset, DNS …). */
export class DeliveryError extends Error {
  constructor(
    readonly kind: 'timeout' | 'network',
    message: string,
  ) {
    super(message)
  }
}

export function deliveryTimeoutMs(): number {
  const value = Number(process.env.DOCSCTL_INTEGRATION_TIMEOUT_MS)
  return Number.isFinite(value) && value > 0 ? value : 10_000
}

/**
 * POSTs an event to `url`, signed, and answers the integration's status and body text (at most 1 MB is kept).
 * `environment` is completed with the secrets and the signing secret here, so no caller handles them.
 */
export async function deliver(db: Db, integration: IntegrationRow, url: string, event: Record<string, unknown>, environment: Record<string, unknown>): Promise<{ status: number; text: string }> {
  const signingSecret = await signingSecretOf(db, integration.id)
  const form = new FormData()
  form.set('event', JSON.stringify(event))
  form.set('environment', JSON.stringify({ ...environment, secrets: await decryptSecrets(db, integration.secrets), signingSecrets: { integration: signingSecret } }))
  // Serialise once, so the signature covers exactly the bytes sent.
  const encoded = new Response(form)
  const body = new Uint8Array(await encoded.arrayBuffer())
  const timeout = deliveryTimeoutMs()
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': encoded.headers.get('content-type')!, [SIGNATURE_HEADER]: signBody(signingSecret, body), 'user-agent': 'docsctl-integrations' },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeout),
    })
    const text = await response.text()
    return { status: response.status, text: text.slice(0, 1024 * 1024) }
  } catch (error) {
    const name = (error as Error).name
    if (name === 'TimeoutError' || name === 'AbortError') throw new DeliveryError('timeout', `no answer within ${timeout} ms`)
    const cause = (error as { cause?: { code?: string; message?: string } }).cause
    throw new DeliveryError('network', cause?.code ?? cause?.message ?? (error as Error).message)
  }
}

/**
 * The `environment` of a delivery without its secrets (deliver adds them): what GitBook's runtime reads to build its
 * context. `apiEndpoint` is this server, so an integration calls docsctl back. docsctl issues no integration or
 * installation tokens (`apiTokens`): an integration calls back with a token of its own.
 */
export function environmentOf(
  baseUrl: string,
  integration: IntegrationRow,
  installation?: Pick<IntegrationInstallationRow, 'id' | 'organization_id' | 'status' | 'configuration' | 'external_ids'>,
  content?: Pick<IntegrationContentInstallationRow, 'kind' | 'target_id' | 'status' | 'configuration' | 'external_ids'>,
): Record<string, unknown> {
  return {
    apiEndpoint: baseUrl,
    integration: { object: 'integration', name: integration.name, version: integration.version, title: integration.title, organization: integration.organization_id },
    ...(installation
      ? {
          installation: {
            id: installation.id,
            status: installation.status,
            configuration: JSON.parse(installation.configuration),
            externalIds: JSON.parse(installation.external_ids),
            target: { organization: installation.organization_id },
          },
        }
      : {}),
    ...(content
      ? {
          [content.kind === 'space' ? 'spaceInstallation' : 'siteInstallation']: {
            [content.kind]: content.target_id,
            status: content.status,
            configuration: JSON.parse(content.configuration),
            externalIds: JSON.parse(content.external_ids),
          },
        }
      : {}),
  }
}
