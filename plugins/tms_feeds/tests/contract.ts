/**
 * The shared contract suites of the two kinds of TMS feed driver. Generators: nothing before
 * pickup, a growing history of ordered, stable, normalised events that ends delivered.
 * Receivers: a signed push in, normalised events out; a bad signature, a stale timestamp, an
 * unknown provider or a malformed body are typed refusals, never throws.
 */
import { test } from '@japa/runner'
import type { FeedEvent, FeedGenerator, FeedReceiver, FeedShipment } from '../types.js'

const TYPES = [
  'PU',
  'LINEHAUL_DEPART',
  'IN_TRANSIT',
  'LINEHAUL_ARRIVE',
  'OFD',
  'DELIVERED',
  'EXCEPTION',
  'OTHER',
]

/** Chicago to Atlanta, 716 road miles, picked up at 15:00 UTC on 2 March 2026. */
export const CHICAGO_TO_ATLANTA: FeedShipment = {
  id: '42',
  origin: { lat: 41.8858, lng: -87.6181, city: 'Chicago', state: 'IL' },
  destination: { lat: 33.749, lng: -84.388, city: 'Atlanta', state: 'GA' },
  pickupAt: '2026-03-02T15:00:00.000Z',
  distanceMiles: 716,
  mode: 'TL',
}

const HOUR = 3_600_000
const after = (hours: number) => new Date(Date.parse(CHICAGO_TO_ATLANTA.pickupAt) + hours * HOUR)

export function assertWellFormed(assert: any, events: FeedEvent[], now: Date) {
  const times = events.map((e) => Date.parse(e.eventTime))
  assert.deepEqual(
    times,
    [...times].sort((a, b) => a - b),
    'events are in time order'
  )
  assert.isTrue(
    times.every((t) => t <= now.getTime()),
    'no event after now'
  )
  assert.equal(new Set(events.map((e) => e.id)).size, events.length, 'ids are unique')
  for (const event of events) {
    assert.oneOf(event.type, TYPES)
    assert.isAbove(event.code.length, 0)
    assert.equal(event.eventTime, new Date(event.eventTime).toISOString())
    assert.isDefined(event.raw)
  }
}

export function generatorContract(name: string, makeDriver: () => Promise<FeedGenerator>) {
  test.group(`TMS feeds generator contract: ${name}`, () => {
    test('nothing has happened before pickup', async ({ assert }) => {
      const driver = await makeDriver()
      assert.equal(driver.kind, 'generator')
      const result = await driver.generate(CHICAGO_TO_ATLANTA, after(-1))
      assert.deepInclude(result, { ok: true, events: [] })
    })

    test('a week on: picked up first, delivered last, ordered and normalised', async ({
      assert,
    }) => {
      const driver = await makeDriver()
      const now = after(24 * 7)
      const result = await driver.generate(CHICAGO_TO_ATLANTA, now)
      if (!result.ok) return assert.fail(result.message)
      assertWellFormed(assert, result.events, now)
      assert.equal(result.events[0].type, 'PU')
      assert.equal(result.events.at(-1)!.type, 'DELIVERED')
      if (result.eta) assert.equal(result.eta, result.events.at(-1)!.eventTime)
    })

    test('history only grows, with the same ids and times on every call', async ({ assert }) => {
      const driver = await makeDriver()
      const early = await driver.generate(CHICAGO_TO_ATLANTA, after(6))
      const late = await driver.generate(CHICAGO_TO_ATLANTA, after(24 * 7))
      const again = await driver.generate(CHICAGO_TO_ATLANTA, after(24 * 7))
      if (!early.ok || !late.ok) return assert.fail('generate failed')
      assert.isAbove(early.events.length, 0)
      assert.deepEqual(late.events.slice(0, early.events.length), early.events)
      assert.deepEqual(again, late)
    })

    test('another shipment has other ids', async ({ assert }) => {
      const driver = await makeDriver()
      const one = await driver.generate(CHICAGO_TO_ATLANTA, after(100))
      const two = await driver.generate({ ...CHICAGO_TO_ATLANTA, id: '43' }, after(100))
      if (!one.ok || !two.ok) return assert.fail('generate failed')
      const ids = new Set(one.events.map((e) => e.id))
      assert.isTrue(two.events.every((e) => !ids.has(e.id)))
    })

    test('a shipment it cannot follow is invalid_shipment, not a throw', async ({ assert }) => {
      const driver = await makeDriver()
      for (const broken of [
        { ...CHICAGO_TO_ATLANTA, pickupAt: 'soon' },
        { ...CHICAGO_TO_ATLANTA, distanceMiles: 0 },
        { ...CHICAGO_TO_ATLANTA, origin: { lat: 91, lng: 0 } },
        { ...CHICAGO_TO_ATLANTA, id: '' },
      ]) {
        const result = await driver.generate(broken, after(10))
        assert.deepInclude(result, { ok: false, reason: 'invalid_shipment' })
      }
    })
  })
}

export type ReceiverHarness = {
  driver: FeedReceiver
  /** a configured provider and the signature header it would send */
  provider: string
  sign(rawBody: string, timestamp: number): Record<string, string>
}

export function receiverContract(name: string, makeHarness: () => Promise<ReceiverHarness>) {
  test.group(`TMS feeds receiver contract: ${name}`, (group) => {
    let h: ReceiverHarness
    group.each.setup(async () => {
      h = await makeHarness()
    })
    const now = new Date('2026-03-02T18:00:00Z')
    const seconds = Math.floor(now.getTime() / 1000)
    const body = JSON.stringify({
      shipment: 'TRT-042',
      events: [
        { id: 'evt_2', code: 'ZZZ', time: '2026-03-02T17:30:00Z' },
        {
          id: 'evt_1',
          code: 'X3',
          description: 'At the shipper',
          time: '2026-03-02T10:55:00-06:00',
          location: { lat: 41.8858, lng: -87.6181, city: 'Chicago', state: 'IL' },
        },
      ],
    })
    const push = (rawBody: string, headers: Record<string, string>, provider = h.provider) =>
      h.driver.parsePush({ provider, headers, rawBody, now })

    test('a signed push becomes normalised events, the payload kept', async ({ assert }) => {
      assert.equal(h.driver.kind, 'receiver')
      const result = await push(body, h.sign(body, seconds))
      if (!result.ok) return assert.fail(result.message)
      assert.equal(result.provider, h.provider)
      assert.equal(result.shipmentRef, 'TRT-042')
      assert.deepEqual(result.raw, JSON.parse(body))
      assertWellFormed(assert, result.events, now)
      assert.deepEqual(
        result.events.map((e) => [e.id, e.code, e.eventTime]),
        [
          [`${h.provider}:evt_1`, 'X3', '2026-03-02T16:55:00.000Z'],
          [`${h.provider}:evt_2`, 'ZZZ', '2026-03-02T17:30:00.000Z'],
        ]
      )
      assert.deepEqual(result.events[0].location, {
        lat: 41.8858,
        lng: -87.6181,
        city: 'Chicago',
        state: 'IL',
      })
      assert.equal(result.events[0].description, 'At the shipper')
      assert.deepInclude(result.events[1], { type: 'OTHER', location: null })
    })

    test('a tampered body, no signature or an unreadable one is bad_signature', async ({
      assert,
    }) => {
      const signed = h.sign(body, seconds)
      for (const [rawBody, headers] of [
        [body.replace('TRT-042', 'TRT-043'), signed],
        [body, {}],
        [body, { 'x-palletline-signature': 'garbage' }],
        [body, h.sign(`${body} `, seconds)],
      ] as const) {
        assert.deepInclude(await push(rawBody, headers), { ok: false, reason: 'bad_signature' })
      }
    })

    test('a timestamp outside five minutes either way is stale; inside is fine', async ({
      assert,
    }) => {
      for (const [offset, expected] of [
        [-301, { ok: false, reason: 'stale' }],
        [301, { ok: false, reason: 'stale' }],
        [-299, { ok: true }],
        [299, { ok: true }],
      ] as const) {
        assert.deepInclude(await push(body, h.sign(body, seconds + offset)), expected)
      }
    })

    test('an unknown provider is refused before anything is read', async ({ assert }) => {
      assert.deepInclude(await push(body, h.sign(body, seconds), 'nobody'), {
        ok: false,
        reason: 'unknown_provider',
      })
      assert.deepInclude(await push(body, h.sign(body, seconds), 'constructor'), {
        ok: false,
        reason: 'unknown_provider',
      })
    })

    test('a signed body that is not the documented payload is malformed', async ({ assert }) => {
      const event = { id: 'e', code: 'D1', time: '2026-03-02T17:00:00Z' }
      for (const payload of [
        'not json',
        '[]',
        JSON.stringify({ events: [event] }),
        JSON.stringify({ shipment: 'TRT-042', events: {} }),
        JSON.stringify({ shipment: 'TRT-042', events: [{ ...event, id: '' }] }),
        JSON.stringify({ shipment: 'TRT-042', events: [{ ...event, code: 7 }] }),
        JSON.stringify({ shipment: 'TRT-042', events: [{ ...event, time: '2026-03-02 17:00' }] }),
        JSON.stringify({ shipment: 'TRT-042', events: [{ ...event, time: '2026-03-02T17:00' }] }),
        JSON.stringify({ shipment: 'TRT-042', events: [{ ...event, location: { lat: 1 } }] }),
        JSON.stringify({ shipment: 'TRT-042', events: [event, event] }),
      ]) {
        assert.deepInclude(await push(payload, h.sign(payload, seconds)), {
          ok: false,
          reason: 'malformed',
        })
      }
    })
  })
}
