import type { Selectable } from 'kysely'

export interface IntegrationTable {
  id: string
  /** Unique name, `^[a-zA-Z0-9-_.]+$`. */
  name: string
  /** The owning (publishing) organization. */
  organization_id: string
  /** Incremented by each publish. */
  version: number
  runtime: string
  title: string
  description: string
  summary: string | null
  /** Base64 image. */
  icon: string | null
  visibility: string
  target: string
  /** JSON arrays and objects, as published. */
  preview_images: string
  scopes: string
  categories: string
  blocks: string
  content_sources: string
  external_links: string
  configurations: string
  content_security_policy: string | null
  script: string
  /** AES-256-GCM ciphertext of the JSON secrets map (never returned). */
  secrets: string | null
  /** docsctl: address events and render requests go to. */
  endpoint: string | null
  /** Development mode: the tunnel address while on. */
  dev_tunnel_url: string | null
  /** Development mode forwards every organization's events (1), or only the owner's (0). */
  dev_all: number
  created_at: string
  updated_at: string
}
export type IntegrationRow = Selectable<IntegrationTable>

export type InstallationStatus = 'active' | 'pending' | 'paused'

export interface IntegrationInstallationTable {
  id: string
  integration_id: string
  organization_id: string
  status: InstallationStatus
  /** JSON object. */
  configuration: string
  /** JSON string array. */
  external_ids: string
  space_selection: 'all' | 'selected'
  site_selection: 'all' | 'selected'
  created_at: string
  updated_at: string
}
export type IntegrationInstallationRow = Selectable<IntegrationInstallationTable>

export interface IntegrationContentInstallationTable {
  installation_id: string
  kind: 'space' | 'site'
  /** Id of the space or site. */
  target_id: string
  status: InstallationStatus
  configuration: string
  external_ids: string
  created_at: string
  updated_at: string
}
export type IntegrationContentInstallationRow = Selectable<IntegrationContentInstallationTable>

/** `pending` until the delivery succeeds or gives up. */
export type IntegrationEventStatus = 'pending' | 'success' | 'failed'

export interface IntegrationEventLog {
  message: string
  timestamp: string
  level: 'debug' | 'info' | 'warn' | 'error'
}

export interface IntegrationEventTable {
  id: string
  integration_id: string
  installation_id: string | null
  organization_id: string
  /** JSON event payload as delivered (`eventId`, `type`, `installationId`, …). */
  payload: string
  status: IntegrationEventStatus
  /** JSON IntegrationEventLog[]. */
  trace: string
  created_at: string
}
export type IntegrationEventRow = Selectable<IntegrationEventTable>
