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
import createClient from 'openapi-fetch'
import type { paths } from '../../../../contract/api.js'

/*
 * A TMS integrator's whole job with one token issued in Settings (not an admin's `*` token):
 * quote, book, pay in the sandbox, follow the shipment's events, list and download its
 * documents, read the escrow. The calls go through a third party's client: openapi-fetch,
 * typed by what openapi-typescript generates from docs/openapi.json (contract/api.d.ts),
 * so a path, parameter, body or answer the contract does not describe fails to compile, and
 * every answer is also checked against the contract at run time (backend/tests/openapi_contract.ts).
 * docs/decisions/0169, 0192.
 */

/** The integration's client: a bearer token, no session cookie, no CSRF token. */
function integration(token: string) {
  return createClient<paths>({
    baseUrl: baseUrl(),
    headers: { authorization: `Bearer ${token}` },
  })
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
    const api = integration(issued.token)

    const quoted = await api.POST('/api/tms/quotes', {
      body: { origin: { postal: '60601' }, destination: { postal: '48201' } },
    })
    assert.equal(quoted.response.status, 200)
    const quote = quoted.data!.quotes.find((q) => q.provider === 'ltl_partner')!

    const booked = await api.POST('/api/tms/quotes/{id}/book', {
      params: { path: { id: quote.id } },
      body: { pickup_date: businessDayFromToday(1) },
    })
    assert.equal(booked.response.status, 201)
    const bookingId = booked.data!.booking_id

    const byId = { params: { path: { id: bookingId } } }
    const before = await api.GET('/api/bookings/{id}', byId)
    assert.equal(before.response.status, 200)
    assert.equal(before.data!.paymentStatus, 'pending')

    const intent = await api.POST('/api/create-payment-intent', {
      body: { bookingId, amount: quote.total },
    })
    assert.equal(intent.response.status, 200)
    const paid = await api.POST('/api/sandbox/payments/confirm', {
      body: {
        clientSecret: intent.data!.clientSecret,
        cardNumber: SUCCESS_CARD,
        expMonth: 12,
        expYear: Number(businessDayFromToday(0).slice(0, 4)) + 2,
        cvc: '123',
      },
    })
    assert.equal(paid.response.status, 200)
    assert.equal(paid.data!.status, 'succeeded')

    const after = await api.GET('/api/bookings/{id}', byId)
    assert.equal(after.data!.paymentStatus, 'paid')
    assert.equal(after.data!.status, 'booked')

    const shipment = await api.GET('/api/tms/shipments/{id}', {
      params: { path: { id: booked.data!.reference } },
    })
    assert.equal(shipment.response.status, 200)
    assert.equal(shipment.data!.reference, booked.data!.reference)
    await partnerReportsPickup(bookingId)
    const events = await api.GET('/api/tms/shipments/{id}/events', {
      params: { path: { id: String(bookingId) } },
    })
    assert.equal(events.response.status, 200)
    assert.deepEqual(
      events.data!.map((e) => e.eventType),
      ['PU']
    )

    // The partner's bill of lading, fetched once the booking is paid.
    await (await app.container.make(BolFetchService)).run()
    const documents = await api.GET('/api/tms/documents')
    assert.equal(documents.response.status, 200)
    const bol = documents.data!.data.find((d) => d.shipmentId === bookingId && d.type === 'BOL')!
    assert.exists(bol, 'the booking’s BOL is listed')
    const download = await api.GET('/api/tms/documents/{id}/download', {
      params: { path: { id: bol.id } },
      parseAs: 'arrayBuffer',
    })
    assert.equal(download.response.status, 200)
    assert.equal(download.response.headers.get('content-type'), 'application/pdf')
    assert.equal(Buffer.from(download.data!).subarray(0, 5).toString('latin1'), '%PDF-')

    const escrow = await api.GET('/api/tms/escrow')
    assert.equal(escrow.response.status, 200)
    assert.isAbove(escrow.data!.totals.held, 0)
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
    const api = integration(token)
    const quoted = await api.POST('/api/tms/quotes', {
      body: { origin: { postal: '60601' }, destination: { postal: '48201' } },
    })
    const quote = quoted.data!.quotes.find((q) => q.provider === 'ltl_partner')!
    const booked = await api.POST('/api/tms/quotes/{id}/book', {
      params: { path: { id: quote.id } },
      body: { pickup_date: businessDayFromToday(1) },
    })
    assert.equal(booked.response.status, 201)
    const bookingId = booked.data!.booking_id
    const shipment = { params: { path: { id: String(bookingId) } } }
    const followed = {
      'GET /api/bookings/{id}': await api.GET('/api/bookings/{id}', {
        params: { path: { id: bookingId } },
      }),
      'GET /api/tms/shipments/{id}': await api.GET('/api/tms/shipments/{id}', shipment),
      'GET /api/tms/shipments/{id}/events': await api.GET(
        '/api/tms/shipments/{id}/events',
        shipment
      ),
      'GET /api/tms/documents': await api.GET('/api/tms/documents'),
      'GET /api/tms/escrow': await api.GET('/api/tms/escrow'),
    }
    for (const [route, answer] of Object.entries(followed)) {
      assert.equal(answer.response.status, 200, route)
    }
    const pay = await api.POST('/api/create-payment-intent', {
      body: { bookingId, amount: quote.total },
    })
    assert.equal(pay.response.status, 403)
    assert.isUndefined(pay.data)
    assert.deepEqual(pay.error, { message: 'Token lacks the payments:write ability' })
  }).timeout(60_000)
})
