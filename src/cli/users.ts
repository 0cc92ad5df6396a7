/**
 * `docsctl user add`: local administration. Whoever holds the data directory administers the instance, so this
 * works on the local store only (not with --api-url): it creates a user, makes it a member of the workspace
 * organization with a role, and prints a token for it.
 */
import { Option } from 'commander'
import type { GroupSpec } from './define-command'
import { formatFields } from './output'
import { BadRequestError, ConflictError } from '../errors'

export const userCommands: GroupSpec = {
  name: 'user',
  aliases: ['users'],
  summary: 'Users of this docsctl instance (local administration)',
  commands: [
    {
      name: 'add',
      summary: 'Create a user, add it to an organization with a role, and print a token for it',
      options: [
        new Option('--email <email>', "the user's email").makeOptionMandatory(),
        new Option('--name <name>', 'display name'),
        new Option('--role <role>', 'organization role: admin, create, review, edit, comment, read, or guest').default('read'),
        new Option('--org <organizationId>', 'organization (default: the workspace organization)'),
      ],
      examples: ['docsctl user add --email ada@acme.com --name Ada --role edit', 'docsctl user add --email bot@acme.com --role read --json'],
      run: async (ctx, _a, o) => {
        if (ctx.apiUrl) throw new BadRequestError('`docsctl user add` administers the local store; run it without --api-url on the server\'s data directory.')
        const [{ openEngine }, { findOrCreateUser }, { issueToken }, members, { nowIso }, { isRole }, { presentUser }] = await Promise.all([
          import('../engine'),
          import('../domain/users/create-user'),
          import('../domain/auth/tokens'),
          import('../store/members'),
          import('../store/ids'),
          import('../domain/permissions/roles'),
          import('../api/presenters/user'),
        ])
        const role = o.role === 'guest' ? null : o.role
        if (role !== null && !isRole(role)) throw new BadRequestError(`--role: "${o.role}" is not a role; use admin, create, review, edit, comment, read or guest.`)
        if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(o.email)) throw new BadRequestError('--email: must be an email address.')
        const organizationId = await ctx.organizationId(o.org)
        const engine = await openEngine({ dataDir: ctx.dataDir })
        try {
          return await engine.db.transaction().execute(async (trx) => {
            const { user } = await findOrCreateUser(trx, o.email, o.name)
            if (await members.findMember(trx, organizationId, user.id)) throw new ConflictError(`${o.email} is already a member of organization ${organizationId}.`)
            await members.insertMember(trx, { organization_id: organizationId, user_id: user.id, role, joined_at: nowIso(), last_seen_at: null, disabled: 0, sso: 0 })
            const { token } = await issueToken(trx, user.id, 'docsctl user add')
            return { user: presentUser(user, engine.baseUrl), organization: organizationId, role, token }
          })
        } finally {
          await engine.close()
        }
      },
      human: (r) => formatFields([['user', `${r.user.displayName} <${r.user.email}> (${r.user.id})`], ['role', r.role ?? 'guest'], ['token', r.token]]),
    },
  ],
}
