import type { Db } from '../../store/database'
import type { PermissionResolver } from './resolve-permissions'
import { listAllCollectionsOfOrganization } from '../../store/collections'
import { listSpaceAccessRows } from '../../store/spaces'
import { LEVEL } from './roles'

/**
 * The spaces and collections of an organization the caller may see, for filtering lists; `undefined` when the
 * caller sees everything (any member with a role: its role applies to all content), which keeps lists one query.
 */
export async function visibleContentIds(db: Db, access: PermissionResolver, organizationId: string): Promise<{ spaces: string[]; collections: string[] } | undefined> {
  if ((await access.organizationLevel(organizationId)) >= LEVEL.read) return undefined
  const spaces: string[] = []
  const collections: string[] = []
  for (const row of await listSpaceAccessRows(db, organizationId)) {
    if ((await access.levelOf({ kind: 'space', row: { ...row, organization_id: organizationId } })) >= LEVEL.read) spaces.push(row.id)
  }
  for (const row of await listAllCollectionsOfOrganization(db, organizationId)) {
    if ((await access.levelOf({ kind: 'collection', row })) >= LEVEL.read) collections.push(row.id)
  }
  return { spaces, collections }
}
