import { describe, expect, it } from 'vitest'
import { authorLabel } from '@/features/messages/components/booking-messages-dialog'

describe('authorLabel (decision 0246)', () => {
  it('names the member and their role', () => {
    expect(authorLabel({ side: 'carrier', authorName: 'Dana Reyes', authorRole: 'driver' })).toBe(
      'Dana Reyes (Driver)'
    )
  })
  it('names the side for a login in no company', () => {
    expect(authorLabel({ side: 'shipper', authorName: 'Sam Lee', authorRole: null })).toBe(
      'Sam Lee (Shipper)'
    )
  })
  it('names only the side on a message older than members', () => {
    expect(authorLabel({ side: 'carrier', authorName: null, authorRole: null })).toBe('Carrier')
  })
})
