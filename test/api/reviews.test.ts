/**
 * Change request reviews, requested reviewers and the require-review merge rule, over HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useTestServer } from '../support/server'
import { createSpace, expectError, expectIsoTimestamp, listAll } from '../support/factories'

const server = useTestServer({ beforeAll, afterAll })

type User = { userId: string; token: string }
let reviewer: User
let secondReviewer: User
let editor: User

beforeAll(async () => {
  reviewer = await server.addUser('review')
  secondReviewer = await server.addUser('review')
  editor = await server.addUser('edit')
})

/** A space and an open change request (by the editor) that adds one page. */
async function changeRequest(spaceBody: Record<string, unknown> = {}) {
  const space = await createSpace(server, server.organizationId, spaceBody)
  const cr = (await server.request('POST', `/v1/spaces/${space.id}/change-requests`, { body: { subject: 'Add a page' }, token: editor.token })).body
  await editContent(space.id, cr.id, 'Page')
  return { space, cr, path: `/v1/spaces/${space.id}/change-requests/${cr.id}` }
}

async function editContent(spaceId: string, crId: string, title: string) {
  const res = await server.request('POST', `/v1/spaces/${spaceId}/change-requests/${crId}/content`, {
    body: { changes: [{ operation: 'insert_page', title, document: { markdown: `# ${title}\n` } }] },
    token: editor.token,
  })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.revision as string
}

const review = (path: string, body: unknown, token?: string) => server.request('POST', `${path}/reviews`, { body, token })
const head = async (path: string) => (await server.request('GET', path)).body.revision as string

describe('reviews', () => {
  it('records an approval of the head revision with every field, and reads it by id and in the list', async () => {
    const { space, cr, path } = await changeRequest()
    const res = await review(path, { status: 'approved' }, reviewer.token)
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body).toMatchObject({
      object: 'change-request-review',
      id: expect.any(String),
      revision: await head(path),
      reviewer: { object: 'user', id: reviewer.userId },
      status: 'approved',
      outdated: false,
      urls: { location: `${server.url}/v1/spaces/${space.id}/change-requests/${cr.id}/reviews/${res.body.id}` },
    })
    expect(res.body.requestedBy).toBeUndefined()
    expect(res.body.comment).toBeUndefined()
    expectIsoTimestamp(res.body.createdAt)
    expectIsoTimestamp(res.body.updatedAt)
    expect((await server.request('GET', `${path}/reviews/${res.body.id}`)).body).toEqual(res.body)
    expect((await server.request('GET', `/v1/spaces/${space.id}/change-requests/${cr.number}/reviews`)).body).toEqual({ count: 1, items: [res.body] })
    expectError(await server.request('GET', `${path}/reviews/nope`), 404, 'Review "nope"')
  })

  it('posts the message of a review as a comment of the change request that names the review', async () => {
    const { path } = await changeRequest()
    const res = await review(path, { status: 'changes-requested', comment: { markdown: 'Please add an example.' } }, reviewer.token)
    expect(res.status).toBe(201)
    expect(res.body.comment).toMatchObject({ object: 'comment', postedBy: { id: reviewer.userId }, body: { markdown: 'Please add an example.' }, target: { review: res.body.id } })
    const comments = (await server.request('GET', `${path}/comments`)).body
    expect(comments.items.map((c: any) => c.id)).toEqual([res.body.comment.id])
    expect((await server.request('GET', path)).body.comments).toBe(1)
    const asDocument = (await server.request('GET', `${path}/reviews/${res.body.id}?format=document`)).body
    expect(asDocument.comment.body.document.object).toBe('document')
    expectError(await review(path, { status: 'approved', comment: { markdown: ' ' } }, reviewer.token), 400, 'body.comment.markdown: must not be empty')
    expect((await server.request('GET', `${path}/reviews`)).body.count).toBe(1)
  })

  it('marks a review outdated once the change request moves on, or once its reviewer reviews again', async () => {
    const { space, cr, path } = await changeRequest()
    const first = (await review(path, { status: 'changes-requested' }, reviewer.token)).body
    const other = (await review(path, { status: 'approved' }, secondReviewer.token)).body
    const again = (await review(path, { status: 'approved' }, reviewer.token)).body
    const ids = async (query = '') => (await listAll(server, `${path}/reviews${query}`, { limit: 1 })).items.map((r) => [r.id, r.outdated])
    expect(await ids()).toEqual([[again.id, false], [other.id, false], [first.id, true]])
    expect(await ids('?outdated=false')).toEqual([[again.id, false], [other.id, false]])
    expect(await ids('?outdated=true')).toEqual([[first.id, true]])
    await editContent(space.id, cr.id, 'More')
    expect(await ids('?outdated=false')).toEqual([])
    expect((await server.request('GET', `${path}/reviews/${other.id}`)).body).toMatchObject({ outdated: true, revision: other.revision })
    expectError(await server.request('GET', `${path}/reviews?outdated=maybe`), 400, 'query.outdated')
  })

  it('needs the review role, a known status, and a change request that is neither merged nor archived', async () => {
    const { space, cr, path } = await changeRequest()
    expectError(await review(path, { status: 'approved' }, editor.token), 403, '"review" role')
    const reader = await server.addUser('read')
    expectError(await review(path, { status: 'approved' }, reader.token), 403)
    expectError(await review(path, { status: 'lgtm' }, reviewer.token), 400, 'body.status: must be one of "approved", "changes-requested"')
    expectError(await review(path, {}, reviewer.token), 400, 'body.status')
    expect((await server.request('GET', `${path}/reviews`)).body.count).toBe(0)
    expectError(await review(`/v1/spaces/${space.id}/change-requests/42`, { status: 'approved' }, reviewer.token), 404)
    const outsider = await server.addOutsider()
    expectError(await review(path, { status: 'approved' }, outsider.token), 404)
    expect((await server.request('PATCH', path, { body: { status: 'archived' } })).status).toBe(200)
    expectError(await review(path, { status: 'approved' }, reviewer.token), 409, 'archived')
    expect((await server.request('PATCH', path, { body: { status: 'open' } })).status).toBe(200)
    expect((await server.request('POST', `${path}/merge`)).status).toBe(200)
    expectError(await review(path, { status: 'approved' }, reviewer.token), 409, `#${cr.number} is merged`)
  })
})

describe('requested reviewers', () => {
  it('requests, lists, renews and removes reviewers; a review then names who asked for it', async () => {
    const { space, cr, path } = await changeRequest()
    const res = await server.request('POST', `${path}/requested-reviewers`, { body: { users: [reviewer.userId, secondReviewer.userId], subject: 'Add a page, please review' }, token: editor.token })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.users).toHaveLength(2)
    expect(res.body.users[0]).toMatchObject({ object: 'change-request-requested-reviewer', kind: 'user', user: { id: reviewer.userId }, requestedBy: { id: editor.userId }, revision: await head(path) })
    expectIsoTimestamp(res.body.users[0].createdAt)
    expect((await server.request('GET', path)).body.subject).toBe('Add a page, please review')
    const listed = await listAll(server, `${path}/requested-reviewers`, { limit: 1 })
    expect(listed.items.map((r) => r.user.id)).toEqual([reviewer.userId, secondReviewer.userId])
    await editContent(space.id, cr.id, 'Later')
    const renewed = (await server.request('POST', `${path}/requested-reviewers`, { body: { users: [reviewer.userId] } })).body.users[0]
    expect(renewed).toMatchObject({ requestedBy: { id: server.userId }, revision: await head(path) })
    expect((await server.request('GET', `${path}/requested-reviewers`)).body.count).toBe(2)
    const answered = (await review(path, { status: 'approved' }, reviewer.token)).body
    expect(answered.requestedBy).toMatchObject({ id: server.userId })
    expect((await review(path, { status: 'approved' })).body.requestedBy).toBeUndefined()

    expect((await server.request('DELETE', `${path}/requested-reviewers/${secondReviewer.userId}`, { token: editor.token })).status).toBe(204)
    expect((await server.request('DELETE', `${path}/requested-reviewers/${secondReviewer.userId}`, { token: editor.token })).status).toBe(204)
    expect((await server.request('GET', `${path}/requested-reviewers`)).body.items.map((r: any) => r.user.id)).toEqual([reviewer.userId])
  })

  it('refuses unknown users and users who may not review, requesting nobody', async () => {
    const { path } = await changeRequest()
    const commenter = await server.addUser('comment')
    expectError(await server.request('POST', `${path}/requested-reviewers`, { body: { users: [reviewer.userId, 'nobody'] } }), 400, 'body.users[1]: user "nobody" does not exist')
    expectError(await server.request('POST', `${path}/requested-reviewers`, { body: { users: [commenter.userId] } }), 400, 'needs the "review" role')
    expectError(await server.request('POST', `${path}/requested-reviewers`, { body: { users: [] } }), 400, 'body.users')
    expectError(await server.request('POST', `${path}/requested-reviewers`, { body: { users: [reviewer.userId] }, token: commenter.token }), 403, '"edit" role')
    expectError(await server.request('DELETE', `${path}/requested-reviewers/${reviewer.userId}`, { token: commenter.token }), 403)
    expect((await server.request('GET', `${path}/requested-reviewers`)).body).toEqual({ count: 0, items: [] })
  })
})

describe('the require-review merge rule', () => {
  const requireReview = { type: 'rules', rules: [{ rule: 'require_at_least_one_approved_review' }] }

  it('refuses to merge without an approved review of the current revision, changing nothing', async () => {
    const { space, cr, path } = await changeRequest()
    const set = await server.request('PATCH', `/v1/spaces/${space.id}`, { body: { mergeRules: requireReview } })
    expect(set.body.mergeRules).toEqual(requireReview)
    const refused = await server.request('POST', `${path}/merge`, { token: editor.token })
    expectError(refused, 409, `Change request #${cr.number} needs an approved review of its current revision`)
    expect((await server.request('GET', path)).body.status).toBe('open')
    expect((await server.request('GET', `/v1/spaces/${space.id}`)).body.revision).toBe(space.revision)

    await review(path, { status: 'changes-requested' }, reviewer.token)
    expectError(await server.request('POST', `${path}/merge`, { token: editor.token }), 409, 'approved review')
    await review(path, { status: 'approved' }, secondReviewer.token)
    // An approval of an earlier revision does not count.
    await editContent(space.id, cr.id, 'After approval')
    expectError(await server.request('POST', `${path}/merge`, { token: editor.token }), 409, 'outdated')
    // Nor one its reviewer took back by requesting changes.
    await review(path, { status: 'approved' }, reviewer.token)
    await review(path, { status: 'changes-requested' }, reviewer.token)
    expectError(await server.request('POST', `${path}/merge`, { token: editor.token }), 409)
    await review(path, { status: 'approved' }, secondReviewer.token)
    const merged = await server.request('POST', `${path}/merge`, { token: editor.token })
    expect(merged.status, JSON.stringify(merged.body)).toBe(200)
    expect((await server.request('GET', path)).body.status).toBe('merged')
  })

  it("does not count the author's own approval", async () => {
    const space = await createSpace(server, server.organizationId)
    await server.request('PATCH', `/v1/spaces/${space.id}`, { body: { mergeRules: requireReview } })
    const cr = (await server.request('POST', `/v1/spaces/${space.id}/change-requests`, { body: { subject: 'Mine' }, token: reviewer.token })).body
    await editContent(space.id, cr.id, 'Mine')
    const path = `/v1/spaces/${space.id}/change-requests/${cr.id}`
    await review(path, { status: 'approved' }, reviewer.token)
    expectError(await server.request('POST', `${path}/merge`, { token: reviewer.token }), 409, "the author's own approval does not count")
    await review(path, { status: 'approved' }, secondReviewer.token)
    expect((await server.request('POST', `${path}/merge`, { token: reviewer.token })).status).toBe(200)
  })

  it('lets change requests merge freely when the rule is off', async () => {
    const { space, path } = await changeRequest({ title: 'Free' })
    await server.request('PATCH', `/v1/spaces/${space.id}`, { body: { mergeRules: { type: 'none' } } })
    expect((await server.request('POST', `${path}/merge`, { token: editor.token })).status).toBe(200)
  })
})
