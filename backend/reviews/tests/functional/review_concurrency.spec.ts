import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type User from '#accounts/models/user'
import { Browserless, baseUrl, resetDatabase, startServer } from '#tests/helpers'
import { CARRIER_REVIEW, SHIPPER_REVIEW, completedBooking, summaries } from '#reviews/tests/world'

/** Cookie sessions of `user`, alternating between the test server and a second process. */
async function sessionsOf(user: User, count: number, urls: string[]) {
  const sessions: Browserless[] = []
  for (let i = 0; i < count; i++) {
    const session = new Browserless(urls[i % urls.length])
    const res = await session.request('POST', '/api/login', {
      username: user.email,
      password: 'secret123',
    })
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`)
    await session.request('GET', '/api/health')
    sessions.push(session)
  }
  return sessions
}

/** Completed an hour ago by the wall clock: both processes see an open window. */
const justCompleted = () => ({
  deliveredAt: DateTime.now().minus({ hours: 2 }).set({ millisecond: 0 }),
  completedAt: DateTime.now().minus({ hours: 1 }).set({ millisecond: 0 }),
})

test.group('Review races at a real server, two processes', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(120_000)

  let second: Awaited<ReturnType<typeof startServer>>
  group.setup(async () => {
    second = await startServer(Number(process.env.PORT) + 103)
    return () => second.stop()
  })

  test('a double submit from 8 sessions stores one review', async ({ assert }) => {
    const { shipper, booking } = await completedBooking(justCompleted())
    const sessions = await sessionsOf(shipper, 8, [baseUrl(), second.url])
    const answers = await Promise.all(
      sessions.map((s) => s.request('POST', `/api/bookings/${booking.id}/reviews`, SHIPPER_REVIEW))
    )
    const statuses = answers.map((a) => a.status).sort()
    assert.deepEqual(
      statuses,
      [201, 409, 409, 409, 409, 409, 409, 409],
      JSON.stringify(answers.map((a) => a.text))
    )
    for (const refused of answers.filter((a) => a.status === 409)) {
      assert.equal(refused.body.message, 'You have already reviewed this booking')
    }
    assert.lengthOf(await db.from('reviews').where('booking_id', booking.id), 1)
  })

  test('both sides writing at once publish both, and the ratings count each once', async ({
    assert,
  }) => {
    const { shipper, carrierUser, carrierId, booking } = await completedBooking(justCompleted())
    const urls = [baseUrl(), second.url]
    const shippers = await sessionsOf(shipper, 3, urls)
    const carriers = await sessionsOf(carrierUser, 3, urls.slice().reverse())
    const answers = await Promise.all([
      ...shippers.map((s) =>
        s.request('POST', `/api/bookings/${booking.id}/reviews`, SHIPPER_REVIEW)
      ),
      ...carriers.map((s) =>
        s.request('POST', `/api/bookings/${booking.id}/reviews`, CARRIER_REVIEW)
      ),
    ])
    assert.equal(answers.filter((a) => a.status === 201).length, 2)
    assert.equal(answers.filter((a) => a.status === 409).length, 4)
    const rows = await db.from('reviews').where('booking_id', booking.id)
    assert.lengthOf(rows, 2)
    assert.isTrue(
      rows.every((r) => r.published_at !== null),
      'both published'
    )
    const ratings = await summaries()
    assert.equal((await ratings.carriers([carrierId])).get(carrierId)!.count, 1)
    assert.equal((await ratings.shippers([shipper.id])).get(shipper.id)!.count, 1)
    const view = await shippers[0].request('GET', `/api/bookings/${booking.id}/reviews`)
    assert.equal(view.body.theirs.status, 'revealed')
  })
})
