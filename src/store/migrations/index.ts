import type { Migration } from 'kysely'
import * as m0001 from './0001-initial'
import * as m0002 from './0002-content'
import * as m0003 from './0003-settings'
import * as m0004 from './0004-contributors'
import * as m0005 from './0005-jobs'
import * as m0006 from './0006-git-sync'
import * as m0007 from './0007-blob-encoding'
import * as m0008 from './0008-job-progress'
import * as m0009 from './0009-discussions'
import * as m0010 from './0010-blob-deltas'
import * as m0011 from './0011-sites'
import * as m0012 from './0012-openapi-translations'
import * as m0014 from './0014-search'
import * as m0015 from './0015-org-admin'
import * as m0016 from './0016-integrations'
import * as m0017 from './0017-blob-rows'
import * as m0018 from './0018-contributors-column'
import * as m0019 from './0019-revision-content-hash'

/** Every migration, in order. A static list (not a folder scan) so that it survives bundling. */
export const migrations: Record<string, Migration> = {
  '0001-initial': m0001,
  '0002-content': m0002,
  '0003-settings': m0003,
  '0004-contributors': m0004,
  '0005-jobs': m0005,
  '0006-git-sync': m0006,
  '0007-blob-encoding': m0007,
  '0008-job-progress': m0008,
  '0009-discussions': m0009,
  '0010-blob-deltas': m0010,
  '0011-sites': m0011,
  '0012-openapi-translations': m0012,
  '0014-search': m0014,
  '0015-org-admin': m0015,
  '0016-integrations': m0016,
  '0017-blob-rows': m0017,
  '0018-contributors-column': m0018,
  '0019-revision-content-hash': m0019,
}
