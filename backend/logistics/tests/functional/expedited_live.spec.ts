import { test } from '@japa/runner'
import { randomUUID } from 'node:crypto'
import { Browserless, baseUrl, makeUser, resetDatabase, signInSessions } from '#tests/helpers'
import { openStream, until } from '#tests/live_stream'
import { expCarrier, expeditedForm, payJob } from '../expedited_helpers.js'
import type User from '#accounts/models/user'

/** A signed-in cookie session with its CSRF cookie. */
const signedIn = async (user: User) => (await signInSessions([user], [baseUrl()]))[0]

test.group('Expedited live updates (server-sent events)', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(30_000)

  test('the shipper hears its job accepted and the driver’s position; carriers hear offers', async ({
    assert,
  }) => {
    const shipperUser = await makeUser('shipper')
    const shipper = await signedIn(shipperUser)
    const carrier = await signedIn(await expCarrier())
    const shipperUid = randomUUID()
    const carrierUid = randomUUID()
    const shipperStream = openStream(shipperUid, shipper.cookieHeader())
    const carrierStream = openStream(carrierUid, carrier.cookieHeader())
    await Promise.all([shipperStream.ready, carrierStream.ready])
    try {
      const channel = `expedited/shipper/${shipperUser.id}`
      const sub = await shipper.request('POST', '/__transmit/subscribe', {
        uid: shipperUid,
        channel,
      })
      assert.equal(sub.status, 204, sub.text)
      const offers = await carrier.request('POST', '/__transmit/subscribe', {
        uid: carrierUid,
        channel: 'expedited/offers',
      })
      assert.equal(offers.status, 204, offers.text)

      const created = await shipper.request('POST', '/api/expedited-jobs', expeditedForm())
      const id = created.body.job.id
      // Unpaid, it is the shipper's alone; the confirmed payment offers it (decision 0188).
      assert.equal((await payJob(shipper, id)).status, 200)
      await carrier.request('POST', `/api/expedited-jobs/${id}/accept`)
      await carrier.request('POST', `/api/expedited-jobs/${id}/position`, {
        lat: 41.59,
        lng: -87.35,
      })
      await until(() => shipperStream.messages.length >= 4)
      assert.deepEqual(shipperStream.messages, [
        { channel, payload: { type: 'payment', id } },
        { channel, payload: { type: 'requested', id } },
        { channel, payload: { type: 'accepted', id } },
        { channel, payload: { type: 'position', id } },
      ])
      await until(() => carrierStream.messages.length >= 2)
      assert.deepEqual(
        carrierStream.messages.map((m) => m.payload.type),
        ['requested', 'accepted']
      )
    } finally {
      shipperStream.close()
      carrierStream.close()
    }
  })

  test('another shipper, a carrier or nobody cannot listen to a shipper’s jobs', async ({
    assert,
  }) => {
    const owner = await makeUser('shipper')
    const channel = `expedited/shipper/${owner.id}`
    const uid = randomUUID()
    const stream = openStream(uid)
    await stream.ready
    try {
      const anonymous = new Browserless(baseUrl())
      await anonymous.request('GET', '/api/health')
      const refused = await anonymous.request('POST', '/__transmit/subscribe', { uid, channel })
      assert.equal(refused.status, 400)
      for (const user of [await makeUser('shipper'), await expCarrier()]) {
        const session = await signedIn(user)
        const res = await session.request('POST', '/__transmit/subscribe', { uid, channel })
        assert.equal(res.status, 400)
      }
      const shipper = await signedIn(await makeUser('shipper'))
      const offers = await shipper.request('POST', '/__transmit/subscribe', {
        uid,
        channel: 'expedited/offers',
      })
      assert.equal(offers.status, 400)
    } finally {
      stream.close()
    }
  })
})
