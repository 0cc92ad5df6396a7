import type { Kysely } from 'kysely'

/**
 * Organization administration: teams and their members, explicit permissions of users and teams on spaces and
 * collections, invite links, SAML providers.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('teams')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('teams_org').on('teams').columns(['organization_id', 'created_at', 'id']).execute()

  await db.schema
    .createTable('team_members')
    .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('joined_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('team_members_pk', ['team_id', 'user_id'])
    .execute()
  await db.schema.createIndex('team_members_user').on('team_members').column('user_id').execute()

  // One explicit permission: a user or a team, on a space or a collection, with a role.
  await db.schema
    .createTable('content_permissions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('space_id', 'text', (c) => c.references('spaces.id').onDelete('cascade'))
    .addColumn('collection_id', 'text', (c) => c.references('collections.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('team_id', 'text', (c) => c.references('teams.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  // (SQLite's UNIQUE treats NULLs as distinct: store/permissions.ts keeps one row per target and principal.)
  await db.schema.createIndex('content_permissions_space').on('content_permissions').column('space_id').execute()
  await db.schema.createIndex('content_permissions_collection').on('content_permissions').column('collection_id').execute()
  await db.schema.createIndex('content_permissions_user').on('content_permissions').columns(['user_id', 'organization_id']).execute()
  await db.schema.createIndex('content_permissions_team').on('content_permissions').column('team_id').execute()

  await db.schema
    .createTable('invites')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('space_id', 'text', (c) => c.references('spaces.id').onDelete('cascade'))
    .addColumn('collection_id', 'text', (c) => c.references('collections.id').onDelete('cascade'))
    .addColumn('role', 'text')
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('invites_org').on('invites').columns(['organization_id', 'created_at', 'id']).execute()

  await db.schema
    .createTable('saml_providers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text')
    .addColumn('certificate', 'text')
    .addColumn('sso_url', 'text')
    .addColumn('default_team_id', 'text', (c) => c.references('teams.id').onDelete('set null'))
    .addColumn('default_role', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('saml_providers_org').on('saml_providers').columns(['organization_id', 'created_at', 'id']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['saml_providers', 'invites', 'content_permissions', 'team_members', 'teams']) await db.schema.dropTable(table).execute()
}
