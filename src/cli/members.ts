/** `docsctl member …`: organization members (list, get, role, remove, ping, SSO, their spaces and teams). */
import { Option } from 'commander'
import type { GroupSpec } from './define-command'
import { nextHint, pageOptions, pageQuery } from './define-command'
import { formatFields, formatTable } from './output'

export const orgOption = () => new Option('--org <organizationId>', 'organization (default: the workspace organization)')
/** `guest` (or `none`) stands for null: a member without a role. */
export const roleValue = (value: string) => (value === 'guest' || value === 'none' ? null : value)

export function memberTable(items: any[]) {
  return formatTable(
    items,
    [
      { header: 'id', value: (m: any) => m.id },
      { header: 'name', value: (m: any) => m.user.displayName },
      { header: 'email', value: (m: any) => m.user.email },
      { header: 'role', value: (m: any) => m.role ?? 'guest' },
      { header: 'teams', value: (m: any) => m.teams },
      { header: 'last seen', value: (m: any) => m.lastSeenAt ?? 'pending' },
    ],
    'No members.',
  )
}

function memberFields(m: any) {
  return formatFields([
    ['id', m.id],
    ['name', m.user.displayName],
    ['email', m.user.email],
    ['role', m.role ?? 'guest'],
    ['sso', m.sso],
    ['spaces', m.spaces],
    ['teams', m.teams],
    ['joined', m.joinedAt],
    ['last seen', m.lastSeenAt ?? 'pending (never seen)'],
  ])
}

const call = async (ctx: any, id: string, o: any, rest: { userId?: string; query?: object; body?: unknown } = {}) =>
  (await ctx.client()).call(id, { params: { organizationId: await ctx.organizationId(o.org), ...(rest.userId ? { userId: rest.userId } : {}) }, query: rest.query, body: rest.body })

export const memberCommands: GroupSpec = {
  name: 'member',
  aliases: ['members'],
  summary: 'Organization members: roles, removal, activity, their spaces and teams',
  commands: [
    {
      name: 'list',
      summary: 'List the members of an organization',
      options: [
        new Option('--role <role>', 'only this role (admin, create, review, edit, comment, read, guest)'),
        new Option('--search <text>', 'only members whose name or email contains this'),
        new Option('--sort <property>', 'joinedAt (default), lastSeenAt (active members only) or name').choices(['joinedAt', 'lastSeenAt', 'name']),
        new Option('--order <order>', 'desc (default) or asc').choices(['asc', 'desc']),
        orgOption(),
        ...pageOptions(),
      ],
      examples: ['docsctl member list', 'docsctl member list --role guest --search acme.com --json', 'docsctl member list --sort lastSeenAt'],
      run: (ctx, _a, o) => call(ctx, 'listMembersInOrganizationById', o, { query: { ...pageQuery(o), role: o.role, search: o.search, sort: o.sort, order: o.order } }),
      human: (r) => memberTable(r.items) + nextHint(r),
    },
    {
      name: 'get',
      summary: 'Show a member',
      args: ['<userId>'],
      options: [orgOption()],
      examples: ['docsctl member get <userId>', 'docsctl member get <userId> --json'],
      run: (ctx, [userId], o) => call(ctx, 'getMemberInOrganizationById', o, { userId }),
      human: memberFields,
    },
    {
      name: 'update',
      summary: "Change a member's role (admins); the last admin cannot be demoted",
      args: ['<userId>'],
      options: [new Option('--role <role>', 'admin, create, review, edit, comment, read, or guest').makeOptionMandatory(), orgOption()],
      examples: ['docsctl member update <userId> --role edit', 'docsctl member update <userId> --role guest --json'],
      run: (ctx, [userId], o) => call(ctx, 'updateMemberInOrganizationById', o, { userId, body: { role: roleValue(o.role) } }),
      human: memberFields,
    },
    {
      name: 'remove',
      summary: 'Remove a member (admins; you may remove yourself); the last admin cannot be removed',
      args: ['<userId>'],
      options: [orgOption()],
      examples: ['docsctl member remove <userId>', 'docsctl member remove <userId> --org <organizationId> --json'],
      run: async (ctx, [userId], o) => {
        await call(ctx, 'removeMemberFromOrganizationById', o, { userId })
        return { removed: userId }
      },
      human: (r) => `Removed member ${r.removed}.\n`,
    },
    {
      name: 'invite',
      summary: 'Add users by email (admins); new users are pending until first seen',
      options: [
        new Option('--email <emails>', 'comma-separated emails').makeOptionMandatory(),
        new Option('--role <role>', "role of the new members (default: the organization's default role)"),
        new Option('--sso', 'as SSO members'),
        orgOption(),
      ],
      examples: ['docsctl member invite --email ada@acme.com,bob@acme.com --role edit', 'docsctl member invite --email eve@acme.com --json'],
      run: (ctx, _a, o) =>
        call(ctx, 'inviteUsersToOrganization', o, {
          body: { emails: String(o.email).split(',').map((e) => e.trim()).filter(Boolean), ...(o.role !== undefined ? { role: roleValue(o.role) } : {}), ...(o.sso ? { sso: true } : {}) },
        }),
      human: (r) => `Invited ${r.invited} new member${r.invited === 1 ? '' : 's'}.\n`,
    },
    {
      name: 'ping',
      summary: 'Record that you are active in the organization (prints visitor claims when any)',
      options: [orgOption()],
      examples: ['docsctl member ping', 'docsctl member ping --json'],
      run: (ctx, _a, o) => call(ctx, 'updateOrganizationMemberLastSeenAt', o),
      human: (r) => (r.docsVisitorClaims ? `Seen. Visitor claims (JWT): ${r.docsVisitorClaims}\n` : 'Seen.\n'),
    },
    {
      name: 'sso',
      summary: 'Mark a member as an SSO member (admins)',
      args: ['<userId>'],
      options: [orgOption()],
      examples: ['docsctl member sso <userId>', 'docsctl member sso <userId> --json'],
      run: (ctx, [userId], o) => call(ctx, 'setUserAsSSOMemberForOrganization', o, { userId }),
      human: memberFields,
    },
    {
      name: 'spaces',
      summary: 'List the spaces a member can reach, with its role in each',
      args: ['<userId>'],
      options: [new Option('--order <order>', 'desc (default: newest first) or asc').choices(['asc', 'desc']), orgOption(), ...pageOptions()],
      examples: ['docsctl member spaces <userId>', 'docsctl member spaces <userId> --order asc --json'],
      run: (ctx, [userId], o) => call(ctx, 'listSpacesForOrganizationMember', o, { userId, query: { ...pageQuery(o), order: o.order } }),
      human: (r) =>
        formatTable(r.items, [
          { header: 'space', value: (i: any) => i.space.id },
          { header: 'title', value: (i: any) => i.space.title },
          { header: 'role', value: (i: any) => i.permission },
        ], 'No spaces.') + nextHint(r),
    },
    {
      name: 'teams',
      summary: 'List the teams of a member, with its team role',
      args: ['<userId>'],
      options: [new Option('--title <text>', 'only teams whose title contains this'), orgOption(), ...pageOptions()],
      examples: ['docsctl member teams <userId>', 'docsctl member teams <userId> --title writers --json'],
      run: (ctx, [userId], o) => call(ctx, 'listTeamsForOrganizationMember', o, { userId, query: { ...pageQuery(o), title: o.title } }),
      human: (r) =>
        formatTable(r.items, [
          { header: 'team', value: (i: any) => i.team.id },
          { header: 'title', value: (i: any) => i.team.title },
          { header: 'role', value: (i: any) => i.member.role },
        ], 'No teams.') + nextHint(r),
    },
  ],
}
