import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useTestServer } from '../support/server'
import { createOrganization, expectError, expectIsoTimestamp } from '../support/factories'

const server = useTestServer({ beforeAll, afterAll })
const certificate = readFileSync(new URL('../fixtures/saml/idp-certificate.pem', import.meta.url), 'utf8')
const full = { label: 'Okta', entityID: 'http://www.okta.com/exk1', certificate, ssoURL: 'https://acme.okta.com/app/sso/saml' }

describe('SAML providers', () => {
  it('creates a provider (201) with the service addresses this server uses, and lists it', async () => {
    const org = await createOrganization(server)
    const team = (await server.request('PUT', `/v1/orgs/${org.id}/teams`, { body: { title: 'SSO people' } })).body
    const res = await server.request('POST', `/v1/orgs/${org.id}/saml`, { body: { ...full, defaultTeam: team.id, defaultRole: 'comment' } })
    expect(res.status).toBe(201)
    const id = res.body.id
    expect(res.body).toEqual({
      object: 'saml-provider',
      id: expect.any(String),
      label: 'Okta',
      ssoURL: full.ssoURL,
      entityID: full.entityID,
      certificate: certificate.trim(),
      defaultTeam: expect.objectContaining({ object: 'team', id: team.id }),
      defaultRole: 'comment',
      createdAt: expect.any(String),
      status: 'active',
      service: { acsURL: `${server.url}/sso/saml/${id}/acs`, startURL: `${server.url}/sso/saml/${id}/start`, entityID: `${server.url}/sso/saml/${id}` },
      urls: { location: `${server.url}/v1/orgs/${org.id}/saml/${id}` },
    })
    expectIsoTimestamp(res.body.createdAt)
    expect((await server.request('GET', `/v1/orgs/${org.id}/saml/${id}`)).body).toEqual(res.body)
    expect((await server.request('GET', `/v1/orgs/${org.id}/saml`)).body).toEqual({ count: 1, items: [res.body] })
  })

  it('is pending until entityID, certificate and ssoURL are set; only active ones are listed for SSO login', async () => {
    const org = await createOrganization(server)
    const created = (await server.request('POST', `/v1/orgs/${org.id}/saml`, { body: { label: 'Later' } })).body
    expect(created).toMatchObject({ status: 'pending', defaultRole: 'read' })
    const member = await server.addUser(null, { organizationId: org.id })
    expect((await server.request('GET', `/v1/orgs/${org.id}/sso`, { token: member.token })).body).toEqual({ items: [] })
    const patched = await server.request('PATCH', `/v1/orgs/${org.id}/saml/${created.id}`, { body: { entityID: full.entityID, certificate, ssoURL: full.ssoURL, label: 'Now' } })
    expect(patched.body).toMatchObject({ status: 'active', label: 'Now' })
    expect((await server.request('GET', `/v1/orgs/${org.id}/sso`, { token: member.token })).body).toEqual({ items: [{ id: created.id, label: 'Now', startURL: `${server.url}/sso/saml/${created.id}/start` }] })
    expectError(await server.request('GET', `/v1/orgs/${org.id}/sso`, { token: (await server.addOutsider()).token }), 404)
  })

  it('validates label, lengths, the certificate (a PEM X.509 certificate), ssoURL and defaultTeam, naming the field', async () => {
    const org = await createOrganization(server)
    const post = (body: unknown) => server.request('POST', `/v1/orgs/${org.id}/saml`, { body })
    expectError(await post({}), 400, 'body.label')
    expectError(await post({ label: '' }), 400, 'body.label')
    expectError(await post({ label: 'x'.repeat(31) }), 400, 'body.label')
    expectError(await post({ label: 'L', entityID: 'e'.repeat(1025) }), 400, 'body.entityID')
    expectError(await post({ label: 'L', certificate: 'c'.repeat(10_001) }), 400, 'body.certificate')
    expectError(await post({ label: 'L', certificate: 'not a certificate' }), 400, 'body.certificate')
    expectError(await post({ label: 'L', certificate: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----' }), 400, 'body.certificate')
    expectError(await post({ label: 'L', ssoURL: 'not a url' }), 400, 'body.ssoURL')
    expectError(await post({ label: 'L', ssoURL: `https://a.io/${'x'.repeat(2048)}` }), 400, 'body.ssoURL')
    expectError(await post({ label: 'L', defaultTeam: 'nope' }), 400, 'body.defaultTeam')
    expectError(await post({ label: 'L', defaultRole: 'boss' }), 400, 'body.defaultRole')
    expect((await server.request('GET', `/v1/orgs/${org.id}/saml`)).body.count).toBe(0)
  })

  it('deletes (204, also when gone); only admins manage providers, non-members get 404', async () => {
    const org = await createOrganization(server)
    const created = (await server.request('POST', `/v1/orgs/${org.id}/saml`, { body: full })).body
    const creator = await server.addUser('create', { organizationId: org.id })
    expectError(await server.request('GET', `/v1/orgs/${org.id}/saml`, { token: creator.token }), 403)
    expectError(await server.request('GET', `/v1/orgs/${org.id}/saml/${created.id}`, { token: (await server.addOutsider()).token }), 404)
    expect((await server.request('DELETE', `/v1/orgs/${org.id}/saml/${created.id}`)).status).toBe(204)
    expect((await server.request('DELETE', `/v1/orgs/${org.id}/saml/${created.id}`)).status).toBe(204)
    expectError(await server.request('GET', `/v1/orgs/${org.id}/saml/${created.id}`), 404)
  })
})

describe('GET /v1/subdomains/{subdomain}', () => {
  it("answers the organization whose hostname it is, set through the organization", async () => {
    const org = await createOrganization(server)
    const name = `acme-${Date.now()}`.slice(0, 32)
    expect((await server.request('PATCH', `/v1/orgs/${org.id}`, { body: { hostname: name } })).status).toBe(200)
    const res = await server.request('GET', `/v1/subdomains/${name}`)
    expect(res.body).toEqual({ object: 'subdomain', subdomain: name, target: { type: 'organization', organization: org.id }, isActive: true })
    expectError(await server.request('GET', `/v1/subdomains/${name}`, { token: (await server.addOutsider()).token }), 404)
    expectError(await server.request('GET', '/v1/subdomains/unused-name'), 404)
    expectError(await server.request('GET', '/v1/subdomains/ab'), 400, 'subdomain')
    expectError(await server.request('GET', '/v1/subdomains/-bad-'), 400, 'subdomain')
    expectError(await server.request('GET', `/v1/subdomains/${'a'.repeat(33)}`), 400, 'subdomain')
    expectError(await server.request('PATCH', `/v1/orgs/${org.id}`, { body: { hostname: 'A_B' } }), 400, 'body.hostname')
  })
})
