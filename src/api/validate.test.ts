import { describe, expect, it } from 'vitest'
import { describe as describeError, isEmoji } from './validate'

describe('isEmoji', () => {
  it('accepts single emoji, with modifiers, sequences, keycaps and flags', () => {
    for (const emoji of ['📘', '👍🏽', '👩‍💻', '🏳️‍🌈', '1️⃣', '🇫🇷', '❤️']) expect(isEmoji(emoji), emoji).toBe(true)
  })
  it('refuses text and several emoji', () => {
    for (const text of ['', 'a', ':smile:', '📘📘', '📘 ', 'x📘']) expect(isEmoji(text), text).toBe(false)
  })
})

describe('error messages', () => {
  it('name the failing field first, then say what was wrong', () => {
    expect(describeError({ keyword: 'maxLength', instancePath: '/title', params: { limit: 50 }, schemaPath: '', message: '' } as any, 'body')).toBe(
      'body.title: must be at most 50 characters.',
    )
    expect(describeError({ keyword: 'required', instancePath: '', params: { missingProperty: 'organization' }, schemaPath: '' } as any, 'body')).toBe(
      'body.organization: is required.',
    )
    expect(describeError({ keyword: 'enum', instancePath: '/role', params: { allowedValues: ['a', null] }, schemaPath: '' } as any, 'body')).toBe(
      'body.role: must be one of "a", null.',
    )
    expect(describeError({ keyword: 'maximum', instancePath: '/limit', params: { limit: 1000 }, schemaPath: '' } as any, 'query')).toBe(
      'query.limit: must be at most 1000.',
    )
  })
})
