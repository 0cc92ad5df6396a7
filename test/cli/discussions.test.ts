/**
 * `docsctl comment …`, `docsctl cr review|reviews|reviewers …` and `docsctl space update --require-review`, run as
 * the real bin on a temp workspace (and once against `docsctl serve`, to show both transports answer alike).
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { docsctl, initWorkspace, json, serve, type RunningServer } from './support'

let dataDir: string
let space: string
let page: string
let reviewer: { id: string; token: string }
let commenter: { id: string; token: string }
let server: RunningServer
const run = (...args: string[]) => docsctl(dataDir, args)
const as = (user: { token: string }, ...args: string[]) => docsctl(dataDir, ['--token', user.token, ...args])

async function addUser(email: string, role: string) {
  const added = json(await run('user', 'add', '--email', email, '--role', role, '--json'))
  return { id: added.user.id as string, token: added.token as string }
}

beforeAll(async () => {
  dataDir = (await initWorkspace()).dataDir
  space = json(await run('space', 'create', '--title', 'Docs', '--json')).id
  await run('cr', 'create', '--space', space, '--subject', 'Start')
  const file = join(dataDir, 'guide.md')
  writeFileSync(file, '# Guide\n\n## Requirements\n\nNode.\n')
  page = json(await run('page', 'add', '--space', space, '--cr', '1', '--file', file, '--json')).changes[0].page.id
  expect((await run('cr', 'merge', '1', '--space', space)).exitCode).toBe(0)
  reviewer = await addUser('rita@acme.com', 'review')
  commenter = await addUser('carl@acme.com', 'comment')
  server = await serve(dataDir)
})

afterAll(async () => {
  await server?.stop()
})

describe('docsctl comment', () => {
  it('posts on a page heading, lists, replies, reacts, resolves, reopens, edits and removes, in tables and JSON', async () => {
    const added = await as(commenter, 'comment', 'add', '--space', space, '--target-page', page, '--node', 'requirements', '--body', 'Is Node 18 enough?')
    expect(added.exitCode, added.stderr).toBe(0)
    expect(added.stdout).toMatch(/^Posted comment \w+ on guide#requirements\.$/m)
    const general = json(await run('comment', 'add', '--space', space, '--body', 'General remark', '--json'))
    expect(general).toMatchObject({ object: 'comment', status: 'open', body: { markdown: 'General remark' } })

    const table = await run('comment', 'list', '--space', space)
    expect(table.stdout).toMatch(/^ID\s+STATUS\s+AUTHOR\s+ON\s+REPLIES\s+REACTIONS\s+POSTED\s+COMMENT$/m)
    expect(table.stdout).toMatch(/open\s+carl\s+guide#requirements\s+0\s+\S+\s+Is Node 18 enough\?/)
    const listed = json(await run('comment', 'list', '--space', space, '--json'))
    expect(listed.items.map((c: any) => c.body.markdown)).toEqual(['General remark', 'Is Node 18 enough?'])
    const question = listed.items[1].id
    expect(json(await run('comment', 'list', '--space', space, '--author', commenter.id, '--json')).items.map((c: any) => c.id)).toEqual([question])
    expect(json(await run('comment', 'list', '--space', space, '--target-page', page, '--order', 'asc', '--json')).count).toBe(1)

    const reply = json(await as(reviewer, 'comment', 'reply', question, '--space', space, '--body', 'Yes, 18 or later.', '--json'))
    expect(reply).toMatchObject({ object: 'comment-reply', body: { markdown: 'Yes, 18 or later.' } })
    expect((await as(commenter, 'comment', 'react', question, '👍', '--space', space)).stdout).toBe('Reactions: 👍 1\n')
    expect((await as(commenter, 'comment', 'react', question, '👍', '--space', space)).stdout).toBe('Reactions: 👍 1\n')
    expect((await run('comment', 'react', question, '👍', '--space', space)).stdout).toBe('Reactions: 👍 2\n')
    expect((await run('comment', 'react', question, '👍', '--space', space, '--remove')).stdout).toBe('Reactions: 👍 1\n')
    expect(json(await run('comment', 'react', question, '🎉', '--space', space, '--reply', reply.id, '--json')).reactions[0]).toMatchObject({ emoji: '🎉', count: 1 })
    expect((await run('comment', 'resolve', question, '--space', space)).stdout).toBe(`Resolved comment ${question}.\n`)
    expect(json(await run('comment', 'list', '--space', space, '--status', 'resolved', '--json')).items.map((c: any) => c.id)).toEqual([question])
    expect(json(await run('space', 'get', space, '--json')).comments).toBe(1)
    expect(json(await run('comment', 'reopen', question, '--space', space, '--json'))).toMatchObject({ status: 'open' })
    expect((await as(commenter, 'comment', 'edit', question, '--space', space, '--body', 'Is Node 20 enough?')).stdout).toBe(`Edited comment ${question}.\n`)

    const shown = await run('comment', 'get', question, '--space', space)
    expect(shown.stdout).toMatch(/^status\s+open$/m)
    expect(shown.stdout).toContain('Is Node 20 enough?')
    expect(shown.stdout).toContain('rita')
    expect(shown.stdout).toContain('Yes, 18 or later.')
    expect(json(await run('comment', 'get', question, '--space', space, '--json')).replies.map((r: any) => r.id)).toEqual([reply.id])

    expect((await run('comment', 'rm', question, '--space', space, '--reply', reply.id)).stdout).toBe(`Deleted reply ${reply.id}.\n`)
    expect((await run('comment', 'rm', general.id, '--space', space)).stdout).toBe(`Deleted comment ${general.id} and its replies.\n`)
    expect(json(await run('comment', 'list', '--space', space, '--json')).items.map((c: any) => c.id)).toEqual([question])
  })

  it('fails with the API message and a non-zero exit on bad input and on what the caller may not do', async () => {
    const mine = json(await as(commenter, 'comment', 'add', '--space', space, '--body', 'Mine', '--json')).id
    const notEmoji = await run('comment', 'react', mine, 'ok', '--space', space)
    expect(notEmoji.exitCode).not.toBe(0)
    expect(notEmoji.stderr).toContain('must be a single emoji')
    const someoneElse = await as(reviewer, 'comment', 'edit', mine, '--space', space, '--body', 'Hijacked', '--json')
    expect(someoneElse.exitCode).not.toBe(0)
    expect(json(someoneElse).error).toMatchObject({ code: 403, message: expect.stringContaining('Only its author may edit') })
    const empty = await run('comment', 'add', '--space', space, '--body', '   ')
    expect(empty.stderr).toContain('must not be empty')
    const noBody = await run('comment', 'add', '--space', space)
    expect(noBody.stderr).toContain('--body')
    const badNode = await run('comment', 'add', '--space', space, '--target-page', page, '--node', 'nope', '--body', 'x')
    expect(badNode.stderr).toContain('"requirements"')
    const deleted = await run('comment', 'reply', 'gone', '--space', space, '--body', 'x')
    expect(deleted.exitCode).not.toBe(0)
    expect(deleted.stderr).toContain('does not exist')
    expect(json(await run('comment', 'get', mine, '--space', space, '--json')).comment.body.markdown).toBe('Mine')
  })

  it('discusses a change request with --cr, and answers alike over HTTP with --api-url', async () => {
    await run('cr', 'create', '--space', space, '--subject', 'Second')
    const onCr = json(await run('comment', 'add', '--space', space, '--cr', '2', '--target-page', page, '--body', 'On the draft', '--json'))
    expect(onCr.target).toMatchObject({ changeRequest: expect.any(String), page: { id: page } })
    expect(json(await run('cr', 'get', '2', '--space', space, '--json')).comments).toBe(1)
    const local = await run('comment', 'list', '--space', space, '--cr', '2')
    const remote = await docsctl(dataDir, ['--api-url', server.url, 'comment', 'list', '--space', space, '--cr', '2'])
    expect(remote.exitCode, remote.stderr).toBe(0)
    expect(remote.stdout).toBe(local.stdout)
    expect(local.stdout).toContain('On the draft')
    expect(json(await run('comment', 'list', '--space', space, '--json')).items.map((c: any) => c.id)).not.toContain(onCr.id)
  })

  it('documents itself with examples', async () => {
    const help = await run('comment', '--help')
    expect(help.stdout).toContain('$ docsctl comment list --space <spaceId>')
    for (const verb of ['list', 'add', 'reply', 'resolve', 'reopen', 'react', 'edit', 'rm']) expect(help.stdout).toMatch(new RegExp(`^  ${verb}\\b`, 'm'))
    expect((await run('comment', 'add', '--help')).stdout).toContain('Examples:\n  $ docsctl comment add --space <spaceId> --target-page <pageId>')
  })
})

describe('docsctl cr review, reviews and reviewers, and space update --require-review', () => {
  it('requires an approved, current review to merge once the space asks for it', async () => {
    await run('cr', 'create', '--space', space, '--subject', 'Reviewed')
    const number = String(json(await run('cr', 'list', '--space', space, '--json')).items.find((c: any) => c.subject === 'Reviewed').number)
    await run('page', 'add', '--space', space, '--cr', number, '--title', 'New')
    const updated = await run('space', 'update', space, '--require-review')
    expect(updated.stdout).toMatch(/^require review\s+yes$/m)
    expect(json(await run('space', 'get', space, '--json')).mergeRules).toEqual({ type: 'rules', rules: [{ rule: 'require_at_least_one_approved_review' }] })

    const refused = await run('cr', 'merge', number, '--space', space)
    expect(refused.exitCode).not.toBe(0)
    expect(refused.stderr).toContain('needs an approved review of its current revision')

    expect((await run('cr', 'reviewers', 'add', number, '--space', space, '--user', commenter.id)).stderr).toContain('reviewing needs the "review" role')
    expect((await as(commenter, 'cr', 'reviewers', 'add', number, '--space', space, '--user', reviewer.id)).stderr).toContain('"edit" role')
    expect((await run('cr', 'reviewers', 'add', number, '--space', space, '--user', reviewer.id)).stdout).toBe('Requested a review from rita.\n')
    expect((await run('cr', 'reviewers', 'list', number, '--space', space)).stdout).toMatch(/rita\s+Ada/)

    const noChoice = await as(reviewer, 'cr', 'review', number, '--space', space)
    expect(noChoice.stderr).toContain('--approve or --request-changes')
    const changes = await as(reviewer, 'cr', 'review', number, '--space', space, '--request-changes', '--message', 'Add an example.')
    expect(changes.stdout).toMatch(/^Requested changes on the change request at revision \w+ \(review \w+\)\.$/m)
    expect((await run('cr', 'merge', number, '--space', space)).exitCode).not.toBe(0)
    const byCommenter = await as(commenter, 'cr', 'review', number, '--space', space, '--approve', '--json')
    expect(json(byCommenter).error).toMatchObject({ code: 403, message: expect.stringContaining('"review" role') })
    const approved = json(await as(reviewer, 'cr', 'review', number, '--space', space, '--approve', '--json'))
    expect(approved).toMatchObject({ object: 'change-request-review', status: 'approved', outdated: false, requestedBy: { displayName: 'Ada' } })

    const reviews = await run('cr', 'reviews', number, '--space', space)
    expect(reviews.stdout).toMatch(/^ID\s+REVIEWER\s+STATUS\s+REVISION\s+REVIEWED\s+MESSAGE$/m)
    expect(reviews.stdout).toMatch(/rita\s+changes-requested \(outdated\)\s+\w+\s+\S+\s+Add an example\./)
    expect(json(await run('cr', 'reviews', number, '--space', space, '--current', '--json')).items.map((r: any) => r.id)).toEqual([approved.id])
    expect((await run('comment', 'list', '--space', space, '--cr', number)).stdout).toContain('Add an example.')

    expect((await run('cr', 'reviewers', 'rm', number, '--space', space, '--user', reviewer.id)).stdout).toBe(`${reviewer.id} is no longer asked to review.\n`)
    expect(json(await run('cr', 'reviewers', 'list', number, '--space', space, '--json')).count).toBe(0)
    expect((await run('cr', 'merge', number, '--space', space)).stdout).toContain('Merged')

    expect((await run('space', 'update', space, '--no-require-review')).stdout).toMatch(/^require review\s+no$/m)
    expect(json(await run('space', 'get', space, '--json')).mergeRules).toEqual({ type: 'none' })
  })
})
