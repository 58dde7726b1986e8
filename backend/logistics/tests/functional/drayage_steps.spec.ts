import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import type { ApiClient } from '@japa/api-client'
import type User from '#accounts/models/user'
import { Clock } from '#core/clock'
import Appointment from '#logistics/models/appointment'
import DrayageMove from '#logistics/models/drayage_move'
import { eachTestInTransaction, makeUser } from '#tests/helpers'
import { fixClock, makeMove, makeTerminal, NOW } from '#logistics/tests/drayage_fixtures'

const at = (hours: number) => NOW.plus({ hours }).toUTC().toISO()!

const GATE_OUT = {
  noPickup:
    'The gate-out needs a confirmed pickup appointment: request a pickup window and record the terminal confirmation first',
  requested:
    'The pickup appointment is still requested: record the terminal confirmation before the gate-out',
  notOpen: 'The pickup window has not opened yet: record the gate-out once it has',
}

async function acceptedMove(client: ApiClient) {
  await makeTerminal()
  const shipper = await makeUser('shipper')
  const carrier = await makeUser('carrier', { isApproved: true })
  const move = await makeMove(shipper)
  ;(
    await client.post(`/api/drayage/moves/${move.id}/accept`).loginAs(carrier).withCsrfToken()
  ).assertStatus(200)
  return { shipper, carrier, move }
}

const step = (client: ApiClient, user: User, moveId: number, which: string) =>
  client.post(`/api/drayage/moves/${moveId}/${which}`).loginAs(user).withCsrfToken()

const requestWindow = (
  client: ApiClient,
  user: User,
  moveId: number,
  kind: 'PICKUP' | 'RETURN',
  startHours: number
) =>
  client
    .post(`/api/drayage/moves/${moveId}/appointments`)
    .json({ kind, windowStart: at(startHours), windowEnd: at(startHours + 2) })
    .loginAs(user)
    .withCsrfToken()

const setStatus = (client: ApiClient, user: User, id: number, body: Record<string, unknown>) =>
  client.post(`/api/drayage/appointments/${id}/status`).json(body).loginAs(user).withCsrfToken()

test.group('Drayage steps follow their appointments', (group) => {
  eachTestInTransaction(group)
  let clock: ReturnType<typeof fixClock>
  group.each.setup(() => {
    clock = fixClock()
    return () => app.container.restore(Clock)
  })

  test('gate-out needs a confirmed pickup window that has opened (409s say what is missing)', async ({
    client,
    assert,
  }) => {
    const { carrier, move } = await acceptedMove(client)
    const refused = async (message: string) => {
      const res = await step(client, carrier, move.id, 'gate-out')
      res.assertStatus(409)
      assert.deepEqual(res.body(), { message })
      const stored = await DrayageMove.findOrFail(move.id)
      assert.equal(stored.status, 'ACCEPTED')
      assert.isNull(stored.gateOut)
    }
    const seen = async () =>
      (await client.get(`/api/drayage/moves/${move.id}`).loginAs(carrier)).body()

    await refused(GATE_OUT.noPickup)
    assert.equal((await seen()).gateOutBlockedReason, GATE_OUT.noPickup)

    const requested = await requestWindow(client, carrier, move.id, 'PICKUP', 20)
    requested.assertStatus(201)
    await refused(GATE_OUT.requested)
    assert.equal((await seen()).gateOutBlockedReason, GATE_OUT.requested)

    const id = requested.body().id
    ;(
      await setStatus(client, carrier, id, { status: 'CONFIRMED', confirmationNumber: 'A1' })
    ).assertStatus(200)
    await refused(GATE_OUT.notOpen)
    assert.equal((await seen()).gateOutBlockedReason, GATE_OUT.notOpen)

    // The window opens: the truck is let in, and the kept window is completed with the gate-out.
    clock.set(NOW.plus({ hours: 20 }))
    assert.isNull((await seen()).gateOutBlockedReason)
    const out = await step(client, carrier, move.id, 'gate-out')
    out.assertStatus(200)
    assert.equal(out.body().status, 'OUT_GATED')
    assert.isNull(out.body().gateOutBlockedReason)
    assert.deepEqual(
      out.body().appointments.map((a: any) => [a.kind, a.status]),
      [['PICKUP', 'COMPLETED']]
    )
    const late = await setStatus(client, carrier, id, { status: 'CANCELLED' })
    late.assertStatus(409)
  })

  test('a pickup window already recorded as kept lets the container out too', async ({
    client,
    assert,
  }) => {
    const { carrier, move } = await acceptedMove(client)
    const requested = await requestWindow(client, carrier, move.id, 'PICKUP', 2)
    const id = requested.body().id
    ;(await setStatus(client, carrier, id, { status: 'CONFIRMED' })).assertStatus(200)
    clock.set(NOW.plus({ hours: 5 }))
    ;(await setStatus(client, carrier, id, { status: 'COMPLETED' })).assertStatus(200)
    ;(await step(client, carrier, move.id, 'gate-out')).assertStatus(200)
    assert.equal((await Appointment.findOrFail(id)).status, 'COMPLETED')
  })

  test('the empty return closes the move’s open windows; they cannot be confirmed or cancelled after', async ({
    client,
    assert,
  }) => {
    const { shipper, carrier, move } = await acceptedMove(client)
    const pickup = await requestWindow(client, carrier, move.id, 'PICKUP', 1)
    ;(await setStatus(client, carrier, pickup.body().id, { status: 'CONFIRMED' })).assertStatus(200)
    clock.set(NOW.plus({ hours: 1 }))
    ;(await step(client, carrier, move.id, 'gate-out')).assertStatus(200)

    // A return window asked for tomorrow, still requested when the empty comes back today.
    const back = await requestWindow(client, carrier, move.id, 'RETURN', 24)
    back.assertStatus(201)
    clock.set(NOW.plus({ hours: 6 }))
    const returned = await step(client, carrier, move.id, 'empty-return')
    returned.assertStatus(200)
    assert.equal(returned.body().status, 'EMPTY_RETURNED')
    assert.deepEqual(
      returned.body().appointments.map((a: any) => [a.kind, a.status]),
      [
        ['PICKUP', 'COMPLETED'],
        ['RETURN', 'CANCELLED'],
      ]
    )
    for (const status of ['CONFIRMED', 'CANCELLED', 'COMPLETED', 'MISSED']) {
      const res = await setStatus(client, carrier, back.body().id, { status })
      res.assertStatus(409)
      assert.deepEqual(res.body(), { message: 'The move is complete: its appointments are closed' })
    }
    const shown = await client.get(`/api/drayage/moves/${move.id}`).loginAs(shipper)
    assert.equal(shown.body().appointments[1].status, 'CANCELLED')
  })

  test('a confirmed return window that has opened is kept by the empty return', async ({
    client,
    assert,
  }) => {
    const { carrier, move } = await acceptedMove(client)
    const pickup = await requestWindow(client, carrier, move.id, 'PICKUP', 1)
    ;(await setStatus(client, carrier, pickup.body().id, { status: 'CONFIRMED' })).assertStatus(200)
    clock.set(NOW.plus({ hours: 1 }))
    ;(await step(client, carrier, move.id, 'gate-out')).assertStatus(200)
    const back = await requestWindow(client, carrier, move.id, 'RETURN', 30)
    ;(await setStatus(client, carrier, back.body().id, { status: 'CONFIRMED' })).assertStatus(200)
    clock.set(NOW.plus({ hours: 31 }))
    ;(await step(client, carrier, move.id, 'empty-return')).assertStatus(200)
    assert.equal((await Appointment.findOrFail(back.body().id)).status, 'COMPLETED')
  })

  test('a cancelled move’s windows cannot be confirmed or cancelled', async ({
    client,
    assert,
  }) => {
    const { shipper, carrier, move } = await acceptedMove(client)
    const pickup = await requestWindow(client, carrier, move.id, 'PICKUP', 20)
    ;(
      await client
        .post(`/api/drayage/moves/${move.id}/cancel`)
        .json({ reason: 'The consignee closed the site for a week' })
        .loginAs(shipper)
        .withCsrfToken()
    ).assertStatus(200)
    for (const status of ['CONFIRMED', 'CANCELLED']) {
      const res = await setStatus(client, carrier, pickup.body().id, { status })
      res.assertStatus(409)
      assert.deepEqual(res.body(), {
        message: 'The move is cancelled: its appointments are closed',
      })
    }
    const gate = await step(client, carrier, move.id, 'gate-out')
    gate.assertStatus(409)
    assert.deepEqual(gate.body(), {
      message: 'Only an accepted move at the terminal can be gated out',
    })
  })
})
