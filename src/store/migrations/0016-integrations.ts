import type { Kysely } from 'kysely'

/**
 * Integrations (published by an organization, by unique name), their installations on organizations and on spaces
 * or sites, and the events recorded for them with the trace of each delivery attempt. An integration's `secrets` are
 * one AES-256-GCM ciphertext (domain/integrations/integration-secrets.ts); lists of the API are JSON text.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('integrations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('runtime', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('summary', 'text')
    .addColumn('icon', 'text')
    .addColumn('visibility', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    // JSON: previewImages, scopes, categories, blocks, contentSources, externalLinks, configurations, contentSecurityPolicy.
    .addColumn('preview_images', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('categories', 'text', (c) => c.notNull())
    .addColumn('blocks', 'text', (c) => c.notNull())
    .addColumn('content_sources', 'text', (c) => c.notNull())
    .addColumn('external_links', 'text', (c) => c.notNull())
    .addColumn('configurations', 'text', (c) => c.notNull())
    .addColumn('content_security_policy', 'text')
    .addColumn('script', 'text', (c) => c.notNull())
    .addColumn('secrets', 'text')
    .addColumn('endpoint', 'text')
    .addColumn('dev_tunnel_url', 'text')
    .addColumn('dev_all', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('integrations_org').on('integrations').column('organization_id').execute()

  await db.schema
    .createTable('integration_installations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('integration_id', 'text', (c) => c.notNull().references('integrations.id').onDelete('cascade'))
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('configuration', 'text', (c) => c.notNull())
    .addColumn('external_ids', 'text', (c) => c.notNull())
    .addColumn('space_selection', 'text', (c) => c.notNull())
    .addColumn('site_selection', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('integration_installations_org', ['integration_id', 'organization_id'])
    .execute()

  // An installation enabled on one space or site (`kind`): the rows of the integration's spaces and sites lists.
  await db.schema
    .createTable('integration_content_installations')
    .addColumn('installation_id', 'text', (c) => c.notNull().references('integration_installations.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('configuration', 'text', (c) => c.notNull())
    .addColumn('external_ids', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('integration_content_installations_pk', ['installation_id', 'kind', 'target_id'])
    .execute()

  await db.schema
    .createTable('integration_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('integration_id', 'text', (c) => c.notNull().references('integrations.id').onDelete('cascade'))
    // Kept after an uninstall (the installation_deleted event outlives its installation): no foreign key.
    .addColumn('installation_id', 'text')
    // The organization the event comes from (development mode routes on it).
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    // JSON `[{message, timestamp, level}]`, one or more entries per delivery attempt.
    .addColumn('trace', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('integration_events_integration').on('integration_events').columns(['integration_id', 'created_at']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('integration_events').execute()
  await db.schema.dropTable('integration_content_installations').execute()
  await db.schema.dropTable('integration_installations').execute()
  await db.schema.dropTable('integrations').execute()
}
