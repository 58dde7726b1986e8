import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Booking from '#marketplace/models/booking'
import FreightListing from '#freight_board/models/freight_listing'
import { ALREADY_CLAIMED } from '#freight_board/services/freight_board_service'
import { OFFER_NOT_OPEN, OFFER_WITHDRAWN } from '#freight_board/services/offer_rules'
import { baseUrl, makeUser, resetDatabase, signInSessions, startServer } from '#tests/helpers'
import { makeFreightListing } from '#tests/factories'

const offer = (amountCents: number) => ({ amount_cents: amountCents, expires_in_hours: 12 })

/**
 * Offers racing claims and each other at a real server and a second server process on the same
 * database (docs/decisions/0234): every race has exactly one winner and one booking.
 */
test.group('Offer races at a real server, two processes', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(120_000)

  let second: Awaited<ReturnType<typeof startServer>>
  group.setup(async () => {
    second = await startServer(Number(process.env.PORT) + 103)
    return () => second.stop()
  })

  /** A $1,000 load taking offers, its shipper's two sessions (one per server), and carriers'. */
  async function world(carriers: number) {
    const shipperUser = await makeUser('shipper')
    const load = await makeFreightListing(shipperUser, { price: 1000 })
    await db.from('freight_listings').where('id', load.id).update({ allow_offers: true })
    const carrierUsers = await Promise.all(
      Array.from({ length: carriers }, () => makeUser('carrier', { isApproved: true }))
    )
    const urls = [baseUrl(), second.url]
    const shipper = await signInSessions([shipperUser, shipperUser], urls)
    const sessions = await signInSessions(carrierUsers, urls)
    return { load, shipper, sessions }
  }

  async function oneBooking(load: FreightListing) {
    const bookings = await Booking.query().where('bookingType', 'freight_board')
    await load.refresh()
    return { bookings, load }
  }

  for (let round = 1; round <= 3; round++) {
    test(`a claim at the posted price and an accept at once: exactly one wins (round ${round})`, async ({
      assert,
    }) => {
      const { load, shipper, sessions } = await world(2)
      const [offering, claiming] = sessions
      const made = await offering.request(
        'POST',
        `/api/freight-listings/${load.id}/offers`,
        offer(90_000)
      )
      assert.equal(made.status, 201, made.text)

      const [accept, claim] = await Promise.all([
        shipper[round % 2].request('POST', `/api/freight-offers/${made.body.id}/accept`),
        claiming.request('POST', `/api/freight-listings/${load.id}/claim`),
      ])

      const statuses = [accept.status, claim.status].sort()
      assert.deepEqual(statuses, [200, 409], `${accept.text} / ${claim.text}`)
      const loser = accept.status === 409 ? accept : claim
      assert.equal(loser.body.message, ALREADY_CLAIMED)
      const { bookings, load: after } = await oneBooking(load)
      assert.lengthOf(bookings, 1)
      assert.equal(after.status, 'CLAIMED')
      assert.equal(after.shipmentId, bookings[0].id)
      const stored = await db.from('freight_offers').where('id', made.body.id).first()
      if (accept.status === 200) {
        assert.equal(bookings[0].totalAmount, 900)
        assert.equal(stored.status, 'ACCEPTED')
        assert.equal(stored.booking_id, bookings[0].id)
      } else {
        assert.equal(bookings[0].totalAmount, 1000)
        assert.equal(stored.status, 'CLOSED')
        assert.isNull(stored.booking_id)
      }
    })
  }

  test('two accepts of two offers at once: one wins, one booking, the other offer closed', async ({
    assert,
  }) => {
    const { load, shipper, sessions } = await world(2)
    const made = await Promise.all(
      sessions.map((s, i) =>
        s.request('POST', `/api/freight-listings/${load.id}/offers`, offer(90_000 + i * 1000))
      )
    )
    for (const res of made) assert.equal(res.status, 201, res.text)

    const accepts = await Promise.all(
      made.map((res, i) => shipper[i].request('POST', `/api/freight-offers/${res.body.id}/accept`))
    )

    const won = accepts.filter((r) => r.status === 200)
    assert.lengthOf(won, 1, accepts.map((r) => r.text).join(' / '))
    const lost = accepts.find((r) => r.status !== 200)!
    assert.equal(lost.status, 409)
    assert.oneOf(lost.body.message, [ALREADY_CLAIMED, OFFER_NOT_OPEN])
    const { bookings, load: after } = await oneBooking(load)
    assert.lengthOf(bookings, 1)
    assert.equal(after.shipmentId, bookings[0].id)
    const rows = await db.from('freight_offers').where('listing_id', load.id).orderBy('id')
    assert.sameMembers(
      rows.map((r: { status: string }) => r.status),
      ['ACCEPTED', 'CLOSED']
    )
  })

  test('a withdrawal and an accept at once: exactly one of them happens', async ({ assert }) => {
    const { load, shipper, sessions } = await world(1)
    const made = await sessions[0].request(
      'POST',
      `/api/freight-listings/${load.id}/offers`,
      offer(90_000)
    )
    assert.equal(made.status, 201, made.text)

    const [withdraw, accept] = await Promise.all([
      sessions[0].request('POST', `/api/freight-offers/${made.body.id}/withdraw`),
      shipper[1].request('POST', `/api/freight-offers/${made.body.id}/accept`),
    ])

    assert.deepEqual(
      [withdraw.status, accept.status].sort(),
      [200, 409],
      `${withdraw.text} / ${accept.text}`
    )
    const stored = await db.from('freight_offers').where('id', made.body.id).first()
    const { bookings, load: after } = await oneBooking(load)
    if (accept.status === 200) {
      assert.equal(stored.status, 'ACCEPTED')
      assert.lengthOf(bookings, 1)
      assert.equal(after.status, 'CLAIMED')
    } else {
      assert.equal(accept.body.message, OFFER_WITHDRAWN)
      assert.equal(stored.status, 'WITHDRAWN')
      assert.lengthOf(bookings, 0)
      assert.equal(after.status, 'OPEN')
    }
  })
})
