/**
 * Line-wise three-way merge of page text (diff3, with node-diff3). A change made on one side only is taken;
 * the same change on both sides is taken once; overlapping different changes are a conflict, never resolved
 * silently. Lines are split on '\n', so trailing newlines round-trip exactly.
 */
import { diff3Merge } from 'node-diff3'

export interface TextConflict {
  oursLines: string[]
  baseLines: string[]
  theirsLines: string[]
}

export type TextMerge = { ok: true; text: string } | { ok: false; conflicts: TextConflict[] }

export function mergeText(base: string, ours: string, theirs: string): TextMerge {
  if (ours === theirs || theirs === base) return { ok: true, text: ours }
  if (ours === base) return { ok: true, text: theirs }
  const regions = diff3Merge(ours.split('\n'), base.split('\n'), theirs.split('\n'), { excludeFalseConflicts: true })
  const lines: string[] = []
  const conflicts: TextConflict[] = []
  for (const region of regions) {
    if ('ok' in region && region.ok) lines.push(...region.ok)
    else if (region.conflict) conflicts.push({ oursLines: region.conflict.a, baseLines: region.conflict.o, theirsLines: region.conflict.b })
  }
  return conflicts.length ? { ok: false, conflicts } : { ok: true, text: lines.join('\n') }
}
