import { describe, expect, it, vi } from 'vitest'
import { CHECK_INTERVAL_MS, ReadCache } from './read-cache'

describe('ReadCache', () => {
  it('serves a value until cleared', async () => {
    const cache = new ReadCache(() => 1)
    let loads = 0
    const load = async () => ++loads
    expect(await cache.get('kind', 'k', load)).toBe(1)
    expect(await cache.get('kind', 'k', load)).toBe(1)
    cache.clear()
    expect(await cache.get('kind', 'k', load)).toBe(2)
  })

  it('empties when another connection has written (data_version moved), checked at most every interval', async () => {
    vi.useFakeTimers()
    try {
      let version = 1
      const cache = new ReadCache(() => version)
      let loads = 0
      const load = async () => ++loads
      await cache.get('kind', 'k', load)
      version = 2
      expect(await cache.get('kind', 'k', load)).toBe(1)
      vi.advanceTimersByTime(CHECK_INTERVAL_MS)
      expect(await cache.get('kind', 'k', load)).toBe(2)
    } finally {
      vi.useRealTimers()
    }
  })

  it('does not keep a value that was read before a clear', async () => {
    const cache = new ReadCache(() => 1)
    let release!: (value: string) => void
    const pending = cache.get('kind', 'k', () => new Promise<string>((resolve) => (release = resolve)))
    cache.clear()
    release('stale')
    expect(await pending).toBe('stale')
    expect(await cache.get('kind', 'k', async () => 'fresh')).toBe('fresh')
  })

  it('keeps kinds apart and forgets everything past its size', async () => {
    const cache = new ReadCache(() => 1, 2)
    expect(await cache.get('a', 'k', async () => 'a')).toBe('a')
    expect(await cache.get('b', 'k', async () => 'b')).toBe('b')
    expect(await cache.get('a', 'k', async () => 'reloaded')).toBe('a')
    await cache.get('c', 'k', async () => 'c')
    expect(await cache.get('a', 'k', async () => 'reloaded')).toBe('reloaded')
  })

  it('remembers an answer of undefined (a missing row) like any other', async () => {
    const cache = new ReadCache(() => 1)
    let loads = 0
    const load = async () => {
      loads++
      return undefined
    }
    await cache.get('kind', 'k', load)
    await cache.get('kind', 'k', load)
    expect(loads).toBe(1)
  })
})
