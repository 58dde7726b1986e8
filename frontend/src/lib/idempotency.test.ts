import { createSubmissionKeys } from '@/lib/idempotency'

describe('submission keys', () => {
  it('reuses the key for the same content and makes a new one when it changes', () => {
    let n = 0
    const keys = createSubmissionKeys(() => `key-${++n}`)
    const first = keys.keyFor({ listingId: 1, pallets: 2 })
    expect(keys.keyFor({ listingId: 1, pallets: 2 })).toBe(first)
    const changed = keys.keyFor({ listingId: 1, pallets: 3 })
    expect(changed).not.toBe(first)
    expect(keys.keyFor({ listingId: 1, pallets: 3 })).toBe(changed)
  })

  it('makes UUIDs by default', () => {
    expect(createSubmissionKeys().keyFor({})).toMatch(/^[0-9a-f-]{36}$/)
  })
})
