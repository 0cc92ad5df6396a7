import { describe, expect, it } from 'vitest'
import { MIGRATION_COUNT } from './count'
import { migrations } from './index'

describe('migrations', () => {
  it('are counted right for the start-up check', () => {
    expect(MIGRATION_COUNT).toBe(Object.keys(migrations).length)
  })
})
