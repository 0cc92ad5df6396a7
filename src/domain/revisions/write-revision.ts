import type { Trx } from '../../store/database'
import { insertRevision } from '../../store/revisions'
import { newId, nowIso } from '../../store/ids'
import { saveContent, type ContentSnapshot } from './content'

/** Writes a new immutable revision of a space holding `content`; answers its id. */
export async function writeRevision(
  trx: Trx,
  args: { spaceId: string; content: ContentSnapshot; parents: string[]; type: 'edits' | 'merge' | 'update' | 'rollback'; git?: Record<string, unknown> },
): Promise<string> {
  const id = newId()
  const empty = args.content.pages.size === 0 && !args.content.files?.size && !args.content.reusableContents?.size && Object.keys(args.content.variables).length === 0
  const contentHash = empty ? null : await saveContent(trx, args.content)
  await insertRevision(trx, { id, space_id: args.spaceId, parents: JSON.stringify(args.parents), type: args.type, created_at: nowIso(), content_hash: contentHash, git: args.git ? JSON.stringify(args.git) : null })
  return id
}
