import type { MemberRow } from '../../store/tables/member.table'
import type { UserRow } from '../../store/tables/user.table'
import { presentUser } from './user'
import { apiUrl } from './urls'

/** Counts shown on a member: spaces it can reach, teams it belongs to, sites (none exist yet: zero). */
export interface MemberCounts {
  spaces: number
  teams: number
  sites: number
}

export function presentMember(member: MemberRow, user: UserRow, counts: MemberCounts, baseUrl: string) {
  return {
    object: 'member' as const,
    id: user.id,
    role: member.role,
    user: presentUser(user, baseUrl),
    disabled: member.disabled === 1,
    joinedAt: member.joined_at,
    ...(member.last_seen_at ? { lastSeenAt: member.last_seen_at } : {}),
    sso: member.sso === 1,
    spaces: counts.spaces,
    teams: counts.teams,
    sites: counts.sites,
    urls: { location: apiUrl(baseUrl, `/orgs/${member.organization_id}/members/${user.id}`) },
  }
}
