/** `docsctl invite …`: invite links (to the organization, a space or a collection) and joining with one. */
import { Option } from 'commander'
import type { GroupSpec } from './define-command'
import { nextHint, pageOptions, pageQuery } from './define-command'
import { formatFields, formatTable } from './output'
import { orgOption, roleValue } from './members'
import { BadRequestError } from '../errors'

const target = (i: any) => (i.space ? `space ${i.space.id}` : i.collection ? `collection ${i.collection.id}` : 'organization')
const inviteFields = (i: any) => formatFields([['id', i.id], ['to', target(i)], ['role', (i.role !== undefined ? i.role : i.level) ?? 'guest'], ['join with', `docsctl invite join ${i.id}`], ['join url', i.urls?.join]])
const inviteCall = async (ctx: any, id: string, o: any, params: Record<string, string> = {}, rest: { query?: object; body?: unknown } = {}) =>
  (await ctx.client()).call(id, { params: { organizationId: await ctx.organizationId(o.org), ...params }, ...rest })

export const inviteCommands: GroupSpec = {
  name: 'invite',
  aliases: ['invites'],
  summary: 'Invite links: create, list, change, delete, and join with one',
  commands: [
    {
      name: 'create',
      summary: 'Create an invite link to the organization (with --role) or to a space or collection (with --level)',
      options: [
        new Option('--role <role>', 'organization role it gives (admin … read, or guest)'),
        new Option('--space <spaceId>', 'invite to this space'),
        new Option('--collection <collectionId>', 'invite to this collection'),
        new Option('--level <role>', 'role it gives in the space or collection'),
        orgOption(),
      ],
      examples: ['docsctl invite create --role edit', 'docsctl invite create --space <spaceId> --level comment --json'],
      run: (ctx, _a, o) => {
        if (o.space || o.collection) {
          if (o.level === undefined) throw new BadRequestError('--level: an invite to a space or collection needs a level (admin … read, or guest).')
          return inviteCall(ctx, 'createOrganizationInvite', o, {}, { body: { level: roleValue(o.level), ...(o.space ? { space: o.space } : { collection: o.collection }) } })
        }
        if (o.role === undefined) throw new BadRequestError('--role: an invite to the organization needs a role (admin … read, or guest).')
        return inviteCall(ctx, 'createOrganizationInvite', o, {}, { body: { role: roleValue(o.role) } })
      },
      human: inviteFields,
    },
    {
      name: 'list',
      summary: 'List the invite links to the organization (admins)',
      options: [orgOption(), ...pageOptions()],
      examples: ['docsctl invite list', 'docsctl invite list --json'],
      run: (ctx, _a, o) => inviteCall(ctx, 'listOrganizationInviteLinks', o, {}, { query: pageQuery(o) }),
      human: (r) =>
        formatTable(r.items, [
          { header: 'id', value: (i: any) => i.id },
          { header: 'role', value: (i: any) => i.role ?? 'guest' },
        ], 'No invite links.') + nextHint(r),
    },
    {
      name: 'get',
      summary: 'Show an invite link',
      args: ['<inviteId>'],
      options: [orgOption()],
      examples: ['docsctl invite get <inviteId>'],
      run: (ctx, [inviteId], o) => inviteCall(ctx, 'getOrganizationInviteLink', o, { inviteId }),
      human: inviteFields,
    },
    {
      name: 'update',
      summary: 'Change the role (organization invite) or level (space or collection invite) of an invite link',
      args: ['<inviteId>'],
      options: [new Option('--role <role>', 'new organization role'), new Option('--level <role>', 'new level in the space or collection'), orgOption()],
      examples: ['docsctl invite update <inviteId> --role comment', 'docsctl invite update <inviteId> --level read'],
      run: (ctx, [inviteId], o) =>
        inviteCall(ctx, 'updateOrganizationInviteById', o, { inviteId }, { body: o.level !== undefined ? { level: roleValue(o.level) } : { role: o.role === undefined ? undefined : roleValue(o.role) } }),
      human: inviteFields,
    },
    {
      name: 'delete',
      summary: 'Delete an invite link',
      args: ['<inviteId>'],
      options: [orgOption()],
      examples: ['docsctl invite delete <inviteId>'],
      run: async (ctx, [inviteId], o) => {
        await inviteCall(ctx, 'deleteOrganizationInviteById', o, { inviteId })
        return { deleted: inviteId }
      },
      human: (r) => `Deleted invite ${r.deleted}.\n`,
    },
    {
      name: 'join',
      summary: 'Join an organization with an invite link (refused when it has invite links off)',
      args: ['<inviteId>'],
      options: [new Option('--org <organizationId>', 'organization of the invite').makeOptionMandatory()],
      examples: ['docsctl invite join <inviteId> --org <organizationId>', 'docsctl --api-url https://docs.acme.com --token $TOKEN invite join <inviteId> --org <organizationId>'],
      run: async (ctx, [inviteId], o) => {
        await (await ctx.client()).call('joinOrganizationWithInvite', { params: { organizationId: o.org, inviteId } })
        return { joined: o.org }
      },
      human: (r) => `Joined organization ${r.joined}.\n`,
    },
  ],
}
