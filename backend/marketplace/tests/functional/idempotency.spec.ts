import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import Booking from '#marketplace/models/booking'
import BookingService from '#marketplace/services/booking_service'
import type User from '#accounts/models/user'
import { Browserless, baseUrl, businessDayFromToday, makeUser, resetDatabase } from '#tests/helpers'
import { makeListing } from '#tests/factories'

const day = businessDayFromToday

const bookingBody = (listingId: number, pallets = 2) => ({
  listingId,
  pickupAddress: 'Chicago, IL',
  deliveryAddress: 'Detroit, MI',
  numberOfPallets: pallets,
  pickupDate: day(2),
  deliveryDate: day(3),
})

async function signedIn(user: User) {
  const session = new Browserless(baseUrl())
  const res = await session.request('POST', '/api/login', {
    username: user.email,
    password: 'secret123',
  })
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`)
  return session
}

const book = (session: Browserless, body: object, key?: string) =>
  session.request('POST', '/api/bookings', body, {
    headers: key ? { 'idempotency-key': key } : {},
  })

async function setup() {
  const carrier = await makeUser('carrier', { isApproved: true })
  const listing = await makeListing(carrier, { maxPallets: 10 })
  const shipper = await makeUser('shipper')
  return { listing, shipper, session: await signedIn(shipper) }
}

test.group('Idempotency-Key on POST /api/bookings', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(60_000)

  test('a retry with the same key returns the first booking and books nothing more', async ({
    assert,
  }) => {
    const { listing, session } = await setup()
    const first = await book(session, bookingBody(listing.id), 'dialog-1')
    assert.equal(first.status, 201)
    const again = await book(session, bookingBody(listing.id), 'dialog-1')
    assert.equal(again.status, 201)
    assert.equal(again.headers.get('idempotent-replayed'), 'true')
    assert.equal(again.body.id, first.body.id)
    assert.equal(again.body.totalAmount, first.body.totalAmount)
    assert.lengthOf(await Booking.all(), 1)

    const fresh = await book(session, bookingBody(listing.id), 'dialog-2')
    assert.equal(fresh.status, 201)
    assert.notEqual(fresh.body.id, first.body.id)
    assert.lengthOf(await Booking.all(), 2)
  })

  test('the same key with another body is refused and changes nothing', async ({ assert }) => {
    const { listing, session } = await setup()
    await book(session, bookingBody(listing.id, 2), 'dialog-1')
    const other = await book(session, bookingBody(listing.id, 3), 'dialog-1')
    assert.equal(other.status, 422)
    assert.equal(
      other.body.message,
      'This Idempotency-Key was already used for a different request'
    )
    assert.lengthOf(await Booking.all(), 1)
  })

  test('keys belong to one user: another shipper with the same key books for itself', async ({
    assert,
  }) => {
    const { listing, session } = await setup()
    const mine = await book(session, bookingBody(listing.id), 'shared-key')
    const other = await signedIn(await makeUser('shipper'))
    const theirs = await book(other, bookingBody(listing.id), 'shared-key')
    assert.equal(theirs.status, 201)
    assert.isNull(theirs.headers.get('idempotent-replayed'))
    assert.notEqual(theirs.body.id, mine.body.id)
    assert.lengthOf(await Booking.all(), 2)
  })

  test('a malformed key is a 400 and books nothing', async ({ assert }) => {
    const { listing, session } = await setup()
    for (const key of ['has space', 'x'.repeat(256)]) {
      const res = await book(session, bookingBody(listing.id), key)
      assert.equal(res.status, 400)
    }
    assert.lengthOf(await Booking.all(), 0)
  })

  test('a booking committed but answered with a 500 is found again by the retry', async ({
    assert,
  }) => {
    const { listing, session } = await setup()
    // The database commits, then the connection drops before the answer (a restart).
    class LostAnswer extends BookingService {
      async create(
        ...args: Parameters<BookingService['create']>
      ): ReturnType<BookingService['create']> {
        await super.create(...args)
        throw new Error('Connection terminated unexpectedly')
      }
    }
    app.container.swap(BookingService, () => app.container.make(LostAnswer))
    let lost
    try {
      lost = await book(session, bookingBody(listing.id), 'dialog-lost')
    } finally {
      app.container.restore(BookingService)
    }
    assert.equal(lost.status, 500)
    assert.lengthOf(await Booking.all(), 1)

    const retry = await book(session, bookingBody(listing.id), 'dialog-lost')
    assert.equal(retry.status, 201)
    const bookings = await Booking.all()
    assert.lengthOf(bookings, 1)
    assert.equal(retry.body.id, bookings[0].id)
  })

  test('ten identical requests at once with one key make exactly one booking', async ({
    assert,
  }) => {
    const { listing, session } = await setup()
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => book(session, bookingBody(listing.id), 'double-click'))
    )
    const created = answers.filter((res) => res.status === 201)
    assert.isAbove(created.length, 0)
    assert.isTrue(
      answers.every((res) => res.status === 201 || res.status === 409),
      answers.map((res) => res.status).join(',')
    )
    assert.lengthOf(new Set(created.map((res) => res.body.id)), 1)
    assert.lengthOf(await Booking.all(), 1)
    const keys = await db.from('idempotency_keys').where('key', 'double-click')
    assert.lengthOf(keys, 1)
    assert.equal(keys[0].state, 'done')
  })
})
