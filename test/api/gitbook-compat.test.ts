/**
 * Compatibility with GitBook's public API (`@gitbook/api`): every docsctl operation whose operationId GitBook also
 * has is called with realistic data, and its response must validate against the success schema GitBook declares
 * (and answer the status GitBook declares). The list of operations is derived from the operation table, so a new
 * shared operation without a scenario here fails the suite. GitBook's own client must work too.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import Ajv2020 from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { ChangeRequestReviewStatus, GitBookAPI, MemberRole, TeamMemberRole, TranslationLanguage } from '@gitbook/api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operations } from '../../src/api/index'
import { useTestServer } from '../support/server'
import { makeRepository, settledGitJobs } from '../support/git'
import { PETSTORE, processedSpec } from '../support/openapi'
import { startFixtureServer, type FixtureServer } from '../support/http-fixture'
import { latestEvent } from '../support/integrations'
import { compressToEncodedURIComponent } from 'lz-string'

const require = createRequire(import.meta.url)
const spec = JSON.parse(readFileSync(require.resolve('@gitbook/api/spec/openapi.json'), 'utf8'))

/** GitBook's operations by operationId: method, path, declared success status and where its body schema is. */
const gitbookOperations = new Map<string, { method: string; path: string; status: string; statuses: string[]; schemaRef?: string }>()
for (const [path, item] of Object.entries<any>(spec.paths)) {
  for (const [method, op] of Object.entries<any>(item)) {
    if (!op?.operationId) continue
    // Some operations declare several successes (a DELETE: 204 "did not exist", 205 "deleted", 202 "requested").
    const statuses = Object.keys(op.responses ?? {}).filter((code) => /^2\d\d$/.test(code))
    const status = statuses[0] ?? '200'
    // The response is inline or a $ref to components.responses; the schema is addressed in the document either way.
    const response = op.responses?.[status]
    const responsePointer = response?.$ref ?? `#/paths/${pointer(path)}/${method}/responses/${status}`
    const resolved = response?.$ref ? resolvePointer(response.$ref) : response
    const schemaRef = resolved?.content?.['application/json']?.schema ? `gitbook${responsePointer}/content/application~1json/schema` : undefined
    gitbookOperations.set(op.operationId, { method: method.toUpperCase(), path, status, statuses: statuses.length ? statuses : ['200'], schemaRef })
  }
}

function pointer(segment: string) {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1')
}

function resolvePointer(ref: string): any {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((node: any, key) => node?.[key], spec)
}

const ajv = new (Ajv2020 as any)({ strict: false, allErrors: true, validateFormats: true })
;((addFormats as any).default ?? addFormats)(ajv)
// GitBook's own formats: `emoji` (an emoji character) and `icon` (an icon name) carry no checkable definition.
ajv.addFormat('emoji', true)
ajv.addFormat('icon', true)
ajv.addSchema({ ...spec, $id: 'gitbook' }, 'gitbook')

const validators = new Map<string, any>()
function validatorFor(operationId: string) {
  const gitbook = gitbookOperations.get(operationId)!
  if (!gitbook.schemaRef) return undefined
  if (!validators.has(operationId)) validators.set(operationId, ajv.compile({ $ref: gitbook.schemaRef }))
  return validators.get(operationId)
}

function validate(operationId: string, status: number, body: unknown) {
  const gitbook = gitbookOperations.get(operationId)!
  expect(gitbook.statuses, `${operationId} status ${status}`).toContain(String(status))
  const check = validatorFor(operationId)
  if (!check) return
  const valid = check(body)
  expect(valid ? [] : check.errors, `${operationId} response against GitBook's schema`).toEqual([])
}

const server = useTestServer({ beforeAll, afterAll })
let org: string
beforeAll(() => void (org = server.organizationId))

type Scenario = () => Promise<{ status: number; body: unknown }>

/** One scenario per shared operation, each with realistic data. */
const scenarios: Record<string, Scenario> = {
  getApiInformation: () => server.request('GET', '/v1/'),
  getAuthenticatedUser: () => server.request('GET', '/v1/user'),
  listOrganizationsForAuthenticatedUser: async () => {
    await richOrganization()
    return server.request('GET', '/v1/orgs')
  },
  createOrganization: () => server.request('POST', '/v1/orgs', { body: { title: 'Second Org', emailDomains: ['second.io'] } }),
  getOrganizationById: async () => server.request('GET', `/v1/orgs/${await richOrganization()}`),
  updateOrganizationById: () =>
    server.request('PATCH', `/v1/orgs/${org}`, {
      body: { hostname: 'compat-org', emailDomains: ['compat.io'], logo: 'https://compat.io/logo.png', defaultContent: { type: 'site', site: 's1' } },
    }),
  getOrganizationsForEmailDomain: async () => {
    await richOrganization()
    const res = await server.request('GET', '/v1/email-domains/compat.io/orgs')
    expect(res.body.organizations.map((o: any) => o.id)).toContain(org)
    return res
  },
  listMembersInOrganizationById: async () => {
    await server.addUser('comment')
    const res = await server.request('GET', `/v1/orgs/${org}/members`)
    expect(res.body.items.length).toBeGreaterThan(1)
    return res
  },
  getMemberInOrganizationById: () => server.request('GET', `/v1/orgs/${org}/members/${server.userId}`),
  updateMemberInOrganizationById: async () => {
    const member = await server.addUser('read')
    return server.request('PATCH', `/v1/orgs/${org}/members/${member.userId}`, { body: { role: 'edit' } })
  },
  inviteUsersToOrganization: () => server.request('POST', `/v1/orgs/${org}/invites`, { body: { emails: ['invitee@compat.io'], role: 'comment' } }),
  createCollection: () => server.request('POST', `/v1/orgs/${org}/collections`, { body: { title: 'Guides', description: 'How-to guides' } }),
  listCollectionsInOrganizationById: async () => {
    await nestedCollection()
    return server.request('GET', `/v1/orgs/${org}/collections`)
  },
  getCollectionById: async () => {
    const nested = await server.request('GET', `/v1/collections/${(await nestedCollection()).id}`)
    validate('getCollectionById', nested.status, nested.body)
    return server.request('GET', `/v1/collections/${(await collection()).id}`)
  },
  updateCollectionById: async () =>
    server.request('PATCH', `/v1/collections/${(await collection()).id}`, { body: { description: 'Updated', defaultLevel: 'comment' } }),
  listSpacesInCollectionById: async () => {
    const c = await collection()
    await server.request('POST', `/v1/orgs/${org}/spaces`, { body: { title: 'Nested', parent: c.id, visibility: 'in-collection', emoji: '📁' } })
    await space()
    const res = await server.request('GET', `/v1/collections/${c.id}/spaces`)
    expect(res.body.items.length).toBeGreaterThan(1)
    return res
  },
  moveCollection: async () => {
    const parent = await collection()
    const child = (await server.request('POST', `/v1/orgs/${org}/collections`, { body: { title: 'Child' } })).body
    return server.request('POST', `/v1/collections/${child.id}/move`, { body: { parent: parent.id } })
  },
  transferCollection: async () => {
    const target = (await server.request('POST', '/v1/orgs', { body: { title: 'Target Org' } })).body
    const c = (await server.request('POST', `/v1/orgs/${org}/collections`, { body: { title: 'Leaving', description: 'Moves away' } })).body
    return server.request('POST', `/v1/collections/${c.id}/transfer`, { body: { organization: target.id } })
  },
  createSpace: () => server.request('POST', `/v1/orgs/${org}/spaces`, { body: { title: 'Handbook', emoji: '📘', language: 'en' } }),
  listSpacesInOrganizationById: async () => {
    const kinds = await spaceKinds()
    const res = await server.request('GET', `/v1/orgs/${org}/spaces?limit=1000`)
    expect(res.body.items.map((s: any) => s.id)).toEqual(expect.arrayContaining(kinds.map((s) => s.id)))
    return res
  },
  getSpaceById: async () => {
    for (const kind of await spaceKinds()) {
      const res = await server.request('GET', `/v1/spaces/${kind.id}`)
      validate('getSpaceById', res.status, res.body)
    }
    return server.request('GET', `/v1/spaces/${(await space()).id}`)
  },
  updateSpaceById: async () =>
    server.request('PATCH', `/v1/spaces/${(await space()).id}`, { body: { title: 'Renamed', editMode: 'locked', defaultLevel: 'read', emoji: '🧫' } }),
  duplicateSpace: async () => server.request('POST', `/v1/spaces/${(await space()).id}/duplicate`),
  restoreSpace: async () => {
    const s = (await server.request('POST', `/v1/orgs/${org}/spaces`, { body: { title: 'Deleted', emoji: '🗑️', language: 'es' } })).body
    await server.request('DELETE', `/v1/spaces/${s.id}`)
    return server.request('POST', `/v1/spaces/${s.id}/restore`)
  },
  deleteSpaceById: async () => server.request('DELETE', `/v1/spaces/${(await server.request('POST', `/v1/orgs/${org}/spaces`, { body: {} })).body.id}`),
  deleteCollectionById: async () => server.request('DELETE', `/v1/collections/${(await server.request('POST', `/v1/orgs/${org}/collections`, { body: {} })).body.id}`),
  createChangeRequest: async () => server.request('POST', `/v1/spaces/${(await withContent()).space.id}/change-requests`, { body: { subject: 'Compat' } }),
  listChangeRequestsForSpace: async () => server.request('GET', `/v1/spaces/${(await withContent()).space.id}/change-requests`),
  getChangeRequestById: async () => {
    const c = await withContent()
    return server.request('GET', `/v1/spaces/${c.space.id}/change-requests/${c.cr.number}`)
  },
  updateChangeRequestById: async () => {
    const c = await withContent()
    return server.request('PATCH', `/v1/spaces/${c.space.id}/change-requests/${c.cr.id}`, { body: { subject: 'Renamed' } })
  },
  updateChangeRequestContent: async () => {
    const c = await withContent()
    return server.request('POST', `/v1/spaces/${c.space.id}/change-requests/${c.cr.id}/content`, {
      body: { changes: [{ operation: 'update_page', page: c.page, document: { markdown: '# Introduction\n\nHello again.\n' } }] },
    })
  },
  mergeChangeRequest: async () => {
    const s = (await server.request('POST', `/v1/orgs/${org}/spaces`, { body: { title: 'Merge target' } })).body
    const cr = (await server.request('POST', `/v1/spaces/${s.id}/change-requests`, { body: {} })).body
    await server.request('POST', `/v1/spaces/${s.id}/change-requests/${cr.id}/content`, { body: { changes: [{ operation: 'insert_page', title: 'New', document: { markdown: 'x\n' } }] } })
    return server.request('POST', `/v1/spaces/${s.id}/change-requests/${cr.id}/merge`)
  },
  updateChangeRequest: async () => {
    const c = await withContent()
    return server.request('POST', `/v1/spaces/${c.space.id}/change-requests/${c.cr.id}/update`)
  },
  getRevisionOfChangeRequestById: async () => {
    const c = await withContent()
    return server.request('GET', `/v1/spaces/${c.space.id}/change-requests/${c.cr.id}/content`)
  },
  listPagesInChangeRequest: async () => {
    const c = await withContent()
    return server.request('GET', `/v1/spaces/${c.space.id}/change-requests/${c.cr.id}/content/pages`)
  },
  getPageInChangeRequestById: async () => {
    const c = await withContent()
    return server.request('GET', `/v1/spaces/${c.space.id}/change-requests/${c.cr.id}/content/page/${c.page}`)
  },
  getCurrentRevision: async () => server.request('GET', `/v1/spaces/${(await withContent()).space.id}/content`),
  listPages: async () => server.request('GET', `/v1/spaces/${(await withContent()).space.id}/content/pages`),
  getPageById: async () => {
    const c = await withContent()
    const asMarkdown = await server.request('GET', `/v1/spaces/${c.space.id}/content/page/${c.child}`)
    validate('getPageById', asMarkdown.status, asMarkdown.body)
    return server.request('GET', `/v1/spaces/${c.space.id}/content/page/${c.page}?format=document`)
  },
  getPageByPath: async () => server.request('GET', `/v1/spaces/${(await withContent()).space.id}/content/path/${encodeURIComponent('introduction/details')}`),
  getRevisionById: async () => {
    const c = await withContent()
    return server.request('GET', `/v1/spaces/${c.space.id}/revisions/${c.revision}`)
  },
  listPagesInRevisionById: async () => {
    const c = await withContent()
    return server.request('GET', `/v1/spaces/${c.space.id}/revisions/${c.revision}/pages`)
  },
  getPageInRevisionById: async () => {
    const c = await withContent()
    return server.request('GET', `/v1/spaces/${c.space.id}/revisions/${c.revision}/page/${c.page}`)
  },
  getPageInRevisionByPath: async () => {
    const c = await withContent()
    return server.request('GET', `/v1/spaces/${c.space.id}/revisions/${c.revision}/path/introduction`)
  },
  getChangeRequestPDF: async () => {
    const c = await withContent()
    return server.request('GET', `/v1/spaces/${c.space.id}/change-requests/${c.cr.id}/pdf`)
  },
  listOpenAPISpecs: async () => {
    await withSpec()
    await server.request('POST', `/v1/orgs/${org}/openapi`, { body: { slug: 'compat-failing', source: { text: 'not: openapi' } } })
    await processedSpec(server, org, 'compat-failing')
    return server.request('GET', `/v1/orgs/${org}/openapi`)
  },
  createOpenAPISpec: () => server.request('POST', `/v1/orgs/${org}/openapi`, { body: { slug: 'compat-created', source: { url: 'https://example.com/openapi.yaml' } } }),
  getOpenAPISpecBySlug: async () => server.request('GET', `/v1/orgs/${org}/openapi/${(await withSpec()).slug}`),
  createOrUpdateOpenAPISpecBySlug: () => server.request('PUT', `/v1/orgs/${org}/openapi/compat-put`, { body: { source: { text: PETSTORE } } }),
  updateOpenAPISpecBySlug: async () => server.request('PATCH', `/v1/orgs/${org}/openapi/${(await withSpec()).slug}`, { body: { visibility: 'public' } }),
  deleteOpenAPISpecBySlug: async () => {
    await server.request('PUT', `/v1/orgs/${org}/openapi/compat-doomed`, { body: { source: { text: PETSTORE } } })
    return server.request('DELETE', `/v1/orgs/${org}/openapi/compat-doomed`)
  },
  listOpenAPISpecVersions: async () => {
    const res = await server.request('GET', `/v1/orgs/${org}/openapi/${(await withSpec()).slug}/versions`)
    expect(res.body.items).toHaveLength(2)
    return res
  },
  getLatestOpenAPISpecVersion: async () => server.request('GET', `/v1/orgs/${org}/openapi/${(await withSpec()).slug}/versions/latest`),
  getLatestOpenAPISpecVersionContent: async () => server.request('GET', `/v1/orgs/${org}/openapi/${(await withSpec()).slug}/versions/latest/content`),
  getOpenAPISpecVersionById: async () => {
    const spec = await withSpec()
    return server.request('GET', `/v1/orgs/${org}/openapi/${spec.slug}/versions/${spec.first}`)
  },
  getOpenAPISpecVersionContentById: async () => {
    const spec = await withSpec()
    return server.request('GET', `/v1/orgs/${org}/openapi/${spec.slug}/versions/${spec.first}/content`)
  },
  listTranslations: async () => {
    await withTranslation()
    return server.request('GET', `/v1/orgs/${org}/translations`)
  },
  createTranslation: async () => {
    const c = await withContent()
    return server.request('POST', `/v1/orgs/${org}/translations`, { body: { language: 'ja', source: { space: c.space.id, language: 'en' } } })
  },
  getTranslation: async () => server.request('GET', `/v1/orgs/${org}/translations/${await withTranslation()}`),
  updateTranslation: async () =>
    server.request('PUT', `/v1/orgs/${org}/translations/${await withTranslation()}`, {
      body: { instructions: { object: 'document', data: { schemaVersion: 1 }, nodes: [{ object: 'block', type: 'paragraph', data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Formal tone.', marks: [] }] }] }] } },
    }),
  deleteTranslation: () => server.request('DELETE', `/v1/orgs/${org}/translations/never-existed`),
  runTranslation: async () => server.request('POST', `/v1/orgs/${org}/translations/${await withTranslation()}/run`),
  listIntegrations: async () => {
    await withIntegration()
    return server.request('GET', '/v1/integrations?owner=' + org)
  },
  getIntegrationByName: async () => server.request('GET', `/v1/integrations/${(await withIntegration()).name}`),
  publishIntegration: async () => server.request('POST', '/v1/integrations/compat-published', { body: { ...(await integrationBody()), secrets: { KEY: 'v' } } }),
  unpublishIntegration: async () => {
    await server.request('POST', '/v1/integrations/compat-doomed', { body: await integrationBody() })
    return server.request('DELETE', '/v1/integrations/compat-doomed')
  },
  listIntegrationInstallations: async () => server.request('GET', `/v1/integrations/${(await withIntegration()).name}/installations`),
  installIntegration: async () => {
    await server.request('POST', '/v1/integrations/compat-install', { body: await integrationBody() })
    return server.request('POST', '/v1/integrations/compat-install/installations', { body: { organization: org } })
  },
  getIntegrationInstallationById: async () => {
    const i = await withIntegration()
    return server.request('GET', `/v1/integrations/${i.name}/installations/${i.installation}`)
  },
  updateIntegrationInstallation: async () => {
    const i = await withIntegration()
    return server.request('PATCH', `/v1/integrations/${i.name}/installations/${i.installation}`, { body: { configuration: { key: 'value' }, externalIds: ['compat'] } })
  },
  uninstallIntegration: async () => {
    await server.request('POST', '/v1/integrations/compat-uninstall', { body: await integrationBody() })
    const installation = (await server.request('POST', '/v1/integrations/compat-uninstall/installations', { body: { organization: org } })).body
    return server.request('DELETE', `/v1/integrations/compat-uninstall/installations/${installation.id}`)
  },
  installIntegrationOnSpace: async () => {
    const i = await withIntegration()
    const space = (await server.request('POST', `/v1/orgs/${org}/spaces`, { body: { title: 'Compat integration space' } })).body
    return server.request('POST', `/v1/integrations/${i.name}/installations/${i.installation}/spaces`, { body: { space: space.id } })
  },
  uninstallIntegrationFromSpace: async () => {
    const i = await withIntegration()
    return server.request('DELETE', `/v1/integrations/${i.name}/installations/${i.installation}/spaces/${i.space}`)
  },
  installIntegrationOnSite: async () => {
    const i = await withIntegration()
    const site = (await server.request('POST', `/v1/orgs/${org}/sites`, { body: { title: 'Compat integration site' } })).body
    return server.request('POST', `/v1/integrations/${i.name}/installations/${i.installation}/sites`, { body: { siteId: site.id } })
  },
  uninstallIntegrationFromSite: async () => {
    const i = await withIntegration()
    return server.request('DELETE', `/v1/integrations/${i.name}/installations/${i.installation}/sites/${i.site}`)
  },
  listIntegrationSpaceInstallations: async () => {
    const i = await withIntegration()
    const res = await server.request('GET', `/v1/integrations/${i.name}/spaces?extended=true`)
    expect(res.body.items.length).toBeGreaterThan(0)
    return res
  },
  listIntegrationSiteInstallations: async () => {
    const i = await withIntegration()
    const res = await server.request('GET', `/v1/integrations/${i.name}/sites`)
    expect(res.body.items.length).toBeGreaterThan(0)
    return res
  },
  listIntegrationEvents: async () => {
    const i = await withIntegration()
    return server.request('GET', `/v1/integrations/${i.name}/events?limit=3`)
  },
  getIntegrationEvent: async () => {
    const i = await withIntegration()
    return server.request('GET', `/v1/integrations/${i.name}/events/${i.event}`)
  },
  setIntegrationDevelopmentMode: async () => server.request('PUT', `/v1/integrations/${(await withIntegration()).name}/dev`, { body: { tunnelUrl: 'https://tunnel.example.com', all: false } }),
  disableIntegrationDevelopmentMode: async () => server.request('DELETE', `/v1/integrations/${(await withIntegration()).name}/dev`),
  renderIntegrationUIWithGet: async () => {
    const i = await withIntegration()
    const request = compressToEncodedURIComponent(JSON.stringify({ componentId: 'chart', props: {}, context: { type: 'document', theme: 'light' } }))
    return server.request('GET', `/v1/integrations/${i.name}/render?request=${request}`)
  },
  importGitRepository: async () => {
    const s = (await server.request('POST', `/v1/orgs/${org}/spaces`, { body: { title: 'Git target' } })).body
    return server.request('POST', `/v1/spaces/${s.id}/git/import`, { body: { url: '/nonexistent/repo', ref: 'refs/heads/main' } })
  },
  exportToGitRepository: async () => {
    const s = (await server.request('POST', `/v1/orgs/${org}/spaces`, { body: { title: 'Git export' } })).body
    return server.request('POST', `/v1/spaces/${s.id}/git/export`, { body: { url: makeRepository({ 'README.md': '# Home\n' }), ref: 'refs/heads/export', commitMessage: 'Export' } })
  },
  getSpaceGitInfo: async () => {
    const s = (await server.request('POST', `/v1/orgs/${org}/spaces`, { body: { title: 'Git info' } })).body
    await server.request('POST', `/v1/spaces/${s.id}/git/import`, { body: { url: makeRepository({ 'README.md': '# Home\n' }), ref: 'refs/heads/main' } })
    await settledGitJobs((method, path) => server.request(method, path), s.id, 1)
    return server.request('GET', `/v1/spaces/${s.id}/git/info`)
  },
  listFiles: async () => server.request('GET', `/v1/spaces/${(await withContent()).space.id}/content/files`),
  getFileById: async () => {
    const c = await withContent()
    return server.request('GET', `/v1/spaces/${c.space.id}/content/files/${c.file}`)
  },
  listFilesInRevisionById: async () => {
    const c = await withContent()
    return server.request('GET', `/v1/spaces/${c.space.id}/revisions/${c.revision}/files`)
  },
  getFileInRevisionById: async () => {
    const c = await withContent()
    return server.request('GET', `/v1/spaces/${c.space.id}/revisions/${c.revision}/files/${c.file}`)
  },
  listFilesInChangeRequestById: async () => {
    const c = await withContent()
    return server.request('GET', `/v1/spaces/${c.space.id}/change-requests/${c.cr.id}/content/files`)
  },
  getFileInChangeRequestById: async () => {
    const c = await withContent()
    return server.request('GET', `/v1/spaces/${c.space.id}/change-requests/${c.cr.id}/content/files/${c.file}`)
  },
  searchSpaceContent: async () => {
    const c = await withContent()
    const res = await server.request('GET', `/v1/spaces/${c.space.id}/search?query=steps`)
    expect(res.body.items.length).toBe(1)
    return res
  },
  searchOrganizationContent: async () => {
    await withContent()
    const res = await server.request('GET', `/v1/orgs/${org}/search?query=introduction`)
    expect(res.body.items.length).toBeGreaterThan(0)
    return res
  },
  getReusableContentById: async () => {
    const c = await withIncludes()
    return server.request('GET', `/v1/spaces/${c.space.id}/content/reusable-contents/${c.reusable}`)
  },
  getReusableContentInRevisionById: async () => {
    const c = await withIncludes()
    return server.request('GET', `/v1/spaces/${c.space.id}/revisions/${c.revision}/reusable-contents/${c.reusable}`)
  },
  getReusableContentInChangeRequestById: async () => {
    const c = await withIncludes()
    return server.request('GET', `/v1/spaces/${c.space.id}/change-requests/${c.cr.id}/content/reusable-contents/${c.reusable}`)
  },
  listCommentsInSpace: async () => {
    const d = await discussion()
    const res = await server.request('GET', `${d.space}/comments?limit=1000`)
    expect(res.body.items.map((c: any) => c.status).sort()).toEqual(['open', 'resolved'])
    return res
  },
  postCommentInSpace: async () => server.request('POST', `${(await discussion()).space}/comments`, { body: { body: { markdown: 'On the intro' }, page: (await withContent()).page, node: 'steps' } }),
  getCommentInSpace: async () => {
    const d = await discussion()
    const asDocument = await server.request('GET', `${d.space}/comments/${d.comment}?format=document`)
    validate('getCommentInSpace', asDocument.status, asDocument.body)
    return server.request('GET', `${d.space}/comments/${d.comment}`)
  },
  updateCommentInSpace: async () => {
    const d = await discussion()
    return server.request('PUT', `${d.space}/comments/${d.comment}`, { body: { addedReactions: ['👍'], body: { markdown: 'Edited' } } })
  },
  deleteCommentInSpace: async () => {
    const d = await discussion()
    const comment = (await server.request('POST', `${d.space}/comments`, { body: { body: { markdown: 'Gone soon' } } })).body
    return server.request('DELETE', `${d.space}/comments/${comment.id}`)
  },
  listCommentRepliesInSpace: async () => {
    const d = await discussion()
    return server.request('GET', `${d.space}/comments/${d.comment}/replies`)
  },
  postCommentReplyInSpace: async () => server.request('POST', `${(await discussion()).space}/comments/${(await discussion()).comment}/replies`, { body: { body: { markdown: 'Agreed' } } }),
  getCommentReplyInSpace: async () => {
    const d = await discussion()
    return server.request('GET', `${d.space}/comments/${d.comment}/replies/${d.reply}`)
  },
  updateCommentReplyInSpace: async () => {
    const d = await discussion()
    return server.request('PUT', `${d.space}/comments/${d.comment}/replies/${d.reply}`, { body: { body: { markdown: 'Edited reply' }, addedReactions: ['🎉'] }, token: d.reviewerToken })
  },
  deleteCommentReplyInSpace: async () => {
    const d = await discussion()
    const reply = (await server.request('POST', `${d.space}/comments/${d.comment}/replies`, { body: { body: { markdown: 'Gone soon' } } })).body
    return server.request('DELETE', `${d.space}/comments/${d.comment}/replies/${reply.id}`)
  },
  listCommentersInSpace: async () => server.request('GET', `${(await discussion()).space}/commenters`),
  listCommentsInChangeRequest: async () => server.request('GET', `${(await discussion()).cr}/comments`),
  postCommentInChangeRequest: async () => server.request('POST', `${(await discussion()).cr}/comments`, { body: { body: { markdown: 'On the draft' }, page: (await withContent()).page } }),
  getCommentInChangeRequest: async () => {
    const d = await discussion()
    return server.request('GET', `${d.cr}/comments/${d.crComment}`)
  },
  updateCommentInChangeRequest: async () => {
    const d = await discussion()
    return server.request('PUT', `${d.cr}/comments/${d.crComment}`, { body: { resolved: true } })
  },
  deleteCommentInChangeRequest: async () => {
    const d = await discussion()
    const comment = (await server.request('POST', `${d.cr}/comments`, { body: { body: { markdown: 'Gone soon' } } })).body
    return server.request('DELETE', `${d.cr}/comments/${comment.id}`)
  },
  listCommentRepliesInChangeRequest: async () => {
    const d = await discussion()
    return server.request('GET', `${d.cr}/comments/${d.crComment}/replies`)
  },
  postCommentReplyInChangeRequest: async () => {
    const d = await discussion()
    return server.request('POST', `${d.cr}/comments/${d.crComment}/replies`, { body: { body: { markdown: 'Done' } } })
  },
  getCommentReplyInChangeRequest: async () => {
    const d = await discussion()
    return server.request('GET', `${d.cr}/comments/${d.crComment}/replies/${d.crReply}`)
  },
  updateCommentReplyInChangeRequest: async () => {
    const d = await discussion()
    return server.request('PUT', `${d.cr}/comments/${d.crComment}/replies/${d.crReply}`, { body: { addedReactions: ['✅'] } })
  },
  deleteCommentReplyInChangeRequest: async () => {
    const d = await discussion()
    const reply = (await server.request('POST', `${d.cr}/comments/${d.crComment}/replies`, { body: { body: { markdown: 'Gone soon' } } })).body
    return server.request('DELETE', `${d.cr}/comments/${d.crComment}/replies/${reply.id}`)
  },
  listCommentersInChangeRequest: async () => server.request('GET', `${(await discussion()).cr}/commenters`),
  submitChangeRequestReview: async () => server.request('POST', `${(await discussion()).cr}/reviews`, { body: { status: 'changes-requested', comment: { markdown: 'One more example, please.' } } }),
  getReviewsByChangeRequestId: async () => server.request('GET', `${(await discussion()).cr}/reviews`),
  getChangeRequestReviewById: async () => {
    const d = await discussion()
    return server.request('GET', `${d.cr}/reviews/${d.review}`)
  },
  requestReviewersForChangeRequest: async () => server.request('POST', `${(await discussion()).cr}/requested-reviewers`, { body: { users: [server.userId] } }),
  getRequestedReviewersByChangeRequestId: async () => server.request('GET', `${(await discussion()).cr}/requested-reviewers`),
  removeRequestedReviewerFromChangeRequest: async () => {
    const d = await discussion()
    return server.request('DELETE', `${d.cr}/requested-reviewers/${d.requested}`)
  },
  moveSpace: async () => {
    const res = await server.request('POST', `/v1/spaces/${(await space()).id}/move`, { body: { parent: (await nestedCollection()).id } })
    expect(res.body.parent).toBe((await nestedCollection()).id)
    return res
  },
  removeMemberFromOrganizationById: async () => server.request('DELETE', `/v1/orgs/${org}/members/${(await server.addUser('read')).userId}`),
  updateOrganizationMemberLastSeenAt: async () => {
    await server.request('POST', `/v1/orgs/${org}/spaces`, { body: { title: 'Members only', visibility: 'visitor-auth' } })
    const res = await server.request('POST', `/v1/orgs/${org}/ping`)
    expect(res.body.docsVisitorClaims).toEqual(expect.any(String))
    return res
  },
  setUserAsSSOMemberForOrganization: async () => server.request('POST', `/v1/orgs/${org}/members/${(await server.addUser('edit')).userId}/sso`),
  listSpacesForOrganizationMember: async () => {
    const { member } = await administration()
    const res = await server.request('GET', `/v1/orgs/${org}/members/${member}/spaces`)
    expect(res.body.items.length).toBeGreaterThan(0)
    return res
  },
  listTeamsForOrganizationMember: async () => {
    const { member } = await administration()
    const res = await server.request('GET', `/v1/orgs/${org}/members/${member}/teams`)
    expect(res.body.items.length).toBe(1)
    return res
  },
  listTeamsInOrganizationById: async () => {
    await administration()
    return server.request('GET', `/v1/orgs/${org}/teams`)
  },
  createOrganizationTeam: () => server.request('PUT', `/v1/orgs/${org}/teams`, { body: { title: 'Reviewers', members: [server.userId] } }),
  getTeamInOrganizationById: async () => server.request('GET', `/v1/orgs/${org}/teams/${(await administration()).team}`),
  updateTeamInOrganizationById: async () => server.request('PATCH', `/v1/orgs/${org}/teams/${(await administration()).team}`, { body: { title: 'Technical writers' } }),
  removeTeamFromOrganizationById: async () => server.request('DELETE', `/v1/orgs/${org}/teams/${(await server.request('PUT', `/v1/orgs/${org}/teams`, { body: { title: 'Short-lived' } })).body.id}`),
  listTeamMembersInOrganizationById: async () => server.request('GET', `/v1/orgs/${org}/teams/${(await administration()).team}/members`),
  updateMembersInOrganizationTeam: async () => server.request('PUT', `/v1/orgs/${org}/teams/${(await administration()).team}/members`, { body: { add: [server.userId], memberships: { [server.userId]: { role: 'owner' } } } }),
  addMemberToOrganizationTeamById: async () => server.request('PUT', `/v1/orgs/${org}/teams/${(await administration()).team}/members/${(await server.addUser('read')).userId}`, { body: { role: 'member' } }),
  deleteMemberFromOrganizationTeamById: async () => {
    const { team } = await administration()
    const leaving = await server.addUser('read')
    await server.request('PUT', `/v1/orgs/${org}/teams/${team}/members/${leaving.userId}`)
    return server.request('DELETE', `/v1/orgs/${org}/teams/${team}/members/${leaving.userId}`)
  },
  listOrganizationInviteLinks: async () => {
    await server.request('POST', `/v1/orgs/${org}/link-invites`, { body: { role: 'comment' } })
    return server.request('GET', `/v1/orgs/${org}/link-invites`)
  },
  createOrganizationInvite: () => server.request('POST', `/v1/orgs/${org}/link-invites`, { body: { role: 'read' } }),
  getOrganizationInviteLink: async () => {
    const res = await server.request('GET', `/v1/orgs/${org}/link-invites/${(await administration()).spaceInvite}`)
    validate('getOrganizationInviteLink', res.status, res.body)
    return server.request('GET', `/v1/orgs/${org}/link-invites/${(await server.request('POST', `/v1/orgs/${org}/link-invites`, { body: { role: null } })).body.id}`)
  },
  updateOrganizationInviteById: async () => server.request('PATCH', `/v1/orgs/${org}/link-invites/${(await administration()).spaceInvite}`, { body: { level: 'edit' } }),
  deleteOrganizationInviteById: async () => server.request('DELETE', `/v1/orgs/${org}/link-invites/${(await server.request('POST', `/v1/orgs/${org}/link-invites`, { body: { role: 'read' } })).body.id}`),
  joinOrganizationWithInvite: async () => {
    const invite = (await server.request('POST', `/v1/orgs/${org}/link-invites`, { body: { role: 'edit' } })).body
    return server.request('POST', `/v1/orgs/${org}/invites/${invite.id}`, { token: (await server.addOutsider()).token })
  },
  inviteToSpace: async () => server.request('POST', `/v1/spaces/${(await space()).id}/permissions`, { body: { role: 'review', users: [(await administration()).member] } }),
  listUserPermissionsInSpace: async () => server.request('GET', `/v1/spaces/${(await administration()).space}/permissions/users`),
  updateUserPermissionInSpace: async () => {
    const { space, member } = await administration()
    return server.request('PATCH', `/v1/spaces/${space}/permissions/users/${member}`, { body: { role: 'edit' } })
  },
  removeUserFromSpace: async () => server.request('DELETE', `/v1/spaces/${(await administration()).space}/permissions/users/${(await server.addUser(null)).userId}`),
  listTeamPermissionsInSpace: async () => server.request('GET', `/v1/spaces/${(await administration()).space}/permissions/teams`),
  updateTeamPermissionInSpace: async () => {
    const { space, team } = await administration()
    return server.request('PATCH', `/v1/spaces/${space}/permissions/teams/${team}`, { body: { role: 'comment' } })
  },
  removeTeamFromSpace: async () => server.request('DELETE', `/v1/spaces/${(await administration()).space}/permissions/teams/none`),
  listPermissionsAggregateInSpace: async () => server.request('GET', `/v1/spaces/${(await administration()).space}/permissions/aggregate`),
  inviteToCollection: async () => server.request('POST', `/v1/collections/${(await administration()).collection}/permissions`, { body: { role: 'read', teams: [(await administration()).team] } }),
  listUserPermissionsInCollection: async () => server.request('GET', `/v1/collections/${(await administration()).collection}/permissions/users`),
  updateUserPermissionInCollection: async () => {
    const { collection, member } = await administration()
    return server.request('PATCH', `/v1/collections/${collection}/permissions/users/${member}`, { body: { role: 'create' } })
  },
  removeUserFromCollection: async () => server.request('DELETE', `/v1/collections/${(await administration()).collection}/permissions/users/none`),
  listTeamPermissionsInCollection: async () => server.request('GET', `/v1/collections/${(await administration()).collection}/permissions/teams`),
  updateTeamPermissionInCollection: async () => {
    const { collection, team } = await administration()
    return server.request('PATCH', `/v1/collections/${collection}/permissions/teams/${team}`, { body: { role: 'edit' } })
  },
  removeTeamFromCollection: async () => server.request('DELETE', `/v1/collections/${(await administration()).collection}/permissions/teams/none`),
  listPermissionsAggregateInCollection: async () => server.request('GET', `/v1/collections/${(await administration()).collection}/permissions/aggregate`),
  listSAMLProvidersInOrganizationById: async () => {
    await administration()
    return server.request('GET', `/v1/orgs/${org}/saml`)
  },
  createOrganizationSAMLProvider: async () => server.request('POST', `/v1/orgs/${org}/saml`, { body: { label: 'Azure AD', entityID: 'https://sts.windows.net/x/', certificate: samlCertificate, ssoURL: 'https://login.microsoftonline.com/x/saml2', defaultRole: null } }),
  getOrganizationSAMLProviderById: async () => server.request('GET', `/v1/orgs/${org}/saml/${(await administration()).saml}`),
  updateOrganizationSAMLProvider: async () => server.request('PATCH', `/v1/orgs/${org}/saml/${(await administration()).saml}`, { body: { label: 'Okta (EU)' } }),
  deleteOrganizationSAMLProvider: async () => server.request('DELETE', `/v1/orgs/${org}/saml/${(await server.request('POST', `/v1/orgs/${org}/saml`, { body: { label: 'Gone' } })).body.id}`),
  listSSOProviderLoginsInOrganization: async () => {
    await administration()
    const res = await server.request('GET', `/v1/orgs/${org}/sso`)
    expect(res.body.items.length).toBeGreaterThan(0)
    return res
  },
  getSubdomain: async () => {
    await richOrganization()
    return server.request('GET', '/v1/subdomains/compat-org')
  },
  ...siteScenarios(),
}

const samlCertificate = readFileSync(new URL('../fixtures/saml/idp-certificate.pem', import.meta.url), 'utf8')

/** Organization administration in the workspace organization: a member in a team, permissions, invites, a SAML provider. */
let administrationCache: { member: string; team: string; space: string; collection: string; spaceInvite: string; saml: string } | undefined
async function administration() {
  if (administrationCache) return administrationCache
  const member = (await server.addUser(null)).userId
  const team = (await server.request('PUT', `/v1/orgs/${org}/teams`, { body: { title: 'Writers', members: [member] } })).body.id
  const spaceId = (await server.request('POST', `/v1/orgs/${org}/spaces`, { body: { title: 'Shared with a team' } })).body.id
  const collectionId = (await collection()).id
  await server.request('POST', `/v1/spaces/${spaceId}/permissions`, { body: { role: 'comment', users: [member], teams: [team] } })
  await server.request('POST', `/v1/collections/${collectionId}/permissions`, { body: { role: 'read', users: [member], teams: [team] } })
  const spaceInvite = (await server.request('POST', `/v1/orgs/${org}/link-invites`, { body: { level: 'read', space: spaceId } })).body.id
  const team2 = (await server.request('PUT', `/v1/orgs/${org}/teams`, { body: { title: 'SSO' } })).body.id
  const saml = (await server.request('POST', `/v1/orgs/${org}/saml`, { body: { label: 'Okta', entityID: 'http://www.okta.com/x', certificate: samlCertificate, ssoURL: 'https://acme.okta.com/sso', defaultTeam: team2, defaultRole: 'read' } })).body.id
  administrationCache = { member, team, space: spaceId, collection: collectionId, spaceInvite, saml }
  return administrationCache
}

/** Scenarios of the site operations: each reads or changes a rich site (sections, a group, conditions, a proxy …). */
function siteScenarios(): Record<string, Scenario> {
  const sites = () => `/v1/orgs/${org}/sites`
  const at = (path = '') => async () => `${sites()}/${(await richSite()).site.id}${path}`
  return {
    listSites: async () => {
      await richSite()
      await server.request('POST', sites(), { body: { title: 'Plain site' } })
      return server.request('GET', sites())
    },
    createSite: async () => server.request('POST', sites(), { body: { title: 'Docs site', visibility: 'unlisted', spaces: [(await space()).id] } }),
    getSiteById: async () => {
      const plain = (await server.request('POST', sites(), { body: { title: 'Bare' } })).body
      validate('getSiteById', 200, (await server.request('GET', `${sites()}/${plain.id}`)).body)
      return server.request('GET', await at()())
    },
    updateSiteById: async () => server.request('PATCH', await at()(), { body: { title: 'Rich site', adaptiveContent: { enabled: true }, proxy: 'acme.com/docs' } }),
    deleteSiteById: async () => server.request('DELETE', `${sites()}/${(await server.request('POST', sites(), { body: {} })).body.id}`),
    publishSite: async () => server.request('POST', await at('/publish')()),
    unpublishSite: async () => server.request('POST', `${sites()}/${(await server.request('POST', sites(), { body: {} })).body.id}/unpublish`),
    getPublishedContentSite: async () => {
      const rich = await richSite()
      const key = new URL(rich.link.urls.published).searchParams.get('shareKey')!
      const flat = (await server.request('POST', sites(), { body: { spaces: [(await space()).id] } })).body
      await server.request('POST', `${sites()}/${flat.id}/publish`)
      validate('getPublishedContentSite', 200, (await server.request('GET', `${sites()}/${flat.id}/published`)).body)
      const res = await server.request('GET', `${await at('/published')()}?shareKey=${key}`)
      expect(res.body.structure.type).toBe('sections')
      return res
    },
    getSiteStructure: async () => server.request('GET', await at('/structure')()),
    sortSiteStructure: async () => {
      const rich = await richSite()
      return server.request('PATCH', await at('/structure/sort')(), { body: { item: { type: 'site-section', id: rich.sections[1].id }, position: { before: { type: 'site-section', id: rich.sections[0].id } } } })
    },
    getSiteAdaptiveSchema: async () => server.request('GET', await at('/adaptive-schema')()),
    updateSiteAdaptiveSchema: async () => server.request('PUT', await at('/adaptive-schema')(), { body: { jsonSchema: ADAPTIVE_SCHEMA } }),
    listSiteAdaptiveTemplateConditions: async () => server.request('GET', await at('/adaptive-schema/template-conditions')()),
    listSiteSections: async () => server.request('GET', await at('/sections')()),
    addSectionToSite: async () => server.request('POST', await at('/sections')(), { body: { spaceId: (await space()).id, title: 'Extra section', icon: 'star' } }),
    updateSiteSectionById: async () => {
      const rich = await richSite()
      return server.request('PATCH', await at(`/sections/${rich.sections[0].id}`)(), { body: { description: 'Start here', condition: 'visitor.claims.isAdmin || true' } })
    },
    deleteSiteSectionById: async () => {
      const extra = (await server.request('POST', await at('/sections')(), { body: { spaceId: (await space()).id, title: 'Short-lived' } })).body
      return server.request('DELETE', await at(`/sections/${extra.id}`)())
    },
    moveSiteSection: async () => {
      const rich = await richSite()
      return server.request('POST', await at(`/sections/${rich.sections[0].id}/move`)(), { body: { position: { after: { type: 'site-section', siteSection: rich.sections[1].id } } } })
    },
    listSiteSpaces: async () => server.request('GET', await at('/site-spaces')()),
    addSpaceToSite: async () => server.request('POST', await at('/site-spaces')(), { body: { spaceId: (await space()).id, sectionId: (await richSite()).sections[0].id } }),
    updateSiteSpaceById: async () => {
      const rich = await richSite()
      return server.request('PATCH', await at(`/site-spaces/${rich.sections[0].siteSpaces[0].id}`)(), { body: { path: 'getting-started', condition: '!visitor.claims.unsigned.beta' } })
    },
    deleteSiteSpaceById: async () => {
      const extra = (await server.request('POST', await at('/site-spaces')(), { body: { spaceId: (await space()).id } })).body
      return server.request('DELETE', await at(`/site-spaces/${extra.id}`)())
    },
    moveSiteSpace: async () => {
      const rich = await richSite()
      const extra = (await server.request('POST', await at('/site-spaces')(), { body: { spaceId: (await space()).id, sectionId: rich.sections[0].id } })).body
      return server.request('POST', await at(`/site-spaces/${extra.id}/move`)(), { body: { position: { before: { type: 'site-space', siteSpace: rich.sections[0].siteSpaces[0].id } } } })
    },
    listSiteSectionGroups: async () => server.request('GET', await at('/section-groups')()),
    addSectionGroupToSite: async () => server.request('POST', await at('/section-groups')(), { body: { title: 'More', icon: 'folder' } }),
    updateSiteSectionGroupById: async () => server.request('PATCH', await at(`/section-groups/${(await richSite()).group.id}`)(), { body: { title: 'Reference' } }),
    deleteSiteSectionGroupById: async () => {
      const group = (await server.request('POST', await at('/section-groups')(), { body: { title: 'Gone' } })).body
      return server.request('DELETE', await at(`/section-groups/${group.id}`)())
    },
    moveSiteSectionGroup: async () => {
      const rich = await richSite()
      return server.request('POST', await at(`/section-groups/${rich.group.id}/move`)(), { body: { position: { before: { type: 'site-section', id: rich.sections[0].id } } } })
    },
    listSiteShareLinks: async () => server.request('GET', await at('/share-links')()),
    createSiteShareLink: async () => server.request('POST', await at('/share-links')(), { body: { name: 'Reviewers' } }),
    updateSiteShareLinkById: async () => server.request('PATCH', await at(`/share-links/${(await richSite()).link.id}`)(), { body: { name: 'Partners (renamed)' } }),
    deleteSiteShareLinkById: async () => {
      const link = (await server.request('POST', await at('/share-links')(), { body: { name: 'Temporary' } })).body
      return server.request('DELETE', await at(`/share-links/${link.id}`)())
    },
  }
}

const ADAPTIVE_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: {
    isAdmin: { type: 'boolean', description: 'Administers the account' },
    unsigned: { type: 'object', properties: { beta: { type: 'boolean', description: 'Beta tester' } }, additionalProperties: false },
  },
  additionalProperties: false,
}

/**
 * A published share-link site with every optional field GitBook shows set: hostname, basename, proxy, adaptive
 * content and a schema, three sections (icons, a description, conditions) with several site-spaces, a group, a link.
 */
let richSiteCache: { site: any; sections: any[]; group: any; link: any } | undefined
async function richSite() {
  if (richSiteCache) return richSiteCache
  const base = `/v1/orgs/${org}/sites`
  const site = (await server.request('POST', base, { body: { title: 'Rich', visibility: 'share-link', spaces: [(await space()).id] } })).body
  const path = `${base}/${site.id}`
  const updated = await server.request('PATCH', path, { body: { hostname: 'docs.compat.io', basename: 'guides', proxy: 'compat.io/docs', adaptiveContent: { enabled: true }, agentsContext: 'excluded' } })
  expect(updated.status, JSON.stringify(updated.body)).toBe(200)
  const section = (await server.request('POST', `${path}/sections`, { body: { spaceId: (await withContent()).space.id, title: 'API', icon: 'code' } })).body
  await server.request('PATCH', `${path}/sections/${section.id}`, { body: { description: 'The API', condition: 'visitor.claims.isAdmin' } })
  await server.request('POST', `${path}/site-spaces`, { body: { spaceId: (await space()).id, sectionId: section.id } })
  await server.request('POST', `${path}/sections`, { body: { spaceId: (await space()).id, title: 'Guides' } })
  const group = (await server.request('POST', `${path}/section-groups`, { body: { title: 'Group', icon: 'folder', sections: [section.id] } })).body
  await server.request('PUT', `${path}/adaptive-schema`, { body: { jsonSchema: ADAPTIVE_SCHEMA } })
  const link = (await server.request('POST', `${path}/share-links`, { body: { name: 'Partners' } })).body
  await server.request('POST', `${path}/publish`)
  // In structure order: the section the root spaces became, "Guides", then "API" (in the group, placed last).
  const sections = (await server.request('GET', `${path}/sections`)).body.items
  expect(sections.map((s: any) => s.sectionGroup ?? null)).toEqual([null, null, group.id])
  richSiteCache = { site, sections, group, link }
  return richSiteCache
}

/** A space with merged content (a page with a child) and an open change request with an extra page. */
let contentCache: { space: any; cr: any; page: string; child: string; revision: string; file: string } | undefined
/** A space imported from a repository with a `.gitbook/includes` file (a reusable content), and an open CR. */
let includesCache: { space: any; cr: any; revision: string; reusable: string } | undefined
async function withIncludes() {
  if (includesCache) return includesCache
  const space = (await server.request('POST', `/v1/orgs/${org}/spaces`, { body: { title: 'Includes' } })).body
  const url = makeRepository({ 'README.md': '# Home\n\n{% include ".gitbook/includes/note.md" %}\n', '.gitbook/includes/note.md': '---\ntitle: Note\n---\n\nShared.\n' })
  await server.request('POST', `/v1/spaces/${space.id}/git/import`, { body: { url, ref: 'refs/heads/main' } })
  await settledGitJobs((method, path) => server.request(method, path), space.id, 1)
  const revision = (await server.request('GET', `/v1/spaces/${space.id}/content`)).body
  const cr = (await server.request('POST', `/v1/spaces/${space.id}/change-requests`, { body: { subject: 'Open' } })).body
  includesCache = { space, cr, revision: revision.id, reusable: revision.reusableContents[0].id }
  return includesCache
}

/** A processed public OpenAPI spec (uploaded text with a referenced file), with a second version. */
let specCache: Promise<{ slug: string; version: string; first: string }> | undefined
function withSpec() {
  return (specCache ??= (async () => {
    const files = { 'schemas/pet.yaml': 'type: object\nproperties:\n  id:\n    type: integer\n' }
    const text = PETSTORE
    await server.request('POST', `/v1/orgs/${org}/openapi`, { body: { slug: 'compat-petstore', source: { text, files } } })
    const first = (await processedSpec(server, org, 'compat-petstore')).lastVersion
    const again = await server.request('PUT', `/v1/orgs/${org}/openapi/compat-petstore`, { body: { source: { text: text.replace('Petstore', 'Pet Store'), files } } })
    const second = await processedSpec(server, org, 'compat-petstore', again.body.updatedAt)
    await server.request('PATCH', `/v1/orgs/${org}/openapi/compat-petstore`, { body: { visibility: 'public' } })
    return { slug: 'compat-petstore', version: second.lastVersion, first }
  })())
}

/** An integration endpoint on 127.0.0.1: accepts every event and renders one ContentKit block. */
let integrationEndpoint: FixtureServer | undefined
afterAll(async () => {
  await integrationEndpoint?.close()
})
async function integrationBody() {
  integrationEndpoint ??= await startFixtureServer({
    '/v1': { status: 200, type: 'application/json', body: JSON.stringify({ type: 'element', element: { type: 'block', children: [{ type: 'text', children: ['Chart'] }] }, state: {}, props: {} }) },
  })
  return {
    organization: org,
    title: 'Compat integration',
    description: 'For the compatibility scenarios',
    summary: 'A **summary**',
    scopes: ['site:views:read', 'space:content:read'],
    categories: ['analytics'],
    target: 'all',
    visibility: 'public',
    script: 'export default {}',
    blocks: [{ id: 'chart', title: 'Chart', urlUnfurl: ['https://charts.example.com/*'], markdown: { codeblock: 'chart', body: 'data' } }],
    contentSources: [{ id: 'src', title: 'Source', configuration: { componentId: 'configure' } }],
    externalLinks: [{ url: 'https://example.com', label: 'Home' }],
    configurations: { account: { properties: { token: { type: 'string', title: 'Token' } }, required: ['token'] } },
    contentSecurityPolicy: "script-src 'self'",
    endpoint: integrationEndpoint.url,
  }
}

/** A published integration installed on the organization, on a space and on a site, with a delivered event. */
let integrationCache: Promise<{ name: string; installation: string; space: string; site: string; event: string }> | undefined
function withIntegration() {
  return (integrationCache ??= (async () => {
    const name = 'compat-integration'
    await server.request('POST', `/v1/integrations/${name}`, { body: await integrationBody() })
    const installation = (await server.request('POST', `/v1/integrations/${name}/installations`, { body: { organization: org } })).body.id
    const space = (await server.request('POST', `/v1/orgs/${org}/spaces`, { body: { title: 'Integrated' } })).body.id
    const site = (await server.request('POST', `/v1/orgs/${org}/sites`, { body: { title: 'Integrated site' } })).body.id
    await server.request('POST', `/v1/integrations/${name}/installations/${installation}/spaces`, { body: { space } })
    await server.request('POST', `/v1/integrations/${name}/installations/${installation}/sites`, { body: { siteId: site } })
    await latestEvent(server, name, 'space_installation_setup')
    await latestEvent(server, name, 'site_installation_setup')
    const { event } = await latestEvent(server, name, 'installation_setup')
    return { name, installation, space, site, event: event.id }
  })())
}

/** A translation of the content space that has run once (so it has a result). */
let translationCache: Promise<string> | undefined
function withTranslation() {
  return (translationCache ??= (async () => {
    const c = await withContent()
    const t = (await server.request('POST', `/v1/orgs/${org}/translations`, { body: { language: 'fr', source: { space: c.space.id, language: 'en' } } })).body
    await server.request('POST', `/v1/orgs/${org}/translations/${t.id}/run`)
    for (let i = 0; i < 500 && (await server.request('GET', `/v1/orgs/${org}/translations/${t.id}`)).body.status !== 'completed'; i++) await new Promise((r) => setTimeout(r, 20))
    return t.id as string
  })())
}

async function withContent() {
  if (contentCache) return contentCache
  const space = (await server.request('POST', `/v1/orgs/${org}/spaces`, { body: { title: 'Content', emoji: '📚' } })).body
  const setup = (await server.request('POST', `/v1/spaces/${space.id}/change-requests`, { body: { subject: 'Setup' } })).body
  await server.request('POST', `/v1/spaces/${space.id}/change-requests/${setup.id}/content`, {
    body: {
      changes: [
        {
          operation: 'insert_page',
          ref: 'intro',
          document: {
            markdown:
              '---\ndescription: Start here\n---\n# Introduction\n\nHello **bold** _it_ `code` [link](https://x.io).\n\n## Steps\n\n- one\n- two\n\n1. first\n\n> quoted\n\n```js\nconst a = 1\n```\n\n---\n\n| a | b |\n|---|---|\n| 1 | 2 |\n',
          },
          emoji: '👋',
        },
        { operation: 'insert_page', into: 'intro', title: 'Details', document: { markdown: 'More.\n' } },
        { operation: 'insert_page', title: 'Group', type: 'group', document: {} },
        { operation: 'insert_files', files: [{ name: 'dot.png', contentType: 'image/png', base64: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==' }] },
      ],
    },
  })
  const merged = (await server.request('POST', `/v1/spaces/${space.id}/change-requests/${setup.id}/merge`)).body
  const cr = (await server.request('POST', `/v1/spaces/${space.id}/change-requests`, { body: { subject: 'Open one' } })).body
  await server.request('POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/content`, { body: { changes: [{ operation: 'insert_page', title: 'Draft', document: { markdown: 'Draft.\n' } }] } })
  const tree = (await server.request('GET', `/v1/spaces/${space.id}/content/pages`)).body.pages
  const file = (await server.request('GET', `/v1/spaces/${space.id}/content/files`)).body.items[0].id
  contentCache = { space, cr, page: tree[0].id, child: tree[0].pages[0].id, revision: merged.revision, file }
  return contentCache
}

/**
 * Discussions on the content space: a resolved comment on a page heading with a reaction and a reply, an open one;
 * on its change request a comment with a reply, a requested reviewer and a review with a message.
 */
let discussionCache: { space: string; comment: string; reply: string; cr: string; crComment: string; crReply: string; review: string; requested: string; reviewerToken: string } | undefined
async function discussion() {
  if (discussionCache) return discussionCache
  const c = await withContent()
  const space = `/v1/spaces/${c.space.id}`
  const cr = `${space}/change-requests/${c.cr.id}`
  const reviewer = await server.addUser('review')
  const comment = (await server.request('POST', `${space}/comments`, { body: { body: { markdown: 'Is this **clear**?' }, page: c.page, node: 'steps', tableCell: { record: 'r1', definition: 'd1' } } })).body
  const reply = (await server.request('POST', `${space}/comments/${comment.id}/replies`, { body: { body: { markdown: 'Yes' } }, token: reviewer.token })).body
  await server.request('PUT', `${space}/comments/${comment.id}`, { body: { resolved: true, addedReactions: ['👍'] } })
  await server.request('POST', `${space}/comments`, { body: { body: { markdown: 'Still open' } } })
  const crComment = (await server.request('POST', `${cr}/comments`, { body: { body: { markdown: 'Looks good' } } })).body
  const crReply = (await server.request('POST', `${cr}/comments/${crComment.id}/replies`, { body: { body: { markdown: 'Thanks' } }, token: reviewer.token })).body
  await server.request('POST', `${cr}/requested-reviewers`, { body: { users: [reviewer.userId] } })
  const review = (await server.request('POST', `${cr}/reviews`, { body: { status: 'approved', comment: { markdown: 'Approved' } }, token: reviewer.token })).body
  expect(review).toMatchObject({ requestedBy: { id: server.userId }, comment: { object: 'comment' } })
  discussionCache = { space, comment: comment.id, reply: reply.id, cr, crComment: crComment.id, crReply: crReply.id, review: review.id, requested: reviewer.userId, reviewerToken: reviewer.token }
  return discussionCache
}

/** The workspace organization with every optional field GitBook shows set: hostname, logo, email domains, defaults. */
let richOrganizationDone = false
async function richOrganization() {
  if (!richOrganizationDone) {
    const res = await server.request('PATCH', `/v1/orgs/${org}`, {
      body: { hostname: 'compat-org', emailDomains: ['compat.io', 'docs.compat.io'], logo: 'https://compat.io/logo.png', defaultRole: 'read', defaultContent: { type: 'site', site: 's1' } },
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ hostname: 'compat-org', emailDomains: ['compat.io', 'docs.compat.io'], urls: { logo: 'https://compat.io/logo.png' } })
    richOrganizationDone = true
  }
  return org
}

let collectionCache: any
async function collection() {
  collectionCache ??= (await server.request('POST', `/v1/orgs/${org}/collections`, { body: { title: 'Shared', description: 'For scenarios' } })).body
  return collectionCache
}
let nestedCollectionCache: any
async function nestedCollection() {
  if (!nestedCollectionCache) {
    const parent = await collection()
    const c = (await server.request('POST', `/v1/orgs/${org}/collections`, { body: { title: 'Nested guides', description: 'Below Shared' } })).body
    nestedCollectionCache = (await server.request('POST', `/v1/collections/${c.id}/move`, { body: { parent: parent.id } })).body
    expect(nestedCollectionCache.parent).toBe(parent.id)
  }
  return nestedCollectionCache
}
/** A space in a collection, with an emoji and a language. */
let spaceCache: any
async function space() {
  spaceCache ??= (
    await server.request('POST', `/v1/orgs/${org}/spaces`, { body: { title: 'Scenario', emoji: '🧪', language: 'fr', parent: (await collection()).id } })
  ).body
  expect(spaceCache).toMatchObject({ emoji: '🧪', language: 'fr', parent: (await collection()).id })
  return spaceCache
}
/** Spaces of every kind whose presentation differs: in a collection, public, with an icon, git-synced. */
let spaceKindsCache: any[] | undefined
async function spaceKinds() {
  if (spaceKindsCache) return spaceKindsCache
  const create = async (body: object) => (await server.request('POST', `/v1/orgs/${org}/spaces`, { body })).body
  const inCollection = await space()
  const hidden = await create({ title: 'In collection only', emoji: '🔒', parent: (await collection()).id, visibility: 'in-collection', language: 'ja' })
  const published = await create({ title: 'Public docs', emoji: '🌍', visibility: 'public', language: 'de', editMode: 'locked' })
  const withIcon = (await server.request('PATCH', `/v1/spaces/${(await create({ title: 'With icon' })).id}`, { body: { icon: 'https://compat.io/icon.png', visibility: 'unlisted' } })).body
  const synced = await create({ title: 'Synced', emoji: '🔄' })
  await server.request('POST', `/v1/spaces/${synced.id}/git/import`, { body: { url: makeRepository({ 'README.md': '# Home\n' }), ref: 'refs/heads/main' } })
  await settledGitJobs((method, path) => server.request(method, path), synced.id, 1)
  expect((await server.request('GET', `/v1/spaces/${synced.id}`)).body.gitSync).toBeDefined()
  expect(published.urls.public).toBeDefined()
  expect(withIcon.urls.icon).toBe('https://compat.io/icon.png')
  spaceKindsCache = [inCollection, hidden, published, withIcon, synced]
  return spaceKindsCache
}

const shared = operations.filter((op) => gitbookOperations.has(op.id))

describe("GitBook's public API", () => {
  it('shares operations with docsctl under the same method and path', () => {
    expect(shared.length).toBeGreaterThan(20)
    for (const op of shared) {
      const gitbook = gitbookOperations.get(op.id)!
      expect(`${op.method} ${op.path}`, op.id).toBe(`${gitbook.method} ${gitbook.path}`)
    }
  })

  it('validates for real: a body that breaks GitBook\'s schema is refused', () => {
    const check = validatorFor('getSpaceById')!
    expect(check).toBeDefined()
    expect(check({ object: 'space', id: 's1', title: 'T', visibility: 'nobody', urls: {} })).toBe(false)
    expect(validatorFor('listOrganizationsForAuthenticatedUser')!({ items: [{ object: 'space' }] })).toBe(false)
  })

  it('has a scenario for every shared operation', () => {
    expect(shared.map((op) => op.id).filter((id) => !scenarios[id])).toEqual([])
  })

  for (const op of shared) {
    it(`${op.id} answers what GitBook's schema describes`, async () => {
      const scenario = scenarios[op.id]
      if (!scenario) return
      const { status, body } = await scenario()
      validate(op.id, status, body)
    })
  }
})

describe("GitBook's own client", () => {
  it('lists organizations, creates, reads, lists and updates a space', async () => {
    const api = new GitBookAPI({ endpoint: server.url, authToken: server.token })
    const orgs = await api.orgs.listOrganizationsForAuthenticatedUser()
    expect(orgs.status).toBe(200)
    expect(orgs.data.items.find((o) => o.id === org)).toMatchObject({ object: 'organization', title: 'Test Org' })
    const made = (await api.orgs.createCollection(org, { title: 'Client collection' })).data
    const parent = (await api.collections.updateCollectionById(made.id, { description: 'Made by the client' })).data
    expect(parent).toMatchObject({ object: 'collection', id: made.id, description: 'Made by the client', organization: org })
    const created = await api.orgs.createSpace(org, { title: 'Client Space', emoji: '🤖', language: TranslationLanguage.En, parent: parent.id })
    expect(created.status).toBe(201)
    expect(created.data).toMatchObject({ object: 'space', title: 'Client Space', emoji: '🤖', language: 'en', parent: parent.id, organization: org })
    const read = await api.spaces.getSpaceById(created.data.id)
    expect(read.data).toMatchObject({ id: created.data.id, title: 'Client Space', emoji: '🤖', revision: created.data.revision })
    const listed = await api.orgs.listSpacesInOrganizationById(org, { limit: 1000 })
    expect(listed.data.items.find((s) => s.id === created.data.id)).toMatchObject({ title: 'Client Space', parent: parent.id })
    const inCollection = await api.collections.listSpacesInCollectionById(parent.id)
    expect(inCollection.data.items.map((s) => s.id)).toEqual([created.data.id])
    const updated = await api.spaces.updateSpaceById(created.data.id, { title: 'Renamed by client', emoji: '🦾' })
    expect(updated.data).toMatchObject({ id: created.data.id, title: 'Renamed by client', emoji: '🦾' })
    expect((await api.spaces.getSpaceById(created.data.id)).data.title).toBe('Renamed by client')
  })

  it('creates a change request, adds pages with updateChangeRequestContent, and merges it', async () => {
    const api = new GitBookAPI({ endpoint: server.url, authToken: server.token })
    const space = (await api.orgs.createSpace(org, { title: 'Client CR' })).data
    const cr = (await api.spaces.createChangeRequest(space.id, { subject: 'From the client' })).data
    expect(cr).toMatchObject({ object: 'change-request', subject: 'From the client' })
    await api.spaces.updateChangeRequestContent(space.id, cr.id, {
      changes: [{ operation: 'insert_page', title: 'Hello', document: { markdown: '# Hello\n\nFrom GitBook\'s client.\n' } }],
    })
    const merged = await api.spaces.mergeChangeRequest(space.id, cr.id)
    expect(merged.data.result).toBe('merge')
    const pages = (await api.spaces.listPages(space.id)).data.pages
    expect(pages.map((p: any) => p.title)).toEqual(['Hello'])
  })

  it('posts, filters, resolves and reviews through the comment and review methods', async () => {
    const api = new GitBookAPI({ endpoint: server.url, authToken: server.token })
    const space = (await api.orgs.createSpace(org, { title: 'Client discussions' })).data
    const posted = (await api.spaces.postCommentInSpace(space.id, { body: { markdown: 'From the client' } })).data
    expect(posted).toMatchObject({ object: 'comment', status: 'open', body: { markdown: 'From the client' } })
    const mine = await api.spaces.listCommentsInSpace(space.id, { authors: [server.userId], status: 'open', order: 'asc' })
    expect(mine.data.items.map((c) => c.id)).toEqual([posted.id])
    const resolved = (await api.spaces.updateCommentInSpace(space.id, posted.id, { resolved: true, addedReactions: ['👍'] })).data
    expect(resolved).toMatchObject({ status: 'resolved', reactions: [{ emoji: '👍', count: 1 }] })
    const cr = (await api.spaces.createChangeRequest(space.id, { subject: 'Reviewed by the client' })).data
    const review = (await api.spaces.submitChangeRequestReview(space.id, cr.id, { status: ChangeRequestReviewStatus.Approved })).data
    expect(review).toMatchObject({ object: 'change-request-review', status: 'approved', outdated: false })
  })

  it('builds, publishes and reads a site: sections, site-spaces, a share link, the published profile', async () => {
    const api = new GitBookAPI({ endpoint: server.url, authToken: server.token })
    const first = (await api.orgs.createSpace(org, { title: 'Client guide' })).data
    const second = (await api.orgs.createSpace(org, { title: 'Client API' })).data
    const created = await api.orgs.createSite(org, { title: 'Client site', visibility: 'share-link' as any, spaces: [first.id] })
    expect(created.status).toBe(201)
    const siteId = created.data.id
    const section = (await api.orgs.addSectionToSite(org, siteId, { spaceId: second.id, title: 'API' })).data
    expect(section).toMatchObject({ object: 'site-section', title: 'API', default: false })
    await api.orgs.updateSiteSectionById(org, siteId, section.id, { condition: 'visitor.claims.isAdmin', path: 'api' })
    expect((await api.orgs.updateSiteById(org, siteId, { adaptiveContent: { enabled: true } })).data.adaptiveContent).toEqual({ enabled: true })
    const added = (await api.orgs.addSpaceToSite(org, siteId, { spaceId: first.id, sectionId: section.id })).data
    await api.orgs.sortSiteStructure(org, siteId, { item: { type: 'site-space' as any, id: added.id }, position: {} })
    expect((await api.orgs.listSiteSpaces(org, siteId)).data.items.map((s) => s.id)).toContain(added.id)
    const link = (await api.orgs.createSiteShareLink(org, siteId, { name: 'Client link' })).data
    const published = await api.orgs.publishSite(org, siteId)
    expect(published.data).toMatchObject({ id: siteId, published: true })
    const shareKey = new URL(link.urls.published!).searchParams.get('shareKey')!
    const profile = (await api.orgs.getPublishedContentSite(org, siteId, { shareKey })).data
    expect(profile.structure.type).toBe('sections')
    expect(profile.structure.structure.map((s: any) => s.title)).toEqual([first.title])
    expect((await api.orgs.listSites(org, { published: true })).data.items.map((s) => s.id)).toContain(siteId)
    await api.orgs.deleteSiteById(org, siteId)
    await expect(api.orgs.getSiteById(org, siteId)).rejects.toMatchObject({ code: 404 })
  })

  it('administers members, teams, permissions and subdomains through the orgs, spaces and subdomains methods', async () => {
    const api = new GitBookAPI({ endpoint: server.url, authToken: server.token })
    const member = await server.addUser(null)
    const team = (await api.orgs.createOrganizationTeam(org, { title: 'Client team' })).data
    expect(team).toMatchObject({ object: 'team', title: 'Client team', members: 0 })
    await api.orgs.addMemberToOrganizationTeamById(org, team.id, member.userId, { role: TeamMemberRole.Owner } as any)
    const space = (await api.orgs.createSpace(org, { title: 'Client permissions' })).data
    await api.spaces.inviteToSpace(space.id, { role: MemberRole.Edit, teams: [team.id] })
    const aggregate = (await api.spaces.listPermissionsAggregateInSpace(space.id)).data
    expect(aggregate.items.find((p) => p.user.id === member.userId)?.permission).toBe('edit')
    const members = (await api.orgs.listMembersInOrganizationById(org, { role: 'guest' as any, limit: 1000 })).data
    expect(members.items.find((m) => m.id === member.userId)).toMatchObject({ role: null, teams: 1 })
    await richOrganization()
    expect((await api.subdomains.getSubdomain('compat-org')).data).toMatchObject({ object: 'subdomain', target: { type: 'organization', organization: org } })
  })

  it('publishes, installs, reads events of and sets development mode for an integration', async () => {
    const api = new GitBookAPI({ endpoint: server.url, authToken: server.token })
    const body = await integrationBody()
    const published = await api.integrations.publishIntegration('client-integration', { ...body, secrets: { TOKEN: 'hidden' } } as any)
    expect(published.data).toMatchObject({ object: 'integration', name: 'client-integration', version: 1, owner: { id: org } })
    expect((await api.integrations.getIntegrationByName('client-integration')).data.title).toBe(body.title)
    const installation = (await api.integrations.installIntegration('client-integration', { organization: org })).data
    expect(installation.target).toEqual({ organization: org })
    const { event } = await latestEvent(server, 'client-integration', 'installation_setup')
    const events = (await api.integrations.listIntegrationEvents('client-integration')).data
    expect(events.items.map((e) => e.id)).toEqual([event.id])
    const read = (await api.integrations.getIntegrationEvent('client-integration', event.id)).data
    expect(read.event.status).toBe('success')
    expect(read.trace?.logs[0].level).toBe('info')
    expect((await api.integrations.setIntegrationDevelopmentMode('client-integration', { tunnelUrl: 'https://tunnel.example.com', all: true })).status).toBe(204)
    expect((await api.integrations.disableIntegrationDevelopmentMode('client-integration')).status).toBe(205)
    const installations = (await api.integrations.listIntegrationInstallations('client-integration')).data
    expect(installations.items.map((i) => i.id)).toEqual([installation.id])
    await api.integrations.unpublishIntegration('client-integration')
    await expect(api.integrations.getIntegrationByName('client-integration')).rejects.toMatchObject({ code: 404 })
  })

  it('surfaces docsctl errors as GitBook API errors', async () => {
    const api = new GitBookAPI({ endpoint: server.url, authToken: 'dct_wrong' })
    await expect(api.user.getAuthenticatedUser()).rejects.toMatchObject({ code: 401 })
  })
})
