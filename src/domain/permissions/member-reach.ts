import type { Db } from '../../store/database'
import type { MemberRow } from '../../store/tables/member.table'
import type { UserRow } from '../../store/tables/user.table'
import { countLiveSpaces } from '../../store/spaces'
import { PermissionResolver } from './resolve-permissions'
import { visibleContentIds } from './visible-content'

/**
 * How many spaces of the organization a member can reach: all of them with a role; for a guest, those a default
 * level opens (decided by the same resolver as everything else).
 */
export async function countReachableSpaces(db: Db, organizationId: string, members: { member: MemberRow; user: UserRow }[]): Promise<Map<string, number>> {
  const result = new Map<string, number>()
  let all: number | undefined
  for (const { member, user } of members) {
    if (member.role !== null) {
      all ??= await countLiveSpaces(db, organizationId)
      result.set(user.id, all)
    } else {
      const visible = await visibleContentIds(db, new PermissionResolver(db, { user, tokenId: null }), organizationId)
      result.set(user.id, visible ? visible.spaces.length : (all ??= await countLiveSpaces(db, organizationId)))
    }
  }
  return result
}
