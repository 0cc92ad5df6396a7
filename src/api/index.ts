/** The operation table: every operation of docsctl, once. */
import type { Operation } from './operation'
import * as system from './system'
import * as organizations from './organizations'
import * as members from './members'
import * as collections from './collections'
import * as spaces from './spaces'
import * as content from './content'
import * as changeRequests from './change-requests'
import * as links from './links'
import * as files from './files'
import * as reusableContents from './reusable-contents'
import * as gitSync from './git-sync'
import * as search from './search'
import * as comments from './comments'
import * as reviews from './reviews'
import * as openapiSpecs from './openapi-specs'
import * as translations from './translations'
import * as sites from './sites'
import * as siteSections from './site-sections'
import * as siteSpaces from './site-spaces'
import * as siteSectionGroups from './site-section-groups'
import * as siteShareLinks from './site-share-links'
import * as teams from './teams'
import * as permissions from './permissions'
import * as invites from './invites'
import * as saml from './saml'
import * as integrations from './integrations'

function collect(...modules: Record<string, unknown>[]): Operation[] {
  return modules.flatMap((m) => Object.values(m).filter((v): v is Operation => typeof v === 'object' && v !== null && 'handler' in v && 'id' in v))
}

export const operations: Operation[] = collect(
  system,
  organizations,
  members,
  collections,
  spaces,
  content,
  changeRequests,
  links,
  files,
  reusableContents,
  gitSync,
  search,
  comments,
  reviews,
  openapiSpecs,
  translations,
  sites,
  siteSections,
  siteSpaces,
  siteSectionGroups,
  siteShareLinks,
  teams,
  permissions,
  invites,
  saml,
  integrations,
)

export const operationsById: ReadonlyMap<string, Operation> = new Map(operations.map((op) => [op.id, op]))
