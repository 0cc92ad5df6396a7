import type { ChangeRequestRow } from '../../store/tables/change-request.table'
import type { SpaceRow } from '../../store/tables/space.table'
import type { UserRow } from '../../store/tables/user.table'
import type { OperationContext } from '../operation'
import { isOutdated } from '../../domain/change-requests/change-requests'
import { countOpenChangeRequestComments } from '../../store/comments'
import { findUsersByIds } from '../../store/users'
import { presentUser } from './user'
import { apiUrl, appUrl } from './urls'

/** Presents change requests of one space: their creators and open comment counts are read in one go. */
export async function presentChangeRequests(ctx: OperationContext, space: Pick<SpaceRow, 'revision_id'>, rows: ChangeRequestRow[]) {
  const [users, comments] = await Promise.all([findUsersByIds(ctx.db, rows.map((cr) => cr.created_by)), countOpenChangeRequestComments(ctx.db, rows.map((cr) => cr.id))])
  return rows.map((cr) => present(cr, space, users.get(cr.created_by)!, comments.get(cr.id) ?? 0, ctx.baseUrl))
}

export async function presentChangeRequest(ctx: OperationContext, space: Pick<SpaceRow, 'revision_id'>, cr: ChangeRequestRow) {
  return (await presentChangeRequests(ctx, space, [cr]))[0]
}

function present(cr: ChangeRequestRow, space: Pick<SpaceRow, 'revision_id'>, createdBy: UserRow, comments: number, baseUrl: string) {
  return {
    object: 'change-request' as const,
    id: cr.id,
    number: cr.number,
    status: cr.status,
    subject: cr.subject,
    createdBy: presentUser(createdBy, baseUrl),
    createdAt: cr.created_at,
    updatedAt: cr.updated_at,
    space: cr.space_id,
    revision: cr.revision_id,
    revisionInitial: cr.revision_initial,
    ...(cr.revision_merged_ancestor ? { revisionMergedAncestor: cr.revision_merged_ancestor } : {}),
    ...(cr.revision_merged ? { revisionMerged: cr.revision_merged } : {}),
    /** Open comments on the change request. */
    comments,
    outdated: isOutdated(cr, space),
    urls: {
      location: apiUrl(baseUrl, `/spaces/${cr.space_id}/change-requests/${cr.id}`),
      app: appUrl(baseUrl, `/s/${cr.space_id}/~/changes/${cr.number}`),
    },
  }
}
