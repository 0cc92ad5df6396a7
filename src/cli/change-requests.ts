/** `docsctl cr`: change requests — create, list, inspect, diff, update from the space, and merge. */
import { Option } from 'commander'
import type { GroupSpec } from './define-command'
import { nextHint, pageOptions, pageQuery } from './define-command'
import { bold, cyan, formatFields, formatTable, green, red } from './output'
import { flattenPages } from './pages'
import { ApiError, BadRequestError } from '../errors'

const spaceOption = () => new Option('--space <spaceId>', 'the space').makeOptionMandatory()

function crFields(cr: any) {
  return formatFields([
    ['number', `#${cr.number}`],
    ['id', cr.id],
    ['subject', cr.subject],
    ['status', cr.status],
    ['outdated', cr.outdated],
    ['created by', cr.createdBy?.displayName],
    ['created', cr.createdAt],
    ['revision', cr.revision],
    ['merged as', cr.revisionMerged],
  ])
}

/** A unified diff of every page that differs between two page trees, by path. */
export async function diffPages(basePages: any[], headPages: any[]): Promise<{ text: string; changed: number }> {
  const { structuredPatch } = await import('diff')
  const index = (pages: any[]) => new Map(flattenPages(pages).map(({ page }) => [page.id, page]))
  const before = index(basePages)
  const after = index(headPages)
  const out: string[] = []
  let changed = 0
  for (const id of new Set([...before.keys(), ...after.keys()])) {
    const a = before.get(id)
    const b = after.get(id)
    const oldText = a ? `${a.markdown ?? ''}` : ''
    const newText = b ? `${b.markdown ?? ''}` : ''
    const moved = a && b && (a.path !== b.path || a.title !== b.title)
    if (a && b && oldText === newText && !moved) continue
    changed++
    const label = !a ? 'added' : !b ? 'deleted' : oldText === newText ? 'renamed or moved' : 'changed'
    out.push(bold(`${label}: ${a?.path ?? '(none)'} → ${b?.path ?? '(none)'}`) + (b && a && a.title !== b.title ? ` (title "${a.title}" → "${b.title}")` : ''))
    const patch = structuredPatch(a?.path ?? '/dev/null', b?.path ?? '/dev/null', oldText, newText, '', '', { context: 3 })
    out.push(red(`--- ${a ? `a/${a.path}.md` : '/dev/null'}`), green(`+++ ${b ? `b/${b.path}.md` : '/dev/null'}`))
    for (const hunk of patch.hunks) {
      out.push(cyan(`@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`))
      for (const line of hunk.lines) out.push(line.startsWith('+') ? green(line) : line.startsWith('-') ? red(line) : line)
    }
    out.push('')
  }
  return { text: out.join('\n'), changed }
}

function reviewTable(items: any[]): string {
  return formatTable(items, [
    { header: 'id', value: (r: any) => r.id },
    { header: 'reviewer', value: (r: any) => r.reviewer.displayName },
    { header: 'status', value: (r: any) => r.status + (r.outdated ? ' (outdated)' : '') },
    { header: 'revision', value: (r: any) => r.revision },
    { header: 'reviewed', value: (r: any) => r.createdAt },
    { header: 'message', value: (r: any) => r.comment?.body.markdown.split('\n')[0] },
  ], 'No reviews.')
}

function reviewerTable(items: any[]): string {
  return formatTable(items, [
    { header: 'user', value: (r: any) => r.user.id },
    { header: 'name', value: (r: any) => r.user.displayName },
    { header: 'requested by', value: (r: any) => r.requestedBy.displayName },
    { header: 'requested', value: (r: any) => r.createdAt },
  ], 'No reviewers requested.')
}

/** `docsctl cr reviewers`: who is asked to review a change request. */
const reviewerCommands: GroupSpec = {
  name: 'reviewers',
  summary: 'Ask users to review a change request, or withdraw the request',
  commands: [
    {
      name: 'list',
      summary: 'List the users asked to review a change request',
      args: ['<number>'],
      options: [spaceOption(), ...pageOptions()],
      examples: ['docsctl cr reviewers list 3 --space <spaceId>'],
      run: async (ctx, [cr], o) => (await ctx.client()).call('getRequestedReviewersByChangeRequestId', { params: { spaceId: o.space, changeRequestId: cr }, query: pageQuery(o) }),
      human: (r) => reviewerTable(r.items) + nextHint(r),
    },
    {
      name: 'add',
      summary: 'Ask users (with the review role on the space) to review a change request; asking again renews the request',
      args: ['<number>'],
      options: [spaceOption(), new Option('--user <userIds...>', 'ids of the users').makeOptionMandatory()],
      examples: ['docsctl cr reviewers add 3 --space <spaceId> --user <userId> <otherUserId>'],
      run: async (ctx, [cr], o) => (await ctx.client()).call('requestReviewersForChangeRequest', { params: { spaceId: o.space, changeRequestId: cr }, body: { users: o.user } }),
      human: (r) => `Requested a review from ${r.users.map((u: any) => u.user.displayName).join(', ')}.\n`,
    },
    {
      name: 'rm',
      summary: 'Withdraw the request for a user to review a change request',
      args: ['<number>'],
      options: [spaceOption(), new Option('--user <userId>', 'id of the user').makeOptionMandatory()],
      examples: ['docsctl cr reviewers rm 3 --space <spaceId> --user <userId>'],
      run: async (ctx, [cr], o) => {
        await (await ctx.client()).call('removeRequestedReviewerFromChangeRequest', { params: { spaceId: o.space, changeRequestId: cr, userId: o.user } })
        return { removed: o.user }
      },
      human: (r) => `${r.removed} is no longer asked to review.\n`,
    },
  ],
}

export const changeRequestCommands: GroupSpec = {
  name: 'cr',
  aliases: ['change-requests'],
  summary: 'Change requests: propose edits, review their diff, review and approve them, update them from the space, merge them',
  groups: [reviewerCommands],
  commands: [
    {
      name: 'create',
      summary: "Create a change request from the space's live content",
      options: [spaceOption(), new Option('--subject <text>', 'what it changes (at most 100 characters)')],
      examples: ['docsctl cr create --space <spaceId> --subject "Document the new API"'],
      run: async (ctx, _a, o) => (await ctx.client()).call('createChangeRequest', { params: { spaceId: o.space }, body: { subject: o.subject } }),
      human: (cr) => `Created change request #${cr.number} (${cr.id}).\n`,
    },
    {
      name: 'list',
      summary: 'List the change requests of a space (default: open ones)',
      options: [spaceOption(), new Option('--status <status>', 'draft, open, archived or merged').choices(['draft', 'open', 'archived', 'merged']), ...pageOptions()],
      examples: ['docsctl cr list --space <spaceId>', 'docsctl cr list --space <spaceId> --status merged --json'],
      run: async (ctx, _a, o) =>
        (await ctx.client()).call('listChangeRequestsForSpace', { params: { spaceId: o.space }, query: { ...pageQuery(o), ...(o.status ? { status: o.status } : {}) } }),
      human: (r) =>
        formatTable(r.items, [
          { header: 'number', value: (c: any) => `#${c.number}` },
          { header: 'subject', value: (c: any) => c.subject || '(no subject)' },
          { header: 'status', value: (c: any) => c.status + (c.outdated ? ' (outdated)' : '') },
          { header: 'author', value: (c: any) => c.createdBy?.displayName },
          { header: 'updated', value: (c: any) => c.updatedAt },
        ], 'No change requests.') + nextHint(r),
    },
    {
      name: 'get',
      summary: 'Show a change request',
      args: ['<number>'],
      options: [spaceOption()],
      examples: ['docsctl cr get 3 --space <spaceId>'],
      run: async (ctx, [cr], o) => (await ctx.client()).call('getChangeRequestById', { params: { spaceId: o.space, changeRequestId: cr } }),
      human: crFields,
    },
    {
      name: 'update',
      summary: 'Change the subject or status (draft, open, archived) of a change request',
      args: ['<number>'],
      options: [spaceOption(), new Option('--subject <text>', 'new subject'), new Option('--status <status>', 'draft, open or archived').choices(['draft', 'open', 'archived'])],
      examples: ['docsctl cr update 3 --space <spaceId> --status archived'],
      run: async (ctx, [cr], o) =>
        (await ctx.client()).call('updateChangeRequestById', { params: { spaceId: o.space, changeRequestId: cr }, body: { subject: o.subject, status: o.status } }),
      human: crFields,
    },
    {
      name: 'review',
      summary: "Approve a change request's current revision, or request changes (the review role)",
      args: ['<number>'],
      options: [
        spaceOption(),
        new Option('--approve', 'approve it').conflicts('requestChanges'),
        new Option('--request-changes', 'ask for changes'),
        new Option('--message <markdown>', 'say why (posted as a comment of the change request)'),
      ],
      examples: ['docsctl cr review 3 --space <spaceId> --approve', 'docsctl cr review 3 --space <spaceId> --request-changes --message "Add an example, please."'],
      run: async (ctx, [cr], o) => {
        if (!o.approve && !o.requestChanges) throw new BadRequestError('Give --approve or --request-changes.')
        return (await ctx.client()).call('submitChangeRequestReview', {
          params: { spaceId: o.space, changeRequestId: cr },
          body: { status: o.approve ? 'approved' : 'changes-requested', ...(o.message !== undefined ? { comment: { markdown: o.message } } : {}) },
        })
      },
      human: (r) => `${r.status === 'approved' ? 'Approved' : 'Requested changes on'} the change request at revision ${r.revision} (review ${r.id}).\n`,
    },
    {
      name: 'reviews',
      summary: 'List the reviews of a change request, newest first; --current: only those of its current revision',
      args: ['<number>'],
      options: [spaceOption(), new Option('--current', 'leave out outdated reviews'), ...pageOptions()],
      examples: ['docsctl cr reviews 3 --space <spaceId>', 'docsctl cr reviews 3 --space <spaceId> --current --json'],
      run: async (ctx, [cr], o) =>
        (await ctx.client()).call('getReviewsByChangeRequestId', { params: { spaceId: o.space, changeRequestId: cr }, query: { ...pageQuery(o), ...(o.current ? { outdated: false } : {}) } }),
      human: (r) => reviewTable(r.items) + nextHint(r),
    },
    {
      name: 'merge',
      summary: 'Merge a change request into the space; on conflicts, lists them and exits non-zero',
      args: ['<number>'],
      options: [spaceOption()],
      examples: ['docsctl cr merge 3 --space <spaceId>'],
      run: async (ctx, [cr], o) => (await ctx.client()).call('mergeChangeRequest', { params: { spaceId: o.space, changeRequestId: cr } }).catch(explainConflicts),
      human: (r) => `Merged: the space is now at revision ${r.revision}.\n`,
    },
    {
      name: 'update-from-main',
      summary: "Bring the space's current content into the change request",
      args: ['<number>'],
      options: [spaceOption()],
      examples: ['docsctl cr update-from-main 3 --space <spaceId>'],
      run: async (ctx, [cr], o) => (await ctx.client()).call('updateChangeRequest', { params: { spaceId: o.space, changeRequestId: cr } }).catch(explainConflicts),
      human: (r) => `Updated: the change request is now at revision ${r.revision}.\n`,
    },
    {
      name: 'pdf',
      summary: 'Print a temporary (1 hour) address of a print-ready rendering (open it in a browser, print to PDF)',
      args: ['<number>'],
      options: [spaceOption(), new Option('--page <pageId>', 'only this page')],
      examples: ['docsctl cr pdf 3 --space <spaceId>', 'docsctl --api-url http://127.0.0.1:8080 cr pdf 3 --space <spaceId> --page <pageId>'],
      run: async (ctx, [cr], o) =>
        (await ctx.client()).call('getChangeRequestPDF', { params: { spaceId: o.space, changeRequestId: cr }, query: o.page ? { only: true, page: o.page } : {} }),
      human: (r) => `${r.url}\n`,
    },
    {
      name: 'diff',
      summary: "Show what the change request changes, page by page, against its base (a unified diff)",
      args: ['<number>'],
      options: [spaceOption()],
      examples: ['docsctl cr diff 3 --space <spaceId>', 'docsctl cr diff 3 --space <spaceId> | less -R'],
      run: async (ctx, [number], o) => {
        const client = await ctx.client()
        const cr = await client.call('getChangeRequestById', { params: { spaceId: o.space, changeRequestId: number } })
        const base = cr.revisionMergedAncestor ?? cr.revisionInitial
        const [basePages, headPages] = await Promise.all([
          client.call('listPagesInRevisionById', { params: { spaceId: o.space, revisionId: base } }),
          client.call('listPagesInChangeRequest', { params: { spaceId: o.space, changeRequestId: number } }),
        ])
        return { changeRequest: cr.number, base, ...(await diffPages(basePages.pages, headPages.pages)) }
      },
      human: (r) => (r.changed ? r.text : `Change request #${r.changeRequest} changes nothing.\n`),
    },
  ],
}

/** A merge conflict, with each conflict on a line of its own. */
function explainConflicts(error: unknown): never {
  if (error instanceof ApiError && error.status === 409 && Array.isArray(error.data?.conflicts)) {
    const lines = (error.data!.conflicts as { kind: string; message: string }[]).map((c) => `  - ${c.kind}: ${c.message}`)
    throw new ApiError(409, `${error.message.split(':')[0]}:\n${lines.join('\n')}`, error.data)
  }
  throw error
}
