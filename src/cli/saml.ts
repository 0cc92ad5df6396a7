/** `docsctl saml …`: SAML providers of an organization and its SSO login information. */
import { readFileSync } from 'node:fs'
import { Option } from 'commander'
import type { GroupSpec } from './define-command'
import { nextHint, pageOptions, pageQuery } from './define-command'
import { formatFields, formatTable } from './output'
import { orgOption, roleValue } from './members'
import { BadRequestError } from '../errors'

const providerFields = (p: any) =>
  formatFields([
    ['id', p.id],
    ['label', p.label],
    ['status', p.status],
    ['entity ID', p.entityID],
    ['SSO URL', p.ssoURL],
    ['default team', p.defaultTeam?.title],
    ['default role', p.defaultRole ?? 'guest'],
    ['ACS URL', p.service?.acsURL],
    ['start URL', p.service?.startURL],
    ['SP entity ID', p.service?.entityID],
  ])

const providerOptions = () => [
  new Option('--entity-id <id>', "the identity provider's entity ID"),
  new Option('--certificate-file <path>', "PEM file of the identity provider's X.509 certificate"),
  new Option('--sso-url <url>', "the identity provider's SSO address"),
  new Option('--default-team <teamId>', 'team new SSO members join'),
  new Option('--default-role <role>', 'role of new SSO members (or guest)'),
  orgOption(),
]

function providerBody(o: any) {
  const body: Record<string, unknown> = {}
  if (o.label !== undefined) body.label = o.label
  if (o.entityId !== undefined) body.entityID = o.entityId
  if (o.ssoUrl !== undefined) body.ssoURL = o.ssoUrl
  if (o.defaultTeam !== undefined) body.defaultTeam = o.defaultTeam
  if (o.defaultRole !== undefined) body.defaultRole = roleValue(o.defaultRole)
  if (o.certificateFile !== undefined) {
    try {
      body.certificate = readFileSync(o.certificateFile, 'utf8')
    } catch (error) {
      throw new BadRequestError(`--certificate-file: cannot read ${o.certificateFile} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`)
    }
  }
  return body
}

const samlCall = async (ctx: any, id: string, o: any, params: Record<string, string> = {}, rest: { query?: object; body?: unknown } = {}) =>
  (await ctx.client()).call(id, { params: { organizationId: await ctx.organizationId(o.org), ...params }, ...rest })

export const samlCommands: GroupSpec = {
  name: 'saml',
  summary: 'SAML providers (admins) and SSO login information',
  commands: [
    {
      name: 'list',
      summary: 'List the SAML providers',
      options: [orgOption(), ...pageOptions()],
      examples: ['docsctl saml list', 'docsctl saml list --json'],
      run: (ctx, _a, o) => samlCall(ctx, 'listSAMLProvidersInOrganizationById', o, {}, { query: pageQuery(o) }),
      human: (r) =>
        formatTable(r.items, [
          { header: 'id', value: (p: any) => p.id },
          { header: 'label', value: (p: any) => p.label },
          { header: 'status', value: (p: any) => p.status },
          { header: 'sso url', value: (p: any) => p.ssoURL },
        ], 'No SAML providers.') + nextHint(r),
    },
    {
      name: 'create',
      summary: 'Add a SAML provider; pending until entity ID, certificate and SSO URL are all set',
      options: [new Option('--label <label>', 'name on the login page, 1 to 30 characters').makeOptionMandatory(), ...providerOptions()],
      examples: ['docsctl saml create --label Okta --entity-id http://www.okta.com/exk1 --certificate-file idp.pem --sso-url https://acme.okta.com/sso/saml', 'docsctl saml create --label "Azure AD" --json'],
      run: (ctx, _a, o) => samlCall(ctx, 'createOrganizationSAMLProvider', o, {}, { body: providerBody(o) }),
      human: providerFields,
    },
    {
      name: 'get',
      summary: 'Show a SAML provider with the addresses to configure at the identity provider',
      args: ['<samlProviderId>'],
      options: [orgOption()],
      examples: ['docsctl saml get <samlProviderId>'],
      run: (ctx, [samlProviderId], o) => samlCall(ctx, 'getOrganizationSAMLProviderById', o, { samlProviderId }),
      human: providerFields,
    },
    {
      name: 'update',
      summary: 'Update a SAML provider',
      args: ['<samlProviderId>'],
      options: [new Option('--label <label>', 'name on the login page'), ...providerOptions()],
      examples: ['docsctl saml update <samlProviderId> --certificate-file new-idp.pem', 'docsctl saml update <samlProviderId> --default-role comment --json'],
      run: (ctx, [samlProviderId], o) => samlCall(ctx, 'updateOrganizationSAMLProvider', o, { samlProviderId }, { body: providerBody(o) }),
      human: providerFields,
    },
    {
      name: 'delete',
      summary: 'Delete a SAML provider',
      args: ['<samlProviderId>'],
      options: [orgOption()],
      examples: ['docsctl saml delete <samlProviderId>'],
      run: async (ctx, [samlProviderId], o) => {
        await samlCall(ctx, 'deleteOrganizationSAMLProvider', o, { samlProviderId })
        return { deleted: samlProviderId }
      },
      human: (r) => `Deleted SAML provider ${r.deleted}.\n`,
    },
    {
      name: 'logins',
      summary: 'Show how to log in with SSO: the active providers and their start addresses',
      options: [orgOption()],
      examples: ['docsctl saml logins', 'docsctl saml logins --json'],
      run: (ctx, _a, o) => samlCall(ctx, 'listSSOProviderLoginsInOrganization', o),
      human: (r) => formatTable(r.items, [{ header: 'id', value: (p: any) => p.id }, { header: 'label', value: (p: any) => p.label }, { header: 'start url', value: (p: any) => p.startURL }], 'No active SSO provider.'),
    },
  ],
}
