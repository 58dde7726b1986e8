import { describe, expect, it } from 'vitest'
import { formatCalendarDate } from '@/lib/format'
import { calendarDay, daysBetween, isIsoDate, todayIso } from '@/features/shipper/utils/dates'

describe('shipper dates', () => {
  it('takes today from the America/New_York calendar', () => {
    // 03:00 UTC on the 11th is still the 10th in New York.
    expect(todayIso(new Date('2025-06-11T03:00:00Z'))).toBe('2025-06-10')
    expect(todayIso(new Date('2025-06-11T05:00:00Z'))).toBe('2025-06-11')
  })

  it('counts whole days and validates calendar dates', () => {
    expect(daysBetween('2025-02-27', '2025-03-02')).toBe(3)
    expect(daysBetween('2025-03-02', '2025-02-27')).toBe(-3)
    expect(isIsoDate('2025-02-29')).toBe(false)
    expect(isIsoDate('2024-02-29')).toBe(true)
    expect(calendarDay('2025-06-05T00:00:00.000Z')).toBe('2025-06-05')
    expect(calendarDay('soon')).toBeNull()
  })

  it('shows API calendar dates as written, whatever the browser time zone', () => {
    expect(formatCalendarDate('2025-06-05')).toBe('Jun 5, 2025')
    expect(formatCalendarDate('2025-06-05T00:00:00.000Z')).toBe('Jun 5, 2025')
    expect(formatCalendarDate(null)).toBe('')
  })
})
