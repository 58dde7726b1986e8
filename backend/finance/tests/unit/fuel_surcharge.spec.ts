import { test } from '@japa/runner'
import {
  fuelWeekInForce,
  surchargePct,
  tableInForce,
  weekPct,
  type SurchargeTable,
} from '#finance/fuel_surcharge'
import { parseDieselCsv } from '#finance/diesel_csv'

const TABLES: SurchargeTable[] = [
  { effectiveDate: '2025-01-01', basePrice: 1.2, step: 0.06 },
  { effectiveDate: '2026-01-05', basePrice: 1.25, step: 0.05 },
]

test.group('surchargePct', () => {
  test('none up to the base, then one percent per full step above it', ({ assert }) => {
    const table = TABLES[0]
    assert.equal(surchargePct(1.2, table), 0)
    assert.equal(surchargePct(0.9, table), 0)
    assert.equal(surchargePct(1.259, table), 0)
    assert.equal(surchargePct(1.26, table), 1)
    assert.equal(surchargePct(3.6, table), 40)
    assert.equal(surchargePct(3.659, table), 40)
    assert.equal(surchargePct(3.66, table), 41)
  })

  test('a table with another base and step gives another percent', ({ assert }) => {
    assert.equal(surchargePct(3.6, TABLES[1]), 47)
  })
})

test.group('fuel row and table in force on a date', () => {
  const weeks = [
    { indexDate: '2026-03-02', dieselPrice: 3.7, fscPct: 41 },
    { indexDate: '2026-03-09', dieselPrice: 3.8, fscPct: 43 },
    { indexDate: '2026-03-16', dieselPrice: 3.9, fscPct: 45 },
  ]

  test('the latest week published on or before the day', ({ assert }) => {
    assert.equal(fuelWeekInForce(weeks, '2026-03-09')!.indexDate, '2026-03-09')
    assert.equal(fuelWeekInForce(weeks, '2026-03-12')!.indexDate, '2026-03-09')
    assert.equal(fuelWeekInForce(weeks, '2026-12-31')!.indexDate, '2026-03-16')
    assert.isNull(fuelWeekInForce(weeks, '2026-03-01'))
  })

  test('the surcharge table version in force on its date prices a week', ({ assert }) => {
    assert.equal(tableInForce(TABLES, '2025-12-31')!.step, 0.06)
    assert.equal(tableInForce(TABLES, '2026-01-05')!.step, 0.05)
    assert.isNull(tableInForce(TABLES, '2024-12-31'))
    assert.equal(weekPct({ indexDate: '2025-12-29', dieselPrice: 3.6, fscPct: 0 }, TABLES), 40)
    assert.equal(weekPct({ indexDate: '2026-01-05', dieselPrice: 3.6, fscPct: 0 }, TABLES), 47)
    // A week kept from before prices were stored keeps its percent.
    assert.equal(weekPct({ indexDate: '2026-01-05', dieselPrice: null, fscPct: 12 }, TABLES), 12)
  })
})

test.group('parseDieselCsv', () => {
  test('EIA layouts: a header, then date and price per line', ({ assert }) => {
    const csv = [
      'Weekly U.S. No 2 Diesel Retail Prices  (Dollars per Gallon),',
      'Jan 06, 2025,3.661',
      '01/13/2025,3.712',
      '2025-01-20,"3.75"',
      '',
    ].join('\r\n')
    const { rows, rejected } = parseDieselCsv(csv, '2026-11-25')
    assert.deepEqual(rejected, [])
    assert.deepEqual(
      rows.map((r) => [r.indexDate, r.dieselPrice]),
      [
        ['2025-01-06', 3.661],
        ['2025-01-13', 3.712],
        ['2025-01-20', 3.75],
      ]
    )
  })

  test('every bad row is reported with its line and reason', ({ assert }) => {
    const csv = [
      'Date,Price',
      '2025-01-06,3.66',
      'yesterday,3.6',
      '2025-01-13,abc',
      '2025-01-20,45',
      '2027-01-04,3.6',
      '2025-01-06,3.7',
      '2025-01-27,3.6,extra',
    ].join('\n')
    const { rows, rejected } = parseDieselCsv(csv, '2026-11-25')
    assert.lengthOf(rows, 1)
    assert.deepEqual(
      rejected.map((r) => [r.line, r.message]),
      [
        [3, 'Date is not a date'],
        [4, 'Price is not a number'],
        [5, 'Price must be between 0.5 and 20 dollars'],
        [6, 'Date is in the future'],
        [7, 'Week 2025-01-06 already on line 2'],
        [8, 'Expected two columns: date and price'],
      ]
    )
  })

  test('quoted cells are CSV; a quote left open costs its own line only', ({ assert }) => {
    const csv = [
      '"Date","Weekly U.S. No 2 Diesel Retail Prices"',
      '"Feb 23, 2026" , "3.66"',
      '2026-02-16,"3.72',
      '2026-02-09,3.70',
    ].join('\n')
    const { rows, rejected } = parseDieselCsv(csv, '2026-11-25')
    assert.deepEqual(
      rows.map((r) => [r.line, r.indexDate, r.dieselPrice]),
      [
        [2, '2026-02-23', 3.66],
        [4, '2026-02-09', 3.7],
      ]
    )
    assert.deepEqual(
      rejected.map((r) => [r.line, r.text, r.message]),
      [[3, '2026-02-16,"3.72', 'A quote is not closed']]
    )
  })

  test('an empty file has no weeks', ({ assert }) => {
    assert.deepEqual(
      parseDieselCsv('Date,Price\n', '2026-11-25').rejected[0].message,
      'The file has no weeks'
    )
  })
})
