import { test } from '@japa/runner'
import { drivers } from '../../partner_carriers/main.js'
import { CODE_TABLES, fromPartnerMilestone, normaliseCode, normaliseEvent } from '../normaliser.js'

test.group('Normaliser', () => {
  test('a demo partner push means what the demo driver reads from the same codes', async ({
    assert,
  }) => {
    // Through the partner contract only: tms_feeds keeps no copy of the driver's code list.
    const partner = await drivers.demo_partner({ latencyMs: [0, 0], failureRate: 0 })()
    const booked = await partner.book({
      partnerQuoteId: 'dpq_push_codes',
      idempotencyKey: `push-codes-${process.pid}-${Date.now()}`,
      shipperReference: 'TRT-042',
      origin: { postal: '60601', city: 'Chicago', state: 'IL', lat: 41.8858, lng: -87.6181 },
      destination: { postal: '48201', city: 'Detroit', state: 'MI', lat: 42.3478, lng: -83.0603 },
      pallets: 4,
      weightLbs: 4000,
      mode: 'LTL',
      pickupDate: '2026-03-02',
    })
    if (!booked.ok) return assert.fail(booked.message)
    const tracking = await partner.track(booked.partnerShipmentId, new Date('2026-03-20T00:00:00Z'))
    if (!tracking.ok) return assert.fail(tracking.message)
    assert.isAbove(tracking.events.length, 3)
    for (const milestone of tracking.events) {
      assert.equal(normaliseCode('demo_partner', milestone.code).type, milestone.type)
    }
  })

  test('EDI 214 status codes map as documented', ({ assert }) => {
    const table: [string, string][] = [
      ['X3', 'OTHER'],
      ['X8', 'OTHER'],
      ['AM', 'PU'],
      ['CP', 'PU'],
      ['AF', 'PU'],
      ['P1', 'LINEHAUL_DEPART'],
      ['X4', 'LINEHAUL_ARRIVE'],
      ['X6', 'OFD'],
      ['X1', 'OTHER'],
      ['X2', 'OTHER'],
      ['AG', 'OTHER'],
      ['D1', 'DELIVERED'],
      ['SD', 'EXCEPTION'],
      ['A9', 'EXCEPTION'],
      ['A7', 'EXCEPTION'],
      ['AH', 'EXCEPTION'],
      ['AP', 'EXCEPTION'],
      ['A3', 'EXCEPTION'],
      ['CA', 'OTHER'],
    ]
    assert.deepEqual(
      table.map(([code]) => [code, normaliseCode('edi214', code).type]),
      table
    )
    assert.sameMembers(
      Object.keys(CODE_TABLES.edi214),
      table.map(([code]) => code)
    )
  })

  test("the demo partner's push codes and the simulator's own map to a type", ({ assert }) => {
    assert.deepEqual(
      Object.keys(CODE_TABLES.demo_partner).map((code) => [
        code,
        normaliseCode('demo_partner', code),
      ]),
      [
        ['PUP', { type: 'PU', description: 'Picked up' }],
        ['DEP', { type: 'LINEHAUL_DEPART', description: 'Departed origin terminal' }],
        ['DLY', { type: 'EXCEPTION', description: 'Delayed: weather on the route' }],
        ['ARR', { type: 'LINEHAUL_ARRIVE', description: 'Arrived at destination terminal' }],
        ['OFD', { type: 'OFD', description: 'Out for delivery' }],
        ['DEL', { type: 'DELIVERED', description: 'Delivered' }],
        ['CAN', { type: 'OTHER', description: 'Shipment cancelled' }],
      ]
    )
    assert.deepEqual(
      Object.entries(CODE_TABLES.simulator).map(([code, entry]) => [code, entry.type]),
      [
        ['PICKED_UP', 'PU'],
        ['DEPARTED', 'LINEHAUL_DEPART'],
        ['POSITION', 'IN_TRANSIT'],
        ['ARRIVED', 'LINEHAUL_ARRIVE'],
        ['OUT_FOR_DELIVERY', 'OFD'],
        ['DELIVERED', 'DELIVERED'],
      ]
    )
  })

  test('an unknown code is OTHER with no words of its own; its raw code is kept', ({ assert }) => {
    assert.deepEqual(normaliseCode('edi214', 'QQ'), { type: 'OTHER', description: null })
    assert.deepEqual(normaliseCode('demo_partner', 'toString'), {
      type: 'OTHER',
      description: null,
    })
    assert.equal(normaliseCode('edi214', ' d1 ').type, 'DELIVERED')
    const event = normaliseEvent({
      source: 'eld',
      sourceId: '9',
      codeSet: 'edi214',
      code: 'qq',
      description: '  ',
      time: '2026-03-02T10:00:00-06:00',
      raw: { code: 'qq' },
    })
    assert.deepEqual(event, {
      id: 'eld:9',
      type: 'OTHER',
      code: 'qq',
      codeSet: 'edi214',
      description: null,
      eventTime: '2026-03-02T16:00:00.000Z',
      location: null,
      raw: { code: 'qq' },
    })
  })

  test("the source's words win over the table's", ({ assert }) => {
    const event = normaliseEvent({
      source: 'eld',
      sourceId: '1',
      codeSet: 'edi214',
      code: 'SD',
      description: 'Snow on I-65',
      time: new Date('2026-03-02T10:00:00Z'),
      raw: null,
    })
    assert.deepInclude(event, { type: 'EXCEPTION', description: 'Snow on I-65' })
  })

  test('a partner carrier milestone becomes a feed event of the type its driver read', ({
    assert,
  }) => {
    const milestone = {
      eventId: 'dps_1-PUP',
      code: 'PUP',
      type: 'PU' as const,
      description: 'Picked up',
      eventTime: '2026-03-02T17:00:00.000Z',
      lat: 41.8858,
      lng: -87.6181,
      city: 'Chicago',
      state: 'IL',
    }
    assert.deepEqual(fromPartnerMilestone('demo_partner', milestone), {
      id: 'demo_partner:dps_1-PUP',
      type: 'PU',
      code: 'PUP',
      codeSet: 'partner',
      description: 'Picked up',
      eventTime: '2026-03-02T17:00:00.000Z',
      location: { lat: 41.8858, lng: -87.6181, city: 'Chicago', state: 'IL' },
      raw: milestone,
    })
    // No code table is read: a code of another partner means what its driver says it means.
    const bare = {
      eventId: 'x',
      code: 'D1X',
      type: 'DELIVERED' as const,
      description: 'Livré',
      eventTime: milestone.eventTime,
    }
    assert.deepInclude(fromPartnerMilestone('acme_ltl', bare), {
      id: 'acme_ltl:x',
      type: 'DELIVERED',
      code: 'D1X',
      description: 'Livré',
      location: null,
    })
  })
})
