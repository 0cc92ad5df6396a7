/** `docsctl git`: import a GitBook-format repository into a space (waits for the job), show the sync state. */
import { Option } from 'commander'
import type { GroupSpec } from './define-command'
import { formatBytes, formatFields, formatTable, liveTerminal } from './output'
import { ApiError } from '../errors'
import type { CliContext } from './context'

const spaceOption = () => new Option('--space <spaceId>', 'the space').makeOptionMandatory()

/** `read 512 files, 1.2 MB`: a job's progress in words. */
export function progressText(progress: { phase: 'read' | 'write'; files: number; bytes: number }): string {
  return `${progress.phase === 'read' ? 'read' : 'wrote'} ${progress.files} file${progress.files === 1 ? '' : 's'}, ${formatBytes(progress.bytes)}`
}

/**
 * Waits for the newest job of the space enqueued after `since` to finish, printing its state changes on stderr;
 * on a terminal, the files and bytes read or written so far on one line updated in place.
 */
async function waitForJob(ctx: CliContext, spaceId: string, since: string, kind: 'import' | 'export' = 'import') {
  const client = await ctx.client()
  const live = liveTerminal(process.stderr) && !ctx.output.json
  let last = ''
  let shown = ''
  // Polls soon at first (a small import is done in tens of milliseconds), then every 100 ms (over HTTP).
  for (let delay = 5; ; delay = Math.min(100, delay * 2)) {
    const jobs = await client.call('listGitSyncJobs', { params: { spaceId } })
    const job = jobs.items.find((j: any) => j.createdAt >= since && j.kind === `git-${kind}`)
    if (live && job?.progress) {
      const line = `git ${kind}: ${progressText(job.progress)}`
      if (line !== shown) ctx.output.err(`\r\u001b[K${line}`)
      shown = line
    }
    if (job && job.status !== last && !ctx.output.json) {
      ctx.output.err(`${shown ? '\n' : ''}git ${kind}: ${job.status}${job.attempts > 1 ? ` (attempt ${job.attempts})` : ''}\n`)
      shown = ''
    }
    if (job) last = job.status
    if (job && !['queued', 'running'].includes(job.status)) {
      if (shown) ctx.output.err('\n')
      if (job.status === 'failed') throw new ApiError(422, `The ${kind} failed: ${job.error}`, { job })
      return job
    }
    // In process the job runs here: its end is awaited rather than polled for (with a bound, for progress lines).
    const busy = client.jobsBusy?.()
    // (That bound's timer does not hold the process open once the job is done.)
    await (busy ? Promise.race([busy, sleep(live ? 100 : 1000, false)]) : sleep(delay))
  }
}

const sleep = (ms: number, holdsProcess = true) =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms)
    if (!holdsProcess) timer.unref()
  })

export const gitCommands: GroupSpec = {
  name: 'git',
  summary: 'Git Sync: import a GitBook-format repository into a space, export a space as a commit, see the sync state',
  commands: [
    {
      name: 'import',
      summary: 'Import the repository at a ref into the space (waits for the job unless --no-wait)',
      options: [
        spaceOption(),
        new Option('--url <url|path>', 'repository: http(s) address (credentials allowed), file:// or a local path').makeOptionMandatory(),
        new Option('--ref <ref>', 'refs/heads/<branch>').default('refs/heads/main'),
        new Option('--project-directory <dir>', 'the project root inside the repository'),
        new Option('--standalone', 'make a revision without replacing the space content'),
        new Option('--force', 'apply even if an older sync than the last one applied'),
        new Option('--no-wait', 'return once the job is queued'),
      ],
      examples: ['docsctl git import --space <spaceId> --url ./docs-repo --ref refs/heads/main', 'docsctl git import --space <spaceId> --url https://github.com/acme/docs.git --no-wait'],
      run: async (ctx, _a, o) => {
        const since = new Date(Date.now() - 1000).toISOString()
        await (await ctx.client()).call('importGitRepository', {
          params: { spaceId: o.space },
          body: { url: o.url, ref: o.ref, repoProjectDirectory: o.projectDirectory, standalone: o.standalone, force: o.force, timestamp: new Date().toISOString() },
        })
        if (!o.wait) return { queued: true }
        return waitForJob(ctx, o.space, since)
      },
      human: (r) =>
        r.queued
          ? 'Import queued; follow it with: docsctl git jobs --space <spaceId>\n'
          : r.status === 'skipped'
            ? `Skipped: ${r.result?.reason}\n`
            : `Imported ${r.result.pages} pages and ${r.result.files} files from ${r.result.commit.slice(0, 12)} as revision ${r.result.revision}.\n` +
              (r.result.problems.length ? r.result.problems.map((p: any) => `  ${p.file}${p.line ? `:${p.line}` : ''}: ${p.message}\n`).join('') : ''),
    },
    {
      name: 'export',
      summary: "Write the space's content as one commit on the ref and push it (waits for the job unless --no-wait)",
      options: [
        spaceOption(),
        new Option('--url <url|path>', 'repository: http(s) address (credentials allowed), file:// or a local path').makeOptionMandatory(),
        new Option('--ref <ref>', 'refs/heads/<branch> (created when absent)').default('refs/heads/main'),
        new Option('--message <text>', 'commit message').makeOptionMandatory(),
        new Option('--project-directory <dir>', 'the project root inside the repository'),
        new Option('--force', 'overwrite even if the branch moved since the last sync'),
        new Option('--no-wait', 'return once the job is queued'),
      ],
      examples: ['docsctl git export --space <spaceId> --url ./docs-repo --ref refs/heads/docs --message "Update docs"'],
      run: async (ctx, _a, o) => {
        const since = new Date(Date.now() - 1000).toISOString()
        await (await ctx.client()).call('exportToGitRepository', {
          params: { spaceId: o.space },
          body: { url: o.url, ref: o.ref, commitMessage: o.message, repoProjectDirectory: o.projectDirectory, force: o.force, timestamp: new Date().toISOString() },
        })
        if (!o.wait) return { queued: true }
        return waitForJob(ctx, o.space, since, 'export')
      },
      human: (r) => (r.queued ? 'Export queued; follow it with: docsctl git jobs --space <spaceId>\n' : `Committed ${r.result.commit.slice(0, 12)} (${r.result.changedFiles} files changed).\n`),
    },
    {
      name: 'info',
      summary: 'The git sync state of a space',
      options: [spaceOption()],
      examples: ['docsctl git info --space <spaceId>'],
      run: async (ctx, _a, o) => (await ctx.client()).call('getSpaceGitInfo', { params: { spaceId: o.space } }),
      human: (i) => formatFields([['repository', i.repoName], ['url', i.url], ['integration', i.integration], ['updated', i.updatedAt]]),
    },
    {
      name: 'jobs',
      summary: 'The git sync jobs of a space and their outcome',
      options: [spaceOption()],
      examples: ['docsctl git jobs --space <spaceId>'],
      run: async (ctx, _a, o) => (await ctx.client()).call('listGitSyncJobs', { params: { spaceId: o.space } }),
      human: (r) =>
        formatTable(r.items, [
          { header: 'id', value: (j: any) => j.id },
          { header: 'kind', value: (j: any) => j.kind },
          { header: 'status', value: (j: any) => j.status },
          { header: 'created', value: (j: any) => j.createdAt },
          { header: 'detail', value: (j: any) => j.error ?? j.result?.reason ?? (j.result ? `${j.result.pages} pages, ${j.result.files} files` : '') },
        ], 'No git jobs.'),
    },
  ],
}
