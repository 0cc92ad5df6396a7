import type { Db } from '../../store/database'
import { countUsers } from '../../store/users'
import { findOrCreateUser } from '../users/create-user'
import { createOrganization } from '../organizations/create-organization'
import { issueToken } from '../auth/tokens'
import { ConflictError } from '../../errors'
import type { OrganizationRow } from '../../store/tables/organization.table'
import type { UserRow } from '../../store/tables/user.table'

export interface CreateWorkspaceArgs {
  organizationTitle: string
  email: string
  name?: string
}

/**
 * The first organization, its admin user and a token, in one transaction. A store that already has users is a
 * workspace already: nothing is changed and the error says so.
 */
export async function createWorkspace(db: Db, args: CreateWorkspaceArgs): Promise<{ organization: OrganizationRow; user: UserRow; token: string }> {
  return db.transaction().execute(async (trx) => {
    if ((await countUsers(trx as unknown as Db)) > 0) throw new ConflictError('A docsctl workspace already exists here; nothing was changed.')
    const { user } = await findOrCreateUser(trx, args.email, args.name)
    const organization = await createOrganization(trx, user.id, { title: args.organizationTitle })
    const { token } = await issueToken(trx, user.id, 'docsctl init')
    return { organization, user, token }
  })
}
