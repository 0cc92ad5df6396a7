/**
 * The permission matrix: every operation of the table is called by an admin, each lower role, a guest and a
 * non-member (an admin of another organization), and must answer what the capability table says:
 *   - the caller cannot see the object the operation is about (its level is below that resource's `view`) → 404,
 *     so a non-member learns nothing about the organization's objects;
 *   - its level reaches the capability the operation needs → the operation's success status;
 *   - otherwise → 403.
 * The lowest role allowed is read from CAPABILITIES (src/domain/permissions/roles.ts), never written here twice.
 * Every operation needs an entry: adding one is a few lines — what it needs, and how to build a call to it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { operations } from '../../src/api/index'
import { CAPABILITIES, LEVEL, type Resource } from '../../src/domain/permissions/roles'
import { useTestServer } from '../support/server'
import { makeRepository, settledGitJobs } from '../support/git'
import { SWAGGER, processedSpec } from '../support/openapi'
import { startFixtureServer } from '../support/http-fixture'
import { latestEvent } from '../support/integrations'
import { compressToEncodedURIComponent } from 'lz-string'

const server = useTestServer({ beforeAll, afterAll })

const CALLERS = ['admin', 'create', 'review', 'edit', 'comment', 'read', 'guest', 'non-member'] as const
type CallerName = (typeof CALLERS)[number]
interface Caller {
  name: CallerName
  token: string
  userId: string
}

/** A request to make (the method is the operation's); `path` is under /v1. */
interface Call {
  path: string
  body?: unknown
}

/** What an operation needs: a capability of a resource, or only to be authenticated. */
type Needs =
  | {
      resource: Resource
      action: string
      /** Resource whose visibility decides 404 (default: `resource`). */
      seen?: Resource
      /** The object is not revealed below the action's level either (an integration installation): 404, not 403. */
      hidden?: true
    }
  | 'anyone'

interface Entry {
  needs: Needs
  /** Builds the call for one caller (objects it changes are made fresh, as the workspace admin). */
  call: (caller: Caller) => Promise<Call> | Call
  /** The status of success when it is not the operation's declared one (a delete that answers 205). */
  success?: number
}

const cap = (resource: Resource, action: string, seen?: Resource): Needs => ({ resource, action, seen })
const hidden = (resource: Resource, action: string): Needs => ({ resource, action, hidden: true })
const levelOfCaller = (name: CallerName) => (name === 'guest' ? LEVEL.guest : name === 'non-member' ? LEVEL.none : LEVEL[name])

/** The documented answer for a caller. */
function expected(needs: Needs, caller: CallerName, success: number): number {
  if (needs === 'anyone') return success
  const level = levelOfCaller(caller)
  const table = CAPABILITIES as Record<Resource, Record<string, number>>
  if (level < table[needs.seen ?? needs.resource].view) return 404
  return level >= table[needs.resource][needs.action] ? success : needs.hidden ? 404 : 403
}

// ---------------------------------------------------------------------------------------------------------------
// The fixture: one organization with an object of every kind, made once by its admin.

let org: string
let other: string
let joinable: string
const f = {} as {
  space: string
  collection: string
  cr: string
  page: string
  file: string
  revision: string
  reusable: string
  comment: string
  reply: string
  crComment: string
  crReply: string
  review: string
  team: string
  target: string
  orgInvite: string
  saml: string
  site: string
  section0: string
  section: string
  siteSpace: string
  group: string
  link: string
  spec: string
  specVersion: string
  translation: string
  integration: string
  installation: string
  event: string
}
const callers = {} as Record<CallerName, Caller>
const certificate = readFileSync(new URL('../fixtures/saml/idp-certificate.pem', import.meta.url), 'utf8')
let counter = 0

async function as<T = any>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await server.request(method, `/v1${path}`, { body })
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300)
  return res.body
}
const fresh = {
  space: async (body: object = {}) => (await as('POST', `/orgs/${org}/spaces`, { title: `M${++counter}`, ...body })).id as string,
  collection: async () => (await as('POST', `/orgs/${org}/collections`, { title: `C${++counter}` })).id as string,
  member: async () => (await server.addUser('read')).userId,
  team: async () => (await as('PUT', `/orgs/${org}/teams`, { title: `T${++counter}` })).id as string,
  cr: async (space = f.space) => (await as('POST', `/spaces/${space}/change-requests`, { subject: `CR ${++counter}` })).id as string,
  comment: async (thread: string) => (await as('POST', `${thread}/comments`, { body: { markdown: 'Fresh' } })).id as string,
  reply: async (thread: string, comment: string) => (await as('POST', `${thread}/comments/${comment}/replies`, { body: { markdown: 'Fresh' } })).id as string,
}
const S = () => `/spaces/${f.space}`
const SITE = () => `/orgs/${org}/sites/${f.site}`
const SPEC = () => `/orgs/${org}/openapi/${f.spec}`
const INT = () => `/integrations/${f.integration}`
const CR = () => `/spaces/${f.space}/change-requests/${f.cr}`

beforeAll(async () => {
  org = server.organizationId
  callers.admin = { name: 'admin', token: server.token, userId: server.userId }
  for (const role of ['create', 'review', 'edit', 'comment', 'read'] as const) callers[role] = { name: role, ...(await server.addUser(role)) }
  callers.guest = { name: 'guest', ...(await server.addUser(null)) }
  const outsider = await server.addOutsider()
  await server.request('POST', '/v1/orgs', { body: { title: 'Their own' }, token: outsider.token })
  callers['non-member'] = { name: 'non-member', ...outsider }
  other = (await as('POST', '/orgs', { title: 'Transfer target' })).id
  joinable = (await as('POST', '/orgs', { title: 'Joinable' })).id
  await as('PATCH', `/orgs/${org}`, { hostname: 'matrix-org' })

  f.collection = await fresh.collection()
  f.space = await fresh.space()
  const url = makeRepository({ 'README.md': '# Home\n\n{% include ".gitbook/includes/note.md" %}\n', '.gitbook/includes/note.md': '---\ntitle: Note\n---\n\nShared.\n' })
  await as('POST', `${S()}/git/import`, { url, ref: 'refs/heads/main' })
  await settledGitJobs((method, path) => server.request(method, path), f.space, 1)
  const setup = await fresh.cr()
  await as('POST', `${S()}/change-requests/${setup}/content`, {
    changes: [
      { operation: 'insert_page', title: 'Guide', document: { markdown: '# Guide\n\nSee [home](README.md).\n' } },
      { operation: 'insert_files', files: [{ name: 'dot.txt', contentType: 'text/plain', base64: Buffer.from('dot').toString('base64') }] },
    ],
  })
  await as('POST', `${S()}/change-requests/${setup}/merge`)
  const revision = await as('GET', `${S()}/content`)
  f.revision = revision.id
  f.page = revision.pages[0].id
  f.reusable = revision.reusableContents[0].id
  f.file = (await as('GET', `${S()}/content/files`)).items[0].id
  f.cr = await fresh.cr()
  await as('POST', `${CR()}/content`, { changes: [{ operation: 'insert_page', title: 'Draft', document: { markdown: 'Draft.\n' } }] })
  f.comment = await fresh.comment(S())
  f.reply = await fresh.reply(S(), f.comment)
  f.crComment = await fresh.comment(CR())
  f.crReply = await fresh.reply(CR(), f.crComment)
  f.review = (await as('POST', `${CR()}/reviews`, { status: 'changes-requested' })).id
  await as('POST', `${CR()}/requested-reviewers`, { users: [callers.review.userId] })
  f.target = await fresh.member()
  f.team = (await as('PUT', `/orgs/${org}/teams`, { title: 'Matrix team', members: [f.target] })).id
  for (const target of [`/spaces/${f.space}`, `/collections/${f.collection}`]) await as('POST', `${target}/permissions`, { role: 'read', users: [f.target], teams: [f.team] })
  f.orgInvite = (await as('POST', `/orgs/${org}/link-invites`, { role: 'read' })).id
  f.saml = (await as('POST', `/orgs/${org}/saml`, { label: 'Okta', entityID: 'http://okta/x', certificate, ssoURL: 'https://okta.example.com/sso' })).id

  // A published public site with two sections (the first holds the space it was made with), a group, a share link.
  // (Its spaces are its own: a space a public site shows is readable by anyone, which would change f.space's rows.)
  const siteSpace = await fresh.space()
  f.site = (await as('POST', `/orgs/${org}/sites`, { title: 'Matrix site', spaces: [siteSpace] })).id
  f.section = (await as('POST', `${SITE()}/sections`, { spaceId: await fresh.space(), title: 'API' })).id
  const sections = (await as('GET', `${SITE()}/sections`)).items
  f.section0 = sections.find((s: any) => s.id !== f.section).id
  f.siteSpace = (await as('GET', `${SITE()}/site-spaces`)).items.find((s: any) => s.space.id === siteSpace).id
  f.group = (await as('POST', `${SITE()}/section-groups`, { title: 'Group' })).id
  f.link = (await as('POST', `${SITE()}/share-links`, { name: 'Matrix' })).id
  await as('POST', `${SITE()}/publish`)

  // A processed (private) OpenAPI spec, and a translation of the space.
  f.spec = 'matrix-spec'
  await as('PUT', `/orgs/${org}/openapi/${f.spec}`, { source: { text: SWAGGER } })
  await processedSpec(server, org, f.spec)
  f.specVersion = (await as('GET', `/orgs/${org}/openapi/${f.spec}/versions/latest`)).id
  f.translation = (await as('POST', `/orgs/${org}/translations`, { language: 'ja', source: { space: f.space, language: 'en' } })).id

  // A private integration of the organization, installed there, whose endpoint answers every event and render.
  endpoint = await startFixtureServer({
    '/v1': { status: 200, type: 'application/json', body: JSON.stringify({ type: 'element', element: { type: 'block', children: [] }, state: {}, props: {} }) },
  })
  f.integration = await freshIntegration()
  f.installation = (await as('POST', `/integrations/${f.integration}/installations`, { organization: org })).id
  f.event = (await latestEvent(server, f.integration, 'installation_setup')).event.id
}, 60_000)

let endpoint: { url: string; close(): Promise<void> }
afterAll(() => endpoint?.close())

async function freshIntegration() {
  const name = `matrix-${++counter}`
  await as('POST', `/integrations/${name}`, { organization: org, title: 'Matrix app', description: 'For the matrix', scopes: [], visibility: 'private', script: 'export default {}', endpoint: endpoint.url })
  return name
}

// ---------------------------------------------------------------------------------------------------------------
// The matrix: one entry per operation.

const view = (resource: Resource) => cap(resource, 'view')

export const MATRIX: Record<string, Entry> = {
  // System and the caller's own things: anyone authenticated.
  getApiInformation: { needs: 'anyone', call: () => ({ path: '/' }) },
  getAuthenticatedUser: { needs: 'anyone', call: () => ({ path: '/user' }) },
  listAPITokens: { needs: 'anyone', call: () => ({ path: '/user/tokens' }) },
  createAPIToken: { needs: 'anyone', call: () => ({ path: '/user/tokens', body: { label: 'matrix' } }) },
  deleteAPIToken: {
    needs: 'anyone',
    call: async (caller) => ({ path: `/user/tokens/${(await server.request('POST', '/v1/user/tokens', { body: { label: 'gone' }, token: caller.token })).body.id}` }),
  },
  listOrganizationsForAuthenticatedUser: { needs: 'anyone', call: () => ({ path: '/orgs' }) },
  createOrganization: { needs: 'anyone', call: () => ({ path: '/orgs', body: { title: 'Mine' } }) },
  getOrganizationsForEmailDomain: { needs: 'anyone', call: () => ({ path: '/email-domains/example.com/orgs' }) },
  joinOrganizationWithInvite: { needs: 'anyone', call: async () => ({ path: `/orgs/${joinable}/invites/${(await as('POST', `/orgs/${joinable}/link-invites`, { role: 'read' })).id}` }) },

  // Organization.
  getOrganizationById: { needs: view('organization'), call: () => ({ path: `/orgs/${org}` }) },
  updateOrganizationById: { needs: cap('organization', 'admin'), call: () => ({ path: `/orgs/${org}`, body: { title: 'Matrix Org' } }) },
  getSubdomain: { needs: view('organization'), call: () => ({ path: '/subdomains/matrix-org' }) },
  updateOrganizationMemberLastSeenAt: { needs: view('organization'), call: () => ({ path: `/orgs/${org}/ping` }) },
  searchOrganizationContent: { needs: view('organization'), call: () => ({ path: `/orgs/${org}/search?query=home` }) },

  // Members.
  listMembersInOrganizationById: { needs: cap('organization', 'listMembers'), call: () => ({ path: `/orgs/${org}/members` }) },
  getMemberInOrganizationById: { needs: cap('organization', 'listMembers'), call: () => ({ path: `/orgs/${org}/members/${f.target}` }) },
  updateMemberInOrganizationById: { needs: cap('organization', 'admin'), call: async () => ({ path: `/orgs/${org}/members/${await fresh.member()}`, body: { role: 'edit' } }) },
  removeMemberFromOrganizationById: { needs: cap('organization', 'admin'), call: async () => ({ path: `/orgs/${org}/members/${await fresh.member()}` }) },
  setUserAsSSOMemberForOrganization: { needs: cap('organization', 'admin'), call: () => ({ path: `/orgs/${org}/members/${f.target}/sso` }) },
  listSpacesForOrganizationMember: { needs: cap('organization', 'admin'), call: () => ({ path: `/orgs/${org}/members/${f.target}/spaces` }) },
  listTeamsForOrganizationMember: { needs: cap('organization', 'listTeams'), call: () => ({ path: `/orgs/${org}/members/${f.target}/teams` }) },
  inviteUsersToOrganization: { needs: cap('organization', 'admin'), call: () => ({ path: `/orgs/${org}/invites`, body: { emails: [`invited${++counter}@example.com`] } }) },

  // Teams.
  listTeamsInOrganizationById: { needs: cap('organization', 'listTeams'), call: () => ({ path: `/orgs/${org}/teams` }) },
  createOrganizationTeam: { needs: cap('organization', 'admin'), call: () => ({ path: `/orgs/${org}/teams`, body: { title: 'New team' } }) },
  getTeamInOrganizationById: { needs: view('team'), call: () => ({ path: `/orgs/${org}/teams/${f.team}` }) },
  updateTeamInOrganizationById: { needs: cap('team', 'admin'), call: () => ({ path: `/orgs/${org}/teams/${f.team}`, body: { title: 'Matrix team' } }) },
  removeTeamFromOrganizationById: { needs: cap('team', 'admin'), call: async () => ({ path: `/orgs/${org}/teams/${await fresh.team()}` }) },
  listTeamMembersInOrganizationById: { needs: view('team'), call: () => ({ path: `/orgs/${org}/teams/${f.team}/members` }) },
  updateMembersInOrganizationTeam: { needs: cap('team', 'admin'), call: () => ({ path: `/orgs/${org}/teams/${f.team}/members`, body: { add: [f.target] } }) },
  addMemberToOrganizationTeamById: { needs: cap('team', 'admin'), call: () => ({ path: `/orgs/${org}/teams/${f.team}/members/${f.target}`, body: {} }) },
  deleteMemberFromOrganizationTeamById: {
    needs: cap('team', 'admin'),
    call: async () => {
      const team = await fresh.team()
      await as('PUT', `/orgs/${org}/teams/${team}/members/${f.target}`, {})
      return { path: `/orgs/${org}/teams/${team}/members/${f.target}` }
    },
  },

  // Invite links.
  listOrganizationInviteLinks: { needs: cap('organization', 'admin'), call: () => ({ path: `/orgs/${org}/link-invites` }) },
  createOrganizationInvite: { needs: cap('organization', 'admin'), call: () => ({ path: `/orgs/${org}/link-invites`, body: { role: 'read' } }) },
  getOrganizationInviteLink: { needs: cap('organization', 'admin'), call: () => ({ path: `/orgs/${org}/link-invites/${f.orgInvite}` }) },
  updateOrganizationInviteById: { needs: cap('organization', 'admin'), call: () => ({ path: `/orgs/${org}/link-invites/${f.orgInvite}`, body: { role: 'read' } }) },
  deleteOrganizationInviteById: { needs: cap('organization', 'admin'), call: async () => ({ path: `/orgs/${org}/link-invites/${(await as('POST', `/orgs/${org}/link-invites`, { role: 'read' })).id}` }) },

  // SAML and SSO.
  listSAMLProvidersInOrganizationById: { needs: cap('organization', 'admin'), call: () => ({ path: `/orgs/${org}/saml` }) },
  createOrganizationSAMLProvider: { needs: cap('organization', 'admin'), call: () => ({ path: `/orgs/${org}/saml`, body: { label: 'New' } }) },
  getOrganizationSAMLProviderById: { needs: cap('organization', 'admin'), call: () => ({ path: `/orgs/${org}/saml/${f.saml}` }) },
  updateOrganizationSAMLProvider: { needs: cap('organization', 'admin'), call: () => ({ path: `/orgs/${org}/saml/${f.saml}`, body: { label: 'Okta' } }) },
  deleteOrganizationSAMLProvider: { needs: cap('organization', 'admin'), call: async () => ({ path: `/orgs/${org}/saml/${(await as('POST', `/orgs/${org}/saml`, { label: 'Gone' })).id}` }) },
  listSSOProviderLoginsInOrganization: { needs: view('organization'), call: () => ({ path: `/orgs/${org}/sso` }) },

  // Collections.
  listCollectionsInOrganizationById: { needs: view('organization'), call: () => ({ path: `/orgs/${org}/collections` }) },
  createCollection: { needs: cap('organization', 'createContent'), call: () => ({ path: `/orgs/${org}/collections`, body: { title: 'New' } }) },
  getCollectionById: { needs: view('collection'), call: () => ({ path: `/collections/${f.collection}` }) },
  updateCollectionById: { needs: cap('collection', 'admin'), call: () => ({ path: `/collections/${f.collection}`, body: { description: 'Matrix' } }) },
  deleteCollectionById: { needs: cap('collection', 'admin'), call: async () => ({ path: `/collections/${await fresh.collection()}` }) },
  listSpacesInCollectionById: { needs: view('collection'), call: () => ({ path: `/collections/${f.collection}/spaces` }) },
  moveCollection: { needs: cap('collection', 'admin'), call: async () => ({ path: `/collections/${await fresh.collection()}/move`, body: { parent: null } }) },
  transferCollection: { needs: cap('organization', 'admin', 'collection'), call: async () => ({ path: `/collections/${await fresh.collection()}/transfer`, body: { organization: other } }) },

  // Spaces.
  listSpacesInOrganizationById: { needs: view('organization'), call: () => ({ path: `/orgs/${org}/spaces` }) },
  createSpace: { needs: cap('organization', 'createContent'), call: () => ({ path: `/orgs/${org}/spaces`, body: { title: 'New' } }) },
  getSpaceById: { needs: view('space'), call: () => ({ path: S() }) },
  updateSpaceById: { needs: cap('space', 'admin'), call: () => ({ path: S(), body: { emoji: '📘' } }) },
  deleteSpaceById: { needs: cap('space', 'admin'), call: async () => ({ path: `/spaces/${await fresh.space()}` }) },
  restoreSpace: {
    needs: cap('space', 'admin'),
    call: async () => {
      const space = await fresh.space()
      await as('DELETE', `/spaces/${space}`)
      return { path: `/spaces/${space}/restore` }
    },
  },
  duplicateSpace: { needs: cap('organization', 'createContent', 'space'), call: async () => ({ path: `/spaces/${await fresh.space()}/duplicate` }) },
  moveSpace: { needs: cap('space', 'admin'), call: async () => ({ path: `/spaces/${await fresh.space()}/move`, body: { parent: null } }) },
  transferSpace: { needs: cap('organization', 'admin', 'space'), call: async () => ({ path: `/spaces/${await fresh.space()}/transfer`, body: { organization: other } }) },

  // Space permissions.
  inviteToSpace: { needs: cap('space', 'admin'), call: () => ({ path: `${S()}/permissions`, body: { role: 'read', users: [f.target] } }) },
  listUserPermissionsInSpace: { needs: view('space'), call: () => ({ path: `${S()}/permissions/users` }) },
  updateUserPermissionInSpace: { needs: cap('space', 'admin'), call: () => ({ path: `${S()}/permissions/users/${f.target}`, body: { role: 'read' } }) },
  removeUserFromSpace: { needs: cap('space', 'admin'), call: () => ({ path: `${S()}/permissions/users/${callers.guest.userId}` }) },
  listTeamPermissionsInSpace: { needs: view('space'), call: () => ({ path: `${S()}/permissions/teams` }) },
  updateTeamPermissionInSpace: { needs: cap('space', 'admin'), call: () => ({ path: `${S()}/permissions/teams/${f.team}`, body: { role: 'read' } }) },
  removeTeamFromSpace: { needs: cap('space', 'admin'), call: async () => ({ path: `${S()}/permissions/teams/${await fresh.team()}` }) },
  listPermissionsAggregateInSpace: { needs: view('space'), call: () => ({ path: `${S()}/permissions/aggregate` }) },

  // Collection permissions.
  inviteToCollection: { needs: cap('collection', 'admin'), call: () => ({ path: `/collections/${f.collection}/permissions`, body: { role: 'read', users: [f.target] } }) },
  listUserPermissionsInCollection: { needs: view('collection'), call: () => ({ path: `/collections/${f.collection}/permissions/users` }) },
  updateUserPermissionInCollection: { needs: cap('collection', 'admin'), call: () => ({ path: `/collections/${f.collection}/permissions/users/${f.target}`, body: { role: 'read' } }) },
  removeUserFromCollection: { needs: cap('collection', 'admin'), call: () => ({ path: `/collections/${f.collection}/permissions/users/${callers.guest.userId}` }) },
  listTeamPermissionsInCollection: { needs: view('collection'), call: () => ({ path: `/collections/${f.collection}/permissions/teams` }) },
  updateTeamPermissionInCollection: { needs: cap('collection', 'admin'), call: () => ({ path: `/collections/${f.collection}/permissions/teams/${f.team}`, body: { role: 'read' } }) },
  removeTeamFromCollection: { needs: cap('collection', 'admin'), call: async () => ({ path: `/collections/${f.collection}/permissions/teams/${await fresh.team()}` }) },
  listPermissionsAggregateInCollection: { needs: view('collection'), call: () => ({ path: `/collections/${f.collection}/permissions/aggregate` }) },

  // Content of a space (reading).
  getCurrentRevision: { needs: view('space'), call: () => ({ path: `${S()}/content` }) },
  listPages: { needs: view('space'), call: () => ({ path: `${S()}/content/pages` }) },
  getPageById: { needs: view('space'), call: () => ({ path: `${S()}/content/page/${f.page}` }) },
  getPageByPath: { needs: view('space'), call: () => ({ path: `${S()}/content/path/guide` }) },
  getRevisionById: { needs: view('space'), call: () => ({ path: `${S()}/revisions/${f.revision}` }) },
  listPagesInRevisionById: { needs: view('space'), call: () => ({ path: `${S()}/revisions/${f.revision}/pages` }) },
  getPageInRevisionById: { needs: view('space'), call: () => ({ path: `${S()}/revisions/${f.revision}/page/${f.page}` }) },
  getPageInRevisionByPath: { needs: view('space'), call: () => ({ path: `${S()}/revisions/${f.revision}/path/guide` }) },
  listSpaceLinks: { needs: view('space'), call: () => ({ path: `${S()}/links` }) },
  listPageLinks: { needs: view('space'), call: () => ({ path: `${S()}/content/page/${f.page}/links` }) },
  listFiles: { needs: view('space'), call: () => ({ path: `${S()}/content/files` }) },
  getFileById: { needs: view('space'), call: () => ({ path: `${S()}/content/files/${f.file}` }) },
  listFileBacklinks: { needs: view('space'), call: () => ({ path: `${S()}/content/files/${f.file}/backlinks` }) },
  listFilesInRevisionById: { needs: view('space'), call: () => ({ path: `${S()}/revisions/${f.revision}/files` }) },
  getFileInRevisionById: { needs: view('space'), call: () => ({ path: `${S()}/revisions/${f.revision}/files/${f.file}` }) },
  getReusableContentById: { needs: view('space'), call: () => ({ path: `${S()}/content/reusable-contents/${f.reusable}` }) },
  getReusableContentInRevisionById: { needs: view('space'), call: () => ({ path: `${S()}/revisions/${f.revision}/reusable-contents/${f.reusable}` }) },
  searchSpaceContent: { needs: view('space'), call: () => ({ path: `${S()}/search?query=home` }) },

  // Git sync.
  importGitRepository: { needs: cap('space', 'triggerGitSync'), call: async () => ({ path: `/spaces/${await fresh.space()}/git/import`, body: { url: makeRepository({ 'README.md': '# A\n' }), ref: 'refs/heads/main' } }) },
  exportToGitRepository: { needs: cap('space', 'triggerGitSync'), call: async () => ({ path: `/spaces/${await fresh.space()}/git/export`, body: { url: makeRepository({ 'README.md': '# A\n' }), ref: 'refs/heads/export', commitMessage: 'Export' } }) },
  getSpaceGitInfo: { needs: view('space'), call: () => ({ path: `${S()}/git/info` }) },
  deleteGitLegacyInstallation: { needs: cap('space', 'admin'), call: async () => ({ path: `/spaces/${await fresh.space()}/git/legacy-installation` }) },
  listGitSyncJobs: { needs: view('space'), call: () => ({ path: `${S()}/git/jobs` }) },

  // Change requests.
  createChangeRequest: { needs: cap('space', 'edit'), call: () => ({ path: `${S()}/change-requests`, body: { subject: 'New' } }) },
  listChangeRequestsForSpace: { needs: view('space'), call: () => ({ path: `${S()}/change-requests` }) },
  getChangeRequestById: { needs: view('space'), call: () => ({ path: CR() }) },
  updateChangeRequestById: { needs: cap('space', 'edit'), call: () => ({ path: CR(), body: { subject: 'Matrix' } }) },
  mergeChangeRequest: {
    needs: cap('space', 'merge'),
    call: async () => {
      const space = await fresh.space()
      const cr = await fresh.cr(space)
      await as('POST', `/spaces/${space}/change-requests/${cr}/content`, { changes: [{ operation: 'insert_page', title: 'P', document: { markdown: 'P\n' } }] })
      return { path: `/spaces/${space}/change-requests/${cr}/merge` }
    },
  },
  updateChangeRequest: { needs: cap('space', 'edit'), call: () => ({ path: `${CR()}/update` }) },
  updateChangeRequestContent: { needs: cap('space', 'edit'), call: async () => ({ path: `${S()}/change-requests/${await fresh.cr()}/content`, body: { changes: [{ operation: 'insert_page', title: 'P', document: { markdown: 'P\n' } }] } }) },
  importContentInChangeRequest: { needs: cap('space', 'edit'), call: async () => ({ path: `${S()}/change-requests/${await fresh.cr()}/content/import`, body: { url: `${server.url}/app/s/${f.space}`, source: 'html' } }) },
  getRevisionOfChangeRequestById: { needs: view('space'), call: () => ({ path: `${CR()}/content` }) },
  listPagesInChangeRequest: { needs: view('space'), call: () => ({ path: `${CR()}/content/pages` }) },
  getPageInChangeRequestById: { needs: view('space'), call: () => ({ path: `${CR()}/content/page/${f.page}` }) },
  getChangeRequestPDF: { needs: view('space'), call: () => ({ path: `${CR()}/pdf` }) },
  listChangeRequestLinks: { needs: view('space'), call: () => ({ path: `${CR()}/links` }) },
  listChangeRequestPageLinks: { needs: view('space'), call: () => ({ path: `${CR()}/content/page/${f.page}/links` }) },
  listFilesInChangeRequestById: { needs: view('space'), call: () => ({ path: `${CR()}/content/files` }) },
  getFileInChangeRequestById: { needs: view('space'), call: () => ({ path: `${CR()}/content/files/${f.file}` }) },
  listFileBacklinksInChangeRequest: { needs: view('space'), call: () => ({ path: `${CR()}/content/files/${f.file}/backlinks` }) },
  getReusableContentInChangeRequestById: { needs: view('space'), call: () => ({ path: `${CR()}/content/reusable-contents/${f.reusable}` }) },

  // Reviews.
  getReviewsByChangeRequestId: { needs: view('space'), call: () => ({ path: `${CR()}/reviews` }) },
  submitChangeRequestReview: { needs: cap('space', 'review'), call: async () => ({ path: `${S()}/change-requests/${await fresh.cr()}/reviews`, body: { status: 'approved' } }) },
  getChangeRequestReviewById: { needs: view('space'), call: () => ({ path: `${CR()}/reviews/${f.review}` }) },
  getRequestedReviewersByChangeRequestId: { needs: view('space'), call: () => ({ path: `${CR()}/requested-reviewers` }) },
  requestReviewersForChangeRequest: { needs: cap('space', 'edit'), call: () => ({ path: `${CR()}/requested-reviewers`, body: { users: [callers.review.userId] } }) },
  removeRequestedReviewerFromChangeRequest: { needs: cap('space', 'edit'), call: () => ({ path: `${CR()}/requested-reviewers/${callers.comment.userId}` }) },

  // Comments, in the space and in a change request: made by the admin, so only `delete` needs admin.
  ...commentEntries('Space', S),
  ...commentEntries('ChangeRequest', CR),

  // OpenAPI specs (private: only members see them).
  listOpenAPISpecs: { needs: view('organization'), call: () => ({ path: `/orgs/${org}/openapi` }) },
  createOpenAPISpec: { needs: cap('organization', 'createOpenAPISpec'), call: () => ({ path: `/orgs/${org}/openapi`, body: { slug: `created-${++counter}`, source: { text: SWAGGER } } }) },
  createOrUpdateOpenAPISpecBySlug: { needs: cap('organization', 'createOpenAPISpec'), call: () => ({ path: `/orgs/${org}/openapi/put-${++counter}`, body: { source: { text: SWAGGER } } }) },
  getOpenAPISpecBySlug: { needs: view('openapiSpec'), call: () => ({ path: SPEC() }) },
  updateOpenAPISpecBySlug: { needs: cap('openapiSpec', 'edit'), call: () => ({ path: SPEC(), body: { visibility: 'private' } }) },
  deleteOpenAPISpecBySlug: {
    needs: cap('openapiSpec', 'edit'),
    call: async () => {
      const slug = `doomed-${++counter}`
      await as('PUT', `/orgs/${org}/openapi/${slug}`, { source: { text: SWAGGER } })
      return { path: `/orgs/${org}/openapi/${slug}` }
    },
  },
  listOpenAPISpecVersions: { needs: view('openapiSpec'), call: () => ({ path: `${SPEC()}/versions` }) },
  getLatestOpenAPISpecVersion: { needs: view('openapiSpec'), call: () => ({ path: `${SPEC()}/versions/latest` }) },
  getLatestOpenAPISpecVersionContent: { needs: view('openapiSpec'), call: () => ({ path: `${SPEC()}/versions/latest/content` }) },
  getOpenAPISpecVersionById: { needs: view('openapiSpec'), call: () => ({ path: `${SPEC()}/versions/${f.specVersion}` }) },
  getOpenAPISpecVersionContentById: { needs: view('openapiSpec'), call: () => ({ path: `${SPEC()}/versions/${f.specVersion}/content` }) },

  // Translations.
  listTranslations: { needs: view('translation'), call: () => ({ path: `/orgs/${org}/translations` }) },
  createTranslation: { needs: cap('organization', 'createContent'), call: () => ({ path: `/orgs/${org}/translations`, body: { language: 'fr', source: { space: f.space, language: 'en' } } }) },
  getTranslation: { needs: view('translation'), call: () => ({ path: `/orgs/${org}/translations/${f.translation}` }) },
  updateTranslation: {
    needs: cap('translation', 'edit'),
    call: () => ({
      path: `/orgs/${org}/translations/${f.translation}`,
      body: { instructions: { object: 'document', data: { schemaVersion: 1 }, nodes: [{ object: 'block', type: 'paragraph', data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Formal.', marks: [] }] }] }] } },
    }),
  },
  deleteTranslation: {
    needs: cap('translation', 'edit'),
    success: 205,
    call: async () => ({ path: `/orgs/${org}/translations/${(await as('POST', `/orgs/${org}/translations`, { language: 'de', source: { space: f.space, language: 'en' } })).id}` }),
  },
  runTranslation: { needs: cap('translation', 'edit'), call: () => ({ path: `/orgs/${org}/translations/${f.translation}/run` }) },

  // Sites: the organization role is the level on every site.
  listSites: { needs: view('organization'), call: () => ({ path: `/orgs/${org}/sites` }) },
  createSite: { needs: cap('organization', 'createContent'), call: () => ({ path: `/orgs/${org}/sites`, body: { title: 'New site' } }) },
  getSiteById: { needs: view('site'), call: () => ({ path: SITE() }) },
  updateSiteById: { needs: cap('site', 'admin'), call: () => ({ path: SITE(), body: { title: 'Matrix site' } }) },
  deleteSiteById: { needs: cap('site', 'admin'), call: async () => ({ path: `/orgs/${org}/sites/${(await as('POST', `/orgs/${org}/sites`, { title: 'Doomed' })).id}` }) },
  publishSite: { needs: cap('site', 'admin'), call: async () => ({ path: `/orgs/${org}/sites/${(await as('POST', `/orgs/${org}/sites`, { title: 'To publish' })).id}/publish` }) },
  unpublishSite: { needs: cap('site', 'admin'), call: async () => ({ path: `/orgs/${org}/sites/${(await as('POST', `/orgs/${org}/sites`, { title: 'To unpublish' })).id}/unpublish` }) },
  // Published and public: its audience is anyone authenticated.
  getPublishedContentSite: { needs: 'anyone', call: () => ({ path: `${SITE()}/published` }) },
  getSiteStructure: { needs: view('site'), call: () => ({ path: `${SITE()}/structure` }) },
  sortSiteStructure: {
    needs: cap('site', 'create'),
    call: () => ({ path: `${SITE()}/structure/sort`, body: { item: { type: 'site-section', id: f.section }, position: { after: { type: 'site-section', id: f.section0 } } } }),
  },
  getSiteAdaptiveSchema: { needs: cap('site', 'viewAdaptiveSchema'), call: () => ({ path: `${SITE()}/adaptive-schema` }) },
  updateSiteAdaptiveSchema: {
    needs: cap('site', 'editAdaptiveSchema'),
    call: () => ({ path: `${SITE()}/adaptive-schema`, body: { jsonSchema: { type: 'object', properties: { isAdmin: { type: 'boolean', description: 'Admin' } }, additionalProperties: false } } }),
  },
  listSiteAdaptiveTemplateConditions: { needs: cap('site', 'viewAdaptiveSchema'), call: () => ({ path: `${SITE()}/adaptive-schema/template-conditions` }) },
  createSiteVisitorToken: { needs: cap('site', 'admin'), call: () => ({ path: `${SITE()}/visitor-tokens`, body: { claims: { isAdmin: true } } }) },
  listSiteSections: { needs: view('site'), call: () => ({ path: `${SITE()}/sections` }) },
  addSectionToSite: { needs: cap('site', 'create'), call: async () => ({ path: `${SITE()}/sections`, body: { spaceId: await fresh.space(), title: `Section ${++counter}` } }) },
  updateSiteSectionById: { needs: cap('site', 'create'), call: () => ({ path: `${SITE()}/sections/${f.section}`, body: { description: 'Reference' } }) },
  deleteSiteSectionById: {
    needs: cap('site', 'create'),
    call: async () => ({ path: `${SITE()}/sections/${(await as('POST', `${SITE()}/sections`, { spaceId: await fresh.space(), title: `Doomed ${++counter}` })).id}` }),
  },
  moveSiteSection: { needs: cap('site', 'create'), call: () => ({ path: `${SITE()}/sections/${f.section}/move`, body: { position: { after: { type: 'site-section', siteSection: f.section0 } } } }) },
  listSiteSpaces: { needs: view('site'), call: () => ({ path: `${SITE()}/site-spaces` }) },
  addSpaceToSite: { needs: cap('site', 'create'), call: async () => ({ path: `${SITE()}/site-spaces`, body: { spaceId: await fresh.space(), sectionId: f.section } }) },
  updateSiteSpaceById: { needs: cap('site', 'create'), call: () => ({ path: `${SITE()}/site-spaces/${f.siteSpace}`, body: { path: 'matrix' } }) },
  deleteSiteSpaceById: {
    needs: cap('site', 'create'),
    call: async () => ({ path: `${SITE()}/site-spaces/${(await as('POST', `${SITE()}/site-spaces`, { spaceId: await fresh.space(), sectionId: f.section })).id}` }),
  },
  moveSiteSpace: {
    needs: cap('site', 'create'),
    call: async () => {
      const extra = (await as('POST', `${SITE()}/site-spaces`, { spaceId: await fresh.space(), sectionId: f.section0 })).id
      return { path: `${SITE()}/site-spaces/${extra}/move`, body: { position: { before: { type: 'site-space', siteSpace: f.siteSpace } } } }
    },
  },
  listSiteSectionGroups: { needs: view('site'), call: () => ({ path: `${SITE()}/section-groups` }) },
  addSectionGroupToSite: { needs: cap('site', 'create'), call: () => ({ path: `${SITE()}/section-groups`, body: { title: `Group ${++counter}` } }) },
  updateSiteSectionGroupById: { needs: cap('site', 'create'), call: () => ({ path: `${SITE()}/section-groups/${f.group}`, body: { title: 'Group' } }) },
  deleteSiteSectionGroupById: { needs: cap('site', 'create'), call: async () => ({ path: `${SITE()}/section-groups/${(await as('POST', `${SITE()}/section-groups`, { title: 'Doomed' })).id}` }) },
  addSectionToSiteSectionGroup: {
    needs: cap('site', 'create'),
    call: async () => ({ path: `${SITE()}/section-groups/${f.group}/sections`, body: { sectionId: (await as('POST', `${SITE()}/sections`, { spaceId: await fresh.space(), title: `Grouped ${++counter}` })).id } }),
  },
  removeSectionFromSiteSectionGroup: {
    needs: cap('site', 'create'),
    call: async () => {
      const section = (await as('POST', `${SITE()}/sections`, { spaceId: await fresh.space(), title: `Ungrouped ${++counter}` })).id
      await as('POST', `${SITE()}/section-groups/${f.group}/sections`, { sectionId: section })
      return { path: `${SITE()}/section-groups/${f.group}/sections/${section}` }
    },
  },
  moveSiteSectionGroup: { needs: cap('site', 'create'), call: () => ({ path: `${SITE()}/section-groups/${f.group}/move`, body: { position: { before: { type: 'site-section', id: f.section0 } } } }) },
  listSiteShareLinks: { needs: cap('site', 'admin'), call: () => ({ path: `${SITE()}/share-links` }) },
  createSiteShareLink: { needs: cap('site', 'admin'), call: () => ({ path: `${SITE()}/share-links`, body: { name: 'New link' } }) },
  updateSiteShareLinkById: { needs: cap('site', 'admin'), call: () => ({ path: `${SITE()}/share-links/${f.link}`, body: { name: 'Matrix' } }) },
  deleteSiteShareLinkById: { needs: cap('site', 'admin'), call: async () => ({ path: `${SITE()}/share-links/${(await as('POST', `${SITE()}/share-links`, { name: 'Doomed' })).id}` }) },

  // Integrations (private, owned by the organization): members read it, admins manage it; an installation is seen
  // only by those who manage it.
  listIntegrations: { needs: 'anyone', call: () => ({ path: '/integrations' }) },
  getIntegrationByName: { needs: view('integration'), call: () => ({ path: INT() }) },
  publishIntegration: {
    needs: cap('organization', 'admin'),
    call: () => ({ path: `/integrations/published-${++counter}`, body: { organization: org, title: 'Published', description: 'New', scopes: [], visibility: 'private', script: 'export default {}' } }),
  },
  unpublishIntegration: { needs: cap('integration', 'admin'), call: async () => ({ path: `/integrations/${await freshIntegration()}` }) },
  listIntegrationInstallations: { needs: view('integration'), call: () => ({ path: `${INT()}/installations` }) },
  installIntegration: { needs: cap('organization', 'installIntegration', 'integration'), call: async () => ({ path: `/integrations/${await freshIntegration()}/installations`, body: { organization: org } }) },
  getIntegrationInstallationById: { needs: hidden('organization', 'admin'), call: () => ({ path: `${INT()}/installations/${f.installation}` }) },
  updateIntegrationInstallation: { needs: hidden('organization', 'admin'), call: () => ({ path: `${INT()}/installations/${f.installation}`, body: { externalIds: ['matrix'] } }) },
  uninstallIntegration: {
    needs: hidden('organization', 'admin'),
    call: async () => {
      const name = await freshIntegration()
      return { path: `/integrations/${name}/installations/${(await as('POST', `/integrations/${name}/installations`, { organization: org })).id}` }
    },
  },
  installIntegrationOnSpace: { needs: hidden('organization', 'admin'), call: async () => ({ path: `${INT()}/installations/${f.installation}/spaces`, body: { space: await fresh.space() } }) },
  uninstallIntegrationFromSpace: {
    needs: hidden('organization', 'admin'),
    call: async () => {
      const space = await fresh.space()
      await as('POST', `${INT()}/installations/${f.installation}/spaces`, { space })
      return { path: `${INT()}/installations/${f.installation}/spaces/${space}` }
    },
  },
  installIntegrationOnSite: { needs: hidden('organization', 'admin'), call: async () => ({ path: `${INT()}/installations/${f.installation}/sites`, body: { siteId: (await as('POST', `/orgs/${org}/sites`, { title: 'Integrated' })).id } }) },
  uninstallIntegrationFromSite: {
    needs: hidden('organization', 'admin'),
    call: async () => {
      const site = (await as('POST', `/orgs/${org}/sites`, { title: 'Integrated' })).id
      await as('POST', `${INT()}/installations/${f.installation}/sites`, { siteId: site })
      return { path: `${INT()}/installations/${f.installation}/sites/${site}` }
    },
  },
  listIntegrationSpaceInstallations: { needs: cap('integration', 'admin'), call: () => ({ path: `${INT()}/spaces` }) },
  listIntegrationSiteInstallations: { needs: cap('integration', 'admin'), call: () => ({ path: `${INT()}/sites` }) },
  listIntegrationEvents: { needs: cap('integration', 'admin'), call: () => ({ path: `${INT()}/events` }) },
  getIntegrationEvent: { needs: cap('integration', 'admin'), call: () => ({ path: `${INT()}/events/${f.event}` }) },
  setIntegrationDevelopmentMode: { needs: cap('integration', 'admin'), call: () => ({ path: `${INT()}/dev`, body: { tunnelUrl: endpoint.url, all: false } }) },
  disableIntegrationDevelopmentMode: { needs: cap('integration', 'admin'), call: () => ({ path: `${INT()}/dev` }) },
  renderIntegrationUIWithGet: {
    needs: view('integration'),
    call: () => ({ path: `${INT()}/render?request=${compressToEncodedURIComponent(JSON.stringify({ componentId: 'block', props: {}, context: { type: 'document', theme: 'light' } }))}` }),
  },
}

function commentEntries(where: 'Space' | 'ChangeRequest', thread: () => string): Record<string, Entry> {
  const comment = () => (where === 'Space' ? f.comment : f.crComment)
  const reply = () => (where === 'Space' ? f.reply : f.crReply)
  return {
    [`listCommentsIn${where}`]: { needs: view('space'), call: () => ({ path: `${thread()}/comments` }) },
    [`postCommentIn${where}`]: { needs: cap('space', 'comment'), call: () => ({ path: `${thread()}/comments`, body: { body: { markdown: 'Hi' } } }) },
    [`getCommentIn${where}`]: { needs: view('space'), call: () => ({ path: `${thread()}/comments/${comment()}` }) },
    [`updateCommentIn${where}`]: { needs: cap('space', 'comment'), call: () => ({ path: `${thread()}/comments/${comment()}`, body: { addedReactions: ['👍'] } }) },
    [`deleteCommentIn${where}`]: { needs: cap('space', 'admin'), call: async () => ({ path: `${thread()}/comments/${await fresh.comment(thread())}` }) },
    [`listCommentRepliesIn${where}`]: { needs: view('space'), call: () => ({ path: `${thread()}/comments/${comment()}/replies` }) },
    [`postCommentReplyIn${where}`]: { needs: cap('space', 'comment'), call: () => ({ path: `${thread()}/comments/${comment()}/replies`, body: { body: { markdown: 'Hi' } } }) },
    [`getCommentReplyIn${where}`]: { needs: view('space'), call: () => ({ path: `${thread()}/comments/${comment()}/replies/${reply()}` }) },
    [`updateCommentReplyIn${where}`]: { needs: cap('space', 'comment'), call: () => ({ path: `${thread()}/comments/${comment()}/replies/${reply()}`, body: { addedReactions: ['👍'] } }) },
    [`deleteCommentReplyIn${where}`]: { needs: cap('space', 'admin'), call: async () => ({ path: `${thread()}/comments/${comment()}/replies/${await fresh.reply(thread(), comment())}` }) },
    [`listCommentersIn${where}`]: { needs: view('space'), call: () => ({ path: `${thread()}/commenters` }) },
  }
}

describe('the permission matrix', () => {
  it('has an entry for every operation of the table (and none for operations that do not exist)', () => {
    const ids = operations.map((op) => op.id)
    expect(ids.filter((id) => !MATRIX[id]), 'operations without a matrix entry').toEqual([])
    expect(Object.keys(MATRIX).filter((id) => !ids.includes(id)), 'entries for unknown operations').toEqual([])
  })

  it('derives the lowest role from the capability table', () => {
    expect(expected(cap('space', 'edit'), 'comment', 200)).toBe(403)
    expect(expected(cap('space', 'edit'), 'edit', 200)).toBe(200)
    expect(expected(cap('space', 'edit'), 'guest', 200)).toBe(404)
    expect(expected(cap('organization', 'listMembers'), 'guest', 200)).toBe(403)
    expect(expected(view('organization'), 'non-member', 200)).toBe(404)
  })

  for (const op of operations) {
    const entry = MATRIX[op.id]
    if (!entry) continue
    it(`${op.id} answers each role as documented`, async () => {
      const answers: Record<string, string> = {}
      const wanted: Record<string, string> = {}
      for (const name of CALLERS) {
        const caller = callers[name]
        const call = await entry.call(caller)
        const res = await server.request(op.method, `/v1${call.path}`, { body: call.body, token: caller.token })
        const want = expected(entry.needs, name, entry.success ?? op.success)
        answers[name] = String(res.status) + (res.status !== want && res.status >= 400 ? ` ${res.body?.error?.message}` : '')
        wanted[name] = String(want)
        if (res.status >= 400) expect(res.body, `${op.id} as ${name}: error body`).toEqual({ error: { code: res.status, message: expect.any(String) } })
      }
      expect(answers).toEqual(wanted)
    })
  }
})
