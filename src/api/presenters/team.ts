import type { TeamRow } from '../../store/tables/team.table'
import type { OperationContext } from '../operation'
import { countTeamMembers } from '../../store/teams'
import { countTeamTargets } from '../../store/permissions'
import { apiUrl } from './urls'

/** Teams with their member and space counts (read in one go) and the caller's permissions on each. */
export async function presentTeams(rows: TeamRow[], ctx: OperationContext) {
  const ids = rows.map((row) => row.id)
  const [members, spaces] = await Promise.all([countTeamMembers(ctx.db, ids), countTeamTargets(ctx.db, ids)])
  return Promise.all(
    rows.map(async (row) => ({
      object: 'team' as const,
      id: row.id,
      title: row.title,
      members: members.get(row.id) ?? 0,
      spaces: spaces.get(row.id) ?? 0,
      createdAt: row.created_at,
      urls: { location: apiUrl(ctx.baseUrl, `/orgs/${row.organization_id}/teams/${row.id}`) },
      permissions: await ctx.access.permissionsOf('team', { kind: 'team', row }),
    })),
  )
}

export async function presentTeam(row: TeamRow, ctx: OperationContext) {
  return (await presentTeams([row], ctx))[0]
}
