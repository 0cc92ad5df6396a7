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

/**
 * The modules of the table, by file name. The server loads them all; a CLI command loads only the module of the
 * operation it calls (scripts/build.mjs generates that index from this one: see operation-loaders.ts).
 */
export const operationModules: Record<string, Record<string, unknown>> = {
  'system': system,
  'organizations': organizations,
  'members': members,
  'collections': collections,
  'spaces': spaces,
  'content': content,
  'change-requests': changeRequests,
  'links': links,
  'files': files,
  'reusable-contents': reusableContents,
  'git-sync': gitSync,
  'search': search,
  'comments': comments,
  'reviews': reviews,
  'openapi-specs': openapiSpecs,
  'translations': translations,
  'sites': sites,
  'site-sections': siteSections,
  'site-spaces': siteSpaces,
  'site-section-groups': siteSectionGroups,
  'site-share-links': siteShareLinks,
  'teams': teams,
  'permissions': permissions,
  'invites': invites,
  'saml': saml,
  'integrations': integrations,
}

export function operationsOf(module: Record<string, unknown>): Operation[] {
  return Object.values(module).filter((v): v is Operation => typeof v === 'object' && v !== null && 'handler' in v && 'id' in v)
}

export const operations: Operation[] = Object.values(operationModules).flatMap(operationsOf)

export const operationsById: ReadonlyMap<string, Operation> = new Map(operations.map((op) => [op.id, op]))
