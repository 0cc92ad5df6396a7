import type { GitSyncRow } from '../../store/tables/git-sync.table'

/**
 * The sync state as GitBook's GitSyncState. GitBook's provider enum has no generic git host: GitLab addresses say
 * `gitlab`, any other `github`; `integration` carries docsctl's own word (`git`, or the one given in gitInfo).
 */
export function presentGitSync(sync: GitSyncRow) {
  return {
    installationId: sync.space_id,
    installationProvider: /gitlab/i.test(sync.url) ? 'gitlab' : 'github',
    installationStatus: 'active',
    repoName: sync.repo_name,
    integration: sync.provider,
    url: sync.tree_url ?? sync.url,
    updatedAt: sync.updated_at,
  }
}
