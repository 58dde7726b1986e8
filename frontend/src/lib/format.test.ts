import { describe, expect, it } from 'vitest'
import { formatIsoDateLong, todayInLosAngeles } from '@/lib/calendar-dates'
import { formatBookingReference, formatCurrency } from '@/lib/format'

describe('format', () => {
  it('formats US dollars en-US', () => {
    expect(formatCurrency(1234.5)).toBe('$1,234.50')
    expect(formatCurrency('99.999')).toBe('$100.00')
    expect(formatCurrency(null)).toBe('$0.00')
  })

  it('builds TRT- references padded to 3 digits', () => {
    expect(formatBookingReference(7)).toBe('TRT-007')
    expect(formatBookingReference(1234)).toBe('TRT-1234')
  })

  it('computes today in America/Los_Angeles', () => {
    // 2025-01-16 05:00 UTC is still the 15th in California.
    expect(todayInLosAngeles(new Date('2025-01-16T05:00:00Z'))).toBe('2025-01-15')
    expect(todayInLosAngeles(new Date('2025-01-16T09:00:00Z'))).toBe('2025-01-16')
    expect(formatIsoDateLong('2025-01-15')).toBe('January 15, 2025')
  })
})
