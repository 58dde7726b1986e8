import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { Clock, FixedClock } from '#core/clock'
import { SIGNATURE_HEADER, signPush } from '#plugins/tms_feeds/main'
import { pushSecret } from '#config/tms_feeds'
import ShipmentEvent from '#tms/models/shipment_event'
import PartnerEvent from '#tms/models/partner_event'
import Booking from '#marketplace/models/booking'
import {
  baseUrl,
  eachTestInTransaction,
  makeUser,
  resetDatabase,
  startServer,
} from '#tests/helpers'
import { makeBooking, makeListing } from '#tests/factories'

const NOW = DateTime.fromISO('2026-03-02T18:00:00Z')

async function booking(overrides = {}) {
  const shipper = await makeUser('shipper')
  const carrier = await makeUser('carrier', { isApproved: true })
  return {
    shipper,
    booking: await makeBooking(shipper, await makeListing(carrier), overrides),
  }
}

const reference = (id: number) => `TRT-${String(id).padStart(3, '0')}`

function push(shipment: string, events: unknown[] = EVENTS) {
  return JSON.stringify({ shipment, events })
}

const EVENTS = [
  {
    id: 'evt_2',
    code: 'SD',
    time: '2026-03-02T10:30:00-06:00',
    description: 'Weather hold',
  },
  {
    id: 'evt_1',
    code: 'AF',
    time: '2026-03-02T08:05:00-06:00',
    location: { lat: 41.88, lng: -87.62, city: 'Chicago', state: 'IL' },
  },
  { id: 'evt_3', code: 'ZZ', time: '2026-03-02T11:00:00-06:00' },
]

/** POSTs the raw body as the provider does, signed at `at` (unix seconds). */
function send(
  url: string,
  provider: string,
  rawBody: string,
  options: { at?: number; secret?: string; signature?: string } = {}
) {
  const at = options.at ?? Math.floor(NOW.toSeconds())
  const signature =
    options.signature ?? signPush(rawBody, options.secret ?? pushSecret(provider as 'edi214'), at)
  return fetch(`${url}/api/tms/feeds/${provider}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
    body: rawBody,
  })
}

test.group('POST /api/tms/feeds/:provider', (group) => {
  eachTestInTransaction(group)
  group.each.setup(() => {
    app.container.swap(Clock, () => new FixedClock(NOW))
    return () => app.container.restore(Clock)
  })

  test('a signed push is stored, normalised with the raw code kept, once', async ({
    client,
    assert,
  }) => {
    const { shipper, booking: b } = await booking()
    const body = push(reference(b.id))
    const first = await send(baseUrl(), 'edi214', body)
    assert.equal(first.status, 200)
    assert.deepEqual(await first.json(), { received: 3, duplicates: 0 })

    const res = await client.get(`/api/tms/shipments/${b.id}/events`).loginAs(shipper)
    assert.deepEqual(
      res.body().map((e: any) => [e.eventType, e.code, e.source, e.eventTime, e.description]),
      [
        [
          'PU',
          'AF',
          'edi214',
          '2026-03-02T14:05:00.000Z',
          'Carrier Departed Pick-up Location with Shipment',
        ],
        ['EXCEPTION', 'SD', 'edi214', '2026-03-02T16:30:00.000Z', 'Weather hold'],
        ['OTHER', 'ZZ', 'edi214', '2026-03-02T17:00:00.000Z', null],
      ]
    )
    assert.deepEqual(res.body()[0].location, {
      lat: 41.88,
      lng: -87.62,
      city: 'Chicago',
      state: 'IL',
    })
    const raw = await PartnerEvent.query().where('bookingId', b.id).orderBy('eventTime', 'asc')
    assert.deepEqual(
      raw.map((r) => [r.provider, r.eventKey, r.eventCode]),
      [
        ['edi214', 'edi214:evt_1', 'AF'],
        ['edi214', 'edi214:evt_2', 'SD'],
        ['edi214', 'edi214:evt_3', 'ZZ'],
      ]
    )
    assert.deepEqual(raw[1].raw, { shipment: reference(b.id), event: EVENTS[0] })

    // The same push again, and one with a new event among old ones.
    const replay = await send(baseUrl(), 'edi214', body)
    assert.deepEqual(await replay.json(), { received: 3, duplicates: 3 })
    const more = await send(
      baseUrl(),
      'edi214',
      push(reference(b.id), [
        EVENTS[0],
        { id: 'evt_4', code: 'D1', time: '2026-03-02T11:55:00-06:00' },
      ])
    )
    assert.deepEqual(await more.json(), { received: 2, duplicates: 1 })
    assert.lengthOf(await ShipmentEvent.query().where('shipmentId', b.id), 4)
    assert.lengthOf(await PartnerEvent.query().where('bookingId', b.id), 4)
  })

  test('a partner booking is found by its partner shipment id or PRO number', async ({
    assert,
  }) => {
    const { booking: b } = await booking({
      provider: 'demo_partner',
      partnerShipmentId: 'DP-SHP-77',
      partnerProNumber: '123456789',
    })
    const events = [{ id: 'e1', code: 'PUP', time: '2026-03-02T08:00:00-06:00' }]
    const byId = await send(baseUrl(), 'demo_partner', push('DP-SHP-77', events))
    assert.deepEqual(await byId.json(), { received: 1, duplicates: 0 })
    const byPro = await send(baseUrl(), 'demo_partner', push('123456789', events))
    assert.deepEqual(await byPro.json(), { received: 1, duplicates: 1 })
    const stored = await ShipmentEvent.query().where('shipmentId', b.id)
    assert.deepEqual(
      stored.map((e) => [e.eventType, e.code, e.eventKey]),
      [['PU', 'PUP', 'demo_partner:e1']]
    )
  })

  test('a partner booking follows its carrier’s reports: in transit, delayed, delivered with an invoice', async ({
    client,
    assert,
  }) => {
    const { shipper, booking: b } = await booking({
      carrierId: null,
      truckId: null,
      listingId: null,
      provider: 'demo_partner',
      bookingType: 'partner:lakeshore',
      partnerShipmentId: 'DP-SHP-78',
      status: 'booked',
      // Picked up on the day of the reports (docs/decisions/0166: no delivery before pickup).
      pickupDate: DateTime.fromISO('2026-03-02'),
    })
    const status = async () => (await Booking.findOrFail(b.id)).status
    const at = (hhmm: string) => `2026-03-02T${hhmm}:00-06:00`

    await send(
      baseUrl(),
      'demo_partner',
      push('DP-SHP-78', [{ id: 'p1', code: 'PUP', time: at('08:00') }])
    )
    assert.equal(await status(), 'in_transit')
    await send(
      baseUrl(),
      'demo_partner',
      push('DP-SHP-78', [{ id: 'p2', code: 'DLY', time: at('10:00') }])
    )
    assert.equal(await status(), 'delayed')
    // A late report of an earlier movement does not undo the delay.
    await send(
      baseUrl(),
      'demo_partner',
      push('DP-SHP-78', [{ id: 'p0', code: 'DEP', time: at('09:00') }])
    )
    assert.equal(await status(), 'delayed')
    await send(
      baseUrl(),
      'demo_partner',
      push('DP-SHP-78', [{ id: 'p3', code: 'DEL', time: at('11:30') }])
    )
    assert.equal(await status(), 'delivered')
    assert.isNotNull((await Booking.findOrFail(b.id)).deliveredAt)

    const history = await client.get(`/api/bookings/${b.id}/history`).loginAs(shipper)
    history.assertStatus(200)
    assert.deepEqual(
      history.body().map((h: any) => [h.fromStatus, h.toStatus, h.changedBy, h.note]),
      [
        // The partner by its name (docs/decisions/0181), never the driver's key.
        ['booked', 'in_transit', null, 'Reported by PalletLine demo partner'],
        ['in_transit', 'delayed', null, 'Reported by PalletLine demo partner'],
        ['delayed', 'delivered', null, 'Reported by PalletLine demo partner'],
      ]
    )
    // Its milestones are the partner's only (no second set from the status changes).
    const sources = await ShipmentEvent.query().where('shipmentId', b.id)
    assert.sameMembers([...new Set(sources.map((e) => e.source))], ['demo_partner'])
    // Delivery invoices it; the shipper may complete it.
    const invoice = await db.from('invoices').where('booking_id', b.id).first()
    assert.exists(invoice)
    const listed = await client.get(`/api/bookings/${b.id}`).loginAs(shipper)
    assert.isTrue(listed.body().canComplete)
  })

  test('an unpaid partner booking, and a network booking, keep their status on a push', async ({
    assert,
  }) => {
    const { booking: unpaid } = await booking({
      carrierId: null,
      truckId: null,
      listingId: null,
      provider: 'demo_partner',
      bookingType: 'partner:lakeshore',
      partnerShipmentId: 'DP-SHP-79',
      status: 'pending',
      paymentStatus: 'pending',
    })
    const events = [{ id: 'd1', code: 'DEL', time: '2026-03-02T11:00:00-06:00' }]
    const res = await send(baseUrl(), 'demo_partner', push('DP-SHP-79', events))
    assert.deepEqual(await res.json(), { received: 1, duplicates: 0 })
    assert.equal((await Booking.findOrFail(unpaid.id)).status, 'pending')

    const { booking: network } = await booking({ status: 'booked' })
    await send(
      baseUrl(),
      'edi214',
      push(reference(network.id), [{ id: 'x1', code: 'D1', time: '2026-03-02T11:00:00-06:00' }])
    )
    assert.equal((await Booking.findOrFail(network.id)).status, 'booked')
  })

  test('refused: bad signature or stale 401, malformed 422, unknown provider 404, unknown shipment 422', async ({
    assert,
  }) => {
    const { booking: b } = await booking()
    const body = push(reference(b.id))
    const cases: [Promise<Response>, number][] = [
      [send(baseUrl(), 'edi214', body, { secret: 'x'.repeat(40) }), 401],
      [send(baseUrl(), 'edi214', body, { signature: 'nonsense' }), 401],
      [send(baseUrl(), 'edi214', body, { signature: '' }), 401],
      // A push signed for one provider is not another's.
      [send(baseUrl(), 'edi214', body, { secret: pushSecret('demo_partner') }), 401],
      [send(baseUrl(), 'edi214', body, { at: Math.floor(NOW.toSeconds()) - 301 }), 401],
      [send(baseUrl(), 'edi214', body, { at: Math.floor(NOW.toSeconds()) + 301 }), 401],
      [send(baseUrl(), 'edi214', '{"shipment": "TRT-001", "events": "no"}'), 422],
      [send(baseUrl(), 'edi214', 'not json'), 422],
      [
        send(
          baseUrl(),
          'edi214',
          push(reference(b.id), [{ id: 'a', code: 'AF', time: '2026-03-02T08:00:00' }])
        ),
        422,
      ],
      [send(baseUrl(), 'acme', body, { secret: 'x'.repeat(40) }), 404],
      [send(baseUrl(), 'edi214', push('TRT-999999')), 422],
      [send(baseUrl(), 'edi214', push('NO-SUCH-PRO')), 422],
    ]
    for (const [pending, status] of cases) {
      const res = await pending
      assert.equal(res.status, status)
      assert.isString(((await res.json()) as { message: unknown }).message)
    }
    assert.lengthOf(await ShipmentEvent.query().where('shipmentId', b.id), 0)
    assert.lengthOf(await PartnerEvent.query().where('bookingId', b.id), 0)
  })

  test('within the window, a push with no session or CSRF token is accepted', async ({
    assert,
  }) => {
    const { booking: b } = await booking()
    const res = await send(baseUrl(), 'edi214', push(reference(b.id)), {
      at: Math.floor(NOW.toSeconds()) - 299,
    })
    assert.equal(res.status, 200)
    assert.isNull(res.headers.get('set-cookie'))
  })
})

test.group('POST /api/tms/feeds/:provider delivered many times at once', (group) => {
  group.each.setup(() => resetDatabase())

  test('the same push 10 times at once, at two server processes, stores each event once', async ({
    assert,
  }) => {
    const { booking: b } = await booking()
    const now = Math.floor(Date.now() / 1000)
    const body = push(
      reference(b.id),
      Array.from({ length: 8 }, (_, i) => ({
        id: `evt_${i}`,
        code: i === 7 ? 'D1' : 'X6',
        time: new Date((now - 3600 + i * 60) * 1000).toISOString(),
      }))
    )
    const second = await startServer(Number(process.env.PORT) + 48)
    try {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          send(i % 2 === 0 ? baseUrl() : second.url, 'edi214', body, { at: now }).then(
            async (res) => ({ status: res.status, body: (await res.json()) as any })
          )
        )
      )
      assert.deepEqual(
        answers.map((a) => a.status),
        Array(10).fill(200)
      )
      const stored = answers.reduce((sum, a) => sum + a.body.received - a.body.duplicates, 0)
      assert.equal(stored, 8)
    } finally {
      await second.stop()
    }
    const rows = await db.from('shipment_events').where('shipment_id', b.id)
    assert.lengthOf(rows, 8)
    assert.lengthOf(await db.from('partner_events').where('booking_id', b.id), 8)
  }).timeout(90_000)
})
