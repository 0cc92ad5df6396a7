import type { OrganizationRow } from '../../store/tables/organization.table'
import type { OperationContext } from '../operation'
import { apiUrl, appUrl } from './urls'

/**
 * Hosted-only fields take fixed values on a self-hosted docsctl (documented in the README): every feature is
 * available, nothing is billed, there is no trial.
 */
export const SELF_HOSTED = {
  type: 'business',
  plan: 'enterprise_2024',
  billing: {
    interval: 'yearly',
    endDate: null,
    hasPaymentFailed: false,
    canCheckout: false,
    isScheduledToCancel: false,
    pricing: {
      members: { plus_2024: { monthly: 0, yearly: 0 }, pro_2024: { monthly: 0, yearly: 0 } },
      sites: { premium: { monthly: 0, yearly: 0 }, ultimate: { monthly: 0, yearly: 0 } },
    },
    usageAddons: {},
    canChangeInterval: false,
    canUseSAML: true,
    creditsBundle: null,
    aiCreditAlertThreshold: null,
  },
  trial: { status: 'notapplicable', count: 0 },
  mergeRules: { type: 'none' },
} as const

export async function presentOrganization(row: OrganizationRow, ctx: OperationContext) {
  const permissions = await ctx.access.permissionsOf('organization', { kind: 'organization', row })
  const defaultContent = row.default_content ? JSON.parse(row.default_content) : undefined
  return {
    object: 'organization' as const,
    id: row.id,
    title: row.title,
    createdAt: row.created_at,
    emailDomains: JSON.parse(row.email_domains) as string[],
    ...(row.hostname ? { hostname: row.hostname } : {}),
    type: SELF_HOSTED.type,
    defaultRole: row.default_role as string | null,
    ...(defaultContent ? { defaultContent } : {}),
    sso: row.sso === 1,
    ai: row.ai === 1,
    inviteLinks: row.invite_links === 1,
    plan: SELF_HOSTED.plan,
    ...(permissions.viewBilling ? { billing: SELF_HOSTED.billing } : {}),
    mergeRules: SELF_HOSTED.mergeRules,
    internal_isOnNewTrial: true,
    trial: SELF_HOSTED.trial,
    urls: {
      location: apiUrl(ctx.baseUrl, `/orgs/${row.id}`),
      app: appUrl(ctx.baseUrl, `/o/${row.id}`),
      ...(row.logo ? { logo: row.logo } : {}),
    },
    permissions,
  }
}
