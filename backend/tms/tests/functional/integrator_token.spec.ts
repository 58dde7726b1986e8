import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import drive from '@adonisjs/drive/services/main'
import partnerCarriers from '#plugins/partner_carriers/services/main'
import BolFetchService from '#tms/services/bol_fetch_service'
import { SIGNATURE_HEADER, signPush } from '#plugins/tms_feeds/main'
import { pushSecret } from '#config/tms_feeds'
import { Clock } from '#core/clock'
import Booking from '#marketplace/models/booking'
import type User from '#accounts/models/user'
import { SUCCESS_CARD } from '#payments/tests/payout_fixtures'
import { baseUrl, businessDayFromToday, makeUser, resetDatabase } from '#tests/helpers'
import { seedReferenceRows } from '#tms/tests/reference_rows'
import type { paths } from '../../../../cli/src/api/schema.js'

/*
 * A TMS integrator's whole job with one token issued in Settings (not an admin's `*` token):
 * quote, book, pay in the sandbox, follow the shipment's events, list and download its
 * documents, read the escrow. Plain fetch, typed by the types generated from docs/openapi.json
 * (what a client generated from the contract would see). docs/decisions/0169.
 */

type Method = 'get' | 'post'
type Op<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>
type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never
type Ok<P extends keyof paths, M extends Method> =
  Op<P, M> extends { responses: infer R } ? JsonOf<R[Extract<keyof R, 200 | 201>]> : never
type Body<P extends keyof paths, M extends Method> =
  Op<P, M> extends {
    requestBody?: { content: { 'application/json': infer B } }
  }
    ? B
    : never

/** One bearer call, as the integration makes it: no session cookie, no CSRF token. */
async function call<P extends keyof paths, M extends Method>(
  token: string,
  method: M,
  path: P,
  options: { params?: Record<string, string | number>; body?: Body<P, M> } = {}
): Promise<{ status: number; json: Ok<P, M>; bytes: Buffer; type: string }> {
  const url = String(path).replace(/\{(\w+)\}/g, (_, name) => String(options.params![name]))
  const res = await fetch(`${baseUrl()}${url}`, {
    method: method.toUpperCase(),
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/json, application/pdf',
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  })
  const bytes = Buffer.from(await res.arrayBuffer())
  const type = res.headers.get('content-type') ?? ''
  const json = type.includes('application/json') ? JSON.parse(bytes.toString('utf8')) : undefined
  return { status: res.status, json, bytes, type }
}

/** The partner reports the pickup on its signed feed, as a partner booking's milestones come. */
async function partnerReportsPickup(bookingId: number) {
  const booking = await Booking.findOrFail(bookingId)
  const now = (await app.container.make(Clock)).now()
  const body = JSON.stringify({
    shipment: booking.partnerShipmentId,
    events: [{ id: 'pickup-1', code: 'PUP', time: now.toISO() }],
  })
  // The fake partner books for the demo partner's feed, which finds it by its shipment id.
  const provider = 'demo_partner'
  const res = await fetch(`${baseUrl()}/api/tms/feeds/${provider}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: signPush(body, pushSecret(provider), Math.floor(now.toSeconds())),
    },
    body,
  })
  if (res.status !== 200) throw new Error(`the feed refused the push: ${await res.text()}`)
}

/** The token a user issues in Settings, with the abilities the integration needs. */
async function settingsToken(client: any, user: User, abilities: string[]) {
  const res = await client
    .post('/api/account/tokens')
    .json({ name: 'TMS integration', abilities })
    .loginAs(user)
    .withCsrfToken()
  res.assertStatus(201)
  return res.body() as { token: string; abilities: string[] }
}

test.group('A TMS integrator with a Settings-issued token', (group) => {
  group.each.setup(async () => {
    await resetDatabase()
    await seedReferenceRows()
    partnerCarriers.fake({ bolPendingFetches: 0 })
    drive.fake('fs')
    return () => {
      partnerCarriers.restore()
      drive.restore('fs')
    }
  })

  test('quotes, books, pays, follows events, downloads documents and reads escrow', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const issued = await settingsToken(client, shipper, ['tms:read', 'tms:write', 'payments:write'])
    assert.notInclude(issued.abilities, '*')
    const token = issued.token

    const quoted = await call(token, 'post', '/api/tms/quotes', {
      body: { origin: { postal: '60601' }, destination: { postal: '48201' } },
    })
    assert.equal(quoted.status, 200)
    const quote = quoted.json.quotes.find((q) => q.provider === 'ltl_partner')!

    const booked = await call(token, 'post', '/api/tms/quotes/{id}/book', {
      params: { id: quote.id },
      body: { pickup_date: businessDayFromToday(1) },
    })
    assert.equal(booked.status, 201)
    const bookingId = booked.json.booking_id

    const before = await call(token, 'get', '/api/bookings/{id}', { params: { id: bookingId } })
    assert.equal(before.status, 200)
    assert.equal(before.json.paymentStatus, 'pending')

    const intent = await call(token, 'post', '/api/create-payment-intent', {
      body: { bookingId, amount: quote.total },
    })
    assert.equal(intent.status, 200)
    const paid = await call(token, 'post', '/api/sandbox/payments/confirm', {
      body: {
        clientSecret: intent.json.clientSecret,
        cardNumber: SUCCESS_CARD,
        expMonth: 12,
        expYear: Number(businessDayFromToday(0).slice(0, 4)) + 2,
        cvc: '123',
      },
    })
    assert.equal(paid.status, 200)
    assert.equal(paid.json.status, 'succeeded')

    const after = await call(token, 'get', '/api/bookings/{id}', { params: { id: bookingId } })
    assert.equal(after.json.paymentStatus, 'paid')
    assert.equal(after.json.status, 'booked')

    const shipment = await call(token, 'get', '/api/tms/shipments/{id}', {
      params: { id: booked.json.reference },
    })
    assert.equal(shipment.status, 200)
    await partnerReportsPickup(bookingId)
    const events = await call(token, 'get', '/api/tms/shipments/{id}/events', {
      params: { id: bookingId },
    })
    assert.equal(events.status, 200)
    assert.deepEqual(
      events.json.map((e) => e.eventType),
      ['PU']
    )

    // The partner's bill of lading, fetched once the booking is paid.
    await (await app.container.make(BolFetchService)).run()
    const documents = await call(token, 'get', '/api/tms/documents')
    assert.equal(documents.status, 200)
    const bol = documents.json.data.find((d) => d.shipmentId === bookingId && d.type === 'BOL')!
    assert.exists(bol, 'the booking’s BOL is listed')
    const download = await call(token, 'get', '/api/tms/documents/{id}/download', {
      params: { id: bol.id },
    })
    assert.equal(download.status, 200)
    assert.equal(download.type, 'application/pdf')
    assert.equal(download.bytes.subarray(0, 5).toString('latin1'), '%PDF-')

    const escrow = await call(token, 'get', '/api/tms/escrow')
    assert.equal(escrow.status, 200)
    assert.isAbove(escrow.json.totals.held, 0)
  }).timeout(60_000)

  test('the default Settings token (tms:read, tms:write) follows but does not pay', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const res = await client
      .post('/api/account/tokens')
      .json({ name: 'default' })
      .loginAs(shipper)
      .withCsrfToken()
    res.assertStatus(201)
    const { token, abilities } = res.body() as { token: string; abilities: string[] }
    assert.deepEqual(abilities, ['tms:read', 'tms:write'])
    const quoted = await call(token, 'post', '/api/tms/quotes', {
      body: { origin: { postal: '60601' }, destination: { postal: '48201' } },
    })
    const quote = quoted.json.quotes.find((q) => q.provider === 'ltl_partner')!
    const booked = await call(token, 'post', '/api/tms/quotes/{id}/book', {
      params: { id: quote.id },
      body: { pickup_date: businessDayFromToday(1) },
    })
    assert.equal(booked.status, 201)
    const bookingId = booked.json.booking_id
    for (const [path, params] of [
      ['/api/bookings/{id}', { id: bookingId }],
      ['/api/tms/shipments/{id}', { id: bookingId }],
      ['/api/tms/shipments/{id}/events', { id: bookingId }],
      ['/api/tms/documents', {}],
      ['/api/tms/escrow', {}],
    ] as const) {
      const followed = await call(token, 'get', path, { params })
      assert.equal(followed.status, 200, path)
    }
    const pay = await call(token, 'post', '/api/create-payment-intent', {
      body: { bookingId, amount: quote.total },
    })
    assert.equal(pay.status, 403)
    assert.deepEqual(pay.json as unknown, { message: 'Token lacks the payments:write ability' })
  }).timeout(60_000)
})
