import type { Kysely } from 'kysely'

/**
 * OpenAPI specifications with their versions, and translations of spaces.
 * A spec's uploaded source files and a version's filesystem are JSON text; a version keeps the hash of its
 * filesystem so that processing makes a new version only when the content changed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('openapi_specs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('slug', 'text', (c) => c.notNull())
    // Exactly one of the two: the source address, or the uploaded files `{entry, files: {path: text}}`.
    .addColumn('source_url', 'text')
    .addColumn('source_files', 'text')
    .addColumn('visibility', 'text', (c) => c.notNull())
    .addColumn('processing_state', 'text', (c) => c.notNull())
    .addColumn('last_version_id', 'text')
    .addColumn('last_processed_at', 'text')
    .addColumn('last_process_error_code', 'text')
    // JSON `[{message, code?}]` of the last processing (at most a few), with the total count beside it.
    .addColumn('last_process_errors', 'text')
    .addColumn('last_process_error_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('openapi_specs_org_slug', ['organization_id', 'slug'])
    .execute()
  await db.schema
    .createTable('openapi_spec_versions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('spec_id', 'text', (c) => c.notNull().references('openapi_specs.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('entrypoint', 'text', (c) => c.notNull())
    .addColumn('filesystem', 'text', (c) => c.notNull())
    .addColumn('content_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('openapi_spec_versions_spec').on('openapi_spec_versions').columns(['spec_id', 'seq']).execute()

  await db.schema
    .createTable('translations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('source_space_id', 'text', (c) => c.notNull())
    .addColumn('source_language', 'text', (c) => c.notNull())
    // JSON document tree.
    .addColumn('instructions', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('result_space_id', 'text')
    .addColumn('result_revision_id', 'text')
    // JSON `{runs, totalWords, totalPages, totalDuration, latestRunDuration, latestPages, latestWords}`.
    .addColumn('stats', 'text', (c) => c.notNull())
    // JSON: what the last run translated, by source page id (hash of the source text and of the instructions),
    // so the next run translates only what changed.
    .addColumn('memory', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('translations_org').on('translations').columns(['organization_id', 'created_at']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('translations').execute()
  await db.schema.dropTable('openapi_spec_versions').execute()
  await db.schema.dropTable('openapi_specs').execute()
}
