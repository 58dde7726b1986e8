import { readFile } from 'node:fs/promises'
import { test } from '@japa/runner'
import {
  bookRequest,
  cancelRequest,
  parseBol,
  parseBooked,
  parseCancelled,
  parseTracking,
  toFailure,
  trackRequest,
} from '../drivers/demo_partner/mapper.js'
import { bookInput } from './contract.js'

const fixture = (name: string) =>
  readFile(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8')

const answer = async (status: number, name: string, headers: Record<string, string> = {}) => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  body: await fixture(name),
})

test.group('Demo partner mapper: requests', () => {
  test('a booking is a POST with the Idempotency-Key and the partner-shaped body', async ({
    assert,
  }) => {
    const request = bookRequest(bookInput({ idempotencyKey: 'booking-42-partner' }))
    assert.equal(request.method, 'POST')
    assert.equal(request.path, '/v1/shipments')
    assert.equal(request.headers['idempotency-key'], 'booking-42-partner')
    assert.deepEqual(JSON.parse(request.body!), JSON.parse(await fixture('book_request')))
  })

  test('time-dependent calls carry the caller clock; ids are escaped into the path', ({
    assert,
  }) => {
    const now = new Date('2026-03-01T18:30:00Z')
    const cancel = cancelRequest('dps/1', 'cancel-42', now)
    assert.equal(cancel.path, '/v1/shipments/dps%2F1/cancel')
    assert.equal(cancel.headers['x-demo-clock'], '2026-03-01T18:30:00.000Z')
    assert.equal(cancel.headers['idempotency-key'], 'cancel-42')
    const track = trackRequest('dps_1', now)
    assert.deepInclude(track, { method: 'GET', path: '/v1/shipments/dps_1/events', body: null })
    assert.equal(track.headers['x-demo-clock'], '2026-03-01T18:30:00.000Z')
  })
})

test.group('Demo partner mapper: responses', () => {
  test('a booking answer becomes the booked shipment, raw kept', async ({ assert }) => {
    const response = await answer(201, 'book_response')
    assert.deepEqual(parseBooked(response), {
      ok: true,
      partnerShipmentId: 'dps_5f0c2a9e61b3d4c7a8e9',
      proNumber: '4821937065',
      trackingUrl: 'https://track.demo-partner.test/pro/4821937065',
      pickupWindowStart: '2026-03-02T09:00:00-06:00',
      pickupWindowEnd: '2026-03-02T17:00:00-06:00',
      confirmationNumber: 'PU0384152',
      raw: JSON.parse(response.body),
    })
  })

  test('a cancellation answer carries its time', async ({ assert }) => {
    assert.deepInclude(parseCancelled(await answer(200, 'cancel_response')), {
      ok: true,
      partnerShipmentId: 'dps_5f0c2a9e61b3d4c7a8e9',
      cancelledAt: '2026-03-01T18:30:00.000Z',
    })
    // A booked (not cancelled) shipment in a cancellation answer is not a cancellation.
    assert.deepInclude(parseCancelled(await answer(200, 'book_response')), {
      ok: false,
      code: 'unavailable',
    })
  })

  test('errors map to typed failures with their retry hints', async ({ assert }) => {
    assert.deepEqual(toFailure(await answer(429, 'error_rate_limited', { 'retry-after': '12' })), {
      ok: false,
      code: 'rate_limited',
      retryable: true,
      retryAfterSeconds: 12,
      message: 'Slow down: 60 requests a minute',
    })
    assert.deepEqual(toFailure(await answer(422, 'error_validation')), {
      ok: false,
      code: 'invalid_request',
      retryable: false,
      retryAfterSeconds: null,
      message: 'handling_units[0].quantity must be a whole number from 1 to 26',
    })
    assert.deepInclude(toFailure(await answer(410, 'error_quote_expired')), {
      code: 'quote_expired',
      retryable: false,
    })
    assert.deepInclude(parseBooked(await answer(404, 'error_validation')), {
      code: 'not_found',
    })
    const gateway = { status: 502, headers: {}, body: '<html><h1>502 Bad Gateway</h1></html>' }
    assert.deepEqual(parseTracking(gateway), {
      ok: false,
      code: 'unavailable',
      retryable: true,
      retryAfterSeconds: null,
      message: 'The partner answered 502',
    })
  })

  test('a 2xx answer that is not the partner JSON is unavailable, not a crash', ({ assert }) => {
    for (const body of ['', 'OK', '{"shipment":{"id":"dps_1"}}', '[]']) {
      const response = { status: 200, headers: {}, body }
      assert.deepInclude(parseBooked(response), { ok: false, code: 'unavailable' })
      assert.deepInclude(parseBol(response), { ok: false, code: 'unavailable' })
      assert.deepInclude(parseTracking(response), { ok: false, code: 'unavailable' })
    }
  })

  test('a BOL in the making is pending with the Retry-After; a ready one is PDF bytes', async ({
    assert,
  }) => {
    assert.deepEqual(parseBol(await answer(202, 'bol_processing', { 'retry-after': '45' })), {
      ok: true,
      status: 'pending',
      retryAfterSeconds: 45,
    })
    assert.deepEqual(parseBol(await answer(202, 'bol_processing')), {
      ok: true,
      status: 'pending',
      retryAfterSeconds: 30,
    })
    const ready = parseBol(await answer(200, 'bol_ready'))
    if (!ready.ok || ready.status !== 'ready') return assert.fail('not ready')
    assert.equal(ready.bolNumber, 'DPB4821937065')
    const text = Buffer.from(ready.pdf).toString('latin1')
    assert.isTrue(text.startsWith('%PDF-1.4') && text.trimEnd().endsWith('%%EOF'))
  })

  test('tracking events are sorted by time, in UTC, with the location fields given', async ({
    assert,
  }) => {
    const result = parseTracking(await answer(200, 'tracking'))
    if (!result.ok) return assert.fail(result.message)
    assert.deepEqual(result.events, [
      {
        eventId: 'dps_5f0c2a9e61b3d4c7a8e9-PUP',
        code: 'PUP',
        type: 'PU',
        description: 'Picked up',
        eventTime: '2026-03-02T17:00:00.000Z',
        lat: 41.8858,
        lng: -87.6181,
        city: 'Chicago',
        state: 'IL',
      },
      {
        eventId: 'dps_5f0c2a9e61b3d4c7a8e9-DEP',
        code: 'DEP',
        type: 'LINEHAUL_DEPART',
        description: 'Departed origin terminal',
        eventTime: '2026-03-02T20:00:00.000Z',
        lat: 41.8858,
        lng: -87.6181,
        city: 'Chicago',
        state: 'IL',
      },
      {
        eventId: 'dps_5f0c2a9e61b3d4c7a8e9-DLY',
        code: 'DLY',
        type: 'EXCEPTION',
        description: 'Delayed: weather on the route',
        eventTime: '2026-03-03T08:00:00.000Z',
        lat: 42.1168,
        lng: -85.3392,
      },
      {
        // An unknown code is OTHER and an empty description passes through as the code.
        eventId: 'dps_5f0c2a9e61b3d4c7a8e9-XYZ',
        code: 'XYZ',
        type: 'OTHER',
        description: 'XYZ',
        eventTime: '2026-03-03T09:00:00.000Z',
      },
    ])
  })
})
