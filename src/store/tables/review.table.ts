import type { Insertable, Selectable } from 'kysely'

export interface ReviewTable {
  id: string
  change_request_id: string
  reviewer_id: string
  /** Who had requested this reviewer's review when it was submitted; null: reviewed unasked. */
  requested_by: string | null
  /** `approved` or `changes-requested`. */
  status: string
  /** The change request's head revision that was reviewed. */
  revision_id: string
  /** 1 once the same reviewer submitted a newer review. */
  superseded: number
  /** The comment posted with the review. */
  comment_id: string | null
  created_at: string
  updated_at: string
}
export type ReviewRow = Selectable<ReviewTable>
export type NewReviewRow = Insertable<ReviewTable>

/** A user asked to review a change request. */
export interface RequestedReviewerTable {
  change_request_id: string
  user_id: string
  requested_by: string
  /** The change request's head revision when requested. */
  revision_id: string
  created_at: string
}
export type RequestedReviewerRow = Selectable<RequestedReviewerTable>
