import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { Clock } from '#core/clock'
import Appointment from '#logistics/models/appointment'
import { eachTestInTransaction, inProcessZone, makeUser } from '#tests/helpers'
import { fixClock, makeMove, makeTerminal, NOW } from '#logistics/tests/drayage_fixtures'
import type { ApiClient } from '@japa/api-client'
import type User from '#accounts/models/user'

const at = (hours: number) => NOW.plus({ hours }).toUTC().toISO()!

async function acceptedMove(client: ApiClient) {
  await makeTerminal()
  const shipper = await makeUser('shipper')
  const carrier = await makeUser('carrier', { isApproved: true })
  const move = await makeMove(shipper)
  await client.post(`/api/drayage/moves/${move.id}/accept`).loginAs(carrier).withCsrfToken()
  return { shipper, carrier, move }
}

const request = (client: ApiClient, user: User, moveId: number, body: Record<string, unknown>) =>
  client.post(`/api/drayage/moves/${moveId}/appointments`).json(body).loginAs(user).withCsrfToken()

const setStatus = (client: ApiClient, user: User, id: number, body: Record<string, unknown>) =>
  client.post(`/api/drayage/appointments/${id}/status`).json(body).loginAs(user).withCsrfToken()

test.group('Drayage appointments: windows at the terminal and their states', (group) => {
  eachTestInTransaction(group)
  let clock: ReturnType<typeof fixClock>
  group.each.setup(() => {
    clock = fixClock()
    return () => app.container.restore(Clock)
  })

  test('request, confirm with a number, complete once the window started', async ({
    client,
    assert,
  }) => {
    const { shipper, carrier, move } = await acceptedMove(client)
    const res = await request(client, carrier, move.id, {
      kind: 'PICKUP',
      windowStart: at(20),
      windowEnd: at(22),
    })
    res.assertStatus(201)
    assert.containsSubset(res.body(), {
      kind: 'PICKUP',
      status: 'REQUESTED',
      confirmationNumber: null,
    })
    const id = res.body().id
    const confirmed = await setStatus(client, carrier, id, {
      status: 'CONFIRMED',
      confirmationNumber: 'LBCT-778812',
    })
    confirmed.assertStatus(200)
    assert.containsSubset(confirmed.body(), {
      status: 'CONFIRMED',
      confirmationNumber: 'LBCT-778812',
    })

    const early = await setStatus(client, carrier, id, { status: 'COMPLETED' })
    early.assertStatus(409)
    early.assertBodyContains({ message: 'The appointment window has not started yet' })
    clock.set(NOW.plus({ hours: 21 }))
    ;(await setStatus(client, carrier, id, { status: 'MISSED' })).assertStatus(409)
    ;(await setStatus(client, carrier, id, { status: 'COMPLETED' })).assertStatus(200)
    const final = await setStatus(client, carrier, id, { status: 'CANCELLED' })
    final.assertStatus(409)
    final.assertBodyContains({ message: 'A completed appointment cannot become cancelled' })

    // The shipper sees the appointment on the move.
    const seen = await client.get(`/api/drayage/moves/${move.id}`).loginAs(shipper)
    assert.deepEqual(
      seen.body().appointments.map((a: any) => [a.kind, a.status]),
      [['PICKUP', 'COMPLETED']]
    )
  })

  test('a confirmed window is missed only after it ended; one active window per kind', async ({
    client,
    assert,
  }) => {
    const { carrier, move } = await acceptedMove(client)
    const first = await request(client, carrier, move.id, {
      kind: 'PICKUP',
      windowStart: at(2),
      windowEnd: at(4),
    })
    const twice = await request(client, carrier, move.id, {
      kind: 'PICKUP',
      windowStart: at(5),
      windowEnd: at(6),
    })
    twice.assertStatus(409)
    twice.assertBodyContains({ message: 'This move already has an active pickup appointment' })
    const returning = await request(client, carrier, move.id, {
      kind: 'RETURN',
      windowStart: at(5),
      windowEnd: at(6),
    })
    returning.assertStatus(409)
    returning.assertBodyContains({
      message: 'An empty return appointment is for a gated-out container',
    })
    const id = first.body().id
    ;(await setStatus(client, carrier, id, { status: 'CONFIRMED' })).assertStatus(200)
    clock.set(NOW.plus({ hours: 3 }))
    const notYet = await setStatus(client, carrier, id, { status: 'MISSED' })
    notYet.assertStatus(409)
    notYet.assertBodyContains({ message: 'The appointment window has not ended yet' })
    clock.set(NOW.plus({ hours: 5 }))
    ;(await setStatus(client, carrier, id, { status: 'MISSED' })).assertStatus(200)
    // A missed window frees the slot for a new request.
    ;(
      await request(client, carrier, move.id, {
        kind: 'PICKUP',
        windowStart: at(8),
        windowEnd: at(9),
      })
    ).assertStatus(201)
    assert.lengthOf(await Appointment.query().where('drayageMoveId', move.id), 2)
  })

  test('a window keeps its moments in any process time zone', async ({ client, assert }) => {
    const { carrier, move } = await acceptedMove(client)
    await inProcessZone('Pacific/Kiritimati', async () => {
      const res = await request(client, carrier, move.id, {
        kind: 'PICKUP',
        windowStart: at(20),
        windowEnd: at(22),
      })
      res.assertStatus(201)
      const stored = await Appointment.findOrFail(res.body().id)
      assert.deepEqual(
        [stored.windowStart.toMillis(), stored.windowEnd.toMillis()],
        [NOW.plus({ hours: 20 }).toMillis(), NOW.plus({ hours: 22 }).toMillis()]
      )
      ;(await setStatus(client, carrier, stored.id, { status: 'CONFIRMED' })).assertStatus(200)
      const early = await setStatus(client, carrier, stored.id, { status: 'COMPLETED' })
      early.assertStatus(409)
    })
  })

  test('bad windows and statuses are 422s that store nothing', async ({ client, assert }) => {
    const { carrier, move } = await acceptedMove(client)
    const cases: [Record<string, unknown>, string, string][] = [
      [{ windowStart: at(2), windowEnd: at(3) }, 'kind', 'Choose pickup or empty return'],
      [
        { kind: 'LUNCH', windowStart: at(2), windowEnd: at(3) },
        'kind',
        'Choose pickup or empty return',
      ],
      [{ kind: 'PICKUP', windowEnd: at(3) }, 'windowStart', 'Window start is required'],
      [
        { kind: 'PICKUP', windowStart: 'tomorrow', windowEnd: at(3) },
        'windowStart',
        'Window start is required',
      ],
      [
        { kind: 'PICKUP', windowStart: at(-2), windowEnd: at(3) },
        'windowStart',
        'The window cannot start in the past',
      ],
      [
        { kind: 'PICKUP', windowStart: at(24 * 31), windowEnd: at(24 * 31 + 1) },
        'windowStart',
        'The window must start within 30 days',
      ],
      [
        { kind: 'PICKUP', windowStart: at(3), windowEnd: at(3) },
        'windowEnd',
        'The window must end after it starts',
      ],
      [
        { kind: 'PICKUP', windowStart: at(3), windowEnd: at(16) },
        'windowEnd',
        'A window is at most 12 hours long',
      ],
    ]
    for (const [body, field, message] of cases) {
      const res = await request(client, carrier, move.id, body)
      res.assertStatus(422)
      assert.equal(res.body().errors[0].field, field, JSON.stringify(res.body()))
      assert.equal(res.body().errors[0].message, message)
    }
    const ok = await request(client, carrier, move.id, {
      kind: 'PICKUP',
      windowStart: at(2),
      windowEnd: at(3),
    })
    const bad = await setStatus(client, carrier, ok.body().id, { status: 'DONE' })
    bad.assertStatus(422)
    bad.assertBodyContains({
      errors: [{ field: 'status', message: 'Status is confirmed, completed, missed or cancelled' }],
    })
    assert.lengthOf(await Appointment.all(), 1)
    assert.equal((await Appointment.firstOrFail()).status, 'REQUESTED')
  })

  test('only the move’s carrier manages its appointments', async ({ client, assert }) => {
    const { shipper, carrier, move } = await acceptedMove(client)
    const ok = await request(client, carrier, move.id, {
      kind: 'PICKUP',
      windowStart: at(2),
      windowEnd: at(3),
    })
    const other = await makeUser('carrier', { isApproved: true })
    const theirs = await request(client, other, move.id, {
      kind: 'PICKUP',
      windowStart: at(4),
      windowEnd: at(5),
    })
    theirs.assertStatus(404)
    theirs.assertBodyContains({ message: 'Drayage move not found' })
    const status = await setStatus(client, other, ok.body().id, { status: 'CANCELLED' })
    status.assertStatus(404)
    status.assertBodyContains({ message: 'Appointment not found' })
    ;(await setStatus(client, shipper, ok.body().id, { status: 'CANCELLED' })).assertStatus(403)
    ;(await setStatus(client, carrier, 99999, { status: 'CANCELLED' })).assertStatus(404)
    assert.equal((await Appointment.findOrFail(ok.body().id)).status, 'REQUESTED')
  })
})
