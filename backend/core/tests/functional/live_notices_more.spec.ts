/*
 * The rest of the "something changed" notices (docs/decisions/0171): a drayage move's changes
 * reach its shipper and its carrier, the payout job's batches the carriers paid and the admins
 * (one notice per carrier, one per batch), a contact message the admins. Each test records what
 * is broadcast on which channel (a `users/:id` channel reaches that user only, an `admin` one
 * the admins only: live_notices.spec.ts), so "who hears it" is the list of channels, and a
 * refused change broadcasts nothing.
 */
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import mail from '@adonisjs/mail/services/main'
import transmit from '@adonisjs/transmit/services/main'
import { DateTime } from 'luxon'
import type { ApiClient } from '@japa/api-client'
import { Clock } from '#core/clock'
import { ADMIN_CHANNEL, userChannel } from '#core/live_notices'
import PayoutService from '#payments/services/payout_service'
import { eachTestInTransaction, makeUser } from '#tests/helpers'
import {
  fixClock as fixDrayageClock,
  makeMove,
  makeTerminal,
  NOW,
} from '#logistics/tests/drayage_fixtures'
import {
  deliver,
  fixClock as fixPayoutClock,
  makeCarrier,
  paidBooking,
  restoreClock,
} from '#payments/tests/payout_fixtures'

type Heard = { channel: string; payload: { kind: string; id: number; change: string } }

/** Records every broadcast of one `kind` until the returned `stop`. */
function recordBroadcasts(kind: string) {
  const heard: Heard[] = []
  // Transmit announces each broadcast to its `broadcast` listeners.
  const stop = transmit.on('broadcast', ({ channel, payload }) => {
    if ((payload as { kind?: string } | undefined)?.kind === kind) {
      heard.push({ channel, payload: payload as unknown as Heard['payload'] })
    }
  })
  return { heard, stop }
}

const at = (hours: number) => NOW.plus({ hours }).toUTC().toISO()!

test.group('Live notices: drayage moves', (group) => {
  eachTestInTransaction(group)
  let clock: ReturnType<typeof fixDrayageClock>
  let recorder: ReturnType<typeof recordBroadcasts>
  group.each.setup(() => {
    clock = fixDrayageClock()
    recorder = recordBroadcasts('drayage')
    return () => {
      recorder.stop()
      app.container.restore(Clock)
    }
  })

  const post = (client: ApiClient, user: any, path: string, body: Record<string, unknown> = {}) =>
    client.post(path).json(body).loginAs(user).withCsrfToken()

  test('each step of a move reaches its shipper and its carrier, nobody else', async ({
    client,
    assert,
  }) => {
    await makeTerminal()
    const shipper = await makeUser('shipper')
    const carrier = await makeUser('carrier', { isApproved: true })
    const otherCarrier = await makeUser('carrier', { isApproved: true })
    await makeUser('admin')
    const move = await makeMove(shipper)
    assert.deepEqual(recorder.heard, [], 'a new move is nobody’s change yet')

    const both = (change: string) =>
      [shipper.id, carrier.id].map((id) => ({
        channel: userChannel(id),
        payload: { kind: 'drayage', id: move.id, change },
      }))
    const expectHeard = (change: string) => {
      assert.deepEqual(recorder.heard, both(change), change)
      recorder.heard.length = 0
    }

    ;(await post(client, carrier, `/api/drayage/moves/${move.id}/accept`)).assertStatus(200)
    expectHeard('accepted')
    // Refused: another carrier accepts the same move, the carrier gates out without a window.
    ;(await post(client, otherCarrier, `/api/drayage/moves/${move.id}/accept`)).assertStatus(409)
    ;(await post(client, carrier, `/api/drayage/moves/${move.id}/gate-out`)).assertStatus(409)
    assert.deepEqual(recorder.heard, [], 'a refused step announces nothing')

    const requested = await post(client, carrier, `/api/drayage/moves/${move.id}/appointments`, {
      kind: 'PICKUP',
      windowStart: at(1),
      windowEnd: at(3),
    })
    requested.assertStatus(201)
    expectHeard('appointment_requested')
    const appointmentId = requested.body().id
    const bad = await post(client, carrier, `/api/drayage/appointments/${appointmentId}/status`, {
      status: 'COMPLETED',
    })
    assert.oneOf(bad.status(), [409, 422], bad.text())
    assert.deepEqual(recorder.heard, [])
    ;(
      await post(client, carrier, `/api/drayage/appointments/${appointmentId}/status`, {
        status: 'CONFIRMED',
        confirmationNumber: 'APPT-1',
      })
    ).assertStatus(200)
    expectHeard('appointment_confirmed')

    clock.advance({ hours: 2 })
    ;(await post(client, carrier, `/api/drayage/moves/${move.id}/gate-out`)).assertStatus(200)
    expectHeard('gated_out')

    const back = await post(client, carrier, `/api/drayage/moves/${move.id}/appointments`, {
      kind: 'RETURN',
      windowStart: at(3),
      windowEnd: at(5),
    })
    back.assertStatus(201)
    expectHeard('appointment_requested')
    ;(await post(client, carrier, `/api/drayage/moves/${move.id}/empty-return`)).assertStatus(200)
    expectHeard('empty_returned')
  })

  test('a cancel reaches the carrier on the move; refused, it announces nothing', async ({
    client,
    assert,
  }) => {
    await makeTerminal()
    const shipper = await makeUser('shipper')
    const carrier = await makeUser('carrier', { isApproved: true })
    const move = await makeMove(shipper)
    ;(await post(client, carrier, `/api/drayage/moves/${move.id}/accept`)).assertStatus(200)
    recorder.heard.length = 0

    // Accepted: a cancel without a reason is a 422 naming reason, and nobody hears of it.
    const refused = await post(client, shipper, `/api/drayage/moves/${move.id}/cancel`)
    refused.assertStatus(422)
    assert.deepEqual(recorder.heard, [])

    ;(
      await post(client, shipper, `/api/drayage/moves/${move.id}/cancel`, {
        reason: 'The consignee moved the delivery to next month',
      })
    ).assertStatus(200)
    assert.deepEqual(
      recorder.heard.map((h) => h.channel),
      [userChannel(shipper.id), userChannel(carrier.id)]
    )
    // Only the kind, the move and the change: nothing that names the carrier.
    for (const { payload } of recorder.heard) {
      assert.deepEqual(payload, { kind: 'drayage', id: move.id, change: 'cancelled' })
    }

    // An OPEN move nobody accepted: its shipper alone.
    const open = await makeMove(shipper, { containerNo: 'MSKU9070323' })
    recorder.heard.length = 0
    ;(await post(client, shipper, `/api/drayage/moves/${open.id}/cancel`)).assertStatus(200)
    assert.deepEqual(recorder.heard, [
      {
        channel: userChannel(shipper.id),
        payload: { kind: 'drayage', id: open.id, change: 'cancelled' },
      },
    ])
  })
})

test.group('Live notices: payouts', (group) => {
  eachTestInTransaction(group)
  let recorder: ReturnType<typeof recordBroadcasts>
  group.each.setup(() => {
    recorder = recordBroadcasts('payout')
    return () => {
      recorder.stop()
      restoreClock()
    }
  })

  test('a run tells each carrier once per step and the admins once per batch', async ({
    assert,
  }) => {
    const clock = fixPayoutClock(DateTime.fromISO('2026-06-01T15:30:00Z'))
    const shipper = await makeUser('shipper')
    const paid = await makeCarrier()
    const failing = await makeCarrier({ onboarded: false })
    // Our records say onboarded, the provider does not: its transfer is refused.
    await db
      .from('carriers')
      .where('id', failing.carrier.id)
      .update({ stripe_onboarding_completed: true })
    const held = await makeCarrier({ onboarded: false })
    const bystander = await makeCarrier()
    // Two bookings for the paid carrier: still one notice for it per step.
    const a = await deliver(await paidBooking(shipper, paid.listing), paid.user)
    const b = await deliver(await paidBooking(shipper, paid.listing), paid.user)
    const f = await deliver(await paidBooking(shipper, failing.listing), failing.user)
    const h = await deliver(await paidBooking(shipper, held.listing), held.user)
    recorder.heard.length = 0

    const payouts = await app.container.make(PayoutService)
    // Nothing is due yet: nothing is announced.
    assert.deepEqual((await payouts.run()).released, [])
    assert.deepEqual(recorder.heard, [])

    clock.advance({ hours: 48 })
    const summary = await payouts.run()
    assert.deepEqual(summary.released, [a.id, b.id, f.id, h.id])
    assert.deepEqual(summary.paid, [a.id, b.id])
    assert.deepEqual(summary.failed, [f.id])
    assert.deepEqual(summary.held, [h.id])

    const notice = (id: number, change: string) => ({ kind: 'payout', id, change })
    assert.deepEqual(recorder.heard, [
      { channel: userChannel(paid.user.id), payload: notice(a.id, 'released') },
      { channel: userChannel(failing.user.id), payload: notice(f.id, 'released') },
      { channel: userChannel(held.user.id), payload: notice(h.id, 'released') },
      { channel: ADMIN_CHANNEL, payload: notice(a.id, 'released') },
      { channel: userChannel(paid.user.id), payload: notice(a.id, 'paid') },
      { channel: ADMIN_CHANNEL, payload: notice(a.id, 'paid') },
      { channel: userChannel(failing.user.id), payload: notice(f.id, 'failed') },
      { channel: ADMIN_CHANNEL, payload: notice(f.id, 'failed') },
      { channel: userChannel(held.user.id), payload: notice(h.id, 'held') },
      { channel: ADMIN_CHANNEL, payload: notice(h.id, 'held') },
    ])
    assert.notInclude(
      recorder.heard.map((x) => x.channel),
      userChannel(bystander.user.id)
    )
    assert.notInclude(
      recorder.heard.map((x) => x.channel),
      userChannel(shipper.id)
    )

    // The next run: the hold is taken up again for the same reason, which is no news; the
    // failure's backoff has not passed. Nothing is announced.
    recorder.heard.length = 0
    const again = await payouts.run()
    assert.deepEqual(again.held, [h.id])
    assert.deepEqual(recorder.heard, [])
  })
})

test.group('Live notices: contact messages', (group) => {
  eachTestInTransaction(group)
  let recorder: ReturnType<typeof recordBroadcasts>
  group.each.setup(async () => {
    await limiter.clear()
    mail.fake()
    recorder = recordBroadcasts('contact')
    return () => {
      recorder.stop()
      mail.restore()
    }
  })

  const valid = {
    name: 'Pat Lee',
    email: 'pat@example.com',
    subject: 'Pallet rates',
    message: 'How much for 4 pallets to Dallas next week?',
  }

  test('a stored message reaches the admins only; a refused one nobody', async ({
    client,
    assert,
  }) => {
    const sender = await makeUser('shipper')
    const refused = await client
      .post('/api/contact')
      .json({ ...valid, email: 'not-an-email' })
      .withCsrfToken()
    refused.assertStatus(422)
    assert.deepEqual(recorder.heard, [])

    const res = await client.post('/api/contact').json(valid).loginAs(sender).withCsrfToken()
    res.assertStatus(201)
    const row = await db.from('contact_messages').orderBy('id', 'desc').firstOrFail()
    assert.deepEqual(recorder.heard, [
      { channel: ADMIN_CHANNEL, payload: { kind: 'contact', id: row.id, change: 'received' } },
    ])
  })
})
