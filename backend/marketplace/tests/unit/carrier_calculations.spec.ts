import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import {
  estimateTransitDays,
  expectedDeliveryDate,
} from '#marketplace/services/carrier_bookings_service'
import {
  acceptanceRate,
  growthPct,
  laneLabel,
  lastTwelveMonths,
  monthLabel,
} from '#marketplace/services/carrier_dashboard_service'
import { formatInvoiceNumber, nextInvoiceSequence } from '#marketplace/services/invoice_service'

test.group('Transit estimate', () => {
  test('one day per 500 road miles begun, at least one', ({ assert }) => {
    const cases: [number | null, number][] = [
      [null, 1],
      [0, 1],
      [-3, 1],
      [1, 1],
      [499.9, 1],
      [500, 1],
      [500.1, 2],
      [1000, 2],
      [1234, 3],
      [2789.4, 6],
    ]
    for (const [miles, days] of cases) assert.equal(estimateTransitDays(miles), days, `${miles}`)
  })

  test('expected delivery: the booked date, else pickup (or booking day) plus transit', ({
    assert,
  }) => {
    const createdAt = DateTime.fromISO('2026-11-20T23:30:00Z')
    assert.equal(
      expectedDeliveryDate({
        deliveryDate: DateTime.fromISO('2026-12-09'),
        pickupDate: DateTime.fromISO('2026-12-01'),
        createdAt,
        distance: 2000,
      }),
      '2026-12-09'
    )
    assert.equal(
      expectedDeliveryDate({
        deliveryDate: null,
        pickupDate: DateTime.fromISO('2026-12-30'),
        createdAt,
        distance: 1100,
      }),
      '2027-01-02'
    )
    assert.equal(
      expectedDeliveryDate({ deliveryDate: null, pickupDate: null, createdAt, distance: 80 }),
      '2026-11-21'
    )
  })
})

test.group('Dashboard figures', () => {
  test('growth in percent with one decimal, null without a previous period', ({ assert }) => {
    assert.equal(growthPct(125050, 60000), 108.4)
    assert.equal(growthPct(20000, 80000), -75)
    assert.equal(growthPct(100, 100), 0)
    assert.equal(growthPct(30000, 10000), 200)
    assert.equal(growthPct(1, 3), -66.7)
    assert.isNull(growthPct(5000, 0))
    assert.isNull(growthPct(0, 0))
  })

  test('acceptance rate to four decimals, null when nothing was judged', ({ assert }) => {
    assert.equal(acceptanceRate(10, 12), 0.8333)
    assert.equal(acceptanceRate(2, 3), 0.6667)
    assert.equal(acceptanceRate(5, 5), 1)
    assert.equal(acceptanceRate(0, 4), 0)
    assert.isNull(acceptanceRate(0, 0))
  })

  test('twelve calendar months in UTC ending with the current one, oldest first', ({ assert }) => {
    const months = lastTwelveMonths(DateTime.fromISO('2026-03-31T23:59:59Z'))
    assert.lengthOf(months, 12)
    assert.deepEqual(
      months.map((m) => m.month),
      [
        '2025-04',
        '2025-05',
        '2025-06',
        '2025-07',
        '2025-08',
        '2025-09',
        '2025-10',
        '2025-11',
        '2025-12',
        '2026-01',
        '2026-02',
        '2026-03',
      ]
    )
    assert.equal(months[8].label, 'Dec 2025')
    assert.equal(months[0].start.toISO(), '2025-04-01T00:00:00.000Z')
    assert.equal(months[11].end.toISO(), '2026-04-01T00:00:00.000Z')
    for (let i = 1; i < 12; i++) assert.isTrue(months[i].start.equals(months[i - 1].end))
    // a time zone behind UTC still counts by the UTC month
    const nearMidnight = lastTwelveMonths(DateTime.fromISO('2026-04-30T22:00:00-05:00'))
    assert.equal(nearMidnight[11].month, '2026-05')
  })

  test('labels', ({ assert }) => {
    assert.equal(monthLabel(DateTime.fromISO('2026-11-03T10:00:00Z')), 'November 2026')
    assert.equal(laneLabel('Chicago', 'IL', 'Detroit', 'MI'), 'Chicago, IL → Detroit, MI')
    assert.equal(laneLabel(null, 'IL', null, null), 'IL → Unknown')
  })
})

test.group('Invoice numbers', () => {
  test('INV-<year>-<six digits>, the sequence restarting each year', ({ assert }) => {
    assert.equal(formatInvoiceNumber(2026, 1), 'INV-2026-000001')
    assert.equal(formatInvoiceNumber(2026, 123456), 'INV-2026-123456')
    assert.equal(nextInvoiceSequence(null, 2026), 1)
    assert.equal(nextInvoiceSequence('INV-2026-000041', 2026), 42)
    assert.equal(nextInvoiceSequence('INV-2025-000041', 2026), 1)
    assert.equal(nextInvoiceSequence('INV-2026-999999', 2026), 1000000)
    assert.equal(nextInvoiceSequence('garbage', 2026), 1)
  })
})
