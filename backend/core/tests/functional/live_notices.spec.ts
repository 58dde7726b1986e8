/*
 * "Something changed" notices on each user's channel and the admins' (docs/decisions/0171):
 * who may listen, and what a booking's status change, a claim and an account decision announce.
 */
import { test } from '@japa/runner'
import { randomUUID } from 'node:crypto'
import type User from '#accounts/models/user'
import Carrier from '#fleet/models/carrier'
import { Browserless, baseUrl, makeUser, resetDatabase } from '#tests/helpers'
import { makeBooking, makeFreightListing, makeListing } from '#tests/factories'
import { openStream, until } from '#tests/live_stream'

/** A signed-in cookie session (admins through their second factor) with its CSRF cookie. */
async function signedIn(user: User) {
  const session = new Browserless(baseUrl())
  const res = await session.signIn(user.email)
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`)
  await session.request('GET', '/api/health')
  return session
}

/** An open stream of `session` subscribed to `channels` (each must be accepted). */
async function listen(session: Browserless, channels: string[]) {
  const uid = randomUUID()
  const stream = openStream(uid, session.cookieHeader())
  await stream.ready
  for (const channel of channels) {
    const sub = await session.request('POST', '/__transmit/subscribe', { uid, channel })
    if (sub.status !== 204) throw new Error(`${channel}: ${sub.status} ${sub.text}`)
  }
  return stream
}

async function subscribeStatus(session: Browserless, channel: string) {
  const uid = randomUUID()
  const stream = openStream(uid, session.cookieHeader())
  await stream.ready
  try {
    const res = await session.request('POST', '/__transmit/subscribe', { uid, channel })
    return { status: res.status, body: res.body }
  } finally {
    stream.close()
  }
}

type Heard = { channel: string; payload: { kind: string; id: number; change: string } }
/** A new notification in the user's notification centre (decision 0241). */
const centreNotices = (messages: Heard[]) =>
  messages.filter((m) => m.payload.kind === 'notification')
/** What the screens refetch for, without the notification centre's own notices. */
const withoutCentre = (messages: Heard[]) =>
  messages.filter((m) => m.payload.kind !== 'notification')

test.group('Live notices: users/:id and admin', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(30_000)

  test('a user’s channel is that user’s only; the admins’ channel admins’ only', async ({
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const admin = await makeUser('admin')
    const own = `users/${shipper.id}`
    const refused = { status: 400, body: { message: 'You may not listen to this channel' } }

    assert.deepEqual(await subscribeStatus(await signedIn(shipper), own), {
      status: 204,
      body: null,
    })
    const anonymous = new Browserless(baseUrl())
    await anonymous.request('GET', '/api/health')
    const others = [
      anonymous,
      await signedIn(await makeUser('shipper')),
      await signedIn(await makeUser('carrier', { isApproved: true })),
      await signedIn(admin),
    ]
    for (const session of others) {
      assert.deepEqual(await subscribeStatus(session, own), refused)
    }

    // A pending carrier hears its own decision.
    const pending = await makeUser('carrier', { isApproved: false })
    const pendingSession = await signedIn(pending)
    assert.equal((await subscribeStatus(pendingSession, `users/${pending.id}`)).status, 204)

    assert.equal((await subscribeStatus(await signedIn(admin), 'admin')).status, 204)
    const withoutTwoFactor = await signedIn(await makeUser('admin', { twoFactor: false }))
    for (const session of [anonymous, pendingSession, withoutTwoFactor, ...others.slice(1, 3)]) {
      assert.deepEqual(await subscribeStatus(session, 'admin'), refused)
    }
  })

  test('a carrier’s status change reaches the shipper, the carrier and the admins', async ({
    assert,
  }) => {
    const carrierUser = await makeUser('carrier', { isApproved: true })
    const shipperUser = await makeUser('shipper')
    const adminUser = await makeUser('admin')
    const booking = await makeBooking(shipperUser, await makeListing(carrierUser))
    const carrier = await signedIn(carrierUser)
    const shipperStream = await listen(await signedIn(shipperUser), [`users/${shipperUser.id}`])
    const carrierStream = await listen(carrier, [`users/${carrierUser.id}`])
    const adminStream = await listen(await signedIn(adminUser), ['admin'])
    try {
      const confirmed = await carrier.request('PUT', `/api/bookings/${booking.id}/status`, {
        status: 'confirmed',
      })
      assert.equal(confirmed.status, 200, confirmed.text)
      // A refused change announces nothing.
      const refused = await carrier.request('PUT', `/api/bookings/${booking.id}/status`, {
        status: 'delivered',
      })
      assert.oneOf(refused.status, [409, 422], refused.text)

      const notice = { kind: 'booking', id: booking.id, change: 'confirmed' }
      // The shipper, who did not act, is also told in its notification centre (decision 0241).
      await until(
        () =>
          [carrierStream, adminStream].every((s) => s.messages.length >= 1) &&
          shipperStream.messages.length >= 2
      )
      await new Promise((resolve) => setTimeout(resolve, 200))
      assert.deepEqual(withoutCentre(shipperStream.messages), [
        { channel: `users/${shipperUser.id}`, payload: notice },
      ])
      assert.lengthOf(centreNotices(shipperStream.messages), 1)
      // The carrier acted: its screens refetch, its notification centre is not told.
      assert.deepEqual(carrierStream.messages, [
        { channel: `users/${carrierUser.id}`, payload: notice },
      ])
      assert.deepEqual(adminStream.messages, [{ channel: 'admin', payload: notice }])
    } finally {
      shipperStream.close()
      carrierStream.close()
      adminStream.close()
    }
  })

  test('a claim reaches the load’s shipper without naming the carrier', async ({ assert }) => {
    const shipperUser = await makeUser('shipper')
    const load = await makeFreightListing(shipperUser)
    const carrierUser = await makeUser('carrier', { isApproved: true })
    const carrier = await signedIn(carrierUser)
    const stream = await listen(await signedIn(shipperUser), [`users/${shipperUser.id}`])
    const otherShipper = await makeUser('shipper')
    const otherStream = await listen(await signedIn(otherShipper), [`users/${otherShipper.id}`])
    try {
      const claim = await carrier.request('POST', `/api/freight-listings/${load.id}/claim`)
      assert.equal(claim.status, 200, claim.text)
      await until(() =>
        stream.messages.some((m) => m.payload.kind === 'load' && m.payload.change === 'claimed')
      )
      assert.deepInclude(stream.messages, {
        channel: `users/${shipperUser.id}`,
        payload: { kind: 'load', id: load.id, change: 'claimed' },
      })
      for (const message of stream.messages) {
        assert.sameMembers(Object.keys(message.payload), ['kind', 'id', 'change'])
      }
      const company = await Carrier.findByOrFail('userId', carrierUser.id)
      const text = JSON.stringify(stream.messages)
      for (const value of [carrierUser.email, company.companyName, company.dotNumber]) {
        assert.notInclude(text, String(value))
      }
      assert.deepEqual(otherStream.messages, [])
    } finally {
      stream.close()
      otherStream.close()
    }
  })

  test('an approval reaches the admins and the approved account', async ({ assert }) => {
    const adminUser = await makeUser('admin')
    const pending = await makeUser('carrier', { isApproved: false })
    const admin = await signedIn(adminUser)
    const adminStream = await listen(admin, ['admin'])
    const pendingStream = await listen(await signedIn(pending), [`users/${pending.id}`])
    try {
      const res = await admin.request('PUT', `/api/admin/users/${pending.id}/approve`, {
        isApproved: true,
      })
      assert.equal(res.status, 200, res.text)
      const notice = { kind: 'account', id: pending.id, change: 'approved' }
      // The approved account is also told in its notification centre (decision 0241).
      await until(() => adminStream.messages.length >= 1 && pendingStream.messages.length >= 2)
      assert.deepInclude(adminStream.messages, { channel: 'admin', payload: notice })
      assert.deepEqual(withoutCentre(pendingStream.messages), [
        { channel: `users/${pending.id}`, payload: notice },
      ])
      assert.lengthOf(centreNotices(pendingStream.messages), 1)
    } finally {
      adminStream.close()
      pendingStream.close()
    }
  })
})
