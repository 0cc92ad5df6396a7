/**
 * Every kind of job and its runner. Each runner's module (with what it needs: git, YAML, the OpenAPI parser, …) is
 * loaded when a job of its kind first runs, not at every start.
 */
import type { JobRunner } from './worker'

const lazy =
  <K extends string>(load: () => Promise<Record<K, JobRunner>>, name: K): JobRunner =>
  async (...args) =>
    (await load())[name](...args)

export const jobRunners: Record<string, JobRunner> = {
  'git-import': lazy(() => import('./git-import'), 'runGitImport'),
  'git-export': lazy(() => import('./git-export'), 'runGitExport'),
  'openapi-process': lazy(() => import('./openapi-process'), 'runOpenAPIProcess'),
  'translation-run': lazy(() => import('./translation-run'), 'runTranslation'),
  'integration-event': lazy(() => import('./integration-event'), 'runIntegrationEvent'),
}
