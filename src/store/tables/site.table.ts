import type { Insertable, Selectable, Updateable } from 'kysely'

export interface SiteTable {
  id: string
  organization_id: string
  type: string
  title: string
  /** `public`, `unlisted`, `share-link` or `visitor-auth`. */
  visibility: string
  /** 1 when the site is reachable by the audience of its visibility (publishSite / unpublishSite). */
  published: number
  hostname: string | null
  basename: string | null
  /** Proxy origin (`company.com/docs`), or null. */
  proxy: string | null
  /** `included` or `excluded`. */
  agents_context: string
  adaptive_content: number
  /** JSON of the visitor schema (see domain/sites/adaptive-schema.ts), or null when never set. */
  adaptive_schema: string | null
  adaptive_schema_updated_at: string | null
  /** The default section while it exists (else the first section is). */
  default_section_id: string | null
  /** The default root-level site-space while it exists (else the first one is). */
  default_site_space_id: string | null
  created_at: string
  updated_at: string
}
export type SiteRow = Selectable<SiteTable>
export type NewSiteRow = Insertable<SiteTable>
export type SiteUpdate = Updateable<SiteTable>
