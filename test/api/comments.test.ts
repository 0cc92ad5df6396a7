/**
 * Comments and replies on a space's content and on change requests, over HTTP: every field, lists and their
 * filters, resolution, edits, reactions, replies, page targets that follow moves, counters, permissions and bad input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useTestServer } from '../support/server'
import { createSpace, expectError, expectIsoTimestamp, listAll } from '../support/factories'
import { Limits } from '../../src/api/schemas/limits'
import { operations } from '../../src/api/index'

const server = useTestServer({ beforeAll, afterAll })

type User = { userId: string; token: string }
let commenter: User
let other: User
let reader: User

beforeAll(async () => {
  commenter = await server.addUser('comment')
  other = await server.addUser('comment')
  reader = await server.addUser('read')
})

/** A space whose content has two pages (Guide with a child Install), merged through a change request. */
async function spaceWithPages() {
  const space = await createSpace(server, server.organizationId)
  const cr = (await server.request('POST', `/v1/spaces/${space.id}/change-requests`, { body: { subject: 'Pages' } })).body
  await edit(space.id, cr.id, [
    { operation: 'insert_page', ref: 'guide', title: 'Guide', document: { markdown: '# Guide\n\n## Requirements\n\nNode.\n\n## Steps\n' }, emoji: '📗' },
    { operation: 'insert_page', into: 'guide', title: 'Install', document: { markdown: 'Run it.\n' } },
  ])
  expect((await server.request('POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/merge`)).status).toBe(200)
  const pages = (await server.request('GET', `/v1/spaces/${space.id}/content/pages`)).body.pages
  return { space: (await server.request('GET', `/v1/spaces/${space.id}`)).body, guide: pages[0].id as string, install: pages[0].pages[0].id as string }
}

async function edit(spaceId: string, cr: string, changes: unknown[]) {
  const res = await server.request('POST', `/v1/spaces/${spaceId}/change-requests/${cr}/content`, { body: { changes } })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
}

/** Changes the space's content by merging a new change request made of `changes`. */
async function changeSpace(spaceId: string, changes: unknown[]) {
  const cr = (await server.request('POST', `/v1/spaces/${spaceId}/change-requests`, { body: {} })).body
  await edit(spaceId, cr.id, changes)
  expect((await server.request('POST', `/v1/spaces/${spaceId}/change-requests/${cr.id}/merge`)).status).toBe(200)
}

const post = (thread: string, body: unknown, token?: string) => server.request('POST', `${thread}/comments`, { body, token })
const put = (thread: string, id: string, body: unknown, token?: string) => server.request('PUT', `${thread}/comments/${id}`, { body, token })
const get = (thread: string, id: string, token?: string) => server.request('GET', `${thread}/comments/${id}`, { token })
const say = (markdown: string) => ({ body: { markdown } })
const ids = async (path: string) => (await listAll(server, path)).items.map((c) => c.id)

describe('space comments', () => {
  it('posts a comment on a page and a heading with every field of the spec, and reads it back', async () => {
    const { space, guide } = await spaceWithPages()
    const thread = `/v1/spaces/${space.id}`
    const res = await post(thread, { ...say('Is **Node 18** enough?'), page: guide, node: 'requirements' }, commenter.token)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const comment = res.body
    expect(comment).toMatchObject({
      object: 'comment',
      id: expect.any(String),
      postedBy: { object: 'user', id: commenter.userId },
      reactions: [],
      replies: 0,
      repliers: [],
      body: { markdown: 'Is **Node 18** enough?' },
      target: {
        space: space.id,
        revision: space.revision,
        page: { id: guide, title: 'Guide', emoji: '📗', path: 'guide', outdated: false },
        node: { id: 'requirements', preview: 'Requirements' },
      },
      urls: { location: `${server.url}/v1/spaces/${space.id}/comments/${comment.id}` },
      permissions: { view: true, edit: true, reply: true, delete: true },
      status: 'open',
    })
    expectIsoTimestamp(comment.postedAt)
    expectIsoTimestamp(comment.target.page.createdAt)
    expect(comment.editedAt).toBeUndefined()
    expect(comment.resolvedAt).toBeUndefined()
    expect(comment.target.changeRequest).toBeUndefined()
    expect((await get(thread, comment.id)).body).toEqual({ ...comment, permissions: { view: true, edit: false, reply: true, delete: true } })
    const document = await server.request('GET', `${thread}/comments/${comment.id}?format=document`)
    expect(document.body.body.document).toMatchObject({ object: 'document', nodes: [{ type: 'paragraph' }] })
    const onSpace = await post(thread, say('General remark'))
    expect(onSpace.body.target).toEqual({ space: space.id, revision: space.revision })
  })

  it('counts open comments on the space, and lists them by order, status, page, authors, page by page', async () => {
    const { space, guide, install } = await spaceWithPages()
    const thread = `/v1/spaces/${space.id}`
    const first = (await post(thread, { ...say('one'), page: guide }, commenter.token)).body
    const second = (await post(thread, { ...say('two'), page: install }, other.token)).body
    const third = (await post(thread, say('three'))).body
    expect((await server.request('GET', thread)).body.comments).toBe(3)
    await put(thread, second.id, { resolved: true })
    expect((await server.request('GET', thread)).body.comments).toBe(2)
    expect((await server.request('GET', `/v1/orgs/${server.organizationId}/spaces?limit=1000`)).body.items.find((s: any) => s.id === space.id).comments).toBe(2)

    expect(await ids(`${thread}/comments`)).toEqual([third.id, second.id, first.id])
    expect(await ids(`${thread}/comments?order=asc`)).toEqual([first.id, second.id, third.id])
    expect(await ids(`${thread}/comments?status=open`)).toEqual([third.id, first.id])
    expect(await ids(`${thread}/comments?status=resolved`)).toEqual([second.id])
    expect(await ids(`${thread}/comments?targetPage=${install}`)).toEqual([second.id])
    expect(await ids(`${thread}/comments?authors=${commenter.userId}`)).toEqual([first.id])
    expect(await ids(`${thread}/comments?authors=${commenter.userId}&authors=${other.userId}&order=asc`)).toEqual([first.id, second.id])
    const paged = await listAll(server, `${thread}/comments`, { limit: 1 })
    expect(paged).toMatchObject({ pages: 3, count: 3 })
    expect(paged.items.map((c) => c.id)).toEqual([third.id, second.id, first.id])
    expectError(await server.request('GET', `${thread}/comments?status=closed`), 400, 'query.status')
    expectError(await server.request('GET', `${thread}/comments?order=up`), 400, 'query.order')
    expectError(await server.request('GET', `${thread}/comments?limit=1001`), 400, 'query.limit')
  })

  it('resolves and reopens, edits the body (setting editedAt), and keeps one reaction per caller and emoji', async () => {
    const { space } = await spaceWithPages()
    const thread = `/v1/spaces/${space.id}`
    const comment = (await post(thread, say('Typo in step 2'), commenter.token)).body
    const resolved = await put(thread, comment.id, { resolved: true }, other.token)
    expect(resolved.status).toBe(200)
    expect(resolved.body).toMatchObject({ status: 'resolved', resolvedBy: { id: other.userId } })
    expectIsoTimestamp(resolved.body.resolvedAt)
    const reopened = (await put(thread, comment.id, { resolved: false })).body
    expect(reopened.status).toBe('open')
    expect(reopened.resolvedAt).toBeUndefined()
    expect(reopened.resolvedBy).toBeUndefined()

    const edited = (await put(thread, comment.id, { body: { markdown: 'Typo in step 3' } }, commenter.token)).body
    expect(edited.body).toEqual({ markdown: 'Typo in step 3' })
    expectIsoTimestamp(edited.editedAt)

    await put(thread, comment.id, { addedReactions: ['👍'] }, commenter.token)
    await put(thread, comment.id, { addedReactions: ['🎉', '👍'] }, commenter.token)
    const reacted = (await put(thread, comment.id, { addedReactions: ['👍'] }, other.token)).body
    expect(reacted.reactions.map((r: any) => [r.emoji, r.count, r.users.map((u: any) => u.user.id)])).toEqual([
      ['👍', 2, [commenter.userId, other.userId]],
      ['🎉', 1, [commenter.userId]],
    ])
    expectIsoTimestamp(reacted.reactions[0].users[0].reactedAt)
    await put(thread, comment.id, { removedReactions: ['👍', '🚀'] }, commenter.token)
    const removed = (await put(thread, comment.id, { removedReactions: ['👍'] }, commenter.token)).body
    // Grouped in the order each emoji was first used by those still reacting with it.
    expect(removed.reactions.map((r: any) => [r.emoji, r.count])).toEqual([['🎉', 1], ['👍', 1]])
    expect(removed.reactions[1].users.map((u: any) => u.user.id)).toEqual([other.userId])
    const combined = (await put(thread, comment.id, { resolved: true, addedReactions: ['👨‍👩‍👧', '🇫🇷', '👍🏽', '1️⃣'] }, other.token)).body
    expect(combined.status).toBe('resolved')
    expect(combined.reactions.map((r: any) => r.emoji)).toEqual(['🎉', '👍', '👨‍👩‍👧', '🇫🇷', '👍🏽', '1️⃣'])
  })

  it('keeps a comment pointing at its page when the page moves, and says outdated once a later revision deletes it', async () => {
    const { space, guide, install } = await spaceWithPages()
    const thread = `/v1/spaces/${space.id}`
    const onInstall = (await post(thread, { ...say('Which OS?'), page: install })).body
    expect(onInstall.target.page).toMatchObject({ id: install, title: 'Install', path: 'guide/install', outdated: false })
    await changeSpace(space.id, [{ operation: 'update_page', page: install, into: null, title: 'Installation', slug: 'installation' }])
    const moved = (await get(thread, onInstall.id)).body
    expect(moved.target.page).toMatchObject({ id: install, title: 'Installation', path: 'installation', outdated: false })
    expect(moved.target.revision).toBe(space.revision)
    await changeSpace(space.id, [{ operation: 'delete_page', page: install }])
    const gone = (await get(thread, onInstall.id)).body
    expect(gone.target.page).toMatchObject({ id: install, title: 'Install', path: 'guide/install', outdated: true })
    expect(await ids(`${thread}/comments?targetPage=${install}`)).toEqual([onInstall.id])
    expect((await get(thread, onInstall.id)).status).toBe(200)
    // The page it was posted on is the one it shows while it lasts, whatever the comment's revision.
    expect((await post(thread, { ...say('ok'), page: guide })).body.target.page.outdated).toBe(false)
  })

  it('refuses bad input with a 4xx naming what is wrong, and changes nothing', async () => {
    const { space, guide } = await spaceWithPages()
    const thread = `/v1/spaces/${space.id}`
    expectError(await post(thread, say('')), 400, 'body.body.markdown: must not be empty')
    expectError(await post(thread, say('  \n ')), 400, 'must not be empty')
    expectError(await post(thread, {}), 400, 'body.body')
    expectError(await post(thread, { body: {} }), 400, 'body.body.markdown')
    expectError(await post(thread, say('x'.repeat(Limits.comment.body + 1))), 400, `at most ${Limits.comment.body}`)
    expectError(await post(thread, { ...say('x'), page: 'nope' }), 400, 'body.page: page "nope" does not exist')
    expectError(await post(thread, { ...say('x'), page: guide, node: 'nope' }), 400, '"requirements", "steps"')
    expectError(await post(thread, { ...say('x'), node: 'requirements' }), 400, 'body.node: give body.page too')
    expectError(await post(thread, { ...say('x'), page: guide, tableCell: { record: 'r' } }), 400, 'body.tableCell.definition')
    expect(await ids(`${thread}/comments`)).toEqual([])
    expect((await server.request('GET', thread)).body.comments).toBe(0)

    const comment = (await post(thread, say('Fine'), commenter.token)).body
    const before = (await get(thread, comment.id)).body
    for (const reaction of ['a', ':+1:', '👍👍', '', '👍 ', '12']) {
      expectError(await put(thread, comment.id, { addedReactions: [reaction] }), 400, 'body.addedReactions.0: must be a single emoji')
    }
    expectError(await put(thread, comment.id, { addedReactions: ['👍'], removedReactions: ['👍'] }), 400, 'body.removedReactions')
    expectError(await put(thread, comment.id, { resolved: true, body: { markdown: 'Edited by someone else' } }, other.token), 403, 'Only its author may edit')
    expectError(await put(thread, comment.id, { resolved: true, body: { markdown: '' } }, commenter.token), 400, 'must not be empty')
    expectError(await put(thread, comment.id, { resolved: 'yes' }), 400, 'body.resolved')
    expect((await get(thread, comment.id)).body).toEqual(before)
    expectError(await server.request('PUT', `${thread}/comments/${comment.id}`), 400, 'body')
    expectError(await get(thread, 'missing'), 404, 'Comment "missing" does not exist')
    expectError(await put(thread, 'missing', { resolved: true }), 404)
  })
})

describe('replies', () => {
  it('posts, lists, reads, edits, reacts to and deletes replies; the comment counts them and names the repliers', async () => {
    const { space } = await spaceWithPages()
    const thread = `/v1/spaces/${space.id}`
    const comment = (await post(thread, say('Question'))).body
    const replies = `${thread}/comments/${comment.id}/replies`
    const first = await server.request('POST', replies, { body: say('Answer'), token: commenter.token })
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({
      object: 'comment-reply',
      postedBy: { id: commenter.userId },
      body: { markdown: 'Answer' },
      reactions: [],
      urls: { location: `${server.url}${replies}/${first.body.id}` },
      permissions: { view: true, edit: true, reply: true, delete: true },
    })
    expectIsoTimestamp(first.body.postedAt)
    const second = (await server.request('POST', replies, { body: say('Thanks'), token: server.token })).body
    const third = (await server.request('POST', replies, { body: say('Also'), token: commenter.token })).body
    expect((await listAll(server, replies, { limit: 2 })).items.map((r) => r.id)).toEqual([first.body.id, second.id, third.id])
    const counted = (await get(thread, comment.id)).body
    expect(counted.replies).toBe(3)
    expect(counted.repliers.map((r: any) => [r.user.id, r.count])).toEqual([[server.userId, 1], [commenter.userId, 2]])
    expectIsoTimestamp(counted.repliers[0].updatedAt)

    expect((await server.request('GET', `${replies}/${second.id}`)).body).toMatchObject({ id: second.id, body: { markdown: 'Thanks' } })
    expect((await server.request('GET', `${replies}/${second.id}?format=document`)).body.body.document.object).toBe('document')
    const edited = await server.request('PUT', `${replies}/${first.body.id}`, { body: { body: { markdown: 'Answer, edited' }, addedReactions: ['✅'] }, token: commenter.token })
    expect(edited.body).toMatchObject({ body: { markdown: 'Answer, edited' }, reactions: [{ emoji: '✅', count: 1 }] })
    expectIsoTimestamp(edited.body.editedAt)
    expectError(await server.request('PUT', `${replies}/${first.body.id}`, { body: { body: { markdown: 'Not mine' } }, token: other.token }), 403, 'Only its author may edit')
    expect((await server.request('PUT', `${replies}/${first.body.id}`, { body: { addedReactions: ['👀'] }, token: other.token })).status).toBe(200)
    expectError(await server.request('DELETE', `${replies}/${first.body.id}`, { token: other.token }), 403, 'Only its author or an admin')
    expect((await server.request('DELETE', `${replies}/${first.body.id}`, { token: commenter.token })).status).toBe(204)
    expect((await server.request('DELETE', `${replies}/${first.body.id}`, { token: commenter.token })).status).toBe(204)
    expectError(await server.request('GET', `${replies}/${first.body.id}`), 404)
    // An admin of the space deletes anyone's reply.
    expect((await server.request('DELETE', `${replies}/${third.id}`)).status).toBe(204)
    expect((await get(thread, comment.id)).body.replies).toBe(1)

    expect((await server.request('DELETE', `${thread}/comments/${comment.id}`)).status).toBe(204)
    expectError(await server.request('GET', `${replies}/${second.id}`), 404)
    expectError(await server.request('GET', replies), 404)
    expectError(await server.request('POST', replies, { body: say('Too late') }), 404, 'does not exist')
    expect((await server.request('DELETE', `${thread}/comments/${comment.id}`)).status).toBe(204)
  })

  it('refuses an empty reply, a reply id under another comment, and a reply treated as a comment', async () => {
    const { space } = await spaceWithPages()
    const thread = `/v1/spaces/${space.id}`
    const a = (await post(thread, say('A'))).body
    const b = (await post(thread, say('B'))).body
    expectError(await server.request('POST', `${thread}/comments/${a.id}/replies`, { body: say(' ') }), 400, 'must not be empty')
    expect((await get(thread, a.id)).body.replies).toBe(0)
    const reply = (await server.request('POST', `${thread}/comments/${a.id}/replies`, { body: say('On A') })).body
    expectError(await server.request('GET', `${thread}/comments/${b.id}/replies/${reply.id}`), 404)
    expectError(await get(thread, reply.id), 404)
    expect(await ids(`${thread}/comments`)).toEqual([b.id, a.id])
  })
})

describe('who may do what', () => {
  it('lets comment and above post and react, only the author edit, the author or an admin delete', async () => {
    const { space } = await spaceWithPages()
    const thread = `/v1/spaces/${space.id}`
    expectError(await post(thread, say('Can I?'), reader.token), 403, '"comment" role')
    const mine = (await post(thread, say('Mine'), commenter.token)).body
    const read = (await get(thread, mine.id, reader.token)).body
    expect(read.permissions).toEqual({ view: true, edit: false, reply: false, delete: false })
    expect((await get(thread, mine.id, other.token)).body.permissions).toEqual({ view: true, edit: false, reply: true, delete: false })
    expect((await get(thread, mine.id)).body.permissions).toEqual({ view: true, edit: false, reply: true, delete: true })
    expectError(await put(thread, mine.id, { addedReactions: ['👍'] }, reader.token), 403, '"comment" role')
    expectError(await put(thread, mine.id, { resolved: true }, reader.token), 403)
    expectError(await server.request('POST', `${thread}/comments/${mine.id}/replies`, { body: say('Me too'), token: reader.token }), 403)
    expectError(await server.request('DELETE', `${thread}/comments/${mine.id}`, { token: other.token }), 403, 'Only its author or an admin')
    expectError(await server.request('DELETE', `${thread}/comments/${mine.id}`, { token: reader.token }), 403)
    expect((await get(thread, mine.id)).status).toBe(200)
    expect((await server.request('DELETE', `${thread}/comments/${mine.id}`, { token: commenter.token })).status).toBe(204)
    const theirs = (await post(thread, say('Theirs'), other.token)).body
    expect((await server.request('DELETE', `${thread}/comments/${theirs.id}`)).status).toBe(204)
    expect(await ids(`${thread}/comments`)).toEqual([])
  })

  it('answers 401 without a token and 404 to someone outside the organization', async () => {
    const { space } = await spaceWithPages()
    const thread = `/v1/spaces/${space.id}`
    const comment = (await post(thread, say('Hi'))).body
    expectError(await server.request('GET', `${thread}/comments`, { token: null }), 401)
    const outsider = await server.addOutsider()
    expectError(await server.request('GET', `${thread}/comments`, { token: outsider.token }), 404)
    expectError(await get(thread, comment.id, outsider.token), 404)
    expectError(await post(thread, say('Hi'), outsider.token), 404)
    expectError(await server.request('GET', `${thread}/commenters`, { token: outsider.token }), 404)
  })
})

describe('commenters', () => {
  it('lists the members who commented or replied, as Member objects, per space and per change request', async () => {
    const { space } = await spaceWithPages()
    const thread = `/v1/spaces/${space.id}`
    const comment = (await post(thread, say('Hi'), commenter.token)).body
    await server.request('POST', `${thread}/comments/${comment.id}/replies`, { body: say('Hello'), token: other.token })
    const cr = (await server.request('POST', `${thread}/change-requests`, { body: {} })).body
    await post(`${thread}/change-requests/${cr.number}`, say('On the change request'))
    const members = (await listAll(server, `${thread}/commenters`, { limit: 1 })).items
    expect(members.map((m) => m.id).sort()).toEqual([commenter.userId, other.userId].sort())
    expect(members[0]).toMatchObject({ object: 'member', role: 'comment', user: { object: 'user' }, disabled: false, sso: false, spaces: expect.any(Number), teams: 0 })
    const onCr = (await server.request('GET', `${thread}/change-requests/${cr.number}/commenters`)).body
    expect(onCr.items.map((m: any) => m.id)).toEqual([server.userId])
  })
})

describe('change request comments', () => {
  it('keeps its own thread, counter and page targets read from the change request head', async () => {
    const { space, guide } = await spaceWithPages()
    const cr = (await server.request('POST', `/v1/spaces/${space.id}/change-requests`, { body: { subject: 'Rework' } })).body
    const thread = `/v1/spaces/${space.id}/change-requests/${cr.number}`
    await edit(space.id, cr.id, [{ operation: 'insert_page', title: 'New page', document: { markdown: '# New page\n\n## Why\n' } }])
    const head = (await server.request('GET', thread)).body
    const newPage = (await server.request('GET', `${thread}/content/pages`)).body.pages.find((p: any) => p.title === 'New page').id
    const res = await post(thread, { ...say('Good idea'), page: newPage, node: 'why' }, commenter.token)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({
      target: { space: space.id, changeRequest: cr.id, revision: head.revision, page: { id: newPage, path: 'new-page', outdated: false }, node: { id: 'why', preview: 'Why' } },
      urls: { location: `${server.url}/v1/spaces/${space.id}/change-requests/${cr.id}/comments/${res.body.id}` },
    })
    // The page exists in the change request only: not a target on the space.
    expectError(await post(`/v1/spaces/${space.id}`, { ...say('x'), page: newPage }), 400, 'body.page')
    const onGuide = (await post(thread, { ...say('Keep this'), page: guide })).body
    expect((await server.request('GET', thread)).body.comments).toBe(2)
    expect((await server.request('GET', `/v1/spaces/${space.id}/change-requests?status=open`)).body.items.find((c: any) => c.id === cr.id).comments).toBe(2)
    expect((await server.request('GET', `/v1/spaces/${space.id}`)).body.comments).toBe(0)
    expect(await ids(`/v1/spaces/${space.id}/comments`)).toEqual([])
    expect(await ids(`${thread}/comments?targetPage=${guide}`)).toEqual([onGuide.id])
    expectError(await get(`/v1/spaces/${space.id}`, onGuide.id), 404)

    expect((await put(thread, onGuide.id, { resolved: true })).body.status).toBe('resolved')
    expect((await server.request('GET', thread)).body.comments).toBe(1)
    await edit(space.id, cr.id, [{ operation: 'delete_page', page: newPage }])
    expect((await get(thread, res.body.id)).body.target.page).toMatchObject({ id: newPage, title: 'New page', outdated: true })

    const reply = (await server.request('POST', `${thread}/comments/${onGuide.id}/replies`, { body: say('Sure') })).body
    const replyPath = `${thread}/comments/${onGuide.id}/replies/${reply.id}`
    expect(reply.urls.location).toBe(`${server.url}/v1/spaces/${space.id}/change-requests/${cr.id}/comments/${onGuide.id}/replies/${reply.id}`)
    expect((await server.request('PUT', replyPath, { body: { body: { markdown: 'Sure!' } } })).body.body.markdown).toBe('Sure!')
    expect((await server.request('GET', `${thread}/comments/${onGuide.id}/replies`)).body.items.map((r: any) => r.id)).toEqual([reply.id])
    expect((await server.request('DELETE', replyPath)).status).toBe(204)
    expect((await server.request('DELETE', `${thread}/comments/${onGuide.id}`)).status).toBe(204)
    expect(await ids(`${thread}/comments`)).toEqual([res.body.id])
    expectError(await server.request('GET', `/v1/spaces/${space.id}/change-requests/99/comments`), 404, 'Change request "99"')
  })
})

describe('every discussion operation', () => {
  const discussionOperations = operations.filter((op) => op.tag === 'comments' || op.tag === 'reviews')

  it('is one of the 28 of GitBook\'s API', () => {
    expect(discussionOperations).toHaveLength(28)
  })

  it('answers 401 without a token and 404 for a space that does not exist', async () => {
    for (const op of discussionOperations) {
      const path = '/v1' + op.path.replace(/\{(\w+)\}/g, (_: string, name: string) => (name === 'spaceId' ? 'missing' : 'x'))
      // One body valid for every operation that takes one (each reads its own fields).
      const body = op.method === 'GET' || op.method === 'DELETE' ? undefined : { body: { markdown: 'x' }, status: 'approved', users: [server.userId] }
      expectError(await server.request(op.method, path, { token: null, body }), 401)
      expectError(await server.request(op.method, path, { body }), 404, 'Space "missing"')
    }
  })
})
