import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import type User from '#accounts/models/user'
import Booking from '#marketplace/models/booking'
import FreightListing from '#freight_board/models/freight_listing'
import FreightListingAudit from '#freight_board/models/freight_listing_audit'
import LoadFunding from '#payments/models/load_funding'
import { Browserless, baseUrl, makeUser, resetDatabase, startServer } from '#tests/helpers'
import { carrierOf, makeFreightListing } from '#tests/factories'

const CARRIERS = 12

/**
 * Signed-in cookie sessions, one per carrier, alternating between the test server and a second
 * server process on the same database: on SQLite the race crosses processes, not just requests.
 */
async function signIn(users: User[], urls: string[]) {
  const sessions: Browserless[] = []
  for (const [i, user] of users.entries()) {
    const session = new Browserless(urls[i % urls.length])
    const res = await session.request('POST', '/api/login', {
      username: user.email,
      password: 'secret123',
    })
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`)
    // The CSRF cookie first, so every request of the race leaves at once.
    await session.request('GET', '/api/health')
    sessions.push(session)
  }
  return sessions
}

test.group('Freight board races at a real server, two processes', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(120_000)

  let second: Awaited<ReturnType<typeof startServer>>
  group.setup(async () => {
    second = await startServer(Number(process.env.PORT) + 102)
    return () => second.stop()
  })

  test(`${CARRIERS} carriers claim one load at once: exactly one wins, one booking`, async ({
    assert,
  }) => {
    const load = await makeFreightListing(await makeUser('shipper'), { price: 1500 })
    const carriers = await Promise.all(
      Array.from({ length: CARRIERS }, () => makeUser('carrier', { isApproved: true }))
    )
    const sessions = await signIn(carriers, [baseUrl(), second.url])

    const results = await Promise.all(
      sessions.map((s) => s.request('POST', `/api/freight-listings/${load.id}/claim`))
    )

    const won = results.filter((r) => r.status === 200)
    const lost = results.filter((r) => r.status === 409)
    assert.lengthOf(won, 1, JSON.stringify(results.map((r) => [r.status, r.body?.message])))
    assert.lengthOf(lost, CARRIERS - 1)
    for (const res of lost) assert.equal(res.body.message, 'Load may have already been claimed')
    const bookings = await Booking.query().where('bookingType', 'freight_board')
    assert.lengthOf(bookings, 1)
    assert.equal(bookings[0].id, won[0].body.booking_id)
    assert.equal(bookings[0].totalAmount, 1500)
    await load.refresh()
    assert.equal(load.status, 'CLAIMED')
    assert.equal(load.shipmentId, bookings[0].id)
    const winner = carriers[results.indexOf(won[0])]
    assert.equal(load.carrierId, (await carrierOf(winner)).id)
    const claims = await FreightListingAudit.query()
      .where('listingId', load.id)
      .where('action', 'claimed')
    assert.lengthOf(claims, 1)
  })

  test(`${CARRIERS} carriers hold one load at once: exactly one holder`, async ({ assert }) => {
    const load = await makeFreightListing(await makeUser('shipper'))
    const carriers = await Promise.all(
      Array.from({ length: CARRIERS }, () => makeUser('carrier', { isApproved: true }))
    )
    const sessions = await signIn(carriers, [baseUrl(), second.url])

    const results = await Promise.all(
      sessions.map((s) => s.request('POST', `/api/freight-listings/${load.id}/hold`))
    )

    const won = results.filter((r) => r.status === 200)
    assert.lengthOf(won, 1, JSON.stringify(results.map((r) => [r.status, r.body?.message])))
    for (const res of results.filter((r) => r.status !== 200)) {
      assert.equal(res.status, 409)
      assert.equal(res.body.message, 'Load may already be held')
    }
    assert.isTrue(won[0].body.held_by_you)
    await load.refresh()
    const holder = carriers[results.indexOf(won[0])]
    assert.equal(load.holdCarrierId, (await carrierOf(holder)).id)
    const holds = await FreightListingAudit.query()
      .where('listingId', load.id)
      .where('action', 'held')
    assert.lengthOf(holds, 1)
  })

  test('one carrier holding 6 loads at once gets 3', async ({ assert }) => {
    const shipper = await makeUser('shipper')
    const loads: FreightListing[] = []
    for (let i = 0; i < 6; i++) loads.push(await makeFreightListing(shipper))
    const carrier = await makeUser('carrier', { isApproved: true })
    const sessions = await signIn([carrier, carrier], [baseUrl(), second.url])

    const results = await Promise.all(
      loads.map((load, i) =>
        sessions[i % 2].request('POST', `/api/freight-listings/${load.id}/hold`)
      )
    )

    assert.lengthOf(
      results.filter((r) => r.status === 200),
      3,
      JSON.stringify(results.map((r) => [r.status, r.body?.message]))
    )
    for (const res of results.filter((r) => r.status !== 200)) {
      assert.equal(res.body.message, 'You can hold at most 3 loads at once')
    }
    const held = await FreightListing.query().where('holdCarrierId', (await carrierOf(carrier)).id)
    assert.lengthOf(held, 3)
  })

  test('one shipper funding a load from 8 requests at once gets one intent, one funding', async ({
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const load = await makeFreightListing(shipper, { price: 1100 })
    const sessions = await signIn([shipper, shipper], [baseUrl(), second.url])

    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        sessions[i % 2].request('POST', `/api/freight-listings/${load.id}/fund`)
      )
    )

    assert.deepEqual(
      results.map((r) => r.status),
      Array(8).fill(200),
      JSON.stringify(results.map((r) => r.body))
    )
    assert.lengthOf(new Set(results.map((r) => r.body.paymentIntentId)), 1)
    assert.lengthOf(await LoadFunding.query().where('freightListingId', load.id), 1)
  })

  test(`the shipper's charge and ${CARRIERS} claims at once: one booking, paid once, one ledger charge`, async ({
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const load = await makeFreightListing(shipper, { price: 1300 })
    const carriers = await Promise.all(
      Array.from({ length: CARRIERS }, () => makeUser('carrier', { isApproved: true }))
    )
    const [payer] = await signIn([shipper], [second.url])
    const sessions = await signIn(carriers, [baseUrl(), second.url])
    const intent = await payer.request('POST', `/api/freight-listings/${load.id}/fund`)
    assert.equal(intent.status, 200)

    const [paid, ...claims] = await Promise.all([
      payer.request('POST', '/api/sandbox/payments/confirm', {
        clientSecret: intent.body.clientSecret,
        cardNumber: '4242424242424242',
        expMonth: 12,
        expYear: new Date().getUTCFullYear() + 2,
        cvc: '123',
      }),
      ...sessions.map((s) => s.request('POST', `/api/freight-listings/${load.id}/claim`)),
    ])

    assert.equal(paid.status, 200, JSON.stringify(paid.body))
    const won = claims.filter((r) => r.status === 200)
    assert.lengthOf(won, 1, JSON.stringify(claims.map((r) => [r.status, r.body?.message])))
    const booking = await Booking.findOrFail(won[0].body.booking_id)
    assert.equal(booking.paymentStatus, 'paid')
    assert.equal(booking.status, 'booked')
    const fundings = await LoadFunding.query().where('freightListingId', load.id)
    assert.lengthOf(fundings, 1)
    assert.equal(fundings[0].status, 'SETTLED')
    assert.equal(fundings[0].bookingId, booking.id)
    const charges = await db
      .from('ledger_entries')
      .where('kind', 'charge')
      .where('account', 'provider_cash')
    assert.lengthOf(charges, 1)
    assert.equal(Number(charges[0].amount_cents), 130000)
    assert.lengthOf(await db.from('sandbox_refunds'), 0)
  })
})
