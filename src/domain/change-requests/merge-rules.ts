/**
 * A space's merge rules (`mergeRules`, GitBook's MergeRulesSpaceConfiguration). docsctl enforces the rule
 * `require_at_least_one_approved_review` (`docsctl space update --require-review`): a change request merges only
 * with an approved review of its current revision. Other rules are kept and shown, not enforced; `inherit` follows
 * the organization, whose rules are `none` on a self-hosted docsctl. Pure: the CLI reads it too (mergeChangeRequest
 * applies the rule).
 */

export const REQUIRE_APPROVED_REVIEW = 'require_at_least_one_approved_review'

export interface MergeRules {
  type: 'inherit' | 'none' | 'rules'
  rules?: { rule?: string }[]
}

/** Whether merge rules (a space's `mergeRules`) require an approved review. */
export function requiresApprovedReview(mergeRules: MergeRules | undefined): boolean {
  return mergeRules?.type === 'rules' && (mergeRules.rules ?? []).some((r) => r.rule === REQUIRE_APPROVED_REVIEW)
}

/** The merge rules with the approved-review rule added (`on`) or taken out; other rules stay. */
export function withApprovedReviewRule(mergeRules: MergeRules | undefined, on: boolean): MergeRules {
  const others = mergeRules?.type === 'rules' ? (mergeRules.rules ?? []).filter((r) => r.rule !== REQUIRE_APPROVED_REVIEW) : []
  const rules = on ? [...others, { rule: REQUIRE_APPROVED_REVIEW }] : others
  return rules.length ? { type: 'rules', rules } : { type: 'none' }
}
