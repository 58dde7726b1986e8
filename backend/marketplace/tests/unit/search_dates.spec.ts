import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { FixedClock } from '#core/clock'
import {
  BUSINESS_TIME_ZONE,
  businessDay,
  businessToday,
  isoDay,
  parseCalendarDate,
} from '#core/business_time'

test.group('Search dates: today in America/New_York', () => {
  test('today is the New York date, not the UTC one', ({ assert }) => {
    assert.equal(BUSINESS_TIME_ZONE, 'America/New_York')
    // 03:00 UTC on 1 December is still 30 November (22:00) in New York.
    const lateEvening = new FixedClock(DateTime.fromISO('2026-12-01T03:00:00Z', { zone: 'utc' }))
    assert.equal(businessToday(lateEvening), '2026-11-30')
    const morning = new FixedClock(DateTime.fromISO('2026-12-01T06:00:00Z', { zone: 'utc' }))
    assert.equal(businessToday(morning), '2026-12-01')
  })

  test('today is remembered only within its own New York day, whichever way the clock moves', ({
    assert,
  }) => {
    const clock = new FixedClock(DateTime.fromISO('2026-11-30T04:59:59.999Z', { zone: 'utc' }))
    assert.equal(businessToday(clock), '2026-11-29')
    clock.set(DateTime.fromISO('2026-11-30T05:00:00.000Z', { zone: 'utc' })) // NY midnight
    assert.equal(businessToday(clock), '2026-11-30')
    clock.set(DateTime.fromISO('2026-11-30T04:59:59.999Z', { zone: 'utc' }))
    assert.equal(businessToday(clock), '2026-11-29')
    clock.set(DateTime.fromISO('2027-03-15T12:00:00Z', { zone: 'utc' }))
    assert.equal(businessToday(clock), '2027-03-15')
    // The day clocks go forward (14 March 2027) is 23 hours long in New York: it starts at
    // 05:00 UTC (EST) and ends at 04:00 UTC (EDT).
    clock.set(DateTime.fromISO('2027-03-14T04:59:59Z', { zone: 'utc' }))
    assert.equal(businessToday(clock), '2027-03-13')
    clock.set(DateTime.fromISO('2027-03-14T05:00:00Z', { zone: 'utc' }))
    assert.equal(businessToday(clock), '2027-03-14')
    clock.set(DateTime.fromISO('2027-03-15T03:59:59Z', { zone: 'utc' }))
    assert.equal(businessToday(clock), '2027-03-14')
    clock.set(DateTime.fromISO('2027-03-15T04:00:00Z', { zone: 'utc' }))
    assert.equal(businessToday(clock), '2027-03-15')
  })

  test('days from today are calendar days, across month, year and clock changes', ({ assert }) => {
    const clock = new FixedClock(DateTime.fromISO('2026-12-31T23:00:00-05:00'))
    assert.equal(businessDay(clock, 1), '2027-01-01')
    assert.equal(businessDay(clock, -31), '2026-11-30')
    assert.equal(businessDay(clock, 0), '2026-12-31')
    clock.set(DateTime.fromISO('2027-03-13T12:00:00-05:00'))
    assert.equal(businessDay(clock, 1), '2027-03-14')
    assert.equal(businessDay(clock, 2), '2027-03-15')
  })

  test('a date stays a date; a date-time is the New York day it falls on', ({ assert }) => {
    assert.equal(parseCalendarDate('2026-11-22'), '2026-11-22')
    assert.equal(parseCalendarDate('2028-02-29'), '2028-02-29')
    assert.equal(parseCalendarDate(' 2026-12-31 '), '2026-12-31')
    // A date picker at local midnight in Los Angeles, sent as UTC.
    assert.equal(parseCalendarDate('2026-11-22T08:00:00.000Z'), '2026-11-22')
    // Midnight in New York, with its offset.
    assert.equal(parseCalendarDate('2026-11-22T00:00:00-05:00'), '2026-11-22')
    // No offset: read as New York wall time.
    assert.equal(parseCalendarDate('2026-11-22T23:30:00'), '2026-11-22')
  })

  test('anything else is not a date', ({ assert }) => {
    for (const value of [
      '',
      'tomorrow',
      '2026-02-30',
      '2026-13-01',
      '2026-00-10',
      '2026-04-31',
      '2027-02-29',
      '22/11/2026',
      '2026-11-22x',
    ]) {
      assert.isNull(parseCalendarDate(value), value)
    }
  })

  test('stored dates come back as YYYY-MM-DD', ({ assert }) => {
    assert.equal(isoDay(DateTime.fromISO('2026-11-22')), '2026-11-22')
    assert.equal(isoDay('2026-11-22'), '2026-11-22')
    assert.isNull(isoDay(null))
  })
})
