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
import * as teams from './teams'
import * as permissions from './permissions'
import * as invites from './invites'
import * as saml from './saml'

function collect(...modules: Record<string, unknown>[]): Operation[] {
  return modules.flatMap((m) => Object.values(m).filter((v): v is Operation => typeof v === 'object' && v !== null && 'handler' in v && 'id' in v))
}

export const operations: Operation[] = collect(system, organizations, members, collections, spaces, content, changeRequests, links, files, reusableContents, gitSync, search, comments, reviews, teams, permissions, invites, saml)

export const operationsById: ReadonlyMap<string, Operation> = new Map(operations.map((op) => [op.id, op]))
