import { test } from '@japa/runner'
import { randomUUID } from 'node:crypto'
import { Browserless, baseUrl, makeUser, resetDatabase } from '#tests/helpers'
import { makeFreightListing } from '#tests/factories'
import { openStream, until } from '#tests/live_stream'

async function signedIn(user: { email: string }) {
  const session = new Browserless(baseUrl())
  const res = await session.request('POST', '/api/login', {
    username: user.email,
    password: 'secret123',
  })
  if (res.status !== 200) throw new Error(`login failed: ${res.text}`)
  await session.request('GET', '/api/health')
  return session
}

test.group('Live board updates (server-sent events)', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(30_000)

  test('a claim is pushed to the carriers’ board and the public board, never the shipper', async ({
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const load = await makeFreightListing(shipper)
    const watcher = await signedIn(await makeUser('carrier', { isApproved: true }))
    const claimer = await signedIn(await makeUser('carrier', { isApproved: true }))

    const uid = randomUUID()
    const stream = openStream(uid, watcher.cookieHeader())
    await stream.ready
    try {
      for (const channel of ['freight/board', 'freight/public']) {
        const sub = await watcher.request('POST', '/__transmit/subscribe', { uid, channel })
        assert.equal(sub.status, 204, sub.text)
      }
      const claim = await claimer.request('POST', `/api/freight-listings/${load.id}/claim`)
      assert.equal(claim.status, 200)
      await until(() => stream.messages.length >= 2)
      assert.sameDeepMembers(stream.messages, [
        { channel: 'freight/board', payload: { type: 'claimed', id: load.id } },
        { channel: 'freight/public', payload: { type: 'claimed', id: load.id } },
      ])
      assert.notInclude(JSON.stringify(stream.messages), shipper.email)
    } finally {
      stream.close()
    }
  })

  test('only approved carriers may listen to freight/board; anyone to freight/public', async ({
    assert,
  }) => {
    const anonymous = new Browserless(baseUrl())
    await anonymous.request('GET', '/api/health')
    const uid = randomUUID()
    const stream = openStream(uid)
    await stream.ready
    try {
      const board = await anonymous.request('POST', '/__transmit/subscribe', {
        uid,
        channel: 'freight/board',
      })
      assert.equal(board.status, 400)
      for (const user of [
        await makeUser('shipper'),
        await makeUser('carrier', { isApproved: false }),
      ]) {
        const session = await signedIn(user)
        const res = await session.request('POST', '/__transmit/subscribe', {
          uid,
          channel: 'freight/board',
        })
        assert.equal(res.status, 400)
      }
      const open = await anonymous.request('POST', '/__transmit/subscribe', {
        uid,
        channel: 'freight/public',
      })
      assert.equal(open.status, 204)

      const shipper = await signedIn(await makeUser('shipper'))
      const posted = await shipper.request('POST', '/api/freight-listings', {
        origin: { postal: '60601' },
        destination: { postal: '48201' },
        price: 800,
      })
      assert.equal(posted.status, 201)
      await until(() => stream.messages.length >= 1)
      assert.deepEqual(stream.messages, [
        { channel: 'freight/public', payload: { type: 'posted', id: posted.body.id } },
      ])
    } finally {
      stream.close()
    }
  })

  test('a subscribe with the session cookie but no CSRF token is refused', async ({ assert }) => {
    const session = await signedIn(await makeUser('carrier', { isApproved: true }))
    const res = await session.request(
      'POST',
      '/__transmit/subscribe',
      { uid: randomUUID(), channel: 'freight/board' },
      { csrf: false }
    )
    assert.equal(res.status, 403)
  })
})
