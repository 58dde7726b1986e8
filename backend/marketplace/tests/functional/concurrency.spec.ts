import { test } from '@japa/runner'
import Booking from '#marketplace/models/booking'
import Listing from '#fleet/models/listing'
import type User from '#accounts/models/user'
import { Browserless, baseUrl, makeUser, resetDatabase, businessDayFromToday } from '#tests/helpers'
import { makeListing, makeTruck } from '#tests/factories'

const day = businessDayFromToday

const SHIPPERS = 20

/** Signed-in cookie sessions, one per shipper, against the real test server. */
async function signIn(users: User[]) {
  const sessions: Browserless[] = []
  for (const user of users) {
    const session = new Browserless(baseUrl())
    const res = await session.request('POST', '/api/login', {
      username: user.email,
      password: 'secret123',
    })
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`)
    sessions.push(session)
  }
  return sessions
}

/** Every session books `pallets` on the listing at the same moment. */
function bookAtOnce(sessions: Browserless[], listingId: number, pallets: number) {
  return Promise.all(
    sessions.map((session) =>
      session.request('POST', '/api/bookings', {
        listingId,
        pickupAddress: 'Chicago, IL',
        deliveryAddress: 'Detroit, MI',
        numberOfPallets: pallets,
        pickupDate: day(2),
        deliveryDate: day(3),
      })
    )
  )
}

async function bookedPallets(listingId: number) {
  const bookings = await Booking.query()
    .where('listingId', listingId)
    .whereNot('status', 'cancelled')
  return bookings.reduce((sum, b) => sum + b.numberOfPallets, 0)
}

test.group('Concurrent bookings of one listing', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(60_000)

  test(`${SHIPPERS} shippers race for 10 pallets, 2 each: exactly 5 win and the listing is booked`, async ({
    assert,
  }) => {
    const carrierUser = await makeUser('carrier', { isApproved: true })
    const listing = await makeListing(carrierUser, {
      truck: await makeTruck(carrierUser, { capacity: 10 }),
      maxPallets: 10,
    })
    const shippers = await Promise.all(Array.from({ length: SHIPPERS }, () => makeUser('shipper')))
    const sessions = await signIn(shippers)

    const results = await bookAtOnce(sessions, listing.id, 2)

    const won = results.filter((r) => r.status === 201)
    const lost = results.filter((r) => r.status === 409)
    assert.lengthOf(won, 5, JSON.stringify(results.map((r) => [r.status, r.body?.message])))
    assert.lengthOf(lost, SHIPPERS - 5)
    for (const res of lost) {
      assert.oneOf(res.body.message, [
        'This listing is no longer available',
        'Only 1 pallet is left on this listing',
      ])
    }
    assert.equal(await bookedPallets(listing.id), 10)
    const winners = new Set(won.map((r) => r.body.id))
    assert.equal(winners.size, 5)
    await listing.refresh()
    assert.equal(listing.status, 'booked')
    // Each winner holds its own booking; nobody else's was written.
    const rows = await Booking.query().where('listingId', listing.id)
    assert.sameMembers(
      rows.map((b) => b.id),
      [...winners]
    )
  })

  test(`${SHIPPERS} shippers race for 10 pallets, 3 each: exactly 3 win, 1 pallet stays open`, async ({
    assert,
  }) => {
    const carrierUser = await makeUser('carrier', { isApproved: true })
    const listing = await makeListing(carrierUser, {
      truck: await makeTruck(carrierUser, { capacity: 10 }),
      maxPallets: 10,
    })
    const shippers = await Promise.all(Array.from({ length: SHIPPERS }, () => makeUser('shipper')))
    const sessions = await signIn(shippers)

    const results = await bookAtOnce(sessions, listing.id, 3)

    assert.lengthOf(
      results.filter((r) => r.status === 201),
      3,
      JSON.stringify(results.map((r) => [r.status, r.body?.message]))
    )
    const lost = results.filter((r) => r.status === 409)
    assert.lengthOf(lost, SHIPPERS - 3)
    for (const res of lost) assert.equal(res.body.message, 'Only 1 pallet is left on this listing')
    assert.equal(await bookedPallets(listing.id), 9)
    assert.equal((await Listing.findOrFail(listing.id)).status, 'active')

    // The last pallet goes to exactly one of the next racers.
    const last = await bookAtOnce(sessions.slice(0, 10), listing.id, 1)
    assert.lengthOf(
      last.filter((r) => r.status === 201),
      1
    )
    assert.equal(await bookedPallets(listing.id), 10)
    assert.equal((await Listing.findOrFail(listing.id)).status, 'booked')
  })
})
