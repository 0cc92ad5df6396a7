import type { Kysely } from 'kysely'

/** Users, tokens, organizations, members, collections, spaces and revisions. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('photo_url', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute()
  await db.schema.createIndex('api_tokens_user').on('api_tokens').column('user_id').execute()

  await db.schema
    .createTable('organizations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('hostname', 'text', (c) => c.unique())
    .addColumn('email_domains', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('default_role', 'text')
    .addColumn('default_content', 'text')
    .addColumn('logo', 'text')
    .addColumn('sso', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ai', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('invite_links', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('members')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text')
    .addColumn('joined_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text')
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sso', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('members_pk', ['organization_id', 'user_id'])
    .execute()
  await db.schema.createIndex('members_user').on('members').column('user_id').execute()

  await db.schema
    .createTable('collections')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('parent_id', 'text', (c) => c.references('collections.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('default_level', 'text')
    .addColumn('sort_order', 'real', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('collections_org_parent').on('collections').columns(['organization_id', 'parent_id', 'sort_order']).execute()
  await db.schema.createIndex('collections_parent').on('collections').column('parent_id').execute()

  await db.schema
    .createTable('spaces')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    // A space whose collection goes away stays, at the organization's root.
    .addColumn('parent_id', 'text', (c) => c.references('collections.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('emoji', 'text')
    .addColumn('icon', 'text')
    .addColumn('visibility', 'text', (c) => c.notNull())
    .addColumn('edit_mode', 'text', (c) => c.notNull())
    .addColumn('default_level', 'text')
    .addColumn('language', 'text')
    .addColumn('merge_rules', 'text', (c) => c.notNull())
    .addColumn('revision_id', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'real', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute()
  // Live spaces of an organization in order: lists seek here, and their count reads only this index.
  await db.schema.createIndex('spaces_org_live').on('spaces').columns(['organization_id', 'deleted_at', 'sort_order', 'id']).execute()
  await db.schema.createIndex('spaces_parent').on('spaces').columns(['parent_id', 'sort_order', 'id']).execute()
  await db.schema.createIndex('spaces_org_parent').on('spaces').columns(['organization_id', 'parent_id', 'sort_order']).execute()
  await db.schema.createIndex('spaces_deleted').on('spaces').column('deleted_at').execute()

  await db.schema
    .createTable('revisions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('space_id', 'text', (c) => c.notNull().references('spaces.id').onDelete('cascade'))
    .addColumn('parents', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('revisions_space').on('revisions').column('space_id').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['revisions', 'spaces', 'collections', 'members', 'organizations', 'api_tokens', 'users']) {
    await db.schema.dropTable(table).execute()
  }
}
