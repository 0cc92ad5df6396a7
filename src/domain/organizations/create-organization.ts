import type { Db, Trx } from '../../store/database'
import { insertOrganization } from '../../store/organizations'
import { insertMember } from '../../store/members'
import { newId, nowIso } from '../../store/ids'
import type { OrganizationRow } from '../../store/tables/organization.table'

export interface CreateOrganizationArgs {
  title: string
  emailDomains?: string[]
}

/** Creates an organization with the creator as its first admin, in one transaction. */
export async function createOrganization(db: Db | Trx, creatorId: string, args: CreateOrganizationArgs): Promise<OrganizationRow> {
  const at = nowIso()
  const row: OrganizationRow = {
    id: newId(),
    title: args.title.trim(),
    hostname: null,
    email_domains: JSON.stringify(normalizeDomains(args.emailDomains ?? [])),
    default_role: 'read',
    default_content: null,
    logo: null,
    sso: 0,
    ai: 0,
    invite_links: 1,
    created_at: at,
    updated_at: at,
  }
  const write = async (trx: Db | Trx) => {
    await insertOrganization(trx, row)
    await insertMember(trx, { organization_id: row.id, user_id: creatorId, role: 'admin', joined_at: at, last_seen_at: at, disabled: 0, sso: 0 })
  }
  if ('isTransaction' in db && db.isTransaction) await write(db)
  else await (db as Db).transaction().execute(write)
  return row
}

/** Lower-cased, de-duplicated email domains. */
export function normalizeDomains(domains: string[]): string[] {
  return [...new Set(domains.map((d) => d.trim().toLowerCase()))]
}
