import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { docsctl, initWorkspace, json } from './support'

let dataDir: string
let adminId: string
let bob: { id: string; token: string }
const run = (...args: string[]) => docsctl(dataDir, args)
const runJson = async (...args: string[]) => {
  const result = await run(...args, '--json')
  expect(result.exitCode, result.stderr).toBe(0)
  return json(result)
}

beforeAll(async () => {
  const workspace = await initWorkspace()
  dataDir = workspace.dataDir
  adminId = workspace.user.id
  const added = await runJson('user', 'add', '--email', 'bob@acme.com', '--name', 'Bob', '--role', 'read')
  bob = { id: added.user.id, token: added.token }
})

describe('docsctl member', () => {
  it('lists members in a table, filters them, changes a role and refuses to demote the last admin', async () => {
    const table = await run('member', 'list')
    expect(table.stdout).toMatch(/^ID +NAME +EMAIL +ROLE +TEAMS +LAST SEEN$/m)
    expect(table.stdout).toMatch(new RegExp(`^${bob.id} +Bob +bob@acme.com +read +0 +pending$`, 'm'))
    expect((await runJson('member', 'list', '--role', 'read')).items.map((m: any) => m.id)).toEqual([bob.id])
    expect((await runJson('member', 'update', bob.id, '--role', 'comment')).role).toBe('comment')
    const refused = await run('member', 'update', adminId, '--role', 'read')
    expect(refused.exitCode).not.toBe(0)
    expect(refused.stderr).toContain('last admin')
    expect((await run('member', 'ping')).stdout).toBe('Seen.\n')
    expect((await runJson('member', 'list', '--sort', 'lastSeenAt')).items.map((m: any) => m.id)).toEqual([adminId])
  })
})

describe('docsctl team and permission', () => {
  it('creates a team, adds a member, gives the team a role on a space, and lists it', async () => {
    const team = await runJson('team', 'create', '--title', 'Writers')
    expect((await run('team', 'add', team.id, bob.id, '--role', 'owner')).exitCode).toBe(0)
    const members = await run('team', 'members', team.id)
    expect(members.stdout).toMatch(new RegExp(`^${bob.id} +Bob .*\\(team owner\\)`, 'm'))
    const space = await runJson('space', 'create', '--title', 'Team docs')
    expect((await run('permission', 'set', '--space', space.id, '--team', team.id, '--role', 'edit')).exitCode).toBe(0)
    const list = await run('permission', 'list', '--space', space.id)
    expect(list.stdout).toMatch(/^KIND +ID +NAME +ROLE$/m)
    expect(list.stdout).toMatch(new RegExp(`^team +${team.id} +Writers +edit$`, 'm'))
    const aggregate = await runJson('permission', 'aggregate', '--space', space.id, '--role', 'edit')
    expect(aggregate.items.map((p: any) => p.user.id)).toEqual([bob.id])
    expect((await runJson('member', 'teams', bob.id)).items).toEqual([expect.objectContaining({ member: { role: 'owner' } })])
    const both = await run('permission', 'remove', '--space', space.id, '--user', bob.id, '--team', team.id)
    expect(both.exitCode).not.toBe(0)
    expect(both.stderr).toContain('one user')
    expect((await run('permission', 'remove', '--space', space.id, '--team', team.id)).exitCode).toBe(0)
    expect((await runJson('permission', 'list', '--space', space.id)).teams).toEqual([])
  })
})

describe('docsctl invite and saml', () => {
  it('creates an invite link that raises a member joining with it', async () => {
    const invite = await runJson('invite', 'create', '--role', 'edit')
    expect((await run('invite', 'list')).stdout).toMatch(new RegExp(`^${invite.id} +edit$`, 'm'))
    const workspaceOrg = (await runJson('org', 'get')).id
    expect((await docsctl(dataDir, ['invite', 'join', invite.id, '--org', workspaceOrg], { DOCSCTL_TOKEN: bob.token })).exitCode).toBe(0)
    expect((await runJson('member', 'get', bob.id)).role).toBe('edit')
    expect((await run('invite', 'create')).stderr).toContain('--role')
  })

  it('adds a SAML provider from a certificate file and shows its login address', async () => {
    const pem = fileURLToPath(new URL('../fixtures/saml/idp-certificate.pem', import.meta.url))
    const provider = await runJson('saml', 'create', '--label', 'Okta', '--entity-id', 'http://www.okta.com/x', '--certificate-file', pem, '--sso-url', 'https://acme.okta.com/sso')
    expect(provider).toMatchObject({ object: 'saml-provider', status: 'active' })
    const shown = await run('saml', 'get', provider.id)
    expect(shown.stdout).toMatch(/^status +active$/m)
    expect(shown.stdout).toMatch(/^ACS URL +http.*\/acs$/m)
    expect((await runJson('saml', 'logins')).items).toEqual([{ id: provider.id, label: 'Okta', startURL: expect.stringContaining('/start') }])
    const bad = await run('saml', 'create', '--label', 'Bad', '--certificate-file', fileURLToPath(import.meta.url))
    expect(bad.exitCode).not.toBe(0)
    expect(bad.stderr).toContain('body.certificate')
  })
})
