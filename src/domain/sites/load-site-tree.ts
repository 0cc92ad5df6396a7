import type { Db, Trx } from '../../store/database'
import type { SiteRow } from '../../store/tables/site.table'
import type { SpaceRow } from '../../store/tables/space.table'
import { listSiteStructureRows } from '../../store/site-structure'
import { findSpacesByIds } from '../../store/spaces'
import { allSiteSpaces, buildSiteTree, type SiteTree } from './site-tree'

/** A site's structure, read whole (in the transaction when given one). */
export async function loadSiteTree(db: Db | Trx, site: SiteRow): Promise<SiteTree> {
  return buildSiteTree(site, await listSiteStructureRows(db, site.id))
}

/** The spaces the site-spaces of a tree show, by id. */
export async function loadSpacesOf(db: Db | Trx, tree: SiteTree): Promise<Map<string, SpaceRow>> {
  const ids = [...new Set(allSiteSpaces(tree).map((s) => s.space_id))]
  return new Map((await findSpacesByIds(db, ids)).map((space) => [space.id, space]))
}
