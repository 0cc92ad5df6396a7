/** `docsctl permission …`: roles of users and teams on a space or collection. */
import { Option } from 'commander'
import type { GroupSpec } from './define-command'
import { nextHint, pageOptions, pageQuery } from './define-command'
import { formatTable } from './output'
import { roleValue } from './members'
import { BadRequestError } from '../errors'

const targetOptions = () => [new Option('--space <spaceId>', 'a space'), new Option('--collection <collectionId>', 'a collection')]
const principalOptions = () => [new Option('--user <userIds>', 'comma-separated user ids'), new Option('--team <teamIds>', 'comma-separated team ids')]

/** The operation id for the target (`Space` or `Collection` suffix) and its path parameter. */
function target(o: { space?: string; collection?: string }) {
  if (!o.space === !o.collection) throw new BadRequestError('Name one target: --space <spaceId> or --collection <collectionId>.')
  return o.space ? { suffix: 'Space', params: { spaceId: o.space } } : { suffix: 'Collection', params: { collectionId: o.collection! } }
}
const ids = (value?: string) => (value ? String(value).split(',').map((v) => v.trim()).filter(Boolean) : undefined)

function principal(o: { user?: string; team?: string }) {
  if (!o.user === !o.team) throw new BadRequestError('Name one user (--user <userId>) or one team (--team <teamId>).')
  return o.user ? { kind: 'User' as const, params: { userId: o.user } } : { kind: 'Team' as const, params: { teamId: o.team! } }
}

const permissionTable = (rows: { kind: string; id: string; name: string; role: string }[]) =>
  formatTable(rows, [
    { header: 'kind', value: (r) => r.kind },
    { header: 'id', value: (r) => r.id },
    { header: 'name', value: (r) => r.name },
    { header: 'role', value: (r) => r.role },
  ], 'No permissions.')

export const permissionCommands: GroupSpec = {
  name: 'permission',
  aliases: ['permissions'],
  summary: 'Roles of users and teams on spaces and collections',
  commands: [
    {
      name: 'list',
      summary: 'List the users and teams given a role on a space or collection',
      options: [...targetOptions()],
      examples: ['docsctl permission list --space <spaceId>', 'docsctl permission list --collection <collectionId> --json'],
      run: async (ctx, _a, o) => {
        const { suffix, params } = target(o)
        const client = await ctx.client()
        const [users, teams] = await Promise.all([
          client.call<any>(`listUserPermissionsIn${suffix}`, { params, query: { limit: 1000 } }),
          client.call<any>(`listTeamPermissionsIn${suffix}`, { params, query: { limit: 1000 } }),
        ])
        return { users: users.items, teams: teams.items }
      },
      human: (r) =>
        permissionTable([
          ...r.users.map((p: any) => ({ kind: 'user', id: p.user.id, name: p.user.email ?? p.user.displayName, role: p.permission })),
          ...r.teams.map((p: any) => ({ kind: 'team', id: p.team.id, name: p.team.title, role: p.permission })),
        ]),
    },
    {
      name: 'aggregate',
      summary: 'List everyone who reaches a space or collection, with the role that applies to them',
      options: [...targetOptions(), new Option('--role <role>', 'only this role'), ...pageOptions()],
      examples: ['docsctl permission aggregate --space <spaceId>', 'docsctl permission aggregate --collection <collectionId> --role edit --json'],
      run: async (ctx, _a, o) => {
        const { suffix, params } = target(o)
        return (await ctx.client()).call(`listPermissionsAggregateIn${suffix}`, { params, query: { ...pageQuery(o), role: o.role } })
      },
      human: (r) => permissionTable(r.items.map((p: any) => ({ kind: 'user', id: p.user.id, name: p.user.email ?? p.user.displayName, role: p.permission }))) + nextHint(r),
    },
    {
      name: 'set',
      summary: 'Give users and/or teams a role on a space or collection (admins of it); --role guest removes it',
      options: [...targetOptions(), ...principalOptions(), new Option('--role <role>', 'admin, create, review, edit, comment, read, or guest').makeOptionMandatory()],
      examples: ['docsctl permission set --space <spaceId> --user <userId> --role edit', 'docsctl permission set --collection <collectionId> --team <teamId>,<teamId> --role read --json'],
      run: async (ctx, _a, o) => {
        const { suffix, params } = target(o)
        const body = { role: roleValue(o.role), users: ids(o.user), teams: ids(o.team) }
        await (await ctx.client()).call(`inviteTo${suffix}`, { params, body })
        return { ...params, ...body }
      },
      human: (r) => `Set role ${r.role ?? 'none'} for ${[...(r.users ?? []), ...(r.teams ?? [])].join(', ')}.\n`,
    },
    {
      name: 'update',
      summary: 'Change the role of one user or team that has a permission on a space or collection',
      options: [...targetOptions(), ...principalOptions(), new Option('--role <role>', 'admin, create, review, edit, comment, read').makeOptionMandatory()],
      examples: ['docsctl permission update --space <spaceId> --user <userId> --role review'],
      run: async (ctx, _a, o) => {
        const { suffix, params } = target(o)
        const who = principal(o)
        await (await ctx.client()).call(`update${who.kind}PermissionIn${suffix}`, { params: { ...params, ...who.params }, body: { role: roleValue(o.role) } })
        return { ...params, ...who.params, role: roleValue(o.role) }
      },
      human: (r) => `Updated to ${r.role ?? 'none'}.\n`,
    },
    {
      name: 'remove',
      summary: 'Remove the permission of one user or team on a space or collection',
      options: [...targetOptions(), ...principalOptions()],
      examples: ['docsctl permission remove --space <spaceId> --user <userId>', 'docsctl permission remove --collection <collectionId> --team <teamId>'],
      run: async (ctx, _a, o) => {
        const { suffix, params } = target(o)
        const who = principal(o)
        await (await ctx.client()).call(`remove${who.kind}From${suffix}`, { params: { ...params, ...who.params } })
        return { ...params, ...who.params, removed: true }
      },
      human: () => 'Removed.\n',
    },
  ],
}
