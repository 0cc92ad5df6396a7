/**
 * A space's merge rules (`mergeRules`, GitBook's MergeRulesSpaceConfiguration). docsctl enforces the rule
 * `require_at_least_one_approved_review` (`docsctl space update --require-review`): a change request merges only
 * with an approved review of its current revision. Other rules are kept and shown, not enforced; `inherit` follows
 * the organization, whose rules are `none` on a self-hosted docsctl.
 */
import type { Trx } from '../../store/database'
import type { ChangeRequestRow } from '../../store/tables/change-request.table'
import { hasCurrentReview } from '../../store/reviews'
import { ConflictError } from '../../errors'

export const REQUIRE_APPROVED_REVIEW = 'require_at_least_one_approved_review'

interface MergeRules {
  type: 'inherit' | 'none' | 'rules'
  rules?: { rule?: string }[]
}

/** Whether the space's merge rules (its stored JSON) require an approved review. */
export function requiresApprovedReview(mergeRules: string): boolean {
  const parsed = JSON.parse(mergeRules) as MergeRules
  return parsed.type === 'rules' && (parsed.rules ?? []).some((r) => r.rule === REQUIRE_APPROVED_REVIEW)
}

/** Refuses (409) to merge a change request its space's rules do not let merge yet. */
export async function assertMergeRules(trx: Trx, space: { id: string; merge_rules: string }, cr: ChangeRequestRow): Promise<void> {
  if (!requiresApprovedReview(space.merge_rules)) return
  if (await hasCurrentReview(trx, cr.id, cr.revision_id, 'approved')) return
  throw new ConflictError(
    `Change request #${cr.number} needs an approved review of its current revision before it can merge: space "${space.id}" requires one (merge rule ${REQUIRE_APPROVED_REVIEW}). ` +
      'Reviews of earlier revisions are outdated. Ask a reviewer (someone with the "review" role) to approve it: POST …/reviews with status "approved", or `docsctl cr review <number> --approve`.',
  )
}
