import { describe, expect, it } from 'vitest'
import { isKnownHost, splitLinks } from '@/features/messages/utils/links'

describe('splitLinks', () => {
  it('keeps text as text and finds addresses without their closing punctuation', () => {
    const parts = splitLinks('Map: https://maps.example.com/door4. <b>Call</b> (http://x.test/a)')
    expect(parts.map((p) => [p.kind, p.text])).toEqual([
      ['text', 'Map: '],
      ['link', 'https://maps.example.com/door4'],
      ['text', '. <b>Call</b> ('],
      ['link', 'http://x.test/a'],
      ['text', ')'],
    ])
  })

  it('finds no link in javascript: or bare host names', () => {
    expect(splitLinks('javascript:alert(1) and example.com')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) and example.com' },
    ])
  })
})

describe('isKnownHost', () => {
  it('knows only the app’s own origin', () => {
    const origin = 'https://palletline.example'
    expect(isKnownHost(new URL('https://palletline.example/shipper'), origin)).toBe(true)
    expect(isKnownHost(new URL('https://palletline.example.evil.test/'), origin)).toBe(false)
    expect(isKnownHost(new URL('http://palletline.example/'), origin)).toBe(false)
  })
})
