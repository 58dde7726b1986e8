import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type User from '#accounts/models/user'
import { Clock, FixedClock } from '#core/clock'
import { splitPayout } from '#core/money'
import Carrier from '#fleet/models/carrier'
import Booking from '#marketplace/models/booking'
import FreightListing from '#freight_board/models/freight_listing'
import {
  ABOVE_PRICE,
  BELOW_FLOOR,
  LOAD_FUNDED,
  NOT_YOUR_TURN,
  OFFER_EXPIRED,
  OFFER_PENDING,
  OFFER_WITHDRAWN,
  OFFERS_NOT_TAKEN,
  TOO_MANY_COUNTERS,
} from '#freight_board/services/offer_rules'
import { Browserless, baseUrl, makeUser, resetDatabase } from '#tests/helpers'
import { makeFreightListing } from '#tests/factories'
import { openStream, until } from '#tests/live_stream'

async function signedIn(user: User) {
  const session = new Browserless(baseUrl())
  const res = await session.signIn(user.email)
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`)
  await session.request('GET', '/api/health')
  return session
}

/** A shipper's open $1,000 load taking offers (floor in cents, or none), and its session. */
async function loadTakingOffers(floorCents: number | null = null) {
  const shipperUser = await makeUser('shipper')
  const load = await makeFreightListing(shipperUser, {
    price: 1000,
    recommendedLow: 900,
    recommendedMid: 1000,
    recommendedHigh: 1100,
  })
  const shipper = await signedIn(shipperUser)
  const terms = await shipper.request('PUT', `/api/freight-listings/${load.id}/offer-terms`, {
    allow_offers: true,
    floor_cents: floorCents,
  })
  if (terms.status !== 200) throw new Error(`terms: ${terms.status} ${terms.text}`)
  return { shipperUser, shipper, load }
}

async function carrierSession() {
  const user = await makeUser('carrier', { isApproved: true })
  return { user, session: await signedIn(user) }
}

const offer = (amountCents: number, over: Record<string, unknown> = {}) => ({
  amount_cents: amountCents,
  note: 'Truck empty in Joliet tomorrow',
  expires_in_hours: 12,
  ...over,
})

test.group('Offers on posted loads', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(60_000)

  test('the shipper sees an offer by label, rating and lane position; the carrier its own', async ({
    assert,
  }) => {
    const { shipper, load } = await loadTakingOffers(80_000)
    const { user, session: carrier } = await carrierSession()

    const board = await carrier.request('GET', '/api/freight-listings')
    assert.equal(board.status, 200, board.text)
    assert.isTrue(board.body.find((l: { id: number }) => l.id === load.id).offers_allowed)
    assert.notInclude(board.text, '80000')

    const made = await carrier.request(
      'POST',
      `/api/freight-listings/${load.id}/offers`,
      offer(95_000)
    )
    assert.equal(made.status, 201, made.text)
    assert.equal(made.body.status, 'PENDING')
    assert.equal(made.body.turn, 'shipper')
    assert.equal(made.body.carrier_pay_cents, splitPayout(95_000).payoutCents)
    assert.isNull(made.body.lane_position)

    const seen = await shipper.request('GET', `/api/freight-listings/${load.id}/offers`)
    assert.equal(seen.status, 200, seen.text)
    assert.equal(seen.body.floor_cents, 80_000)
    assert.deepEqual(seen.body.lane_range, { p25: 90_000, p50: 100_000, p75: 110_000 })
    const [shown] = seen.body.offers
    assert.match(shown.carrier_label, /^Verified carrier #\d{4}$/)
    assert.deepEqual(shown.carrier_rating, { average: null, count: 0, on_time_rate: null })
    assert.equal(shown.lane_position, 'p25_to_p50')
    assert.equal(shown.amount_cents, 95_000)
    const company = await Carrier.findByOrFail('userId', user.id)
    for (const value of [user.email, company.companyName, String(company.id)]) {
      assert.notInclude(JSON.stringify(shown), `"${value}"`)
    }
    assert.notProperty(shown, 'carrier_id')

    const own = await carrier.request('GET', `/api/freight-listings/${load.id}/offers`)
    assert.equal(own.status, 200, own.text)
    assert.isNull(own.body.floor_cents)
    assert.isNull(own.body.lane_range)
    assert.lengthOf(own.body.offers, 1)
    const mine = await carrier.request('GET', '/api/carrier/freight-offers')
    assert.deepEqual(
      mine.body.map((o: { id: number }) => o.id),
      [made.body.id]
    )

    // A second open offer of the same carrier on the load is refused.
    const again = await carrier.request(
      'POST',
      `/api/freight-listings/${load.id}/offers`,
      offer(96_000)
    )
    assert.equal(again.status, 409)
    assert.equal(again.body.message, OFFER_PENDING)
  })

  test('an offer below the floor is declined at once, without saying where the floor is', async ({
    assert,
  }) => {
    const { shipper, load } = await loadTakingOffers(85_000)
    const { session: carrier } = await carrierSession()
    const low = await carrier.request(
      'POST',
      `/api/freight-listings/${load.id}/offers`,
      offer(84_999)
    )
    assert.equal(low.status, 201, low.text)
    assert.equal(low.body.status, 'DECLINED')
    assert.equal(low.body.message, BELOW_FLOOR)
    assert.notInclude(low.text, '85000')
    assert.notInclude(low.text, '850')
    // It does not block a better one.
    const better = await carrier.request(
      'POST',
      `/api/freight-listings/${load.id}/offers`,
      offer(86_000)
    )
    assert.equal(better.status, 201, better.text)
    assert.equal(better.body.status, 'PENDING')
    // A counter of the carrier's below the floor is declined the same way.
    const counter = await shipper.request(
      'POST',
      `/api/freight-offers/${better.body.id}/counter`,
      offer(99_000)
    )
    assert.equal(counter.status, 200, counter.text)
    const lower = await carrier.request(
      'POST',
      `/api/freight-offers/${better.body.id}/counter`,
      offer(80_000)
    )
    assert.equal(lower.status, 200, lower.text)
    assert.equal(lower.body.status, 'DECLINED')
    assert.equal(lower.body.message, BELOW_FLOOR)
  })

  test('bad input is a 422 naming the field', async ({ assert }) => {
    const { load } = await loadTakingOffers()
    const { session: carrier } = await carrierSession()
    const cases: [Record<string, unknown>, string, string | null][] = [
      [{ amount_cents: undefined }, 'amount_cents', 'Amount is required'],
      [{ amount_cents: 950.5 }, 'amount_cents', 'Amount must be a whole number of cents'],
      [{ amount_cents: '95000' }, 'amount_cents', null],
      [{ amount_cents: 0 }, 'amount_cents', 'Amount must be at least 1 cent'],
      [{ amount_cents: 100_000 }, 'amount_cents', ABOVE_PRICE],
      [{ expires_in_hours: 0 }, 'expires_in_hours', 'Expiry must be 1 to 24 hours'],
      [{ expires_in_hours: 25 }, 'expires_in_hours', 'Expiry must be 1 to 24 hours'],
      [{ expires_in_hours: undefined }, 'expires_in_hours', 'Expiry is required'],
      [{ note: 'x'.repeat(501) }, 'note', 'Note must be at most 500 characters'],
    ]
    for (const [over, field, message] of cases) {
      const res = await carrier.request(
        'POST',
        `/api/freight-listings/${load.id}/offers`,
        offer(90_000, over)
      )
      assert.equal(res.status, 422, `${JSON.stringify(over)}: ${res.text}`)
      const error = res.body.errors.find((e: { field: string }) => e.field === field)
      assert.exists(error, res.text)
      if (message) assert.equal(error.message, message)
    }
    const { shipper } = await loadTakingOffers()
    const terms = await shipper.request('PUT', `/api/freight-listings/${load.id}/offer-terms`, {
      allow_offers: 'yes',
    })
    // Someone else's load: the policy's 404 comes first.
    assert.equal(terms.status, 404)
    const own = await loadTakingOffers()
    const bad = await own.shipper.request(
      'PUT',
      `/api/freight-listings/${own.load.id}/offer-terms`,
      {
        allow_offers: true,
        floor_cents: -5,
      }
    )
    assert.equal(bad.status, 422, bad.text)
    assert.equal(bad.body.errors[0].field, 'floor_cents')
    assert.equal(
      await db
        .from('freight_offers')
        .count('* as n')
        .first()
        .then((r) => Number(r.n)),
      0
    )
  })

  test('a load that takes no offers, or is funded, refuses them', async ({ assert }) => {
    const shipperUser = await makeUser('shipper')
    const closed = await makeFreightListing(shipperUser, { price: 1000 })
    const { session: carrier } = await carrierSession()
    const res = await carrier.request(
      'POST',
      `/api/freight-listings/${closed.id}/offers`,
      offer(90_000)
    )
    assert.equal(res.status, 409)
    assert.equal(res.body.message, OFFERS_NOT_TAKEN)
    const { load } = await loadTakingOffers()
    await FreightListing.query().where('id', load.id).update({ paymentStatus: 'FUNDED' })
    const funded = await carrier.request(
      'POST',
      `/api/freight-listings/${load.id}/offers`,
      offer(90_000)
    )
    assert.equal(funded.status, 409)
    assert.equal(funded.body.message, LOAD_FUNDED)
  })

  test('a load funded while an offer is pending cannot be booked at the offer: no charge to split or refund', async ({
    assert,
  }) => {
    // Decision 0252: a funded load's charge is at the posted price and is never settled onto a
    // booking at another amount, so no partial refund is ever owed: the accept is refused.
    const { shipper, load } = await loadTakingOffers()
    const { session: carrier } = await carrierSession()
    const made = await carrier.request(
      'POST',
      `/api/freight-listings/${load.id}/offers`,
      offer(90_000)
    )
    assert.equal(made.status, 201, made.text)
    await FreightListing.query().where('id', load.id).update({ paymentStatus: 'FUNDED' })
    const accepted = await shipper.request('POST', `/api/freight-offers/${made.body.id}/accept`)
    assert.equal(accepted.status, 409, accepted.text)
    assert.equal(accepted.body.message, LOAD_FUNDED)
    assert.equal(
      await Booking.query()
        .where('shipperId', load.shipperId)
        .count('* as n')
        .then((r) => Number(r[0].$extras.n)),
      0
    )
    await load.refresh()
    assert.equal(load.status, 'OPEN')
    assert.equal(load.paymentStatus, 'FUNDED')
    assert.isNull(load.shipmentId)
    // The carrier may still claim it at the posted price, which the funding pays in full.
    const claimed = await carrier.request('POST', `/api/freight-listings/${load.id}/claim`)
    assert.equal(claimed.status, 200, claimed.text)
    const booking = await Booking.findOrFail(claimed.body.booking_id)
    assert.equal(booking.totalAmount, 1000)
  })

  test('a carrier counters, the shipper accepts: one booking at the agreed price, the others closed', async ({
    assert,
  }) => {
    const { shipper, shipperUser, load } = await loadTakingOffers()
    const { user: carrierUser, session: carrier } = await carrierSession()
    const { session: other } = await carrierSession()
    const made = await carrier.request(
      'POST',
      `/api/freight-listings/${load.id}/offers`,
      offer(90_000)
    )
    const rival = await other.request(
      'POST',
      `/api/freight-listings/${load.id}/offers`,
      offer(88_000)
    )
    assert.equal(rival.status, 201, rival.text)
    const id = made.body.id

    // The carrier cannot answer its own offer.
    const early = await carrier.request('POST', `/api/freight-offers/${id}/accept`)
    assert.equal(early.status, 409)
    assert.equal(early.body.message, NOT_YOUR_TURN)

    const countered = await shipper.request(
      'POST',
      `/api/freight-offers/${id}/counter`,
      offer(97_000)
    )
    assert.equal(countered.status, 200, countered.text)
    assert.equal(countered.body.turn, 'carrier')
    assert.equal(countered.body.counters.shipper, 1)
    const back = await carrier.request('POST', `/api/freight-offers/${id}/counter`, offer(94_000))
    assert.equal(back.status, 200, back.text)
    assert.equal(back.body.amount_cents, 94_000)
    assert.equal(back.body.carrier_pay_cents, splitPayout(94_000).payoutCents)

    const accepted = await shipper.request('POST', `/api/freight-offers/${id}/accept`)
    assert.equal(accepted.status, 200, accepted.text)
    assert.equal(accepted.body.offer.status, 'ACCEPTED')
    const booking = await Booking.findOrFail(accepted.body.booking_id)
    assert.equal(booking.totalAmount, 940)
    assert.equal(booking.shipperId, shipperUser.id)
    assert.equal(booking.bookingType, 'freight_board')
    await load.refresh()
    assert.equal(load.status, 'CLAIMED')
    assert.equal(load.shipmentId, booking.id)
    assert.equal(load.carrierId, (await Carrier.findByOrFail('userId', carrierUser.id)).id)
    assert.equal(accepted.body.offer.booking_reference, accepted.body.reference)

    // Both see the booking: the carrier its offer, the rival its closed one with a notice.
    const mine = await carrier.request('GET', '/api/carrier/freight-offers')
    assert.equal(mine.body[0].booking_id, booking.id)
    const theirs = await other.request('GET', '/api/carrier/freight-offers')
    assert.equal(theirs.body[0].status, 'CLOSED')
    assert.equal(theirs.body[0].message, 'The load was booked: this offer is closed')
    const carrierBookings = await carrier.request('GET', '/api/carrier/bookings')
    assert.equal(carrierBookings.status, 200, carrierBookings.text)
    assert.include(carrierBookings.text, accepted.body.reference)
  })

  test('at most 3 counters each', async ({ assert }) => {
    const { shipper, load } = await loadTakingOffers()
    const { session: carrier } = await carrierSession()
    const made = await carrier.request(
      'POST',
      `/api/freight-listings/${load.id}/offers`,
      offer(90_000)
    )
    const id = made.body.id
    for (let round = 0; round < 3; round++) {
      const s = await shipper.request(
        'POST',
        `/api/freight-offers/${id}/counter`,
        offer(99_000 - round)
      )
      assert.equal(s.status, 200, s.text)
      const c = await carrier.request(
        'POST',
        `/api/freight-offers/${id}/counter`,
        offer(91_000 + round)
      )
      assert.equal(c.status, 200, c.text)
    }
    const fourth = await shipper.request('POST', `/api/freight-offers/${id}/counter`, offer(95_000))
    assert.equal(fourth.status, 409)
    assert.equal(fourth.body.message, TOO_MANY_COUNTERS)
    const decline = await shipper.request('POST', `/api/freight-offers/${id}/decline`)
    assert.equal(decline.status, 200, decline.text)
    assert.equal(decline.body.status, 'DECLINED')
  })

  test('an offer past its expiry cannot be accepted (the business clock, no sleeping)', async ({
    assert,
  }) => {
    const clock = new FixedClock(DateTime.now().startOf('second'))
    app.container.swap(Clock, () => clock)
    try {
      const { shipper, load } = await loadTakingOffers()
      const { session: carrier } = await carrierSession()
      const made = await carrier.request(
        'POST',
        `/api/freight-listings/${load.id}/offers`,
        offer(90_000, { expires_in_hours: 1 })
      )
      assert.equal(made.status, 201, made.text)
      clock.advance({ minutes: 59, seconds: 59 })
      const seen = await shipper.request('GET', `/api/freight-listings/${load.id}/offers`)
      assert.equal(seen.body.offers[0].status, 'PENDING')
      clock.advance({ seconds: 1 })
      const late = await shipper.request('POST', `/api/freight-offers/${made.body.id}/accept`)
      assert.equal(late.status, 409)
      assert.equal(late.body.message, OFFER_EXPIRED)
      const after = await shipper.request('GET', `/api/freight-listings/${load.id}/offers`)
      assert.equal(after.body.offers[0].status, 'EXPIRED')
      await load.refresh()
      assert.equal(load.status, 'OPEN')
      // An expired offer does not block a new one.
      const anew = await carrier.request(
        'POST',
        `/api/freight-listings/${load.id}/offers`,
        offer(91_000)
      )
      assert.equal(anew.status, 201, anew.text)
    } finally {
      app.container.restore(Clock)
    }
  })

  test('a withdrawn offer cannot be accepted; a claim at the price closes the others', async ({
    assert,
  }) => {
    const { shipper, load } = await loadTakingOffers()
    const { session: carrier } = await carrierSession()
    const { session: claimant } = await carrierSession()
    const made = await carrier.request(
      'POST',
      `/api/freight-listings/${load.id}/offers`,
      offer(90_000)
    )
    const withdrawn = await carrier.request('POST', `/api/freight-offers/${made.body.id}/withdraw`)
    assert.equal(withdrawn.status, 200, withdrawn.text)
    assert.equal(withdrawn.body.status, 'WITHDRAWN')
    const accept = await shipper.request('POST', `/api/freight-offers/${made.body.id}/accept`)
    assert.equal(accept.status, 409)
    assert.equal(accept.body.message, OFFER_WITHDRAWN)

    const second = await carrier.request(
      'POST',
      `/api/freight-listings/${load.id}/offers`,
      offer(92_000)
    )
    assert.equal(second.status, 201, second.text)
    const claim = await claimant.request('POST', `/api/freight-listings/${load.id}/claim`)
    assert.equal(claim.status, 200, claim.text)
    const booking = await Booking.findOrFail(claim.body.booking_id)
    assert.equal(booking.totalAmount, 1000)
    const closed = await carrier.request('GET', '/api/carrier/freight-offers')
    const row = closed.body.find((o: { id: number }) => o.id === second.body.id)
    assert.equal(row.status, 'CLOSED')
    const stored = await db.from('freight_offers').where('id', second.body.id).first()
    assert.equal(stored.status, 'CLOSED')
    assert.equal(stored.closed_reason, 'load_claimed')
  })

  test('who may do what: forbidden roles and other parties', async ({ assert }) => {
    const { shipper, load } = await loadTakingOffers()
    const { session: carrier } = await carrierSession()
    const made = await carrier.request(
      'POST',
      `/api/freight-listings/${load.id}/offers`,
      offer(90_000)
    )
    const id = made.body.id
    const otherShipper = await signedIn(await makeUser('shipper'))
    const otherCarrier = await signedIn(await makeUser('carrier', { isApproved: true }))
    const pending = await signedIn(await makeUser('carrier', { isApproved: false }))
    const anonymous = new Browserless(baseUrl())
    const calls: [Browserless, string, string, unknown, number][] = [
      [otherShipper, 'GET', `/api/freight-listings/${load.id}/offers`, undefined, 404],
      [otherShipper, 'POST', `/api/freight-offers/${id}/accept`, undefined, 404],
      [otherShipper, 'POST', `/api/freight-offers/${id}/counter`, offer(95_000), 404],
      [
        otherShipper,
        'PUT',
        `/api/freight-listings/${load.id}/offer-terms`,
        { allow_offers: false },
        404,
      ],
      [otherCarrier, 'POST', `/api/freight-offers/${id}/decline`, undefined, 404],
      [otherCarrier, 'POST', `/api/freight-offers/${id}/withdraw`, undefined, 404],
      [
        carrier,
        'PUT',
        `/api/freight-listings/${load.id}/offer-terms`,
        { allow_offers: false },
        403,
      ],
      [shipper, 'POST', `/api/freight-offers/${id}/withdraw`, undefined, 403],
      [shipper, 'POST', `/api/freight-listings/${load.id}/offers`, offer(90_000), 403],
      [shipper, 'GET', '/api/carrier/freight-offers', undefined, 403],
      [pending, 'POST', `/api/freight-listings/${load.id}/offers`, offer(90_000), 403],
      [pending, 'GET', `/api/freight-listings/${load.id}/offers`, undefined, 403],
      [anonymous, 'GET', `/api/freight-listings/${load.id}/offers`, undefined, 401],
      [anonymous, 'POST', `/api/freight-offers/${id}/accept`, undefined, 401],
    ]
    for (const [session, method, path, body, status] of calls) {
      const res = await session.request(method, path, body)
      assert.equal(res.status, status, `${method} ${path}: ${res.text}`)
    }
    const admin = await makeUser('admin')
    const adminSession = new Browserless(baseUrl())
    await adminSession.signIn(admin.email)
    const adminRead = await adminSession.request('GET', `/api/freight-listings/${load.id}/offers`)
    assert.equal(adminRead.status, 403, adminRead.text)
    const row = await db.from('freight_offers').where('id', id).first()
    assert.equal(row.status, 'PENDING')
    assert.equal(row.amount_cents, 90_000)
  })

  test('offers and counters reach the other party live within 2 s, naming no one', async ({
    assert,
  }) => {
    const { shipper, shipperUser, load } = await loadTakingOffers()
    const { user: carrierUser, session: carrier } = await carrierSession()
    const listen = async (session: Browserless, channel: string) => {
      const uid = randomUUID()
      const stream = openStream(uid, session.cookieHeader())
      await stream.ready
      const sub = await session.request('POST', '/__transmit/subscribe', { uid, channel })
      assert.equal(sub.status, 204, sub.text)
      return stream
    }
    const shipperStream = await listen(shipper, `users/${shipperUser.id}`)
    const carrierStream = await listen(carrier, `users/${carrierUser.id}`)
    try {
      const made = await carrier.request(
        'POST',
        `/api/freight-listings/${load.id}/offers`,
        offer(90_000)
      )
      await until(
        () =>
          shipperStream.messages.some(
            (m) => m.payload.kind === 'offer' && m.payload.change === 'made'
          ),
        2000
      )
      await shipper.request('POST', `/api/freight-offers/${made.body.id}/counter`, offer(96_000))
      await until(
        () =>
          carrierStream.messages.some(
            (m) => m.payload.kind === 'offer' && m.payload.change === 'countered'
          ),
        2000
      )
      assert.deepInclude(carrierStream.messages, {
        channel: `users/${carrierUser.id}`,
        payload: { kind: 'offer', id: load.id, change: 'countered' },
      })
      const company = await Carrier.findByOrFail('userId', carrierUser.id)
      const heard = JSON.stringify(shipperStream.messages)
      for (const value of [carrierUser.email, company.companyName]) assert.notInclude(heard, value)
    } finally {
      shipperStream.close()
      carrierStream.close()
    }
  })
})
