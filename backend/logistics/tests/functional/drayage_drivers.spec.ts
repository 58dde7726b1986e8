/*
 * Drayage moves assigned to a driver (issue 35, docs/decisions/0246), as bookings and expedited
 * jobs are (0237): owners and dispatchers assign an accepted move to a driver of the company;
 * the driver lists and reaches only that move, without money, finds it in the driver's work and
 * records its gate-out and empty return.
 */
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { memberRefusal } from '#accounts/member_roles'
import { NOT_A_DRIVER } from '#accounts/services/driver_members'
import { companyFor, makeMember } from '#accounts/tests/companies'
import { MOVE_CLOSED_TO_DRIVERS } from '#logistics/services/drayage_move_service'
import { eachTestInTransaction, makeUser } from '#tests/helpers'
import { carrierOf } from '#tests/factories'
import { Clock } from '#core/clock'
import {
  CONTAINERS,
  fixClock,
  makeMove,
  makeTerminal,
  openPickupWindow,
} from '#logistics/tests/drayage_fixtures'

async function world() {
  fixClock()
  await makeTerminal()
  const owner = await makeUser('carrier', { isApproved: true })
  await companyFor(owner)
  const dispatcher = await makeMember(owner, 'dispatcher')
  const driver = await makeMember(owner, 'driver', { firstName: 'Dana' })
  const accounts = await makeMember(owner, 'accounts')
  const shipper = await makeUser('shipper')
  const move = await makeMove(shipper)
  const other = await makeMove(shipper, { containerNo: CONTAINERS[1] })
  const open = await makeMove(shipper, { containerNo: CONTAINERS[2] })
  // Both accepted by this carrier; the third stays open.
  await db
    .from('drayage_moves')
    .whereIn('id', [move.id, other.id])
    .update({ status: 'ACCEPTED', carrier_id: (await carrierOf(owner)).id })
  return { owner, dispatcher, driver, accounts, shipper, move, other, open }
}

const MONEY = [
  'lineHaul',
  'carrierPay',
  'demurragePerDay',
  'perDiemPerDay',
  'totalDemurrage',
  'totalPerDiem',
] as const

test.group('Drayage moves assigned to a driver', (group) => {
  eachTestInTransaction(group)
  group.each.teardown(() => app.container.restore(Clock))

  test('a dispatcher assigns; the driver lists, reaches and steps only that move, without money', async ({
    client,
    assert,
  }) => {
    const { owner, dispatcher, driver, move, other } = await world()
    const res = await client
      .put(`/api/drayage/moves/${move.id}/driver`)
      .json({ memberId: driver.memberId })
      .loginAs(dispatcher)
      .withCsrfToken()
    res.assertStatus(200)
    assert.equal(res.body().driver.memberId, driver.memberId)
    const row = await db.from('drayage_moves').where('id', move.id).firstOrFail()
    assert.equal(row.driver_user_id, driver.id)
    assert.equal(row.driver_assigned_by, dispatcher.id)

    const list = await client.get('/api/drayage/moves').loginAs(driver)
    list.assertStatus(200)
    assert.deepEqual(
      list.body().map((m: { id: number }) => m.id),
      [move.id]
    )
    for (const key of MONEY) assert.isNull(list.body()[0][key], key)
    assert.deepEqual(list.body()[0].charges, [])
    assert.equal(list.body()[0].driver.memberId, driver.memberId)
    const owners = await client.get('/api/drayage/moves').loginAs(owner)
    assert.isNotNull(owners.body().find((m: { id: number }) => m.id === move.id).carrierPay)

    ;(await client.get(`/api/drayage/moves/${other.id}`).loginAs(driver)).assertStatus(404)
    const foreignStep = await client
      .post(`/api/drayage/moves/${other.id}/gate-out`)
      .loginAs(driver)
      .withCsrfToken()
    foreignStep.assertStatus(404)

    const work = await client.get('/api/driver/work').loginAs(driver)
    work.assertStatus(200)
    const item = work.body().items.find((i: { kind: string }) => i.kind === 'drayage')
    assert.equal(item.id, move.id)
    assert.deepEqual(item.actions, [])
    assert.isNotNull(item.blockedReason, 'no pickup window yet')

    await openPickupWindow(move.id)
    const ready = await client.get('/api/driver/work').loginAs(driver)
    const readyItem = ready.body().items.find((i: { kind: string }) => i.kind === 'drayage')
    assert.deepEqual(readyItem.actions, ['gate-out'])
    const out = await client
      .post(`/api/drayage/moves/${move.id}/gate-out`)
      .loginAs(driver)
      .withCsrfToken()
    out.assertStatus(200)
    assert.equal(out.body().status, 'OUT_GATED')
    for (const key of MONEY) assert.isNull(out.body()[key], key)
    const back = await client
      .post(`/api/drayage/moves/${move.id}/empty-return`)
      .loginAs(driver)
      .withCsrfToken()
    back.assertStatus(200)
    assert.equal(back.body().status, 'EMPTY_RETURNED')
  })

  test('bad input, forbidden roles, another company and a closed move', async ({
    client,
    assert,
  }) => {
    const { owner, dispatcher, driver, accounts, shipper, move, open } = await world()
    for (const body of [{}, { memberId: 'x' }, { memberId: accounts.memberId }]) {
      const res = await client
        .put(`/api/drayage/moves/${move.id}/driver`)
        .json(body)
        .loginAs(dispatcher)
        .withCsrfToken()
      res.assertStatus(422)
      assert.equal(res.body().errors[0].field, 'memberId')
    }
    const notDriver = await client
      .put(`/api/drayage/moves/${move.id}/driver`)
      .json({ memberId: accounts.memberId })
      .loginAs(dispatcher)
      .withCsrfToken()
    assert.equal(notDriver.body().errors[0].message, NOT_A_DRIVER)
    for (const [member, role] of [
      [driver, 'driver'],
      [accounts, 'accounts'],
    ] as const) {
      const res = await client
        .put(`/api/drayage/moves/${move.id}/driver`)
        .json({ memberId: driver.memberId })
        .loginAs(member)
        .withCsrfToken()
      res.assertStatus(403)
      assert.equal(res.body().message, memberRefusal(role))
    }
    ;(
      await client
        .put(`/api/drayage/moves/${move.id}/driver`)
        .json({ memberId: driver.memberId })
        .loginAs(shipper)
        .withCsrfToken()
    ).assertStatus(403)
    const stranger = await makeUser('carrier', { isApproved: true })
    const strangerDispatcher = await makeMember(stranger, 'dispatcher')
    const foreign = await client
      .put(`/api/drayage/moves/${move.id}/driver`)
      .json({ memberId: driver.memberId })
      .loginAs(strangerDispatcher)
      .withCsrfToken()
    foreign.assertStatus(404)
    const closed = await client
      .put(`/api/drayage/moves/${open.id}/driver`)
      .json({ memberId: driver.memberId })
      .loginAs(dispatcher)
      .withCsrfToken()
    closed.assertStatus(404) // an open move is no carrier's yet
    await db
      .from('drayage_moves')
      .where('id', open.id)
      .update({ status: 'EMPTY_RETURNED', carrier_id: (await carrierOf(owner)).id })
    const done = await client
      .put(`/api/drayage/moves/${open.id}/driver`)
      .json({ memberId: driver.memberId })
      .loginAs(dispatcher)
      .withCsrfToken()
    done.assertStatus(409)
    assert.equal(done.body().message, MOVE_CLOSED_TO_DRIVERS)
    const row = await db.from('drayage_moves').where('id', move.id).firstOrFail()
    assert.isNull(row.driver_user_id)
  })
})
