/**
 * Translations of a space into another language. `POST …/translations/{id}/run` queues a run (a durable job,
 * jobs/translation-run.ts): `pending` → `running` → `completed`, with the target space and revision in `result`.
 */
import { Type } from '@sinclair/typebox/type'
import { defineOperation, WithStatus, type OperationContext } from './operation'
import { Id, Language, LANGUAGES } from './schemas/common'
import { ListOf, PageQuery, listEnvelope } from './schemas/pagination'
import { loadOrganization } from './organizations'
import { loadLiveSpace } from './spaces'
import { presentTranslation } from './presenters/translation'
import { deleteTranslation as deleteRow, findTranslation, insertTranslation, listTranslations as listRows, updateTranslation as updateRow } from '../store/translations'
import { insertJob } from '../store/jobs'
import { newId, nowIso } from '../store/ids'
import { EMPTY_STATS } from '../jobs/translation-run'
import { BadRequestError, NotFoundError } from '../errors'

const OrganizationId = Type.Object({ organizationId: Id('Id of the organization') })
const TranslationParams = Type.Object({ organizationId: Id('Id of the organization'), translationId: Id('Id of the translation') })

/** A node of a document tree: blocks and inlines hold nodes, texts hold leaves. */
const DocumentNode = Type.Recursive((Node) =>
  Type.Object({
    object: Type.Unsafe<'block' | 'inline' | 'text'>({ type: 'string', enum: ['block', 'inline', 'text'] }),
    type: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    key: Type.Optional(Type.String({ maxLength: 64 })),
    isVoid: Type.Optional(Type.Boolean()),
    data: Type.Optional(Type.Object({}, { additionalProperties: true })),
    nodes: Type.Optional(Type.Array(Node, { maxItems: 1000 })),
    leaves: Type.Optional(Type.Array(Type.Object({ object: Type.Literal('leaf'), text: Type.String({ maxLength: 10_000 }), marks: Type.Optional(Type.Array(Type.Object({}, { additionalProperties: true }), { maxItems: 20 })) }), { maxItems: 1000 })),
  }),
)
const Instructions = Type.Object(
  {
    object: Type.Literal('document'),
    data: Type.Object({ schemaVersion: Type.Optional(Type.Integer()) }, { additionalProperties: true }),
    nodes: Type.Array(DocumentNode, { maxItems: 1000 }),
  },
  { description: 'Instructions for the translator, as a document tree (`{object: document, data, nodes}`); their text goes to the provider.' },
)
const Translation = Type.Object({ object: Type.Literal('translation'), id: Type.String(), status: Type.String() }, { additionalProperties: true })
const EMPTY_INSTRUCTIONS = { object: 'document', data: {}, nodes: [] }

/** A translation of the organization the caller may see, or 404. */
async function loadTranslation(ctx: OperationContext, organizationId: string, translationId: string) {
  const org = await loadOrganization(ctx, organizationId)
  const row = await findTranslation(ctx.db, org.id, translationId)
  if (!row) throw new NotFoundError(`Translation "${translationId}" does not exist in organization "${organizationId}".`)
  await ctx.access.authorize('translation', 'view', { kind: 'translation', row })
  return row
}

export const listTranslations = defineOperation({
  id: 'listTranslations',
  method: 'GET',
  path: '/orgs/{organizationId}/translations',
  tag: 'translations',
  summary: "The organization's translations, oldest first",
  params: OrganizationId,
  query: Type.Object({ ...PageQuery }),
  success: 200,
  response: ListOf(Translation),
  async handler(ctx, { params, query }) {
    const org = await loadOrganization(ctx, params.organizationId)
    await ctx.access.authorize('translation', 'view', { kind: 'translation', row: { id: '', organization_id: org.id } })
    const page = await listRows(ctx.db, org.id, { page: query.page, limit: query.limit! })
    return listEnvelope({ ...page, items: await Promise.all(page.items.map((row) => presentTranslation(row, ctx))) })
  },
})

export const createTranslation = defineOperation({
  id: 'createTranslation',
  method: 'POST',
  path: '/orgs/{organizationId}/translations',
  tag: 'translations',
  summary: `Set up the translation of a space into a language (${LANGUAGES.length} codes: ${LANGUAGES.join(', ')}); run it with POST …/run`,
  params: OrganizationId,
  body: Type.Object({
    language: Language,
    source: Type.Object({ space: Id('Id of the source space'), language: Language }),
    instructions: Type.Optional(Instructions),
  }),
  success: 201,
  response: Translation,
  async handler(ctx, { params, body }) {
    const org = await loadOrganization(ctx, params.organizationId)
    await ctx.access.authorize('organization', 'createContent', { kind: 'organization', row: org })
    const space = await loadLiveSpace(ctx, body.source.space)
    if (space.organization_id !== org.id) throw new BadRequestError(`body.source.space: space "${space.id}" is not in organization "${org.id}".`)
    if (body.language === body.source.language) throw new BadRequestError(`body.language: "${body.language}" is the source language; choose another.`)
    const at = nowIso()
    const row = {
      id: newId(),
      organization_id: org.id,
      language: body.language,
      source_space_id: space.id,
      source_language: body.source.language,
      instructions: JSON.stringify(body.instructions ?? EMPTY_INSTRUCTIONS),
      status: 'pending' as const,
      result_space_id: null,
      result_revision_id: null,
      stats: JSON.stringify(EMPTY_STATS),
      memory: null,
      created_at: at,
      updated_at: at,
    }
    await insertTranslation(ctx.db, row)
    return presentTranslation(row, ctx)
  },
})

export const getTranslation = defineOperation({
  id: 'getTranslation',
  method: 'GET',
  path: '/orgs/{organizationId}/translations/{translationId}',
  tag: 'translations',
  summary: 'One translation (404 when there is none)',
  params: TranslationParams,
  success: 200,
  response: Translation,
  async handler(ctx, { params }) {
    return presentTranslation(await loadTranslation(ctx, params.organizationId, params.translationId), ctx)
  },
})

export const updateTranslation = defineOperation({
  id: 'updateTranslation',
  method: 'PUT',
  path: '/orgs/{organizationId}/translations/{translationId}',
  tag: 'translations',
  summary: "Replace the translation's instructions (the next run translates every page again)",
  params: TranslationParams,
  body: Type.Object({ instructions: Instructions }),
  success: 200,
  response: Translation,
  async handler(ctx, { params, body }) {
    const row = await loadTranslation(ctx, params.organizationId, params.translationId)
    await ctx.access.authorize('translation', 'edit', { kind: 'translation', row })
    const update = { instructions: JSON.stringify(body.instructions), updated_at: nowIso() }
    await updateRow(ctx.db, row.id, update)
    return presentTranslation({ ...row, ...update }, ctx)
  },
})

export const deleteTranslation = defineOperation({
  id: 'deleteTranslation',
  method: 'DELETE',
  path: '/orgs/{organizationId}/translations/{translationId}',
  tag: 'translations',
  summary: 'Delete the translation (204 when it did not exist, 205 when deleted); the target space stays',
  params: TranslationParams,
  success: 204,
  async handler(ctx, { params }) {
    const org = await loadOrganization(ctx, params.organizationId)
    const row = await findTranslation(ctx.db, org.id, params.translationId)
    if (!row) return
    await ctx.access.authorize('translation', 'edit', { kind: 'translation', row })
    await deleteRow(ctx.db, row.id)
    return new WithStatus(205)
  },
})

export const runTranslation = defineOperation({
  id: 'runTranslation',
  method: 'POST',
  path: '/orgs/{organizationId}/translations/{translationId}/run',
  tag: 'translations',
  summary: 'Run the translation (a job; 204 at once): status goes running, then completed with `result` and `stats`',
  params: TranslationParams,
  success: 204,
  async handler(ctx, { params }) {
    const row = await loadTranslation(ctx, params.organizationId, params.translationId)
    await ctx.access.authorize('translation', 'edit', { kind: 'translation', row })
    await loadLiveSpace(ctx, row.source_space_id)
    await insertJob(ctx.db, { kind: 'translation-run', spaceId: row.source_space_id, payload: { translationId: row.id } })
    ctx.engine.jobs.wake()
  },
})
