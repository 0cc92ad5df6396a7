/**
 * The OpenAPI processing job: reads the spec's source (see domain/openapi/read-spec.ts), and records the outcome on
 * the spec: `processingState` goes `progress` while it runs, then `complete`; a new version is made only when the
 * files differ from the latest version's; a failure sets `lastProcessErrorCode` and the messages and keeps the
 * versions as they were. Running it again (after a restart) is harmless.
 */
import type { Engine } from '../engine'
import type { JobRow } from '../store/tables/job.table'
import { findOpenAPISpecById, findOpenAPISpecVersion, insertOpenAPISpecVersion, updateOpenAPISpec } from '../store/openapi-specs'
import { hashBytes } from '../store/blobs'
import { newId, nowIso } from '../store/ids'
import { apiUrl } from '../api/presenters/urls'
import { fetchText, readSpec, SpecReadError, type ReadText, type UploadedSpec } from '../domain/openapi/read-spec'
import type { JobProgress } from './worker'

/** Errors kept on the spec for `lastProcessedErrors` (the count keeps the total). */
const MAX_KEPT_ERRORS = 20

export async function runOpenAPIProcess(engine: Engine, _job: JobRow, payload: { specId: string }, report: (progress: JobProgress) => void = () => {}) {
  const spec = await findOpenAPISpecById(engine.db, payload.specId)
  if (!spec) return { skipped: true, result: { reason: 'The spec was deleted.' } }
  await updateOpenAPISpec(engine.db, spec.id, { processing_state: 'progress' })
  let files = 0
  let bytes = 0
  const fetch = fetchText()
  const counting: ReadText = async (url) => {
    const text = await fetch(url)
    report({ phase: 'read', files: ++files, bytes: (bytes += Buffer.byteLength(text)) })
    return text
  }
  const at = nowIso()
  try {
    const source = spec.source_url ? { url: spec.source_url } : { upload: JSON.parse(spec.source_files!) as UploadedSpec }
    const filesystem = await readSpec(source, counting)
    const json = JSON.stringify({ entrypoint: filesystem.entrypoint, files: filesystem.files })
    const hash = hashBytes(json)
    const latest = spec.last_version_id ? await findOpenAPISpecVersion(engine.db, spec.id, spec.last_version_id) : undefined
    const versionId = latest?.content_hash === hash ? latest.id : newId()
    await engine.db.transaction().execute(async (trx) => {
      if (versionId !== latest?.id) {
        const url = spec.source_url ?? apiUrl(engine.baseUrl, `/orgs/${spec.organization_id}/openapi/${spec.slug}/versions/${versionId}/content`)
        await insertOpenAPISpecVersion(trx, { id: versionId, spec_id: spec.id, url, entrypoint: filesystem.entrypoint, filesystem: JSON.stringify(filesystem.files), content_hash: hash, created_at: at })
      }
      await updateOpenAPISpec(trx, spec.id, {
        processing_state: 'complete',
        last_version_id: versionId,
        last_processed_at: at,
        last_process_error_code: null,
        last_process_errors: null,
        last_process_error_count: 0,
        updated_at: at,
      })
    })
    return { result: { version: versionId, changed: versionId !== latest?.id, files } }
  } catch (error) {
    const failure = error instanceof SpecReadError ? error : new SpecReadError('PARSE_ERROR', `The spec could not be processed: ${(error as Error).message}`)
    await updateOpenAPISpec(engine.db, spec.id, {
      processing_state: 'complete',
      last_processed_at: at,
      last_process_error_code: failure.code,
      last_process_errors: JSON.stringify([{ message: failure.message, code: failure.code }, ...failure.details.filter((d) => d.message !== failure.message)].slice(0, MAX_KEPT_ERRORS)),
      last_process_error_count: Math.max(1, failure.details.length),
      updated_at: at,
    })
    return { result: { errorCode: failure.code, error: failure.message } }
  }
}
