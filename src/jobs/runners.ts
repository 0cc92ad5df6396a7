/** Every kind of job and its runner. */
import type { JobRunner } from './worker'
import { runGitImport } from './git-import'

export const jobRunners: Record<string, JobRunner> = {
  'git-import': runGitImport,
}
