import { Option } from 'commander'
import type { GroupSpec } from './define-command'
import { nextHint, pageOptions, pageQuery } from './define-command'
import { formatFields, formatTable } from './output'

function orgFields(org: any) {
  return formatFields([
    ['id', org.id],
    ['title', org.title],
    ['hostname', org.hostname],
    ['email domains', org.emailDomains],
    ['default role', org.defaultRole ?? 'guest'],
    ['invite links', org.inviteLinks],
    ['sso', org.sso],
    ['ai', org.ai],
    ['created', org.createdAt],
    ['url', org.urls?.location],
  ])
}

export const orgCommands: GroupSpec = {
  name: 'org',
  aliases: ['orgs'],
  summary: 'Organizations: list, get and update',
  commands: [
    {
      name: 'list',
      summary: 'List the organizations you belong to',
      examples: ['docsctl org list', 'docsctl org list --json'],
      options: pageOptions(),
      run: async (ctx, _args, options) => (await ctx.client()).call('listOrganizationsForAuthenticatedUser', { query: pageQuery(options) }),
      human: (result) =>
        formatTable(result.items, [
          { header: 'id', value: (o: any) => o.id },
          { header: 'title', value: (o: any) => o.title },
          { header: 'created', value: (o: any) => o.createdAt },
        ], 'You belong to no organization.') + nextHint(result),
    },
    {
      name: 'get',
      summary: 'Show an organization (default: the workspace organization)',
      args: ['[organizationId]'],
      examples: ['docsctl org get', 'docsctl org get 4LvIqkXkOSUGDIBgLJoW --json'],
      run: async (ctx, [id]) => (await ctx.client()).call('getOrganizationById', { params: { organizationId: await ctx.organizationId(id) } }),
      human: orgFields,
    },
    {
      name: 'update',
      summary: 'Update an organization (admins)',
      args: ['[organizationId]'],
      options: [
        new Option('--title <title>', 'title, 2 to 255 characters'),
        new Option('--hostname <hostname>', 'default hostname, 3 to 32 characters'),
        new Option('--email-domains <domains>', 'comma-separated email domains whose users may join'),
        new Option('--default-role <role>', 'role of new members: admin, create, review, edit, comment, read, or guest'),
        new Option('--logo <url>', 'logo address ("" removes it)'),
        new Option('--invite-links <on|off>', 'allow joining by invite link').choices(['on', 'off']),
        new Option('--sso <on|off>', 'enforce SSO organization-wide').choices(['on', 'off']),
        new Option('--ai <on|off>', 'enable AI features').choices(['on', 'off']),
      ],
      examples: ['docsctl org update --title "Acme Docs"', 'docsctl org update --email-domains acme.com,acme.io --default-role comment'],
      run: async (ctx, [id], o) => {
        const body: Record<string, unknown> = {}
        if (o.title !== undefined) body.title = o.title
        if (o.hostname !== undefined) body.hostname = o.hostname
        if (o.emailDomains !== undefined) body.emailDomains = String(o.emailDomains).split(',').map((d) => d.trim()).filter(Boolean)
        if (o.defaultRole !== undefined) body.defaultRole = o.defaultRole === 'guest' ? null : o.defaultRole
        if (o.logo !== undefined) body.logo = o.logo === '' ? null : o.logo
        for (const key of ['inviteLinks', 'sso', 'ai']) if (o[key] !== undefined) body[key] = o[key] === 'on'
        return (await ctx.client()).call('updateOrganizationById', { params: { organizationId: await ctx.organizationId(id) }, body })
      },
      human: orgFields,
    },
  ],
}
