/**
 * The one permission resolver: for a caller and an object it computes the caller's level there, which both
 * decides operations (`authorize`) and fills the `permissions` booleans of presented objects (`permissionsOf`).
 *
 * Level on a space or collection = the highest of (the highest applicable role wins)
 *   - the caller's organization role (admins have admin everywhere; guests have none),
 *   - the default level of the object, or of the nearest collection above it when the level is `inherit`,
 *   - the explicit permissions of the caller and of each of its teams: for each of them, the one on the object
 *     itself, else the one on the nearest collection above it (a space inherits its collection's role unless
 *     overridden for that user or team),
 * and at least `read` for anyone (guest or non-member) on a space published as `public` or `unlisted`, or shown by a
 * published site to its audience (domain/sites/published-access.ts; share keys and visitor tokens count once the
 * operation hands them over with `useSiteCredentials`).
 * A non-member (or a disabled member) has no level at all: explicit permissions count only for members.
 * Level on a site, an OpenAPI spec or a translation = the caller's organization role (a public spec: at least read).
 * Level on a team = the organization role, and `admin` for the team's owners.
 * One resolver lives per request and caches what it loads.
 */
import type { Db } from '../../store/database'
import type { CollectionRow } from '../../store/tables/collection.table'
import type { MemberRow } from '../../store/tables/member.table'
import type { OrganizationRow } from '../../store/tables/organization.table'
import type { SpaceRow } from '../../store/tables/space.table'
import type { SiteRow } from '../../store/tables/site.table'
import type { UserRow } from '../../store/tables/user.table'
import type { TeamRow } from '../../store/tables/team.table'
import { findMember } from '../../store/members'
import { listGrantsOfUser } from '../../store/permissions'
import { listTeamMembershipsOfUser } from '../../store/teams'
import { listAllCollectionsOfOrganization } from '../../store/collections'
import { ForbiddenError, NotFoundError } from '../../errors'
import { publishedSpaceIds, type SiteCredentials } from '../sites/published-access'
import { CAPABILITIES, LEVEL, commentPermissionsAt, levelOf, permissionsAt, type Action, type CommentPermissions, type Level, type Permissions, type Resource } from './roles'

export interface Actor {
  user: UserRow
  tokenId: string | null
  /**
   * The caller's memberships by organization, as read. An actor authenticated from the read cache carries one map
   * for as long as the cache keeps it (until the next write), so requests after the first read none.
   */
  memberships?: Map<string, MemberRow | null>
  /** The caller's explicit permissions and team roles by organization, kept like `memberships`. */
  grants?: Map<string, Grants>
}

/** What the caller was given in one organization beyond its role. */
export interface Grants {
  /** Level by `principal:target`, principal being `user` or a team id, target a space or collection id. */
  levels: Map<string, Level>
  /** `user` and the ids of the caller's teams. */
  principals: string[]
  /** Teams the caller owns. */
  ownedTeams: Set<string>
}

type SpaceLike = Pick<SpaceRow, 'id' | 'organization_id' | 'parent_id' | 'default_level' | 'visibility'> & { edit_mode?: string }

/** Actions a `locked` space refuses to everyone until an admin sets `editMode` back to `live`. */
const LOCKED_SPACE_ACTIONS = new Set(['edit', 'merge'])
type CollectionLike = Pick<CollectionRow, 'id' | 'organization_id' | 'parent_id' | 'default_level'>

export type Subject =
  | { kind: 'organization'; row: Pick<OrganizationRow, 'id'> }
  | { kind: 'collection'; row: CollectionLike }
  | { kind: 'space'; row: SpaceLike }
  | { kind: 'openapiSpec'; row: { id: string; organization_id: string; visibility: string } }
  | { kind: 'translation'; row: { id: string; organization_id: string } }
  | { kind: 'integration'; row: { id: string; organization_id: string; visibility: string } }
  | { kind: 'site'; row: Pick<SiteRow, 'id' | 'organization_id'> }
  | { kind: 'team'; row: Pick<TeamRow, 'id' | 'organization_id'> }

/** Readable names for messages. */
const NOUN: Record<Resource, string> = { organization: 'organization', collection: 'collection', space: 'space', openapiSpec: 'OpenAPI spec', translation: 'translation', integration: 'integration', site: 'site', team: 'team' }

export class PermissionResolver {
  private members = new Map<string, MemberRow | null>()
  private levels = new WeakMap<object, Level>()
  private collections = new Map<string, Map<string, CollectionLike>>()
  private siteCredentials: SiteCredentials = {}
  /** Spaces published sites show this caller, by organization (computed only when a level falls short of read). */
  private published = new Map<string, Promise<Set<string>>>()
  private grantsByOrg = new Map<string, Grants>()

  constructor(
    private readonly db: Db,
    readonly actor: Actor,
  ) {}

  /** The caller's membership in an organization, or null. */
  async membership(organizationId: string): Promise<MemberRow | null> {
    const members = this.actor.memberships ?? this.members
    let member = members.get(organizationId)
    if (member === undefined) {
      member = (await findMember(this.db, organizationId, this.actor.user.id)) ?? null
      members.set(organizationId, member)
    }
    return member
  }

  async organizationLevel(organizationId: string): Promise<Level> {
    const member = await this.membership(organizationId)
    if (!member || member.disabled) return LEVEL.none
    return levelOf(member.role)
  }

  /** The caller's level on a subject (remembered per row for this request: authorize and permissionsOf both ask). */
  async levelOf(subject: Subject): Promise<Level> {
    let level = this.levels.get(subject.row)
    if (level === undefined) this.levels.set(subject.row, (level = await this.resolveLevel(subject)))
    return level
  }

  private async resolveLevel(subject: Subject): Promise<Level> {
    if (subject.kind === 'organization') return this.organizationLevel(subject.row.id)
    const orgLevel = await this.organizationLevel(subject.row.organization_id)
    if (subject.kind === 'site') return orgLevel
    if (orgLevel === LEVEL.admin) return LEVEL.admin
    // Organization-wide objects follow the organization role; a public spec is readable by anyone.
    if (subject.kind === 'translation') return orgLevel
    if (subject.kind === 'openapiSpec') return subject.row.visibility === 'public' && orgLevel < LEVEL.read ? LEVEL.read : orgLevel
    if (subject.kind === 'team') {
      if (orgLevel < LEVEL.guest) return orgLevel
      return (await this.grantsIn(subject.row.organization_id)).ownedTeams.has(subject.row.id) ? LEVEL.admin : orgLevel
    }
    if (subject.kind === 'integration') return subject.row.visibility !== 'private' && orgLevel < LEVEL.read ? LEVEL.read : orgLevel
    let level: Level = orgLevel
    if (orgLevel >= LEVEL.guest) {
      const defaultLevel = await this.effectiveDefaultLevel(subject)
      if (defaultLevel > level) level = defaultLevel
      const granted = await this.grantedLevel(subject)
      if (granted > level) level = granted
    }
    // What anyone may read, a guest of the organization may read too.
    if (level < LEVEL.read && subject.kind === 'space' && (subject.row.visibility === 'public' || subject.row.visibility === 'unlisted')) {
      level = LEVEL.read
    }
    if (level < LEVEL.read && subject.kind === 'space' && (await this.publishedSpaces(subject.row.organization_id)).has(subject.row.id)) level = LEVEL.read
    return level
  }

  /**
   * The share key and visitor token the caller presents (query parameters of the operations that take them): the
   * spaces of published sites they open become readable for this request.
   */
  useSiteCredentials(credentials: SiteCredentials): void {
    this.siteCredentials = { shareKey: credentials.shareKey, visitorAuthToken: credentials.visitorAuthToken }
    this.published.clear()
  }

  private publishedSpaces(organizationId: string): Promise<Set<string>> {
    let ids = this.published.get(organizationId)
    if (!ids) this.published.set(organizationId, (ids = publishedSpaceIds(this.db, organizationId, this.siteCredentials)))
    return ids
  }

  /** Fills the `permissions` object of a presented resource. */
  async permissionsOf<R extends Resource>(resource: R, subject: Subject): Promise<Readonly<Permissions<R>>> {
    const permissions = permissionsAt(resource, await this.levelOf(subject))
    if (subject.kind !== 'space' || subject.row.edit_mode !== 'locked') return permissions
    const locked: Record<string, boolean> = { ...permissions }
    for (const action of LOCKED_SPACE_ACTIONS) locked[action] = false
    return locked as Permissions<R>
  }

  /**
   * Allows the action or throws: NotFoundError when the caller may not even see the subject (so its existence
   * is not revealed), ForbiddenError otherwise, naming what is needed.
   */
  async authorize<R extends Resource>(resource: R, action: Action<R>, subject: Subject & { kind: R }): Promise<Level> {
    const level = await this.levelOf(subject)
    const needed = (CAPABILITIES[resource] as Record<string, Level>)[action as string]
    if (level >= needed) {
      if (subject.kind === 'space' && (subject.row as SpaceLike).edit_mode === 'locked' && LOCKED_SPACE_ACTIONS.has(action as string)) {
        throw new ForbiddenError(`Space "${subject.row.id}" is locked (editMode "locked"): an admin must set editMode to "live" first.`)
      }
      return level
    }
    const viewNeeded = (CAPABILITIES[resource] as Record<string, Level>).view
    if (level < viewNeeded) throw new NotFoundError(`${capitalize(NOUN[resource])} "${subject.row.id}" does not exist or is not visible to you.`)
    throw new ForbiddenError(
      `You may not ${words(String(action))} on this ${NOUN[resource]} (${String(action)}): it needs the "${roleName(needed)}" role or higher, and yours is "${roleName(level)}".`,
    )
  }

  /** The `permissions` of a comment or reply in the space, posted by `authorId`, for the caller. */
  async commentPermissionsOf(space: SpaceLike, authorId: string): Promise<CommentPermissions> {
    return commentPermissionsAt(await this.levelOf({ kind: 'space', row: space }), authorId === this.actor.user.id)
  }

  /**
   * Allows an action on a comment or reply or throws ForbiddenError saying who may: `reply` (reply and react),
   * `edit` (its body: the author's alone) or `delete` (the author, or a space admin). Needs `view` on the space,
   * which loading the comment has checked.
   */
  async authorizeComment(action: 'reply' | 'edit' | 'delete', space: SpaceLike, authorId: string): Promise<void> {
    const permissions = await this.commentPermissionsOf(space, authorId)
    if (permissions[action]) return
    if (!permissions.reply) await this.authorize('space', 'comment', { kind: 'space', row: space })
    const who = action === 'edit' ? 'Only its author may edit a comment or reply.' : 'Only its author or an admin of the space may delete a comment or reply.'
    throw new ForbiddenError(`You may not ${action} this comment: ${who}`)
  }

  /** The caller's explicit permissions in an organization (loaded once per actor while the read cache keeps it). */
  private async grantsIn(organizationId: string): Promise<Grants> {
    const cache = this.actor.grants ?? this.grantsByOrg
    let grants = cache.get(organizationId)
    if (!grants) {
      const userId = this.actor.user.id
      const [rows, teams] = await Promise.all([listGrantsOfUser(this.db, organizationId, userId), listTeamMembershipsOfUser(this.db, organizationId, userId)])
      const levels = new Map<string, Level>()
      for (const row of rows) levels.set(`${row.user_id ? 'user' : row.team_id}:${row.space_id ?? row.collection_id}`, levelOf(row.role))
      grants = { levels, principals: ['user', ...teams.map((t) => t.team_id)], ownedTeams: new Set(teams.filter((t) => t.role === 'owner').map((t) => t.team_id)) }
      cache.set(organizationId, grants)
    }
    return grants
  }

  /**
   * The highest explicit level of the caller or its teams on a space or collection: for each of them, the nearest
   * permission from the object up through its collections.
   */
  private async grantedLevel(subject: Subject & { kind: 'space' | 'collection' }): Promise<Level> {
    const grants = await this.grantsIn(subject.row.organization_id)
    if (grants.levels.size === 0) return LEVEL.none
    const chain = [subject.row.id]
    const collections = subject.row.parent_id ? await this.collectionsOf(subject.row.organization_id) : undefined
    for (let parentId = subject.row.parent_id; parentId && collections && !chain.includes(parentId); parentId = collections.get(parentId)?.parent_id ?? null) {
      chain.push(parentId)
    }
    let best: Level = LEVEL.none
    for (const principal of grants.principals) {
      for (const target of chain) {
        const level = grants.levels.get(`${principal}:${target}`)
        if (level !== undefined) {
          if (level > best) best = level
          break
        }
      }
    }
    return best
  }

  /** Level from default levels: the object's own, or, while it says `inherit`, the nearest collection's. */
  private async effectiveDefaultLevel(subject: Subject & { kind: 'space' | 'collection' }): Promise<Level> {
    let own = subject.row.default_level
    let parentId = subject.row.parent_id
    if (own !== 'inherit') return own === null ? LEVEL.none : levelOf(own)
    if (!parentId) return LEVEL.none
    const collections = await this.collectionsOf(subject.row.organization_id)
    const seen = new Set<string>()
    while (parentId && !seen.has(parentId)) {
      seen.add(parentId)
      const parent = collections.get(parentId)
      if (!parent) break
      own = parent.default_level
      if (own !== 'inherit') return own === null ? LEVEL.none : levelOf(own)
      parentId = parent.parent_id
    }
    return LEVEL.none
  }

  private async collectionsOf(organizationId: string): Promise<Map<string, CollectionLike>> {
    let map = this.collections.get(organizationId)
    if (!map) {
      map = new Map((await listAllCollectionsOfOrganization(this.db, organizationId)).map((c) => [c.id, c]))
      this.collections.set(organizationId, map)
    }
    return map
  }

  /** Forget what was loaded (after a write within this request that changes the tree, roles, teams or permissions). */
  invalidate(): void {
    this.collections.clear()
    this.members.clear()
    this.published.clear()
    this.grantsByOrg.clear()
    // The actor's own maps were read before this request's write: drop them too.
    this.actor.memberships?.clear()
    this.actor.grants?.clear()
  }
}

function roleName(level: Level): string {
  if (level <= LEVEL.none) return 'none (not a member)'
  if (level === LEVEL.guest) return 'guest'
  return (Object.entries(LEVEL).find(([, value]) => value === level)?.[0] ?? 'none') as string
}

function capitalize(word: string) {
  return word[0].toUpperCase() + word.slice(1)
}

/** An action key in words for messages: `createContent` → `create content`. */
function words(action: string): string {
  return action.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`)
}
