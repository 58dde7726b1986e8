import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type User from '#accounts/models/user'
import { Browserless, baseUrl, resetDatabase, startServer } from '#tests/helpers'
import { DETENTION_EXISTS } from '#finance/services/booking_evidence_service'
import { deliveredBooking } from '#finance/tests/world'

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

/** A delivered booking on the wall clock (both processes use the real one). */
const delivered = () =>
  deliveredBooking({
    deliveredAt: DateTime.now().minus({ hours: 1 }).set({ millisecond: 0 }),
    pickupDate: DateTime.now().minus({ days: 1 }).startOf('day'),
  })

test.group('Finance races at a real server, two processes', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(120_000)

  let second: Awaited<ReturnType<typeof startServer>>
  group.setup(async () => {
    second = await startServer(Number(process.env.PORT) + 104)
    return () => second.stop()
  })

  test('8 sessions issuing one draft issue it once, with one number and one audit', async ({
    assert,
  }) => {
    const world = await delivered()
    const sessions = await sessionsOf(world.carrierUser, 8, [baseUrl(), second.url])
    const draft = await sessions[0].request(
      'POST',
      `/api/bookings/${world.booking.id}/advanced-invoices`
    )
    assert.equal(draft.status, 201, draft.text)
    const answers = await Promise.all(
      sessions.map((s) => s.request('POST', `/api/advanced-invoices/${draft.body.id}/issue`))
    )
    assert.deepEqual(
      answers.map((a) => a.status).sort(),
      [200, 409, 409, 409, 409, 409, 409, 409],
      JSON.stringify(answers.map((a) => a.text))
    )
    assert.lengthOf(await db.from('audits').where('invoice_id', draft.body.id), 1)
    const [row] = await db.from('advanced_invoices').where('id', draft.body.id)
    assert.match(row.number, /^AINV-\d{4}-000001$/)
  })

  test('carriers issuing at once get distinct consecutive numbers', async ({ assert }) => {
    const worlds = []
    for (let i = 0; i < 6; i++) worlds.push(await delivered())
    const drafts = []
    for (const [i, world] of worlds.entries()) {
      const [session] = await sessionsOf(world.carrierUser, 1, [i % 2 ? second.url : baseUrl()])
      const draft = await session.request(
        'POST',
        `/api/bookings/${world.booking.id}/advanced-invoices`
      )
      drafts.push({ session, id: draft.body.id as number })
    }
    const answers = await Promise.all(
      drafts.map(({ session, id }) => session.request('POST', `/api/advanced-invoices/${id}/issue`))
    )
    assert.isTrue(
      answers.every((a) => a.status === 200),
      JSON.stringify(answers.map((a) => a.text))
    )
    const numbers = answers.map((a) => a.body.number as string).sort()
    assert.deepEqual(
      numbers.map((n) => Number(n.slice(-6))),
      [1, 2, 3, 4, 5, 6]
    )
  })

  test('8 sessions billing detention at one stop bill it once; 8 drafts make one invoice', async ({
    assert,
  }) => {
    const world = await delivered()
    const sessions = await sessionsOf(world.carrierUser, 8, [baseUrl(), second.url])
    const arrived = DateTime.now().minus({ hours: 5 }).set({ millisecond: 0 })
    const times = await sessions[0].request('PUT', `/api/bookings/${world.booking.id}/stop-times`, {
      stop: 'DELIVERY',
      arrivedAt: arrived.toUTC().toISO(),
      departedAt: arrived.plus({ minutes: 200 }).toUTC().toISO(),
    })
    assert.equal(times.status, 200, times.text)
    const answers = await Promise.all(
      sessions.map((s) =>
        s.request('POST', `/api/bookings/${world.booking.id}/detention`, { stop: 'DELIVERY' })
      )
    )
    assert.deepEqual(
      answers.map((a) => a.status).sort(),
      [201, 409, 409, 409, 409, 409, 409, 409],
      JSON.stringify(answers.map((a) => a.text))
    )
    for (const refused of answers.filter((a) => a.status === 409)) {
      assert.equal(refused.body.message, DETENTION_EXISTS)
    }
    assert.lengthOf(await db.from('booking_accessorials').where('booking_id', world.booking.id), 1)

    const drafts = await Promise.all(
      sessions.map((s) => s.request('POST', `/api/bookings/${world.booking.id}/advanced-invoices`))
    )
    assert.isTrue(
      drafts.every((d) => d.status === 201),
      JSON.stringify(drafts.map((d) => d.text))
    )
    assert.lengthOf(await db.from('advanced_invoices').where('shipment_id', world.booking.id), 1)
  })
})
