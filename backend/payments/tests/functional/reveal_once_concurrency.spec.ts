import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { Browserless, baseUrl, makeUser, resetDatabase, startServer } from '#tests/helpers'
import { carrierOf, makeBooking, makeListing } from '#tests/factories'
import { verifyChain } from '#core/hash_chain'
import { REVEAL_CHAIN } from '#payments/chains'

test.group('The reveal is logged once, at a real server, two processes', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(120_000)

  let second: Awaited<ReturnType<typeof startServer>>
  group.setup(async () => {
    second = await startServer(Number(process.env.PORT) + 117)
    return () => second.stop()
  })

  test('a shipper opening a paid booking from 8 sessions at once logs one reveal', async ({
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const carrier = await makeUser('carrier', { isApproved: true })
    const booking = await makeBooking(shipper, await makeListing(carrier))
    const sessions: Browserless[] = []
    for (let i = 0; i < 8; i++) {
      const session = new Browserless([baseUrl(), second.url][i % 2])
      const login = await session.request('POST', '/api/login', {
        username: shipper.email,
        password: 'secret123',
      })
      assert.equal(login.status, 200, login.text)
      sessions.push(session)
    }
    const answers = await Promise.all(
      sessions.flatMap((s) => [
        s.request('GET', `/api/bookings/${booking.id}`),
        s.request('GET', '/api/bookings'),
      ])
    )
    for (const res of answers) assert.equal(res.status, 200, res.text)
    assert.equal(answers[0].body.carrier.companyName, (await carrierOf(carrier)).companyName)
    const rows = await db.from('identity_reveal_log').where('booking_id', booking.id)
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].viewer_id, shipper.id)
    assert.isTrue((await verifyChain(db.connection(), REVEAL_CHAIN)).ok)
  })
})
