/*
 * Driver assignment and the driver's work (issue 35, docs/decisions/0237): owners and
 * dispatchers assign a booking or an expedited job to a driver member of their company; a
 * driver then lists and reaches only the work assigned to them, and reports its status.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import transmit from '@adonisjs/transmit/services/main'
import { memberRefusal } from '#accounts/member_roles'
import { NOT_A_DRIVER } from '#accounts/services/driver_members'
import { companyFor, makeMember } from '#accounts/tests/companies'
import { userChannel } from '#core/live_notices'
import { ASSIGNMENT_CLOSED } from '#marketplace/services/booking_driver_service'
import { JOB_CLOSED_TO_DRIVERS } from '#logistics/services/expedited_job_service'
import {
  businessDateFromToday,
  businessDayFromToday,
  eachTestInTransaction,
  makeUser,
} from '#tests/helpers'
import { carrierOf, makeBooking, makeListing } from '#tests/factories'
import { acceptRateConfirmation } from '#tests/deliveries'
import { makeExpeditedJob } from '#logistics/tests/expedited_helpers'

/** A carrier company with an owner, a dispatcher, two drivers and accounts, and a paid booking. */
async function world() {
  const owner = await makeUser('carrier', { isApproved: true })
  await companyFor(owner)
  const dispatcher = await makeMember(owner, 'dispatcher')
  const driver = await makeMember(owner, 'driver', { firstName: 'Dana' })
  const otherDriver = await makeMember(owner, 'driver', { firstName: 'Omar' })
  const accounts = await makeMember(owner, 'accounts')
  const shipper = await makeUser('shipper')
  const listing = await makeListing(owner)
  const booking = await makeBooking(shipper, listing, { status: 'booked', paymentStatus: 'paid' })
  const other = await makeBooking(shipper, listing, { status: 'booked', paymentStatus: 'paid' })
  return { owner, dispatcher, driver, otherDriver, accounts, shipper, listing, booking, other }
}

test.group('Driver assignment: PUT /api/bookings/:id/driver', (group) => {
  eachTestInTransaction(group)

  test('a dispatcher assigns and unassigns; the acting member is recorded; the carrier hears it', async ({
    client,
    assert,
  }) => {
    const { owner, dispatcher, driver, booking } = await world()
    const heard: unknown[] = []
    const broadcast = transmit.broadcast.bind(transmit)
    const spy = (channel: string, payload: any) => {
      if (channel === userChannel(owner.id)) heard.push(payload)
      return broadcast(channel, payload)
    }
    ;(transmit as any).broadcast = spy
    try {
      const res = await client
        .put(`/api/bookings/${booking.id}/driver`)
        .json({ memberId: driver.memberId })
        .loginAs(dispatcher)
        .withCsrfToken()
      res.assertStatus(200)
      assert.equal(res.body().driver.memberId, driver.memberId)
      assert.equal(res.body().driver.firstName, 'Dana')
      const row = await db.from('bookings').where('id', booking.id).firstOrFail()
      assert.equal(row.driver_user_id, driver.id)
      assert.equal(row.driver_assigned_by, dispatcher.id, 'the dispatcher’s own login assigned it')
      assert.isNotNull(row.driver_assigned_at)

      const list = await client.get('/api/carrier/bookings').loginAs(dispatcher)
      const listed = list.body().find((b: { id: number }) => b.id === booking.id)
      assert.equal(listed.driver.memberId, driver.memberId)

      const off = await client
        .put(`/api/bookings/${booking.id}/driver`)
        .json({ memberId: null })
        .loginAs(owner)
        .withCsrfToken()
      off.assertStatus(200)
      assert.isNull(off.body().driver)
      const after = await db.from('bookings').where('id', booking.id).firstOrFail()
      assert.isNull(after.driver_user_id)
      assert.isNull(after.driver_assigned_by)
    } finally {
      ;(transmit as any).broadcast = broadcast
    }
    assert.deepEqual(heard, [
      { kind: 'booking', id: booking.id, change: 'driver_assigned' },
      { kind: 'booking', id: booking.id, change: 'driver_unassigned' },
    ])
  })

  test('bad input is a 422 naming memberId and changes nothing', async ({ client, assert }) => {
    const { owner, dispatcher, accounts, booking } = await world()
    const stranger = await makeUser('carrier', { isApproved: true })
    const strangerDriver = await makeMember(stranger, 'driver')
    const removed = await makeMember(owner, 'driver')
    await db
      .from('company_members')
      .where('id', removed.memberId)
      .update({ removed_at: new Date().toISOString() })
    for (const [body, message] of [
      [{}, 'Choose a driver, or null to unassign'],
      [{ memberId: 'x' }, 'Choose a driver, or null to unassign'],
      [{ memberId: 1.5 }, 'Choose a driver, or null to unassign'],
      [{ memberId: -3 }, 'Choose a driver, or null to unassign'],
      [{ memberId: accounts.memberId }, NOT_A_DRIVER],
      [{ memberId: dispatcher.memberId }, NOT_A_DRIVER],
      [{ memberId: strangerDriver.memberId }, NOT_A_DRIVER],
      [{ memberId: removed.memberId }, NOT_A_DRIVER],
      [{ memberId: 999999 }, NOT_A_DRIVER],
    ] as const) {
      const res = await client
        .put(`/api/bookings/${booking.id}/driver`)
        .json(body)
        .loginAs(dispatcher)
        .withCsrfToken()
      res.assertStatus(422)
      assert.equal(res.body().errors[0].field, 'memberId', JSON.stringify(body))
      assert.equal(res.body().errors[0].message, message, JSON.stringify(body))
    }
    const row = await db.from('bookings').where('id', booking.id).firstOrFail()
    assert.isNull(row.driver_user_id)
  })

  test('drivers, accounts, shippers and another carrier are refused; a cancelled booking takes no driver', async ({
    client,
    assert,
  }) => {
    const { owner, driver, accounts, shipper, booking, listing } = await world()
    for (const [member, role] of [
      [driver, 'driver'],
      [accounts, 'accounts'],
    ] as const) {
      const res = await client
        .put(`/api/bookings/${booking.id}/driver`)
        .json({ memberId: driver.memberId })
        .loginAs(member)
        .withCsrfToken()
      res.assertStatus(403)
      assert.equal(res.body().message, memberRefusal(role))
    }
    const asShipper = await client
      .put(`/api/bookings/${booking.id}/driver`)
      .json({ memberId: driver.memberId })
      .loginAs(shipper)
      .withCsrfToken()
    asShipper.assertStatus(403)

    const stranger = await makeUser('carrier', { isApproved: true })
    const strangerDispatcher = await makeMember(stranger, 'dispatcher')
    const notTheirs = await client
      .put(`/api/bookings/${booking.id}/driver`)
      .json({ memberId: driver.memberId })
      .loginAs(strangerDispatcher)
      .withCsrfToken()
    notTheirs.assertStatus(404)
    assert.equal(notTheirs.body().message, 'Booking not found')

    const cancelled = await makeBooking(shipper, listing, { status: 'cancelled' })
    const closedForOwner = await client
      .put(`/api/bookings/${cancelled.id}/driver`)
      .json({ memberId: driver.memberId })
      .loginAs(owner)
      .withCsrfToken()
    closedForOwner.assertStatus(409)
    assert.equal(closedForOwner.body().message, ASSIGNMENT_CLOSED)
    const row = await db.from('bookings').where('id', cancelled.id).firstOrFail()
    assert.isNull(row.driver_user_id)
  })

  test('GET /api/company/drivers: the company’s drivers to a dispatcher, refused to a driver', async ({
    client,
    assert,
  }) => {
    const { dispatcher, driver, otherDriver, accounts } = await world()
    const res = await client.get('/api/company/drivers').loginAs(dispatcher)
    res.assertStatus(200)
    assert.sameMembers(
      res.body().drivers.map((d: { memberId: number }) => d.memberId),
      [driver.memberId, otherDriver.memberId]
    )
    ;(await client.get('/api/company/drivers').loginAs(driver)).assertStatus(403)
    ;(await client.get('/api/company/drivers').loginAs(accounts)).assertStatus(403)
  })
})

test.group('Driver assignment: a driver sees only their own work', (group) => {
  eachTestInTransaction(group)

  test('lists and id routes: another booking of the company is a 404 to the driver', async ({
    client,
    assert,
  }) => {
    const { owner, dispatcher, driver, otherDriver, booking, other } = await world()
    await client
      .put(`/api/bookings/${booking.id}/driver`)
      .json({ memberId: driver.memberId })
      .loginAs(dispatcher)
      .withCsrfToken()
    await client
      .put(`/api/bookings/${other.id}/driver`)
      .json({ memberId: otherDriver.memberId })
      .loginAs(dispatcher)
      .withCsrfToken()

    const mine = await client.get('/api/carrier/bookings').loginAs(driver)
    mine.assertStatus(200)
    assert.deepEqual(
      mine.body().map((b: { id: number }) => b.id),
      [booking.id]
    )
    const all = await client.get('/api/bookings').loginAs(driver)
    assert.deepEqual(
      all.body().map((b: { id: number }) => b.id),
      [booking.id]
    )
    const everyone = await client.get('/api/carrier/bookings').loginAs(owner)
    assert.sameMembers(
      everyone.body().map((b: { id: number }) => b.id),
      [booking.id, other.id]
    )

    ;(await client.get(`/api/bookings/${booking.id}`).loginAs(driver)).assertStatus(200)
    for (const path of [
      `/api/bookings/${other.id}`,
      `/api/bookings/${other.id}/history`,
      // (the rate confirmation states the pay: a 403 to every driver, decision 0246)
      `/api/bookings/${other.id}/messages`,
      `/api/bookings/${other.id}/reviews`,
      `/api/tms/shipments/${other.id}`,
    ]) {
      const res = await client.get(path).loginAs(driver)
      assert.equal(res.status(), 404, path)
    }
    const move = await client
      .put(`/api/bookings/${other.id}/status`)
      .json({ status: 'confirmed' })
      .loginAs(driver)
      .withCsrfToken()
    move.assertStatus(404)
    const row = await db.from('bookings').where('id', other.id).firstOrFail()
    assert.equal(row.status, 'booked', 'nothing changed')
  })

  test('the driver reports in transit on an assigned booking picked up today; GET /api/driver/work orders the work', async ({
    client,
    assert,
  }) => {
    const { owner, dispatcher, driver, shipper, listing } = await world()
    const today = await makeBooking(shipper, listing, {
      status: 'confirmed',
      paymentStatus: 'paid',
      pickupDate: businessDateFromToday(0),
      deliveryDate: businessDateFromToday(1),
    })
    const overdue = await makeBooking(shipper, listing, {
      status: 'booked',
      paymentStatus: 'paid',
      pickupDate: businessDateFromToday(-1),
      deliveryDate: businessDateFromToday(1),
    })
    const later = await makeBooking(shipper, listing, {
      status: 'booked',
      paymentStatus: 'paid',
      pickupDate: businessDateFromToday(3),
      deliveryDate: businessDateFromToday(4),
    })
    const carrierId = (await carrierOf(owner)).id
    const job = await makeExpeditedJob(shipper, {
      status: 'ACCEPTED',
      carrierId,
    })
    for (const b of [today, overdue, later]) {
      ;(
        await client
          .put(`/api/bookings/${b.id}/driver`)
          .json({ memberId: driver.memberId })
          .loginAs(dispatcher)
          .withCsrfToken()
      ).assertStatus(200)
    }
    ;(
      await client
        .put(`/api/expedited-jobs/${job.id}/driver`)
        .json({ memberId: driver.memberId })
        .loginAs(dispatcher)
        .withCsrfToken()
    ).assertStatus(200)

    const work = await client.get('/api/driver/work').loginAs(driver)
    work.assertStatus(200)
    assert.equal(work.body().today, businessDayFromToday(0))
    assert.deepEqual(
      work
        .body()
        .items.map((i: { kind: string; id: number; due: string }) => [i.kind, i.id, i.due]),
      [
        ['booking', overdue.id, 'overdue'],
        ['expedited', job.id, 'today'],
        ['booking', today.id, 'today'],
        ['booking', later.id, 'upcoming'],
      ]
    )
    const first = work.body().items[2]
    assert.equal(first.pickup.city, listing.originCity)
    assert.equal(first.pickup.date, businessDayFromToday(0))

    const dispatcherWork = await client.get('/api/driver/work').loginAs(dispatcher)
    assert.deepEqual(dispatcherWork.body().items, [], 'a dispatcher has no work of their own')

    await acceptRateConfirmation(today.id, owner.id)
    const move = await client
      .put(`/api/bookings/${today.id}/status`)
      .json({ status: 'in_transit' })
      .loginAs(driver)
      .withCsrfToken()
    move.assertStatus(200)
    assert.equal(move.body().status, 'in_transit')
    const change = await db
      .from('booking_status_changes')
      .where('booking_id', today.id)
      .where('to_status', 'in_transit')
      .firstOrFail()
    assert.equal(change.actor_user_id, driver.id)
  })
})

test.group('Driver assignment: PUT /api/expedited-jobs/:id/driver', (group) => {
  eachTestInTransaction(group)

  test('assigns a live job; a driver drives only the jobs assigned to them', async ({
    client,
    assert,
  }) => {
    const { owner, dispatcher, driver, otherDriver, accounts, shipper } = await world()
    const carrierId = (await carrierOf(owner)).id
    const mine = await makeExpeditedJob(shipper, { status: 'ACCEPTED', carrierId })
    const theirs = await makeExpeditedJob(shipper, { status: 'ACCEPTED', carrierId })
    const requested = await makeExpeditedJob(shipper, { status: 'REQUESTED' })

    const res = await client
      .put(`/api/expedited-jobs/${mine.id}/driver`)
      .json({ memberId: driver.memberId })
      .loginAs(dispatcher)
      .withCsrfToken()
    res.assertStatus(200)
    assert.equal(res.body().driver.memberId, driver.memberId)
    await client
      .put(`/api/expedited-jobs/${theirs.id}/driver`)
      .json({ memberId: otherDriver.memberId })
      .loginAs(owner)
      .withCsrfToken()

    const bad = await client
      .put(`/api/expedited-jobs/${mine.id}/driver`)
      .json({ memberId: accounts.memberId })
      .loginAs(dispatcher)
      .withCsrfToken()
    bad.assertStatus(422)
    assert.equal(bad.body().errors[0].field, 'memberId')

    for (const [member, role] of [
      [driver, 'driver'],
      [accounts, 'accounts'],
    ] as const) {
      const refused = await client
        .put(`/api/expedited-jobs/${mine.id}/driver`)
        .json({ memberId: null })
        .loginAs(member)
        .withCsrfToken()
      refused.assertStatus(403)
      assert.equal(refused.body().message, memberRefusal(role))
    }
    const notOnIt = await client
      .put(`/api/expedited-jobs/${requested.id}/driver`)
      .json({ memberId: driver.memberId })
      .loginAs(dispatcher)
      .withCsrfToken()
    notOnIt.assertStatus(404)

    const delivered = await makeExpeditedJob(shipper, { status: 'DELIVERED', carrierId })
    const closed = await client
      .put(`/api/expedited-jobs/${delivered.id}/driver`)
      .json({ memberId: driver.memberId })
      .loginAs(dispatcher)
      .withCsrfToken()
    closed.assertStatus(409)
    assert.equal(closed.body().message, JOB_CLOSED_TO_DRIVERS)

    const listed = await client.get('/api/carrier/expedited-jobs').loginAs(driver)
    listed.assertStatus(200)
    assert.deepEqual(
      listed.body().map((j: { id: number }) => j.id),
      [mine.id]
    )
    const shipperView = await client.get('/api/shipper/expedited-jobs').loginAs(shipper)
    for (const job of shipperView.body())
      assert.isNull(job.driver, 'the shipper never sees the driver')

    const pickOther = await client
      .post(`/api/expedited-jobs/${theirs.id}/pickup`)
      .loginAs(driver)
      .withCsrfToken()
    pickOther.assertStatus(404)
    const pick = await client
      .post(`/api/expedited-jobs/${mine.id}/pickup`)
      .loginAs(driver)
      .withCsrfToken()
    pick.assertStatus(200)
    assert.equal(pick.body().status, 'PICKED_UP')
  })
})
