import { test } from '@japa/runner'
import pg from 'pg'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import Booking from '#marketplace/models/booking'
import BookingService from '#marketplace/services/booking_service'
import type User from '#accounts/models/user'
import { Browserless, baseUrl, businessDayFromToday, makeUser, resetDatabase } from '#tests/helpers'
import { makeListing } from '#tests/factories'

const day = businessDayFromToday

const onPostgres = process.env.DB_CONNECTION === 'pg'

/** A PostgreSQL connection of the test's own, outside the app's pool. */
async function sideConnection() {
  const client = new pg.Client(
    app.config.get<pg.ClientConfig>('database.connections.pg.connection')
  )
  await client.connect()
  return client
}

/** Polls until `find` returns a value (at most `ms`). */
async function waitFor<T>(find: () => Promise<T | undefined>, ms = 10_000): Promise<T> {
  const until = Date.now() + ms
  for (;;) {
    const found = await find()
    if (found !== undefined) return found
    if (Date.now() > until) throw new Error('timed out waiting')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

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

  test('a booking committed but answered with a {status} ({why}) is found again by the retry')
    .with([
      { why: 'connection lost', message: 'Connection terminated unexpectedly', status: 503 },
      { why: 'another failure', message: 'something else broke', status: 500 },
    ])
    .run(async ({ assert }, failure) => {
      const { listing, session } = await setup()
      // The database commits, then the request fails before the answer (a connection lost
      // under it: the outcome is unknown, a 503 to retry with the key).
      class LostAnswer extends BookingService {
        async create(
          ...args: Parameters<BookingService['create']>
        ): ReturnType<BookingService['create']> {
          await super.create(...args)
          throw new Error(failure.message)
        }
      }
      app.container.swap(BookingService, () => app.container.make(LostAnswer))
      let lost
      try {
        lost = await book(session, bookingBody(listing.id), 'dialog-lost')
      } finally {
        app.container.restore(BookingService)
      }
      assert.equal(lost.status, failure.status)
      if (failure.status === 503) {
        assert.equal(lost.headers.get('retry-after'), '1')
        assert.match(lost.body.message, /Retry it with the same Idempotency-Key/)
      }
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

  test(
    'a booking whose backend is killed during {$self} answers 503; its retry with the key runs again'
  )
    .with(['a plain query', 'the booking transaction'] as const)
    .run(async ({ assert }, during) => {
      const { listing, session } = await setup()
      const blocker = await sideConnection()
      const killer = await sideConnection()
      try {
        // The listings are held elsewhere, so the request waits on them: that backend is the
        // request's, and it is killed mid-request (docs/decisions/0162). A whole-table lock
        // stops the plain read of the listing's carrier before the transaction; a row lock
        // stops the booking transaction's own read of the listing.
        await blocker.query('BEGIN')
        if (during === 'a plain query') {
          await blocker.query('LOCK TABLE listings IN ACCESS EXCLUSIVE MODE')
        } else {
          await blocker.query('SELECT id FROM listings WHERE id = $1 FOR UPDATE', [listing.id])
        }
        const blockerPid = (await blocker.query('SELECT pg_backend_pid() AS pid')).rows[0].pid
        const pending = book(session, bookingBody(listing.id), 'dialog-killed')
        const pid = await waitFor(async () => {
          const { rows } = await killer.query(
            `SELECT pid FROM pg_stat_activity
              WHERE datname = current_database() AND pid <> pg_backend_pid() AND pid <> $1
                AND wait_event_type = 'Lock'`,
            [blockerPid]
          )
          return rows[0]?.pid as number | undefined
        })
        await killer.query('SELECT pg_terminate_backend($1)', [pid])
        const killed = await pending
        await blocker.query('ROLLBACK')

        assert.equal(killed.status, 503, killed.text)
        assert.match(killed.headers.get('retry-after') ?? '', /^[1-9]\d*$/)
        assert.match(killed.body.message, /Idempotency-Key/)
        assert.lengthOf(await Booking.all(), 0, 'the killed request committed nothing')

        // The key was released on a healthy connection: the retry runs now, not after 60 s.
        const retry = await book(session, bookingBody(listing.id), 'dialog-killed')
        assert.equal(retry.status, 201, retry.text)
        const again = await book(session, bookingBody(listing.id), 'dialog-killed')
        assert.equal(again.headers.get('idempotent-replayed'), 'true')
        assert.equal(again.body.id, retry.body.id)
        assert.lengthOf(await Booking.all(), 1)
      } finally {
        await blocker.end().catch(() => {})
        await killer.end().catch(() => {})
      }
    })
    .skip(!onPostgres, 'pg_terminate_backend: the PostgreSQL leg of npm test')

  test('every other backend of the database killed: the pool replaces them and no key is held', async ({
    assert,
  }) => {
    const { listing, session } = await setup()
    // Warm the pool with several connections, then kill every backend but the killer's own.
    await Promise.all(Array.from({ length: 5 }, () => db.rawQuery('SELECT pg_sleep(0.05)')))
    const killer = await sideConnection()
    try {
      const { rows } = await killer.query(
        `SELECT pg_terminate_backend(pid) AS killed FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid()`
      )
      assert.isAbove(rows.length, 0)
      await new Promise((resolve) => setTimeout(resolve, 50))
      const answers = await Promise.all(
        ['a', 'b', 'c'].map((key) => book(session, bookingBody(listing.id, 1), `after-kill-${key}`))
      )
      for (const answer of answers) {
        assert.notEqual(answer.status, 409, answer.text)
        if (answer.status !== 201) {
          // A request that met a dead connection says so, and its retry runs.
          assert.equal(answer.status, 503, answer.text)
        }
      }
      const retried = await Promise.all(
        ['a', 'b', 'c'].map((key) => book(session, bookingBody(listing.id, 1), `after-kill-${key}`))
      )
      for (const answer of retried) assert.equal(answer.status, 201, answer.text)
      assert.lengthOf(await Booking.all(), 3)
      assert.lengthOf(await db.from('idempotency_keys').where('state', 'in_flight'), 0)
    } finally {
      await killer.end().catch(() => {})
    }
  }).skip(!onPostgres, 'pg_terminate_backend: the PostgreSQL leg of npm test')
})
