import { test } from '@japa/runner'
import {
  BOOKING_STATUSES,
  CARRIER_STATUS_CHOICES,
  checkTransition,
  deliveryRefusal,
  isFinal,
  nextStatuses,
  transitRefusal,
  type BookingStatus,
  type DeliveryFacts,
  type StatusActor,
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

/** The carrier's updater, every state × every choice: `ok`, or the 409's message. */
const CARRIER_TABLE: [BookingStatus, BookingStatus, string][] = [
  ['pending', 'booked', 'A carrier cannot change a booking from pending to booked'],
  ['pending', 'confirmed', 'Cannot change a booking from pending to confirmed'],
  ['pending', 'in_transit', 'Cannot change a booking from pending to in transit'],
  ['pending', 'delivered', 'Cannot change a booking from pending to delivered'],
  ['pending', 'delayed', 'Cannot change a booking from pending to delayed'],
  ['booked', 'booked', 'The booking is already booked'],
  ['booked', 'confirmed', 'ok'],
  ['booked', 'in_transit', 'ok'],
  ['booked', 'delivered', 'Cannot change a booking from booked to delivered'],
  ['booked', 'delayed', 'ok'],
  ['confirmed', 'booked', 'ok'],
  ['confirmed', 'confirmed', 'The booking is already confirmed'],
  ['confirmed', 'in_transit', 'ok'],
  ['confirmed', 'delivered', 'Cannot change a booking from confirmed to delivered'],
  ['confirmed', 'delayed', 'ok'],
  ['in_transit', 'booked', 'Cannot change a booking from in transit to booked'],
  ['in_transit', 'confirmed', 'Cannot change a booking from in transit to confirmed'],
  ['in_transit', 'in_transit', 'The booking is already in transit'],
  ['in_transit', 'delivered', 'ok'],
  ['in_transit', 'delayed', 'ok'],
  ['delayed', 'booked', 'Cannot change a booking from delayed to booked'],
  ['delayed', 'confirmed', 'Cannot change a booking from delayed to confirmed'],
  ['delayed', 'in_transit', 'ok'],
  ['delayed', 'delivered', 'ok'],
  ['delayed', 'delayed', 'The booking is already delayed'],
  ['delivered', 'booked', 'Cannot change a booking from delivered to booked'],
  ['delivered', 'confirmed', 'Cannot change a booking from delivered to confirmed'],
  ['delivered', 'in_transit', 'Cannot change a booking from delivered to in transit'],
  ['delivered', 'delivered', 'The booking is already delivered'],
  ['delivered', 'delayed', 'Cannot change a booking from delivered to delayed'],
  ['cancelled', 'booked', 'Cannot change a booking from cancelled to booked'],
  ['cancelled', 'confirmed', 'Cannot change a booking from cancelled to confirmed'],
  ['cancelled', 'in_transit', 'Cannot change a booking from cancelled to in transit'],
  ['cancelled', 'delivered', 'Cannot change a booking from cancelled to delivered'],
  ['cancelled', 'delayed', 'Cannot change a booking from cancelled to delayed'],
]

/** 10:00 in New York on 2026-03-05. */
const NOW_MS = Date.parse('2026-03-05T15:00:00Z')
const READY: DeliveryFacts = {
  today: '2026-03-05',
  nowMs: NOW_MS,
  pickupDate: '2026-03-04',
  pickupWindowStartMs: null,
  proofOfDelivery: true,
  exception: false,
}

/** What a delivery needs, case by case: the facts, who reports it, and `ok` or the refusal. */
const DELIVERY_TABLE: [string, Partial<DeliveryFacts>, StatusActor, string][] = [
  ['picked up yesterday, POD on file', {}, 'carrier', 'ok'],
  ['pickup day is today', { pickupDate: '2026-03-05' }, 'carrier', 'ok'],
  [
    'pickup day is tomorrow',
    { pickupDate: '2026-03-06' },
    'carrier',
    'The pickup date (2026-03-06) has not come yet: a booking cannot be delivered before its pickup',
  ],
  [
    'pickup two days ahead, even with a POD and an exception',
    { pickupDate: '2026-03-07', exception: true },
    'carrier',
    'The pickup date (2026-03-07) has not come yet: a booking cannot be delivered before its pickup',
  ],
  ['no pickup date on the booking', { pickupDate: null }, 'carrier', 'ok'],
  [
    'the window opens in a minute',
    { pickupDate: '2026-03-05', pickupWindowStartMs: NOW_MS + 60_000 },
    'carrier',
    'The pickup window has not opened yet: a booking cannot be delivered before its pickup',
  ],
  [
    'the window opened this instant',
    { pickupDate: '2026-03-05', pickupWindowStartMs: NOW_MS },
    'carrier',
    'ok',
  ],
  [
    'no POD and no exception',
    { proofOfDelivery: false },
    'carrier',
    'A proof of delivery is missing: upload the POD to the booking (or record an exception) before marking it delivered',
  ],
  [
    'no POD but an exception recorded',
    { proofOfDelivery: false, exception: true },
    'carrier',
    'ok',
  ],
  ['a partner’s own delivery report, no POD here', { proofOfDelivery: false }, 'partner', 'ok'],
  [
    'a partner reporting before the pickup day',
    { pickupDate: '2026-03-06', proofOfDelivery: false },
    'partner',
    'The pickup date (2026-03-06) has not come yet: a booking cannot be delivered before its pickup',
  ],
  [
    'a partner reporting before the window opens',
    { pickupDate: '2026-03-05', pickupWindowStartMs: NOW_MS + 1, proofOfDelivery: false },
    'partner',
    'The pickup window has not opened yet: a booking cannot be delivered before its pickup',
  ],
]

/** What a pickup needs (decision 0221): the facts, and `ok` or the refusal. */
const TRANSIT_TABLE: [string, Partial<DeliveryFacts>, string][] = [
  ['pickup day was yesterday', {}, 'ok'],
  ['pickup day is today', { pickupDate: '2026-03-05' }, 'ok'],
  [
    'pickup day is tomorrow',
    { pickupDate: '2026-03-06' },
    'The pickup date (2026-03-06) has not come yet: a booking cannot be in transit before its pickup',
  ],
  [
    'pickup two days ahead (TRT-036 in the walk)',
    { pickupDate: '2026-03-07' },
    'The pickup date (2026-03-07) has not come yet: a booking cannot be in transit before its pickup',
  ],
  ['no pickup date on the booking', { pickupDate: null }, 'ok'],
  [
    'the window opens in a minute',
    { pickupDate: '2026-03-05', pickupWindowStartMs: NOW_MS + 60_000 },
    'The pickup window has not opened yet: a booking cannot be in transit before its pickup',
  ],
  [
    'the window opened this instant',
    { pickupDate: '2026-03-05', pickupWindowStartMs: NOW_MS },
    'ok',
  ],
  [
    'the pickup day rule comes first',
    { pickupDate: '2026-03-06', pickupWindowStartMs: NOW_MS + 86_400_000 },
    'The pickup date (2026-03-06) has not come yet: a booking cannot be in transit before its pickup',
  ],
  ['no POD is needed to pick up', { proofOfDelivery: false }, 'ok'],
]

test.group('Booking status machine as tables', () => {
  test('in transit: not before the pickup day, nor before its window opens', ({ assert }) => {
    for (const [name, facts, expected] of TRANSIT_TABLE) {
      assert.equal(transitRefusal({ ...READY, ...facts }) ?? 'ok', expected, name)
    }
  })

  test('the carrier’s updater: every state × every choice', ({ assert }) => {
    assert.lengthOf(CARRIER_TABLE, 7 * CARRIER_STATUS_CHOICES.length)
    for (const [from, to, expected] of CARRIER_TABLE) {
      const check = checkTransition(from, to, 'carrier')
      assert.equal(check.ok ? 'ok' : check.message, expected, `${from} → ${to}`)
      assert.equal(nextStatuses(from, 'carrier').includes(to), expected === 'ok', `${from} → ${to}`)
    }
  })

  test('delivery: not before pickup, and only with a POD or an exception', ({ assert }) => {
    for (const [name, facts, actor, expected] of DELIVERY_TABLE) {
      assert.equal(deliveryRefusal({ ...READY, ...facts }, actor) ?? 'ok', expected, name)
    }
  })
})
