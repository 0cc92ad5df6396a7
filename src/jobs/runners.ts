/** Every kind of job and its runner. */
import type { JobRunner } from './worker'
import { runGitImport } from './git-import'
import { runGitExport } from './git-export'
import { runOpenAPIProcess } from './openapi-process'
import { runTranslation } from './translation-run'
import { runIntegrationEvent } from './integration-event'

export const jobRunners: Record<string, JobRunner> = {
  'git-import': runGitImport,
  'git-export': runGitExport,
  'openapi-process': runOpenAPIProcess,
  'translation-run': runTranslation,
  'integration-event': runIntegrationEvent,
}
