import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { FixedClock } from '#core/clock'
import { BUSINESS_TIME_ZONE, businessToday, isoDay, parseCalendarDate } from '#core/business_time'

test.group('Search dates: today in America/New_York', () => {
  test('today is the New York date, not the UTC one', ({ assert }) => {
    assert.equal(BUSINESS_TIME_ZONE, 'America/New_York')
    // 03:00 UTC on 1 December is still 30 November (22:00) in New York.
    const lateEvening = new FixedClock(DateTime.fromISO('2026-12-01T03:00:00Z', { zone: 'utc' }))
    assert.equal(businessToday(lateEvening), '2026-11-30')
    const morning = new FixedClock(DateTime.fromISO('2026-12-01T06:00:00Z', { zone: 'utc' }))
    assert.equal(businessToday(morning), '2026-12-01')
  })

  test('a date stays a date; a date-time is the New York day it falls on', ({ assert }) => {
    assert.equal(parseCalendarDate('2026-11-22'), '2026-11-22')
    // A date picker at local midnight in Los Angeles, sent as UTC.
    assert.equal(parseCalendarDate('2026-11-22T08:00:00.000Z'), '2026-11-22')
    // Midnight in New York, with its offset.
    assert.equal(parseCalendarDate('2026-11-22T00:00:00-05:00'), '2026-11-22')
    // No offset: read as New York wall time.
    assert.equal(parseCalendarDate('2026-11-22T23:30:00'), '2026-11-22')
  })

  test('anything else is not a date', ({ assert }) => {
    for (const value of ['', 'tomorrow', '2026-02-30', '2026-13-01', '22/11/2026', '2026-11-22x']) {
      assert.isNull(parseCalendarDate(value), value)
    }
  })

  test('stored dates come back as YYYY-MM-DD', ({ assert }) => {
    assert.equal(isoDay(DateTime.fromISO('2026-11-22')), '2026-11-22')
    assert.equal(isoDay('2026-11-22'), '2026-11-22')
    assert.isNull(isoDay(null))
  })
})
