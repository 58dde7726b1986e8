import { test } from '@japa/runner'
import {
  EXPEDITED_STATUSES,
  TOP_SPEED_MPH,
  canMove,
  deliveryRefusal,
  earliestDeliveryMs,
  isFinal,
  isLive,
  nextStatuses,
  refusal,
  sourcesOf,
  type ExpeditedActor,
  type ExpeditedStatus,
} from '#logistics/expedited_status'

test.group('Expedited status machine', () => {
  test('a request is offered only once paid; unpaid or unaccepted by its deadline it expires (0188)', ({
    assert,
  }) => {
    assert.deepEqual(nextStatuses('PAYMENT_PENDING', 'payments'), ['REQUESTED'])
    assert.deepEqual(nextStatuses('PAYMENT_PENDING', 'shipper'), ['CANCELLED'])
    assert.deepEqual(nextStatuses('PAYMENT_PENDING', 'carrier'), [], 'no carrier takes it unpaid')
    assert.deepEqual(nextStatuses('PAYMENT_PENDING', 'schedule'), ['EXPIRED'])
    assert.deepEqual(nextStatuses('REQUESTED', 'schedule'), ['EXPIRED'])
    assert.deepEqual(nextStatuses('ACCEPTED', 'schedule'), [], 'an accepted job is driven late')
    assert.deepEqual(nextStatuses('REQUESTED', 'payments'), [], 'paid once')
    for (const from of ['ACCEPTED', 'PICKED_UP', 'DELIVERED', 'CANCELLED', 'EXPIRED'] as const) {
      assert.deepEqual(nextStatuses(from, 'payments'), [], from)
    }
  })

  test('a job moves REQUESTED → ACCEPTED → PICKED_UP → DELIVERED by its carrier', ({ assert }) => {
    assert.deepEqual(nextStatuses('REQUESTED', 'carrier'), ['ACCEPTED'])
    assert.deepEqual(nextStatuses('ACCEPTED', 'carrier'), ['PICKED_UP'])
    assert.deepEqual(nextStatuses('PICKED_UP', 'carrier'), ['DELIVERED'])
    assert.deepEqual(nextStatuses('DELIVERED', 'carrier'), [])
  })

  test('the shipper cancels only before pickup; nobody else moves it', ({ assert }) => {
    assert.deepEqual(nextStatuses('REQUESTED', 'shipper'), ['CANCELLED'])
    assert.deepEqual(nextStatuses('ACCEPTED', 'shipper'), ['CANCELLED'])
    assert.deepEqual(nextStatuses('PICKED_UP', 'shipper'), [])
    assert.isFalse(canMove('REQUESTED', 'CANCELLED', 'carrier'))
    assert.isFalse(canMove('REQUESTED', 'ACCEPTED', 'shipper'))
    assert.isFalse(canMove('REQUESTED', 'PICKED_UP', 'carrier'), 'no skipping acceptance')
    assert.isFalse(canMove('ACCEPTED', 'DELIVERED', 'carrier'), 'no skipping pickup')
  })

  test('the conditional update starts from exactly the allowed statuses', ({ assert }) => {
    assert.deepEqual(sourcesOf('ACCEPTED', 'carrier'), ['REQUESTED'])
    assert.deepEqual(sourcesOf('CANCELLED', 'shipper'), [
      'PAYMENT_PENDING',
      'REQUESTED',
      'ACCEPTED',
    ])
    assert.deepEqual(sourcesOf('REQUESTED', 'payments'), ['PAYMENT_PENDING'])
    assert.deepEqual(sourcesOf('EXPIRED', 'schedule'), ['PAYMENT_PENDING', 'REQUESTED'])
    assert.deepEqual(sourcesOf('DELIVERED', 'carrier'), ['PICKED_UP'])
    assert.deepEqual(sourcesOf('DELIVERED', 'shipper'), [])
  })

  test('final and live statuses', ({ assert }) => {
    assert.deepEqual(
      EXPEDITED_STATUSES.filter((s) => isFinal(s)),
      ['DELIVERED', 'CANCELLED', 'EXPIRED']
    )
    assert.deepEqual(
      EXPEDITED_STATUSES.filter((s) => isLive(s)),
      ['ACCEPTED', 'PICKED_UP']
    )
    assert.equal(refusal('PICKED_UP', 'CANCELLED'), 'A picked up job cannot be cancelled')
  })
})

/** Each action: the status it moves to and who takes it. */
const ACTIONS: Record<string, [ExpeditedStatus, ExpeditedActor]> = {
  confirmPayment: ['REQUESTED', 'payments'],
  expire: ['EXPIRED', 'schedule'],
  accept: ['ACCEPTED', 'carrier'],
  pickUp: ['PICKED_UP', 'carrier'],
  deliver: ['DELIVERED', 'carrier'],
  cancel: ['CANCELLED', 'shipper'],
}

/** Every state × every action: `ok`, or the refusal the 409 carries. */
const TABLE: [ExpeditedStatus, keyof typeof ACTIONS, string][] = [
  ['PAYMENT_PENDING', 'confirmPayment', 'ok'],
  ['PAYMENT_PENDING', 'expire', 'ok'],
  ['PAYMENT_PENDING', 'accept', 'An unpaid job cannot be accepted'],
  ['PAYMENT_PENDING', 'pickUp', 'An unpaid job cannot be picked up'],
  ['PAYMENT_PENDING', 'deliver', 'An unpaid job cannot be delivered'],
  ['PAYMENT_PENDING', 'cancel', 'ok'],
  ['REQUESTED', 'confirmPayment', 'A requested job cannot be requested'],
  ['REQUESTED', 'expire', 'ok'],
  ['REQUESTED', 'accept', 'ok'],
  ['REQUESTED', 'pickUp', 'A requested job cannot be picked up'],
  ['REQUESTED', 'deliver', 'A requested job cannot be delivered'],
  ['REQUESTED', 'cancel', 'ok'],
  ['ACCEPTED', 'confirmPayment', 'An accepted job cannot be requested'],
  ['ACCEPTED', 'expire', 'An accepted job cannot be expired'],
  ['ACCEPTED', 'accept', 'An accepted job cannot be accepted'],
  ['ACCEPTED', 'pickUp', 'ok'],
  ['ACCEPTED', 'deliver', 'An accepted job cannot be delivered'],
  ['ACCEPTED', 'cancel', 'ok'],
  ['PICKED_UP', 'confirmPayment', 'A picked up job cannot be requested'],
  ['PICKED_UP', 'expire', 'A picked up job cannot be expired'],
  ['PICKED_UP', 'accept', 'A picked up job cannot be accepted'],
  ['PICKED_UP', 'pickUp', 'A picked up job cannot be picked up'],
  ['PICKED_UP', 'deliver', 'ok'],
  ['PICKED_UP', 'cancel', 'A picked up job cannot be cancelled'],
  ['DELIVERED', 'confirmPayment', 'A delivered job cannot be requested'],
  ['DELIVERED', 'expire', 'A delivered job cannot be expired'],
  ['DELIVERED', 'accept', 'A delivered job cannot be accepted'],
  ['DELIVERED', 'pickUp', 'A delivered job cannot be picked up'],
  ['DELIVERED', 'deliver', 'A delivered job cannot be delivered'],
  ['DELIVERED', 'cancel', 'A delivered job cannot be cancelled'],
  ['CANCELLED', 'accept', 'A cancelled job cannot be accepted'],
  ['CANCELLED', 'pickUp', 'A cancelled job cannot be picked up'],
  ['CANCELLED', 'deliver', 'A cancelled job cannot be delivered'],
  ['CANCELLED', 'cancel', 'A cancelled job cannot be cancelled'],
  ['CANCELLED', 'confirmPayment', 'A cancelled job cannot be requested'],
  ['CANCELLED', 'expire', 'A cancelled job cannot be expired'],
  ['EXPIRED', 'confirmPayment', 'An expired job cannot be requested'],
  ['EXPIRED', 'expire', 'An expired job cannot be expired'],
  ['EXPIRED', 'accept', 'An expired job cannot be accepted'],
  ['EXPIRED', 'pickUp', 'An expired job cannot be picked up'],
  ['EXPIRED', 'deliver', 'An expired job cannot be delivered'],
  ['EXPIRED', 'cancel', 'An expired job cannot be cancelled'],
]

const PICKED_UP_AT = Date.parse('2026-03-02T15:00:00Z')
const MINUTE = 60_000

/** Delivery after pickup: miles, minutes since the pickup, `ok` or the refusal. */
const DELIVERY_TABLE: [number, number, string][] = [
  [
    99,
    1,
    'Too soon to deliver: 99 miles take at least 1 h 25 min at 70 mph, and the job was picked up 1 min ago',
  ],
  [
    99,
    84,
    'Too soon to deliver: 99 miles take at least 1 h 25 min at 70 mph, and the job was picked up 1 h 24 min ago',
  ],
  [99, 85, 'ok'],
  [
    283.4,
    120,
    'Too soon to deliver: 283 miles take at least 4 h 03 min at 70 mph, and the job was picked up 2 h 00 min ago',
  ],
  [283.4, 243, 'ok'],
  [
    12,
    5,
    'Too soon to deliver: 12 miles take at least 11 min at 70 mph, and the job was picked up 5 min ago',
  ],
  [12, 11, 'ok'],
  [0, 0, 'ok'],
]

test.group('Expedited status machine as tables', () => {
  test('every state × every action', ({ assert }) => {
    assert.lengthOf(TABLE, EXPEDITED_STATUSES.length * Object.keys(ACTIONS).length)
    for (const [from, action, expected] of TABLE) {
      const [to, actor] = ACTIONS[action]
      const result = canMove(from, to, actor) ? 'ok' : refusal(from, to)
      assert.equal(result, expected, `${from} × ${action}`)
    }
  })

  test('a delivery no sooner after pickup than the distance at the top speed', ({ assert }) => {
    assert.equal(TOP_SPEED_MPH, 70)
    for (const [miles, minutes, expected] of DELIVERY_TABLE) {
      const job = { pickedUpAtMs: PICKED_UP_AT, distanceMiles: miles }
      const result = deliveryRefusal(job, PICKED_UP_AT + minutes * MINUTE) ?? 'ok'
      assert.equal(result, expected, `${miles} miles after ${minutes} min`)
    }
    // 99 miles at 70 mph: 5,091.43 s, rounded up to the second.
    assert.equal(earliestDeliveryMs(PICKED_UP_AT, 99), PICKED_UP_AT + 5_092_000)
    assert.isNull(deliveryRefusal({ pickedUpAtMs: null, distanceMiles: 99 }, PICKED_UP_AT))
  })
})
