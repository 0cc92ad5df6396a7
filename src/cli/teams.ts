/** `docsctl team …`: teams and their members. */
import { Option } from 'commander'
import type { GroupSpec } from './define-command'
import { nextHint, pageOptions, pageQuery } from './define-command'
import { formatFields, formatTable } from './output'
import { memberTable, orgOption } from './members'

const teamFields = (t: any) => formatFields([['id', t.id], ['title', t.title], ['members', t.members], ['spaces', t.spaces], ['created', t.createdAt], ['can manage', t.permissions?.admin]])
const teamCall = async (ctx: any, id: string, o: any, params: Record<string, string> = {}, rest: { query?: object; body?: unknown } = {}) =>
  (await ctx.client()).call(id, { params: { organizationId: await ctx.organizationId(o.org), ...params }, ...rest })

export const teamCommands: GroupSpec = {
  name: 'team',
  aliases: ['teams'],
  summary: 'Teams of an organization and their members',
  commands: [
    {
      name: 'list',
      summary: 'List teams',
      options: [new Option('--title <text>', 'only teams whose title contains this'), new Option('--owner <userId>', 'only teams this member can manage'), orgOption(), ...pageOptions()],
      examples: ['docsctl team list', 'docsctl team list --title writers --json'],
      run: (ctx, _a, o) => teamCall(ctx, 'listTeamsInOrganizationById', o, {}, { query: { ...pageQuery(o), title: o.title, owner: o.owner } }),
      human: (r) =>
        formatTable(r.items, [
          { header: 'id', value: (t: any) => t.id },
          { header: 'title', value: (t: any) => t.title },
          { header: 'members', value: (t: any) => t.members },
          { header: 'spaces', value: (t: any) => t.spaces },
        ], 'No teams.') + nextHint(r),
    },
    {
      name: 'create',
      summary: 'Create a team (admins)',
      options: [new Option('--title <title>', 'title, 1 to 64 characters').makeOptionMandatory(), new Option('--members <userIds>', 'comma-separated member ids or emails'), orgOption()],
      examples: ['docsctl team create --title Writers', 'docsctl team create --title Reviewers --members ada@acme.com,<userId> --json'],
      run: (ctx, _a, o) => teamCall(ctx, 'createOrganizationTeam', o, {}, { body: { title: o.title, ...(o.members ? { members: String(o.members).split(',').map((m) => m.trim()).filter(Boolean) } : {}) } }),
      human: (t) => `Created team ${t.id} "${t.title}".\n`,
    },
    {
      name: 'get',
      summary: 'Show a team',
      args: ['<teamId>'],
      options: [orgOption()],
      examples: ['docsctl team get <teamId>', 'docsctl team get <teamId> --json'],
      run: (ctx, [teamId], o) => teamCall(ctx, 'getTeamInOrganizationById', o, { teamId }),
      human: teamFields,
    },
    {
      name: 'update',
      summary: 'Rename a team (admins and its owners)',
      args: ['<teamId>'],
      options: [new Option('--title <title>', 'new title, 1 to 64 characters').makeOptionMandatory(), orgOption()],
      examples: ['docsctl team update <teamId> --title "Tech writers"'],
      run: (ctx, [teamId], o) => teamCall(ctx, 'updateTeamInOrganizationById', o, { teamId }, { body: { title: o.title } }),
      human: teamFields,
    },
    {
      name: 'delete',
      summary: 'Delete a team (admins and its owners)',
      args: ['<teamId>'],
      options: [orgOption()],
      examples: ['docsctl team delete <teamId>'],
      run: async (ctx, [teamId], o) => {
        await teamCall(ctx, 'removeTeamFromOrganizationById', o, { teamId })
        return { deleted: teamId }
      },
      human: (r) => `Deleted team ${r.deleted}.\n`,
    },
    {
      name: 'members',
      summary: 'List the members of a team',
      args: ['<teamId>'],
      options: [orgOption(), ...pageOptions()],
      examples: ['docsctl team members <teamId>', 'docsctl team members <teamId> --json'],
      run: (ctx, [teamId], o) => teamCall(ctx, 'listTeamMembersInOrganizationById', o, { teamId }, { query: pageQuery(o) }),
      human: (r) => memberTable(r.items.map((i: any) => ({ ...i.organization, role: `${i.organization.role ?? 'guest'} (team ${i.team.role})` }))) + nextHint(r),
    },
    {
      name: 'add',
      summary: "Add a member to a team, or change its team role (admins and the team's owners)",
      args: ['<teamId>', '<userId>'],
      options: [new Option('--role <role>', 'team role').choices(['member', 'owner']).default('member'), orgOption()],
      examples: ['docsctl team add <teamId> <userId>', 'docsctl team add <teamId> <userId> --role owner'],
      run: async (ctx, [teamId, userId], o) => {
        await teamCall(ctx, 'addMemberToOrganizationTeamById', o, { teamId, userId }, { body: { role: o.role } })
        return { team: teamId, user: userId, role: o.role }
      },
      human: (r) => `${r.user} is now a team ${r.role} of ${r.team}.\n`,
    },
    {
      name: 'remove',
      summary: "Remove a member from a team (admins and the team's owners)",
      args: ['<teamId>', '<userId>'],
      options: [orgOption()],
      examples: ['docsctl team remove <teamId> <userId>'],
      run: async (ctx, [teamId, userId], o) => {
        await teamCall(ctx, 'deleteMemberFromOrganizationTeamById', o, { teamId, userId })
        return { team: teamId, removed: userId }
      },
      human: (r) => `Removed ${r.removed} from team ${r.team}.\n`,
    },
  ],
}
