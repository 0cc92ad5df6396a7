/**
 * `docsctl comment`: discussions on a space's content, or on a change request with `--cr <number>`: list, read,
 * post, reply, resolve, reopen, react, edit and remove comments (and replies, with `--reply <replyId>`).
 */
import { Option } from 'commander'
import type { GroupSpec } from './define-command'
import { nextHint, pageOptions, pageQuery } from './define-command'
import { formatFields, formatTable } from './output'
import { documentFrom } from './pages'
import { BadRequestError } from '../errors'
import type { CliContext } from './context'

interface ThreadOptions {
  space: string
  cr?: string
}

const threadOptions = () => [
  new Option('--space <spaceId>', 'the space').makeOptionMandatory(),
  new Option('--cr <number>', "a change request's discussion (number or id) instead of the space's"),
]
const replyOption = () => new Option('--reply <replyId>', 'a reply to the comment instead of the comment itself')
const bodyOptions = () => [new Option('--body <markdown>', 'what to say (Markdown)'), new Option('--file <path>', 'read what to say from a Markdown file')]

/**
 * Calls a comment operation on the chosen thread: `op` is GitBook's operationId without its `InSpace` /
 * `InChangeRequest` ending (`listComments` → `listCommentsInChangeRequest` with --cr).
 */
async function call(ctx: CliContext, o: ThreadOptions, op: string, input: { params?: Record<string, string>; query?: Record<string, unknown>; body?: unknown } = {}) {
  const thread = o.cr ? { spaceId: o.space, changeRequestId: o.cr } : { spaceId: o.space }
  return (await ctx.client()).call<any>(`${op}${o.cr ? 'InChangeRequest' : 'InSpace'}`, { ...input, params: { ...thread, ...input.params } })
}

/** The Markdown to post: --body, --file, or $EDITOR on a terminal. */
async function bodyFrom(o: { body?: string; file?: string }, current = ''): Promise<{ markdown: string }> {
  const markdown = o.body ?? (await documentFrom(o, current))
  if (markdown === undefined) throw new BadRequestError('Give what to say with --body <markdown> or --file <path> (or run on a terminal with $EDITOR set).')
  return { markdown }
}

function firstLine(markdown: string, width = 60): string {
  const line = markdown.split('\n').find((l) => l.trim()) ?? ''
  return line.length > width ? `${line.slice(0, width - 1)}…` : line
}

const reactionsOf = (post: any) => post.reactions.map((r: any) => `${r.emoji} ${r.count}`).join(' ')

/** Where a comment points: the page path (and heading), `(outdated)` once the page is gone. */
function targetOf(comment: any): string {
  const page = comment.target.page
  if (!page) return comment.target.review ? 'review' : '-'
  return `${page.path ?? page.id}${comment.target.node ? `#${comment.target.node.id}` : ''}${page.outdated ? ' (outdated)' : ''}`
}

function commentTable(items: any[]): string {
  return formatTable(items, [
    { header: 'id', value: (c) => c.id },
    { header: 'status', value: (c) => c.status },
    { header: 'author', value: (c) => c.postedBy.displayName },
    { header: 'on', value: targetOf },
    { header: 'replies', value: (c) => c.replies },
    { header: 'reactions', value: reactionsOf },
    { header: 'posted', value: (c) => c.postedAt },
    { header: 'comment', value: (c) => firstLine(c.body.markdown ?? '') },
  ], 'No comments.')
}

function commentView(r: { comment: any; replies: any[] }): string {
  const c = r.comment
  const fields = formatFields([
    ['id', c.id],
    ['status', c.status + (c.resolvedBy ? ` by ${c.resolvedBy.displayName} at ${c.resolvedAt}` : '')],
    ['author', c.postedBy.displayName],
    ['on', targetOf(c)],
    ['posted', c.postedAt],
    ['edited', c.editedAt],
    ['reactions', reactionsOf(c)],
  ])
  const replies = r.replies.map((reply) => `  ${reply.postedBy.displayName} (${reply.id}, ${reply.postedAt})${reply.reactions.length ? ` ${reactionsOf(reply)}` : ''}\n    ${reply.body.markdown.replace(/\n/g, '\n    ')}`)
  return `${fields}\n${c.body.markdown}\n${replies.length ? `\nReplies:\n${replies.join('\n')}\n` : ''}`
}

/** The comment, or with --reply one of its replies, after a PUT. */
const update = (ctx: CliContext, o: ThreadOptions & { reply?: string }, commentId: string, body: unknown) =>
  o.reply
    ? call(ctx, o, 'updateCommentReply', { params: { commentId, commentReplyId: o.reply }, body })
    : call(ctx, o, 'updateComment', { params: { commentId }, body })

export const commentCommands: GroupSpec = {
  name: 'comment',
  aliases: ['comments'],
  summary: "Discussions: comments and replies on a space's content, or on a change request with --cr",
  commands: [
    {
      name: 'list',
      summary: 'List comments (newest first), with their status, page, replies and reactions',
      options: [
        ...threadOptions(),
        new Option('--status <status>', 'open, resolved or all (default)').choices(['all', 'open', 'resolved']),
        new Option('--target-page <pageId>', 'only comments on this page'),
        new Option('--author <userIds...>', 'only comments by these users'),
        new Option('--order <order>', 'desc (newest first, default) or asc').choices(['asc', 'desc']),
        ...pageOptions(),
      ],
      examples: ['docsctl comment list --space <spaceId> --status open', 'docsctl comment list --space <spaceId> --cr 3 --json'],
      run: (ctx, _a, o) =>
        call(ctx, o, 'listComments', { query: { ...pageQuery(o), status: o.status, targetPage: o.targetPage, authors: o.author, order: o.order } }),
      human: (r) => commentTable(r.items) + nextHint(r),
    },
    {
      name: 'get',
      summary: 'Show a comment with its replies',
      args: ['<commentId>'],
      options: threadOptions(),
      examples: ['docsctl comment get <commentId> --space <spaceId>'],
      run: async (ctx, [commentId], o) => {
        const [comment, replies] = await Promise.all([
          call(ctx, o, 'getComment', { params: { commentId } }),
          call(ctx, o, 'listCommentReplies', { params: { commentId }, query: { limit: 1000 } }),
        ])
        return { comment, replies: replies.items }
      },
      human: commentView,
    },
    {
      name: 'add',
      summary: 'Post a comment, optionally on a page (--target-page) and one of its headings (--node <anchor>)',
      options: [...threadOptions(), ...bodyOptions(), new Option('--target-page <pageId>', 'the page it is about'), new Option('--node <anchor>', "a heading of the page, by its anchor (e.g. requirements for '## Requirements')")],
      examples: ['docsctl comment add --space <spaceId> --target-page <pageId> --node requirements --body "Is Node 18 enough?"', 'docsctl comment add --space <spaceId> --cr 3 --file review-notes.md'],
      run: async (ctx, _a, o) => call(ctx, o, 'postComment', { body: { body: await bodyFrom(o), page: o.targetPage, node: o.node } }),
      human: (c) => `Posted comment ${c.id}${c.target.page ? ` on ${targetOf(c)}` : ''}.\n`,
    },
    {
      name: 'reply',
      summary: 'Reply to a comment',
      args: ['<commentId>'],
      options: [...threadOptions(), ...bodyOptions()],
      examples: ['docsctl comment reply <commentId> --space <spaceId> --body "Fixed in #4."'],
      run: async (ctx, [commentId], o) => call(ctx, o, 'postCommentReply', { params: { commentId }, body: { body: await bodyFrom(o) } }),
      human: (r) => `Posted reply ${r.id}.\n`,
    },
    {
      name: 'resolve',
      summary: 'Mark a comment resolved',
      args: ['<commentId>'],
      options: threadOptions(),
      examples: ['docsctl comment resolve <commentId> --space <spaceId>', 'docsctl comment resolve <commentId> --space <spaceId> --cr 3'],
      run: (ctx, [commentId], o) => update(ctx, o, commentId, { resolved: true }),
      human: (c) => `Resolved comment ${c.id}.\n`,
    },
    {
      name: 'reopen',
      summary: 'Reopen a resolved comment',
      args: ['<commentId>'],
      options: threadOptions(),
      examples: ['docsctl comment reopen <commentId> --space <spaceId>'],
      run: (ctx, [commentId], o) => update(ctx, o, commentId, { resolved: false }),
      human: (c) => `Reopened comment ${c.id}.\n`,
    },
    {
      name: 'react',
      summary: 'React to a comment or reply with an emoji (again: no change), or take the reaction back with --remove',
      args: ['<commentId>', '<emoji>'],
      options: [...threadOptions(), replyOption(), new Option('--remove', 'take your reaction back')],
      examples: ['docsctl comment react <commentId> 👍 --space <spaceId>', 'docsctl comment react <commentId> 👍 --space <spaceId> --reply <replyId> --remove'],
      run: (ctx, [commentId, emoji], o) => update(ctx, o, commentId, o.remove ? { removedReactions: [emoji] } : { addedReactions: [emoji] }),
      human: (r) => `Reactions: ${reactionsOf(r) || 'none'}\n`,
    },
    {
      name: 'edit',
      summary: 'Replace the body of your comment or reply: from --body, --file, or $EDITOR on a terminal',
      args: ['<commentId>'],
      options: [...threadOptions(), replyOption(), ...bodyOptions()],
      examples: ['docsctl comment edit <commentId> --space <spaceId> --body "Is Node 20 enough?"', 'EDITOR=vim docsctl comment edit <commentId> --space <spaceId> --reply <replyId>'],
      run: async (ctx, [commentId], o) => {
        const current = o.body === undefined && !o.file
          ? o.reply
            ? await call(ctx, o, 'getCommentReply', { params: { commentId, commentReplyId: o.reply } })
            : await call(ctx, o, 'getComment', { params: { commentId } })
          : undefined
        return update(ctx, o, commentId, { body: await bodyFrom(o, current?.body.markdown) })
      },
      human: (r) => `Edited ${r.object === 'comment' ? 'comment' : 'reply'} ${r.id}.\n`,
    },
    {
      name: 'rm',
      summary: 'Delete a comment with its replies, or one reply with --reply (yours, or any as an admin of the space)',
      args: ['<commentId>'],
      options: [...threadOptions(), replyOption()],
      examples: ['docsctl comment rm <commentId> --space <spaceId>', 'docsctl comment rm <commentId> --space <spaceId> --reply <replyId>'],
      run: async (ctx, [commentId], o) => {
        if (o.reply) await call(ctx, o, 'deleteCommentReply', { params: { commentId, commentReplyId: o.reply } })
        else await call(ctx, o, 'deleteComment', { params: { commentId } })
        return { deleted: o.reply ?? commentId }
      },
      human: (r, o) => (o.reply ? `Deleted reply ${r.deleted}.\n` : `Deleted comment ${r.deleted} and its replies.\n`),
    },
  ],
}
