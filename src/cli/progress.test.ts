import { describe, expect, it } from 'vitest'
import { progressText } from './git'
import { formatBytes } from './output'

describe('job progress in words', () => {
  it('says what was read or written, in files and bytes', () => {
    expect(progressText({ phase: 'read', files: 1, bytes: 80 })).toBe('read 1 file, 80 B')
    expect(progressText({ phase: 'write', files: 1021, bytes: 1_234_567 })).toBe('wrote 1021 files, 1.2 MB')
  })

  it('rounds bytes the way file managers show them', () => {
    expect([999, 1000, 9_950, 10_400, 999_999, 12_300_000].map(formatBytes)).toEqual(['999 B', '1.0 KB', '9.9 KB', '10 KB', '1000 KB', '12 MB'])
  })
})
