import type { Insertable, Selectable, Updateable } from 'kysely'

export interface SamlProviderTable {
  id: string
  organization_id: string
  label: string
  entity_id: string | null
  /** PEM X.509 certificate of the identity provider. */
  certificate: string | null
  sso_url: string | null
  default_team_id: string | null
  default_role: string | null
  created_at: string
}
export type SamlProviderRow = Selectable<SamlProviderTable>
export type NewSamlProviderRow = Insertable<SamlProviderTable>
export type SamlProviderUpdate = Updateable<SamlProviderTable>
