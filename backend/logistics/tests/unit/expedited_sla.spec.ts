import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { roadMiles } from '#core/geo'
import { etaHours } from '#plugins/rate_quoting/drivers/lane_model_math'
import {
  dutyClock,
  hasMissedSla,
  hoursToArrive,
  isAtRisk,
  liveEta,
  minimumSlaHours,
  remainingMiles,
  type SlaJob,
} from '#logistics/expedited_sla'

const CHICAGO = { latitude: 41.8858, longitude: -87.6181 }
const DETROIT = { latitude: 42.3478, longitude: -83.0603 }
const GARY = { latitude: 41.5934, longitude: -87.3464 }
const T0 = DateTime.fromISO('2026-03-02T12:00:00Z')

const job = (over: Partial<SlaJob> = {}): SlaJob => ({
  status: 'ACCEPTED',
  origin: CHICAGO,
  destination: DETROIT,
  distanceMiles: roadMiles(CHICAGO, DETROIT),
  deadlineAt: T0.plus({ hours: 12 }),
  acceptedAt: T0,
  eta: null,
  ...over,
})

test.group('Expedited SLA: the driver’s duty clock', () => {
  test('11 hours of driving, then a 10-hour break, from acceptance', ({ assert }) => {
    assert.deepEqual(dutyClock(0), { drivenInShift: 0, restLeft: 0 })
    assert.deepEqual(dutyClock(4), { drivenInShift: 4, restLeft: 0 })
    assert.deepEqual(dutyClock(11), { drivenInShift: 0, restLeft: 10 })
    assert.deepEqual(dutyClock(15), { drivenInShift: 0, restLeft: 6 })
    assert.deepEqual(dutyClock(21), { drivenInShift: 0, restLeft: 0 })
    assert.deepEqual(dutyClock(23), { drivenInShift: 2, restLeft: 0 })
  })

  test('hours to arrive use rate_quoting’s etaHours for a solo driver', ({ assert }) => {
    // fresh driver, 550 mi at 55 mph: 10 h, no break
    assert.equal(hoursToArrive(550, T0, T0), 10)
    assert.equal(hoursToArrive(550, T0, T0), etaHours(550, 'EXP', { team: false }))
    // 6 h into the shift: 5 h left, a 10-hour break, then the last 5 h
    assert.equal(hoursToArrive(550, T0, T0.plus({ hours: 6 })), 20)
    // on the break (13 h after acceptance): 8 h of rest first
    assert.equal(hoursToArrive(55, T0, T0.plus({ hours: 13 })), 8 + 1)
  })
})

test.group('Expedited SLA: live ETA from a position', () => {
  test('before pickup the driver goes to the pickup first', ({ assert }) => {
    const j = job()
    const miles = remainingMiles(j, GARY)
    assert.closeTo(miles, roadMiles(GARY, CHICAGO) + j.distanceMiles, 0.06)
    const eta = liveEta(j, GARY, T0.plus({ hours: 1 }))
    const hours = etaHours(miles, 'EXP', { team: false, drivenInShift: 1 })
    assert.equal(eta.toMillis(), T0.plus({ hours: 1, minutes: Math.round(hours * 60) }).toMillis())
  })

  test('after pickup only the way to delivery counts, and the ETA moves with the driver', ({
    assert,
  }) => {
    const j = job({ status: 'PICKED_UP' })
    assert.equal(remainingMiles(j, GARY), roadMiles(GARY, DETROIT))
    const far = liveEta(j, CHICAGO, T0.plus({ hours: 1 }))
    const near = liveEta(j, GARY, T0.plus({ hours: 1 }))
    const there = liveEta(j, DETROIT, T0.plus({ hours: 1 }))
    assert.isTrue(near < far)
    assert.equal(there.toMillis(), T0.plus({ hours: 1 }).toMillis())
  })
})

test.group('Expedited SLA: at risk and missed', () => {
  test('at risk when the projected arrival leaves under 30 minutes', ({ assert }) => {
    const deadline = T0.plus({ hours: 12 })
    assert.isFalse(isAtRisk(job({ eta: deadline.minus({ minutes: 31 }) }), T0))
    assert.isFalse(isAtRisk(job({ eta: deadline.minus({ minutes: 30 }) }), T0))
    assert.isTrue(isAtRisk(job({ eta: deadline.minus({ minutes: 29 }) }), T0))
    assert.isTrue(isAtRisk(job({ eta: deadline.plus({ hours: 2 }) }), T0))
  })

  test('without a position: the drive from pickup, from now', ({ assert }) => {
    // 283.4 mi / 55 mph = 5.2 h
    const j = job({ acceptedAt: null, status: 'REQUESTED' })
    assert.isFalse(isAtRisk(j, T0.plus({ hours: 6 })))
    assert.isTrue(isAtRisk(j, T0.plus({ hours: 6, minutes: 25 })))
  })

  test('a stale ETA in the past counts as now', ({ assert }) => {
    const j = job({ eta: T0.plus({ hours: 1 }) })
    assert.isFalse(isAtRisk(j, T0.plus({ hours: 11 })))
    assert.isTrue(isAtRisk(j, T0.plus({ hours: 11, minutes: 31 })))
  })

  test('finished jobs are never at risk; missed is past the deadline undelivered', ({ assert }) => {
    assert.isFalse(isAtRisk(job({ status: 'DELIVERED', eta: T0.plus({ days: 2 }) }), T0))
    assert.isFalse(isAtRisk(job({ status: 'CANCELLED' }), T0.plus({ days: 2 })))
    const j = job()
    assert.isFalse(hasMissedSla(j, T0.plus({ hours: 12 }), null))
    assert.isTrue(hasMissedSla(j, T0.plus({ hours: 12, seconds: 1 }), null))
    const delivered = job({ status: 'DELIVERED' })
    assert.isFalse(hasMissedSla(delivered, T0.plus({ days: 3 }), T0.plus({ hours: 11 })))
    assert.isTrue(hasMissedSla(delivered, T0.plus({ days: 3 }), T0.plus({ hours: 13 })))
    assert.isFalse(hasMissedSla(job({ status: 'CANCELLED' }), T0.plus({ days: 3 }), null))
  })

  test('the least SLA is the drive itself, whole hours', ({ assert }) => {
    assert.equal(minimumSlaHours(283.4), 6)
    assert.equal(minimumSlaHours(1100), 30)
    assert.equal(minimumSlaHours(1), 1)
  })
})
