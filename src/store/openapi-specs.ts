import type { Db, Trx } from './database'
import type { OpenAPISpecRow, OpenAPISpecTable, OpenAPISpecVersionRow } from './tables/openapi-spec.table'
import { paginate, type Page, type PageRequest } from './pagination'
import { ConflictError } from '../errors'

export function findOpenAPISpecBySlug(db: Db | Trx, organizationId: string, slug: string): Promise<OpenAPISpecRow | undefined> {
  return db.selectFrom('openapi_specs').selectAll().where('organization_id', '=', organizationId).where('slug', '=', slug).executeTakeFirst()
}

export function findOpenAPISpecById(db: Db | Trx, id: string): Promise<OpenAPISpecRow | undefined> {
  return db.selectFrom('openapi_specs').selectAll().where('id', '=', id).executeTakeFirst()
}

/** Specs of an organization by slug; `visibility` keeps only those (what a non-member may list). */
export function listOpenAPISpecs(db: Db, organizationId: string, options: { visibility?: 'public' }, request: PageRequest): Promise<Page<OpenAPISpecRow>> {
  let query = db.selectFrom('openapi_specs').selectAll().where('organization_id', '=', organizationId)
  if (options.visibility) query = query.where('visibility', '=', options.visibility)
  return paginate(db, query, [{ column: 'slug', direction: 'asc' }], request)
}

/** Every slug of the organization's specs (the links check asks which exist). */
export async function listOpenAPISpecSlugs(db: Db | Trx, organizationId: string): Promise<Set<string>> {
  const rows = await db.selectFrom('openapi_specs').select('slug').where('organization_id', '=', organizationId).execute()
  return new Set(rows.map((r) => r.slug))
}

export async function insertOpenAPISpec(trx: Db | Trx, row: OpenAPISpecRow): Promise<void> {
  try {
    await trx.insertInto('openapi_specs').values(row).execute()
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') {
      throw new ConflictError(`body.slug: the organization already has an OpenAPI spec "${row.slug}"; update it with PUT or choose another slug.`)
    }
    throw error
  }
}

export async function updateOpenAPISpec(trx: Db | Trx, id: string, update: Partial<OpenAPISpecTable>): Promise<void> {
  await trx.updateTable('openapi_specs').set(update).where('id', '=', id).execute()
}

export async function deleteOpenAPISpec(db: Db, id: string): Promise<void> {
  await db.deleteFrom('openapi_specs').where('id', '=', id).execute()
}

/** Versions of a spec, newest first. */
export function listOpenAPISpecVersions(db: Db, specId: string, request: PageRequest): Promise<Page<Omit<OpenAPISpecVersionRow, 'filesystem'>>> {
  const query = db.selectFrom('openapi_spec_versions').select(['id', 'spec_id', 'seq', 'url', 'entrypoint', 'content_hash', 'created_at']).where('spec_id', '=', specId)
  return paginate(db, query, [{ column: 'seq', direction: 'desc' }], request)
}

export function findOpenAPISpecVersion(db: Db | Trx, specId: string, versionId: string): Promise<OpenAPISpecVersionRow | undefined> {
  return db.selectFrom('openapi_spec_versions').selectAll().where('spec_id', '=', specId).where('id', '=', versionId).executeTakeFirst()
}

/** Adds a version after the spec's newest one. */
export async function insertOpenAPISpecVersion(trx: Trx, row: Omit<OpenAPISpecVersionRow, 'seq'>): Promise<void> {
  const last = await trx.selectFrom('openapi_spec_versions').select((eb) => eb.fn.max('seq').as('seq')).where('spec_id', '=', row.spec_id).executeTakeFirst()
  await trx.insertInto('openapi_spec_versions').values({ ...row, seq: Number(last?.seq ?? 0) + 1 }).execute()
}
