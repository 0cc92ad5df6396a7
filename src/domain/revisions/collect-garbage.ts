import type { Db } from '../../store/database'
import { sweepBlobs } from '../../store/blobs'
import { listContentHashes } from '../../store/revisions'
import { reachContents } from './content'

/**
 * Removes the blobs no revision reaches any more (what only purged spaces held), as git's gc does: marks every blob
 * the revisions' contents reach, then sweeps the rest, in one write transaction, so that no revision written
 * meanwhile can come to use a blob being swept. A blob that cannot be read stops the collection and deletes nothing.
 * Answers how many blobs went.
 */
export async function collectGarbage(db: Db): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const reached = new Set<string>()
    await reachContents(trx, await listContentHashes(trx), reached)
    return sweepBlobs(trx, reached)
  })
}
