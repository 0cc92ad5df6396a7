import type { Insertable, Selectable, Updateable } from 'kysely'

export interface OrganizationTable {
  id: string
  title: string
  hostname: string | null
  /** JSON array of domains. */
  email_domains: string
  /** Role given to new members; null: guest. */
  default_role: string | null
  /** JSON `{type: 'site', site}` or null. */
  default_content: string | null
  logo: string | null
  sso: number
  ai: number
  invite_links: number
  created_at: string
  updated_at: string
}
export type OrganizationRow = Selectable<OrganizationTable>
export type NewOrganizationRow = Insertable<OrganizationTable>
export type OrganizationUpdate = Updateable<OrganizationTable>
