/**
 * Roles and what each may do: the capability table, written once. The README reproduces it.
 * A role includes every role below it: admin > create > review > edit > comment > read.
 */

export const ROLES = ['admin', 'create', 'review', 'edit', 'comment', 'read'] as const
export type Role = (typeof ROLES)[number]

/**
 * Access levels, ordered. `guest` is an organization member without a role (sees only what it is invited to or
 * what a default level opens); `none` is not a member.
 */
export const LEVEL = { none: -1, guest: 0, read: 1, comment: 2, edit: 3, review: 4, create: 5, admin: 6 } as const
export type Level = (typeof LEVEL)[keyof typeof LEVEL]

export function levelOf(role: string | null | undefined): Level {
  if (role === null || role === undefined) return LEVEL.guest
  return (LEVEL as Record<string, Level>)[role] ?? LEVEL.guest
}

/** The role a level stands for (null for guest and below). */
export function roleAt(level: Level): Role | null {
  return level >= LEVEL.read ? ((ROLES as readonly Role[]).find((role) => LEVEL[role] === level) ?? null) : null
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value)
}

/** The lowest level that grants each action, per resource. Every `permissions` object is read from here. */
export const CAPABILITIES = {
  organization: {
    view: LEVEL.guest,
    access: LEVEL.guest,
    admin: LEVEL.admin,
    ownTeam: LEVEL.admin,
    createContent: LEVEL.create,
    createOpenAPISpec: LEVEL.create,
    ingestConversations: LEVEL.admin,
    viewBilling: LEVEL.admin,
    listMembers: LEVEL.read,
    listTeams: LEVEL.read,
    listIntegrations: LEVEL.read,
    listInstallations: LEVEL.admin,
    installIntegration: LEVEL.admin,
  },
  collection: {
    view: LEVEL.read,
    admin: LEVEL.admin,
    viewInviteLinks: LEVEL.admin,
    create: LEVEL.create,
  },
  space: {
    view: LEVEL.read,
    access: LEVEL.read,
    admin: LEVEL.admin,
    viewInviteLinks: LEVEL.admin,
    edit: LEVEL.edit,
    triggerGitSync: LEVEL.create,
    comment: LEVEL.comment,
    merge: LEVEL.edit,
    review: LEVEL.review,
    installIntegration: LEVEL.admin,
  },
  /** An organization's OpenAPI spec: members read it, creators edit it; a `public` one anyone reads. */
  openapiSpec: {
    view: LEVEL.read,
    edit: LEVEL.create,
  },
  /** A translation of a space: members read it, creators edit and run it. */
  translation: {
    view: LEVEL.read,
    edit: LEVEL.create,
  },
  /**
   * An integration, published by an organization: the owner's members read it (anyone reads a public or unlisted
   * one); the owner's admins publish, unpublish, read its installations and events and turn development mode on.
   */
  integration: {
    view: LEVEL.read,
    admin: LEVEL.admin,
  },
  /**
   * Sites belong to their organization: the caller's organization role is its level on every site. `create` manages
   * the structure (sections, groups, site-spaces); `admin` settings, publishing, share links and the visitor schema.
   */
  site: {
    view: LEVEL.read,
    access: LEVEL.read,
    edit: LEVEL.edit,
    create: LEVEL.create,
    admin: LEVEL.admin,
    installIntegration: LEVEL.admin,
    viewAdaptiveSchema: LEVEL.read,
    editAdaptiveSchema: LEVEL.admin,
  },
  /** A team: members with a role see teams; org admins and the team's owners (admin on it) manage it. */
  team: {
    view: LEVEL.read,
    admin: LEVEL.admin,
  },
} as const

export type Resource = keyof typeof CAPABILITIES
export type Action<R extends Resource> = keyof (typeof CAPABILITIES)[R]
export type Permissions<R extends Resource> = Record<Action<R>, boolean>

const computed = new Map<string, Readonly<Record<string, boolean>>>()

/** The `permissions` booleans of a resource for a caller at `level` (one shared, frozen object per level). */
export function permissionsAt<R extends Resource>(resource: R, level: Level): Readonly<Permissions<R>> {
  const key = `${resource}:${level}`
  let result = computed.get(key)
  if (!result) {
    const table = CAPABILITIES[resource] as Record<string, Level>
    const booleans: Record<string, boolean> = {}
    for (const action in table) booleans[action] = level >= table[action]
    result = Object.freeze(booleans)
    computed.set(key, result)
  }
  return result as Readonly<Permissions<R>>
}

/** The `permissions` booleans of a comment or reply. */
export interface CommentPermissions {
  view: boolean
  edit: boolean
  reply: boolean
  delete: boolean
}

/**
 * What a caller at `level` on the space may do with a comment or reply: `comment` (and above) may reply and react;
 * only the author edits the body; the author or a space admin deletes.
 */
export function commentPermissionsAt(level: Level, isAuthor: boolean): CommentPermissions {
  const space = CAPABILITIES.space
  const reply = level >= space.comment
  return { view: level >= space.view, edit: isAuthor && reply, reply, delete: (isAuthor && reply) || level >= space.admin }
}
