/** Every kind of job and its runner. */
import type { JobRunner } from './worker'
import { runGitImport } from './git-import'
import { runGitExport } from './git-export'

export const jobRunners: Record<string, JobRunner> = {
  'git-import': runGitImport,
  'git-export': runGitExport,
}
