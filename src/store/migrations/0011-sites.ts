import type { Kysely } from 'kysely'

/**
 * Docs sites: sites, their section groups, sections, site-spaces (a space placed on a site) and share links.
 * Defaults are pointers (`default_section_id`, `default_site_space_id`) read as "this one if it still exists, else
 * the first in order", so deleting a default leaves exactly one default without a second write.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sites')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('visibility', 'text', (c) => c.notNull())
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hostname', 'text', (c) => c.unique())
    .addColumn('basename', 'text')
    .addColumn('proxy', 'text')
    .addColumn('agents_context', 'text', (c) => c.notNull())
    .addColumn('adaptive_content', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('adaptive_schema', 'text')
    .addColumn('adaptive_schema_updated_at', 'text')
    .addColumn('default_section_id', 'text')
    .addColumn('default_site_space_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('sites_org').on('sites').columns(['organization_id', 'created_at', 'id']).execute()

  await db.schema
    .createTable('site_section_groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('icon', 'text')
    .addColumn('sort_order', 'real', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('site_section_groups_site').on('site_section_groups').column('site_id').execute()

  await db.schema
    .createTable('site_sections')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('group_id', 'text', (c) => c.references('site_section_groups.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('icon', 'text')
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('condition', 'text')
    .addColumn('default_site_space_id', 'text')
    .addColumn('sort_order', 'real', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('site_sections_path').on('site_sections').columns(['site_id', 'path']).unique().execute()

  await db.schema
    .createTable('site_spaces')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('section_id', 'text', (c) => c.references('site_sections.id').onDelete('cascade'))
    .addColumn('space_id', 'text', (c) => c.notNull().references('spaces.id').onDelete('cascade'))
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('condition', 'text')
    .addColumn('sort_order', 'real', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('site_spaces_site').on('site_spaces').columns(['site_id', 'section_id', 'sort_order']).execute()
  await db.schema.createIndex('site_spaces_space').on('site_spaces').column('space_id').execute()

  await db.schema
    .createTable('share_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // sha256 of the secret key (the key itself is derived, never stored: see domain/sites/site-secrets.ts).
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('share_links_site').on('share_links').columns(['site_id', 'created_at', 'id']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['share_links', 'site_spaces', 'site_sections', 'site_section_groups', 'sites']) await db.schema.dropTable(table).execute()
}
