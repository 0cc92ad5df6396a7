import type { ChangeRequestRow } from '../../store/tables/change-request.table'
import type { SpaceRow } from '../../store/tables/space.table'
import type { UserRow } from '../../store/tables/user.table'
import { isOutdated } from '../../domain/change-requests/change-requests'
import { presentUser } from './user'
import { apiUrl, appUrl } from './urls'

export function presentChangeRequest(cr: ChangeRequestRow, space: Pick<SpaceRow, 'revision_id'>, createdBy: UserRow, baseUrl: string) {
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
    // Comments arrive with discussions; until then a change request has none.
    comments: 0,
    outdated: isOutdated(cr, space),
    urls: {
      location: apiUrl(baseUrl, `/spaces/${cr.space_id}/change-requests/${cr.id}`),
      app: appUrl(baseUrl, `/s/${cr.space_id}/~/changes/${cr.number}`),
    },
  }
}
