import type { Trx } from '../../store/database'
import type { SiteRow } from '../../store/tables/site.table'
import type { SpaceRow } from '../../store/tables/space.table'
import { insertSite } from '../../store/sites'
import { newId, nowIso } from '../../store/ids'
import { createSpace } from '../spaces/create-space'
import { addSiteSpaceTo } from './edit-site-structure'
import { buildSiteTree } from './site-tree'

export interface CreateSiteArgs {
  organizationId: string
  type: string
  title: string
  visibility: string
  /** Spaces to show at the root of the site, in order. */
  spaces: Pick<SpaceRow, 'id' | 'title'>[]
  /** Also create a new space, named after the site, and show it. */
  newSpace?: boolean
}

/** Creates an unpublished site without sections, showing the spaces at its root (the first is the default). */
export async function createSite(trx: Trx, args: CreateSiteArgs): Promise<SiteRow> {
  const at = nowIso()
  const site: SiteRow = {
    id: newId(),
    organization_id: args.organizationId,
    type: args.type,
    title: args.title,
    visibility: args.visibility,
    published: 0,
    hostname: null,
    basename: null,
    proxy: null,
    agents_context: 'included',
    adaptive_content: 0,
    adaptive_schema: null,
    adaptive_schema_updated_at: null,
    default_section_id: null,
    default_site_space_id: null,
    created_at: at,
    updated_at: at,
  }
  await insertSite(trx, site)
  const spaces = [...args.spaces]
  if (args.newSpace) spaces.push(await createSpace(trx, { organizationId: args.organizationId, parentId: null, title: args.title.slice(0, 50) }))
  const tree = buildSiteTree(site, { groups: [], sections: [], siteSpaces: [] })
  for (const space of spaces) await addSiteSpaceTo(trx, tree, null, space)
  return site
}
