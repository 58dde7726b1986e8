import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { partnerStatusSteps } from '#tms/services/partner_progress'

const at = (hour: number) => DateTime.fromISO(`2026-03-02T${String(hour).padStart(2, '0')}:00:00Z`)
const ev = (eventType: string, hour: number) => ({ eventType, eventTime: at(hour) })

test.group('partnerStatusSteps', () => {
  test('a pickup puts a booked or confirmed booking in transit', ({ assert }) => {
    assert.deepEqual(partnerStatusSteps('booked', [ev('PU', 8)]), ['in_transit'])
    assert.deepEqual(partnerStatusSteps('confirmed', [ev('OFD', 8)]), ['in_transit'])
    assert.deepEqual(partnerStatusSteps('in_transit', [ev('PU', 8), ev('LINEHAUL_ARRIVE', 9)]), [])
  })

  test('a delivery delivers, through in transit when nothing was picked up yet', ({ assert }) => {
    assert.deepEqual(partnerStatusSteps('booked', [ev('DELIVERED', 12)]), [
      'in_transit',
      'delivered',
    ])
    assert.deepEqual(partnerStatusSteps('in_transit', [ev('PU', 8), ev('DELIVERED', 12)]), [
      'delivered',
    ])
    assert.deepEqual(partnerStatusSteps('delayed', [ev('EXCEPTION', 9), ev('DELIVERED', 12)]), [
      'delivered',
    ])
    // Reported out of order, the delivery still wins.
    assert.deepEqual(partnerStatusSteps('in_transit', [ev('DELIVERED', 12), ev('EXCEPTION', 13)]), [
      'delivered',
    ])
  })

  test('the latest report in event time decides between delayed and in transit', ({ assert }) => {
    assert.deepEqual(partnerStatusSteps('in_transit', [ev('PU', 8), ev('EXCEPTION', 10)]), [
      'delayed',
    ])
    assert.deepEqual(partnerStatusSteps('delayed', [ev('EXCEPTION', 10), ev('IN_TRANSIT', 11)]), [
      'in_transit',
    ])
    // A late report of an earlier movement does not undo the delay.
    assert.deepEqual(
      partnerStatusSteps('delayed', [ev('EXCEPTION', 10), ev('LINEHAUL_DEPART', 9)]),
      []
    )
    assert.deepEqual(partnerStatusSteps('booked', [ev('OTHER', 10)]), [])
  })

  test('unpaid, cancelled and delivered bookings never move', ({ assert }) => {
    for (const status of ['pending', 'cancelled', 'delivered'] as const) {
      assert.deepEqual(partnerStatusSteps(status, [ev('PU', 8), ev('DELIVERED', 12)]), [])
    }
  })
})
