/**
 * The spec's limits, named once: schemas and domain rules read them from here.
 */
export const Limits = {
  listLimit: { min: 1, max: 1000, default: 50 },
  collection: { title: 50, description: 100 },
  space: { title: 50, emoji: 50 },
  organization: { title: { min: 2, max: 255 }, hostname: { min: 3, max: 32 }, logo: 2048 },
  token: { name: 100 },
  changeRequest: { subject: 100 },
  /** Comments and replies: Markdown of a body; emojis in one update's reactions; a node anchor; a table cell's ids. */
  comment: { body: 20_000, reactions: 20, node: 256, tableCell: 256 },
  /** Users asked for a review in one request. */
  review: { requestedUsers: 50 },
  user: { displayName: 100, email: 254 },
  /** OpenAPI spec slug, source and version addresses, and uploaded text (each file). */
  openapiSpec: { slug: { min: 1, max: 100 }, url: 2048, textBytes: 5 * 1024 * 1024 },
  site: { title: { min: 2, max: 128 }, hostname: 512, basename: { min: 1, max: 100 }, proxy: 512, spaces: 100 },
  siteSection: { title: { min: 2, max: 128 }, description: 256, path: { min: 1, max: 100 }, condition: { min: 1, max: 1024 }, icon: 50 },
  siteSpace: { path: { min: 1, max: 100 }, condition: { min: 1, max: 1024 } },
  siteSectionGroup: { title: { min: 1, max: 100 }, icon: 50, sections: 100 },
  shareLink: { name: 50, key: 256 },
  team: { title: { min: 1, max: 64 } },
  saml: { label: { min: 1, max: 30 }, entityID: 1024, certificate: 10_000, ssoURL: 2048 },
  subdomain: { min: 3, max: 32 },
  /** Integrations (GitBook's own limits where its API states them; docsctl's sizes for the rest). */
  integration: {
    name: 100,
    title: { min: 2, max: 30 },
    description: 100,
    summary: 2048,
    previewImages: 3,
    externalLinks: 5,
    block: { title: { min: 2, max: 40 }, description: 150 },
    /** Base64 characters of the icon and of each preview image. */
    imageBase64: 2 * 1024 * 1024,
    script: 5 * 1024 * 1024,
    secrets: { count: 50, name: 100, value: 10_000 },
    tunnelUrl: 256,
    externalIds: 5,
    /** The compressed render request. */
    renderRequest: 64 * 1024,
  },
  /** Deleted spaces are restorable for this long, then removed for good. */
  deletedSpaceRetentionMs: 7 * 24 * 60 * 60 * 1000,
  /** Largest request body the server reads (HTTP 413 above). */
  bodyBytes: 10 * 1024 * 1024,
} as const
