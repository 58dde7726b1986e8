import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { Clock } from '#core/clock'
import DrayageMove from '#logistics/models/drayage_move'
import Appointment from '#logistics/models/appointment'
import { eachTestInTransaction, makeUser } from '#tests/helpers'
import {
  CONTAINERS,
  NOW,
  fixClock,
  makeMove,
  makeTerminal,
  openPickupWindow,
} from '#logistics/tests/drayage_fixtures'
import { REASON_NEEDED } from '#logistics/services/drayage_move_service'

const REASON = 'The consignee moved the delivery to next week'

test.group('Drayage moves: the shipper cancels before gate-out', (group) => {
  eachTestInTransaction(group)
  group.each.setup(() => {
    fixClock()
    return () => app.container.restore(Clock)
  })

  test('an OPEN move is cancelled as it is, leaves the open list and frees its container', async ({
    client,
    assert,
  }) => {
    await makeTerminal()
    const shipper = await makeUser('shipper')
    const carrier = await makeUser('carrier', { isApproved: true })
    const move = await makeMove(shipper)
    const res = await client
      .post(`/api/drayage/moves/${move.id}/cancel`)
      .loginAs(shipper)
      .withCsrfToken()
    res.assertStatus(200)
    assert.containsSubset(res.body(), { status: 'CANCELLED', cancelReason: null, daysLeft: null })
    assert.isString(res.body().cancelledAt)
    assert.lengthOf((await client.get('/api/drayage/moves/open').loginAs(carrier)).body(), 0)
    const accept = await client
      .post(`/api/drayage/moves/${move.id}/accept`)
      .loginAs(carrier)
      .withCsrfToken()
    accept.assertStatus(409)
    // The container may be requested again.
    const again = await client
      .post('/api/drayage/moves')
      .json({
        containerNo: CONTAINERS[0],
        terminalCode: 'LBCT',
        availableOn: '2026-03-05',
        deliveryAddress: '2400 E Artesia Blvd, Long Beach, CA 90805',
      })
      .loginAs(shipper)
      .withCsrfToken()
    again.assertStatus(201)
    const twice = await client
      .post(`/api/drayage/moves/${move.id}/cancel`)
      .json({ reason: REASON })
      .loginAs(shipper)
      .withCsrfToken()
    twice.assertStatus(409)
    twice.assertBodyContains({ message: 'This move is already cancelled' })
  })

  test('an accepted move needs a reason; its windows are cancelled and its charges stop that day', async ({
    client,
    assert,
  }) => {
    await makeTerminal()
    const shipper = await makeUser('shipper')
    const carrier = await makeUser('carrier', { isApproved: true })
    const move = await makeMove(shipper, { availableInDays: -5 })
    const clock = fixClock()
    ;(
      await client.post(`/api/drayage/moves/${move.id}/accept`).loginAs(carrier).withCsrfToken()
    ).assertStatus(200)
    const start = clock.now().plus({ days: 1 })
    ;(
      await client
        .post(`/api/drayage/moves/${move.id}/appointments`)
        .json({
          kind: 'PICKUP',
          windowStart: start.toISO(),
          windowEnd: start.plus({ hours: 2 }).toISO(),
        })
        .loginAs(carrier)
        .withCsrfToken()
    ).assertStatus(201)

    const bare = await client
      .post(`/api/drayage/moves/${move.id}/cancel`)
      .loginAs(shipper)
      .withCsrfToken()
    bare.assertStatus(422)
    assert.deepEqual(bare.body().errors, [REASON_NEEDED])
    const short = await client
      .post(`/api/drayage/moves/${move.id}/cancel`)
      .json({ reason: 'late' })
      .loginAs(shipper)
      .withCsrfToken()
    short.assertStatus(422)
    assert.equal(short.body().errors[0].field, 'reason')
    await move.refresh()
    assert.equal(move.status, 'ACCEPTED')

    const res = await client
      .post(`/api/drayage/moves/${move.id}/cancel`)
      .json({ reason: REASON })
      .loginAs(shipper)
      .withCsrfToken()
    res.assertStatus(200)
    assert.containsSubset(res.body(), { status: 'CANCELLED', cancelReason: REASON })
    // Available 5 days ago, last free day 3 days ago: 3 demurrage days up to today, then none.
    assert.equal(res.body().demurrageDays, 3)
    const appointments = await Appointment.query().where('drayageMoveId', move.id)
    assert.deepEqual(
      appointments.map((a) => a.status),
      ['CANCELLED']
    )
    clock.set(clock.now().plus({ days: 4 }))
    const later = await client.get(`/api/drayage/moves/${move.id}`).loginAs(carrier)
    assert.equal(later.body().demurrageDays, 3)
    const gate = await client
      .post(`/api/drayage/moves/${move.id}/gate-out`)
      .loginAs(carrier)
      .withCsrfToken()
    gate.assertStatus(409)
  })

  test('after gate-out it is a 409; only the move’s shipper may cancel', async ({
    client,
    assert,
  }) => {
    await makeTerminal()
    const shipper = await makeUser('shipper')
    const other = await makeUser('shipper')
    const carrier = await makeUser('carrier', { isApproved: true })
    const move = await makeMove(shipper)
    const cancel = (user: any) =>
      client
        .post(`/api/drayage/moves/${move.id}/cancel`)
        .json({ reason: REASON })
        .loginAs(user)
        .withCsrfToken()
    ;(await cancel(other)).assertStatus(404)
    ;(await cancel(carrier)).assertStatus(403)
    ;(await cancel(await makeUser('admin'))).assertStatus(403)
    ;(
      await client.post(`/api/drayage/moves/999999/cancel`).loginAs(shipper).withCsrfToken()
    ).assertStatus(404)
    ;(
      await client.post(`/api/drayage/moves/${move.id}/accept`).loginAs(carrier).withCsrfToken()
    ).assertStatus(200)
    await openPickupWindow(move.id, NOW)
    ;(
      await client.post(`/api/drayage/moves/${move.id}/gate-out`).loginAs(carrier).withCsrfToken()
    ).assertStatus(200)
    const late = await cancel(shipper)
    late.assertStatus(409)
    late.assertBodyContains({
      message: 'The container has left the terminal: the move can no longer be cancelled',
    })
    await move.refresh()
    assert.equal(move.status, 'OUT_GATED')
    assert.isNull((await DrayageMove.findOrFail(move.id)).cancelledAt)
  })
})
