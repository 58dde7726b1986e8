import { test } from '@japa/runner'
import {
  chargeLines,
  chargeSegments,
  containerCheckDigit,
  freeTime,
  isValidContainerNo,
  lastFreeDay,
  normalizeContainerNo,
} from '#logistics/services/drayage_rules'
import { appointmentRefusal } from '#logistics/services/appointment_states'

test.group('Container numbers: ISO 6346 check digit', () => {
  test('known valid numbers pass', ({ assert }) => {
    for (const no of ['CSQU3054383', 'MSKU9070323', 'TGHU8789572', 'MAEU1234567']) {
      assert.isTrue(isValidContainerNo(no), no)
    }
  })

  test('the digit is the weighted sum modulo 11', ({ assert }) => {
    // C13 S30 Q28 U32 3 0 5 4 3 8 weighted 1, 2, 4 ... 512 add up to 6185 = 562 * 11 + 3
    assert.equal(containerCheckDigit('CSQU305438'), 3)
    assert.equal(containerCheckDigit('MSKU907032'), 3)
  })

  test('a remainder of 10 is written as 0', ({ assert }) => {
    // A serial of one owner whose weighted sum leaves 10, found independently of the code
    let found: string | null = null
    for (let serial = 0; serial < 1000 && !found; serial++) {
      const first = `ABCU${String(serial).padStart(6, '0')}`
      let sum = 0
      const values: Record<string, number> = { A: 10, B: 12, C: 13, U: 32 }
      for (let i = 0; i < 10; i++) {
        const ch = first[i]
        sum += (/\d/.test(ch) ? Number(ch) : values[ch]) * 2 ** i
      }
      if (sum % 11 === 10) found = first
    }
    assert.isNotNull(found)
    assert.equal(containerCheckDigit(found!), 0)
    assert.isTrue(isValidContainerNo(`${found}0`))
  })

  test('a wrong digit, a wrong shape or a wrong category letter fails', ({ assert }) => {
    assert.isFalse(isValidContainerNo('CSQU3054384'))
    assert.isFalse(isValidContainerNo('CSQU305438'))
    assert.isFalse(isValidContainerNo('CSQX3054383'))
    assert.isFalse(isValidContainerNo('C5QU3054383'))
    assert.isFalse(isValidContainerNo('csqu3054383'))
  })

  test('spaces and dashes are dropped and letters upper-cased first', ({ assert }) => {
    assert.equal(normalizeContainerNo('csqu 305438-3'), 'CSQU3054383')
  })
})

test.group('Free time: the last free day and the charge days', () => {
  test('the last free day is the availability day plus the free days, weekends included', ({
    assert,
  }) => {
    assert.equal(lastFreeDay('2026-03-05', 2), '2026-03-07')
    // Friday + 2 = Sunday: weekends count
    assert.equal(lastFreeDay('2026-03-06', 2), '2026-03-08')
    assert.equal(lastFreeDay('2026-02-27', 2), '2026-03-01')
    assert.equal(lastFreeDay('2026-03-05', 0), '2026-03-05')
  })

  test('demurrage counts the days after the last free day through the gate-out day', ({
    assert,
  }) => {
    const base = { availableOn: '2026-03-05', freeDays: 2, emptyReturnDay: null }
    assert.equal(
      freeTime({ ...base, gateOutDay: '2026-03-07', today: '2026-03-20' }).demurrageDays,
      0
    )
    assert.equal(
      freeTime({ ...base, gateOutDay: '2026-03-08', today: '2026-03-20' }).demurrageDays,
      1
    )
    assert.equal(
      freeTime({ ...base, gateOutDay: '2026-03-12', today: '2026-03-20' }).demurrageDays,
      5
    )
    // still in the terminal: counts through today
    assert.equal(freeTime({ ...base, gateOutDay: null, today: '2026-03-09' }).demurrageDays, 2)
    assert.equal(freeTime({ ...base, gateOutDay: null, today: '2026-03-06' }).demurrageDays, 0)
  })

  test('per diem starts at gate-out with the same free days and runs to the return', ({
    assert,
  }) => {
    const base = { availableOn: '2026-03-05', freeDays: 2, gateOutDay: '2026-03-06' }
    const out = freeTime({ ...base, emptyReturnDay: null, today: '2026-03-11' })
    assert.equal(out.perDiemLastFreeDay, '2026-03-08')
    assert.equal(out.perDiemDays, 3)
    assert.equal(
      freeTime({ ...base, emptyReturnDay: '2026-03-08', today: '2026-03-30' }).perDiemDays,
      0
    )
    assert.equal(
      freeTime({ ...base, emptyReturnDay: '2026-03-09', today: '2026-03-30' }).perDiemDays,
      1
    )
    const before = freeTime({
      ...base,
      gateOutDay: null,
      emptyReturnDay: null,
      today: '2026-03-30',
    })
    assert.isNull(before.perDiemLastFreeDay)
    assert.equal(before.perDiemDays, 0)
  })
})

test.group('Charge tiers', () => {
  test('without tiers every day is at the base rate', ({ assert }) => {
    assert.deepEqual(chargeSegments(3, 17500, []), [
      { fromDay: 1, toDay: 3, days: 3, unitCents: 17500, amountCents: 52500 },
    ])
    assert.deepEqual(chargeSegments(0, 17500, []), [])
  })

  test('days 1-4 at the base, 5+ at the higher rate', ({ assert }) => {
    const tiers = [{ fromDay: 5, perDay: 350 }]
    assert.deepEqual(chargeSegments(4, 17500, tiers), [
      { fromDay: 1, toDay: 4, days: 4, unitCents: 17500, amountCents: 70000 },
    ])
    assert.deepEqual(chargeSegments(7, 17500, tiers), [
      { fromDay: 1, toDay: 4, days: 4, unitCents: 17500, amountCents: 70000 },
      { fromDay: 5, toDay: 7, days: 3, unitCents: 35000, amountCents: 105000 },
    ])
  })

  test('several tiers, given out of order, and a tier from day 1 replacing the base', ({
    assert,
  }) => {
    const tiers = [
      { fromDay: 8, perDay: 500.5 },
      { fromDay: 4, perDay: 250 },
    ]
    assert.deepEqual(
      chargeSegments(9, 9500, tiers).map((s) => [s.fromDay, s.toDay, s.unitCents, s.amountCents]),
      [
        [1, 3, 9500, 28500],
        [4, 7, 25000, 100000],
        [8, 9, 50050, 100100],
      ]
    )
    assert.deepEqual(chargeSegments(2, 9500, [{ fromDay: 1, perDay: 100 }])[0].unitCents, 10000)
  })

  test('lines carry the calendar days they cover', ({ assert }) => {
    const lines = chargeLines('DEMURRAGE', '2026-03-07', 6, 17500, [{ fromDay: 5, perDay: 350 }])
    assert.deepEqual(lines, [
      {
        code: 'DEMURRAGE',
        description: 'Demurrage days 1-4 at $175.00/day',
        days: 4,
        unitCents: 17500,
        amountCents: 70000,
        from: '2026-03-08',
        to: '2026-03-11',
      },
      {
        code: 'DEMURRAGE',
        description: 'Demurrage days 5-6 at $350.00/day',
        days: 2,
        unitCents: 35000,
        amountCents: 70000,
        from: '2026-03-12',
        to: '2026-03-13',
      },
    ])
    assert.equal(
      chargeLines('PER_DIEM', '2026-03-07', 1, 9500, [])[0].description,
      'Per diem day 1 at $95.00/day'
    )
  })
})

test.group('Appointment transitions', () => {
  const window = { startMs: 1000, endMs: 2000 }
  test('the allowed steps', ({ assert }) => {
    assert.isNull(appointmentRefusal('REQUESTED', 'CONFIRMED', window, 0))
    assert.isNull(appointmentRefusal('REQUESTED', 'CANCELLED', window, 0))
    assert.isNull(appointmentRefusal('CONFIRMED', 'COMPLETED', window, 1500))
    assert.isNull(appointmentRefusal('CONFIRMED', 'MISSED', window, 2000))
  })

  test('no skipping, no leaving a final state, and no completing or missing early', ({
    assert,
  }) => {
    assert.equal(
      appointmentRefusal('REQUESTED', 'COMPLETED', window, 1500)?.message,
      'A requested appointment cannot become completed'
    )
    assert.isNotNull(appointmentRefusal('COMPLETED', 'MISSED', window, 3000))
    assert.isNotNull(appointmentRefusal('CANCELLED', 'CONFIRMED', window, 0))
    assert.equal(
      appointmentRefusal('CONFIRMED', 'COMPLETED', window, 999)?.message,
      'The appointment window has not started yet'
    )
    assert.equal(
      appointmentRefusal('CONFIRMED', 'MISSED', window, 1999)?.message,
      'The appointment window has not ended yet'
    )
  })
})
