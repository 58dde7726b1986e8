import { test } from '@japa/runner'
import {
  BOOKING_STATUSES,
  checkTransition,
  isFinal,
  nextStatuses,
} from '#marketplace/booking_status'

test.group('Booking status machine', () => {
  test('the carrier moves a paid booking along the road', ({ assert }) => {
    assert.deepEqual(checkTransition('booked', 'confirmed', 'carrier'), { ok: true })
    assert.deepEqual(checkTransition('confirmed', 'in_transit', 'carrier'), { ok: true })
    assert.deepEqual(checkTransition('in_transit', 'delivered', 'carrier'), { ok: true })
    assert.deepEqual(checkTransition('in_transit', 'delayed', 'carrier'), { ok: true })
    assert.deepEqual(checkTransition('delayed', 'delivered', 'carrier'), { ok: true })
    assert.deepEqual(checkTransition('confirmed', 'booked', 'carrier'), { ok: true })
  })

  test('delivered and cancelled are final', ({ assert }) => {
    assert.isTrue(isFinal('delivered'))
    assert.isTrue(isFinal('cancelled'))
    for (const to of BOOKING_STATUSES) {
      for (const actor of ['shipper', 'carrier', 'admin', 'system', 'partner'] as const) {
        assert.isFalse(checkTransition('delivered', to, actor).ok)
        assert.isFalse(checkTransition('cancelled', to, actor).ok)
      }
    }
    assert.deepEqual(checkTransition('delivered', 'booked', 'carrier'), {
      ok: false,
      message: 'Cannot change a booking from delivered to booked',
    })
  })

  test('illegal jumps name both states', ({ assert }) => {
    assert.deepEqual(checkTransition('booked', 'delivered', 'carrier'), {
      ok: false,
      message: 'Cannot change a booking from booked to delivered',
    })
    assert.deepEqual(checkTransition('in_transit', 'booked', 'carrier'), {
      ok: false,
      message: 'Cannot change a booking from in transit to booked',
    })
    assert.deepEqual(checkTransition('in_transit', 'in_transit', 'carrier'), {
      ok: false,
      message: 'The booking is already in transit',
    })
  })

  test('who may do what', ({ assert }) => {
    assert.deepEqual(checkTransition('pending', 'booked', 'carrier'), {
      ok: false,
      message: 'A carrier cannot change a booking from pending to booked',
    })
    assert.isTrue(checkTransition('pending', 'booked', 'system').ok)
    assert.isTrue(checkTransition('confirmed', 'cancelled', 'shipper').ok)
    assert.isFalse(checkTransition('in_transit', 'cancelled', 'shipper').ok)
    assert.isFalse(checkTransition('booked', 'cancelled', 'carrier').ok)
    assert.isFalse(checkTransition('booked', 'confirmed', 'shipper').ok)
    assert.sameMembers(nextStatuses('booked', 'carrier'), ['confirmed', 'in_transit', 'delayed'])
    assert.sameMembers(nextStatuses('confirmed', 'shipper'), ['cancelled'])
    assert.deepEqual(nextStatuses('delivered', 'carrier'), [])
  })

  test('a partner carrier moves its own shipment on the road, and nothing else', ({ assert }) => {
    assert.sameMembers(nextStatuses('booked', 'partner'), ['in_transit', 'delayed'])
    assert.sameMembers(nextStatuses('in_transit', 'partner'), ['delayed', 'delivered'])
    assert.sameMembers(nextStatuses('delayed', 'partner'), ['in_transit', 'delivered'])
    assert.deepEqual(nextStatuses('pending', 'partner'), [])
    assert.deepEqual(checkTransition('booked', 'cancelled', 'partner'), {
      ok: false,
      message: 'A partner carrier cannot change a booking from booked to cancelled',
    })
  })
})
