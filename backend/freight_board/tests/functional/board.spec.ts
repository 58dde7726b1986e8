import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { DateTime } from 'luxon'
import { Clock, FixedClock } from '#core/clock'
import type User from '#accounts/models/user'
import Booking from '#marketplace/models/booking'
import BookingStatusChange from '#marketplace/models/booking_status_change'
import FreightListing from '#freight_board/models/freight_listing'
import FreightListingAudit from '#freight_board/models/freight_listing_audit'
import FreightListingInvite from '#freight_board/models/freight_listing_invite'
import FreightLifecycleService from '#freight_board/services/freight_lifecycle_service'
import { shipperLabel } from '#freight_board/services/freight_presenter'
import PaymentDeadlineService from '#payments/services/payment_deadline_service'
import FreightExpire from '../../../commands/freight_expire.js'
import { auditActions } from '#freight_board/tests/audits'
import { makeUser, resetDatabase } from '#tests/helpers'
import { carrierOf, makeFreightListing } from '#tests/factories'

/** Whole seconds: SQLite stores timestamps to the second, so boundaries are exact there too. */
const start = () => DateTime.now().startOf('second')

let clock: FixedClock
function fixClock(at: DateTime) {
  clock = new FixedClock(at)
  app.container.swap(Clock, () => clock)
  return clock
}

test.group('GET /api/freight-listings (the board)', (group) => {
  group.each.setup(() => resetDatabase())

  test('open, unexpired loads newest pickup first, with price, carrier pay and rate per mile', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const now = DateTime.now()
    const soon = await makeFreightListing(shipper, { pickupEarliest: now.plus({ days: 1 }) })
    const later = await makeFreightListing(shipper, {
      pickupEarliest: now.plus({ days: 5 }),
      price: 1234.57,
    })
    await makeFreightListing(shipper, { status: 'CLAIMED' })
    await makeFreightListing(shipper, { status: 'CANCELLED' })
    await makeFreightListing(shipper, { expiresAt: now.minus({ minutes: 1 }) })
    const carrier = await makeUser('carrier', { isApproved: true })
    const res = await client.get('/api/freight-listings').loginAs(carrier)
    res.assertStatus(200)
    assert.deepEqual(
      res.body().map((l: any) => l.id),
      [later.id, soon.id]
    )
    const first = res.body()[0]
    assert.equal(first.price, 1234.57)
    assert.equal(first.carrier_pay, 1123.46) // round(123457 x 0.91) = 112346 cents
    assert.equal(first.rate_per_mile, Math.round(123457 / later.distanceMiles!) / 100)
    assert.equal(first.shipper_label, shipperLabel(shipper.id))
    assert.match(first.shipper_label, /^Shipper #\d{4}$/)
    assert.notInclude(JSON.stringify(res.body()), shipper.email)
    assert.isFalse(first.held)
    assert.isFalse(first.funded)
  })

  test('filters: equipment, mode, funded, ZIP prefix and 50-mile radius; empty ones omitted', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const vanTl = await makeFreightListing(shipper)
    const reefer = await makeFreightListing(shipper, {
      equipment: 'REEFER',
      paymentStatus: 'FUNDED',
    })
    const ltl = await makeFreightListing(shipper, { mode: 'LTL' })
    // Evanston 60201: about 12 miles from Chicago 60601, another ZIP prefix
    const evanston = await makeFreightListing(shipper, {
      originPostal: '60201',
      originCity: 'Evanston',
      originLatitude: 42.0464,
      originLongitude: -87.6931,
    })
    // Milwaukee 53202: about 80 miles away
    const milwaukee = await makeFreightListing(shipper, {
      originPostal: '53202',
      originCity: 'Milwaukee',
      originState: 'WI',
      originLatitude: 43.0389,
      originLongitude: -87.9065,
    })
    const carrier = await makeUser('carrier', { isApproved: true })
    const ids = async (qs: string) => {
      const res = await client.get(`/api/freight-listings${qs}`).loginAs(carrier)
      res.assertStatus(200)
      return res
        .body()
        .map((l: any) => l.id)
        .sort()
    }
    const sorted = (...loads: FreightListing[]) => loads.map((l) => l.id).sort()
    assert.deepEqual(await ids('?equipment=REEFER'), [reefer.id])
    assert.deepEqual(await ids('?mode=LTL'), [ltl.id])
    assert.deepEqual(await ids('?funded=true'), [reefer.id])
    assert.deepEqual(
      await ids('?equipment=&mode=&origin_zip=&dest_zip='),
      sorted(vanTl, reefer, ltl, evanston, milwaukee)
    )
    assert.deepEqual(await ids('?origin_zip=532'), [milwaukee.id])
    assert.deepEqual(await ids('?origin_zip=602'), [evanston.id])
    assert.deepEqual(await ids('?origin_zip=60601'), sorted(vanTl, reefer, ltl, evanston))
    assert.deepEqual(await ids('?dest_zip=482'), sorted(vanTl, reefer, ltl, evanston, milwaukee))
    assert.deepEqual(await ids('?dest_zip=10001'), [])
    const bad = await client.get('/api/freight-listings?origin_zip=abc').loginAs(carrier)
    bad.assertStatus(422)
  })

  test('a page of 25 loads unless more are asked for, at most 100; a bad limit is a 422', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    for (let i = 0; i < 27; i++) await makeFreightListing(shipper)
    const carrier = await makeUser('carrier', { isApproved: true })
    const read = (qs = '') => client.get(`/api/freight-listings${qs}`).loginAs(carrier)
    const first = await read()
    first.assertStatus(200)
    assert.lengthOf(first.body(), 25)
    const more = await read('?limit=50')
    assert.lengthOf(more.body(), 27)
    // The same order: the default page is the first 25 of the longer one.
    assert.deepEqual(
      first.body().map((l: any) => l.id),
      more
        .body()
        .slice(0, 25)
        .map((l: any) => l.id)
    )
    assert.lengthOf((await read('?limit=3')).body(), 3)
    for (const bad of ['0', '101', '2.5', 'all']) {
      const res = await read(`?limit=${bad}`)
      res.assertStatus(422)
      assert.equal(res.body().errors[0].field, 'limit')
      assert.equal(res.body().errors[0].message, 'Limit must be a whole number from 1 to 100')
    }
  })

  test('pending carriers 403 pending approval; shippers and admins 403; anonymous 401', async ({
    client,
    assert,
  }) => {
    const pending = await client
      .get('/api/freight-listings')
      .loginAs(await makeUser('carrier', { isApproved: false }))
    pending.assertStatus(403)
    assert.equal(pending.body().message, 'Account pending approval')
    for (const role of ['shipper', 'admin'] as const) {
      const res = await client.get('/api/freight-listings').loginAs(await makeUser(role))
      res.assertStatus(403)
    }
    const anonymous = await client.get('/api/freight-listings')
    anonymous.assertStatus(401)
  })

  test('a load in an invite’s exclusive window shows only to the invited carrier', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const load = await makeFreightListing(shipper)
    const invited = await makeUser('carrier', { isApproved: true })
    const other = await makeUser('carrier', { isApproved: true })
    await FreightListingInvite.create({
      listingId: load.id,
      invitedCarrierId: (await carrierOf(invited)).id,
      token: 'invite-token-1',
      expiresAt: DateTime.now().plus({ hours: 2 }),
    })
    const mine = await client.get('/api/freight-listings').loginAs(invited)
    assert.deepEqual(
      mine.body().map((l: any) => [l.id, l.invited]),
      [[load.id, true]]
    )
    const theirs = await client.get('/api/freight-listings').loginAs(other)
    assert.deepEqual(theirs.body(), [])
    const hold = await client
      .post(`/api/freight-listings/${load.id}/hold`)
      .loginAs(other)
      .withCsrfToken()
    hold.assertStatus(404)
    const featured = await client.get('/api/freight-listings/featured')
    assert.deepEqual(featured.body(), [])
  })
})

test.group('GET /api/freight-listings/featured', (group) => {
  group.each.setup(() => resetDatabase())

  test('public: up to 6 open, unheld loads, never the shipper', async ({ client, assert }) => {
    const shipper = await makeUser('shipper')
    const carrier = await makeUser('carrier', { isApproved: true })
    const loads = []
    for (let i = 0; i < 8; i++) loads.push(await makeFreightListing(shipper))
    loads[7].merge({
      holdCarrierId: (await carrierOf(carrier)).id,
      holdExpiresAt: DateTime.now().plus({ minutes: 10 }),
    })
    await loads[7].save()
    const res = await client.get('/api/freight-listings/featured')
    res.assertStatus(200)
    assert.lengthOf(res.body(), 6)
    assert.notInclude(
      res.body().map((l: any) => l.id),
      loads[7].id
    )
    assert.deepEqual(Object.keys(res.body()[0]).sort(), [
      'destination',
      'distance_miles',
      'equipment',
      'id',
      'mode',
      'origin',
      'pallets',
      'price',
    ])
    assert.deepEqual(res.body()[0].origin, { city: 'Chicago', state: 'IL' })
  })
})

test.group('Holds', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.teardown(() => app.container.restore(Clock))

  test('30 minutes for one holder: held at 30 min - 1 s, free at exactly 30 min', async ({
    client,
    assert,
  }) => {
    const load = await makeFreightListing(await makeUser('shipper'))
    const a = await makeUser('carrier', { isApproved: true })
    const b = await makeUser('carrier', { isApproved: true })
    const t0 = start()
    fixClock(t0)
    const held = await client
      .post(`/api/freight-listings/${load.id}/hold`)
      .loginAs(a)
      .withCsrfToken()
    held.assertStatus(200)
    assert.isTrue(held.body().held)
    assert.isTrue(held.body().held_by_you)
    assert.equal(
      DateTime.fromISO(held.body().hold_expires_at).toMillis(),
      t0.plus({ minutes: 30 }).toMillis()
    )

    const again = await client
      .post(`/api/freight-listings/${load.id}/hold`)
      .loginAs(a)
      .withCsrfToken()
    again.assertStatus(409)
    assert.equal(again.body().message, 'Load may already be held')

    clock.set(t0.plus({ minutes: 30 }).minus({ seconds: 1 }))
    const bBoard = await client.get('/api/freight-listings').loginAs(b)
    assert.deepInclude(
      bBoard.body().map((l: any) => ({ held: l.held, mine: l.held_by_you })),
      { held: true, mine: false }
    )
    const early = await client
      .post(`/api/freight-listings/${load.id}/hold`)
      .loginAs(b)
      .withCsrfToken()
    early.assertStatus(409)
    assert.equal(early.body().message, 'Load may already be held')
    const claimEarly = await client
      .post(`/api/freight-listings/${load.id}/claim`)
      .loginAs(b)
      .withCsrfToken()
    claimEarly.assertStatus(409)
    assert.equal(claimEarly.body().message, 'Load may have already been claimed')

    clock.set(t0.plus({ minutes: 30 }))
    const bBoardNow = await client.get('/api/freight-listings').loginAs(b)
    assert.isFalse(bBoardNow.body()[0].held)
    const now = await client
      .post(`/api/freight-listings/${load.id}/hold`)
      .loginAs(b)
      .withCsrfToken()
    now.assertStatus(200)
    assert.isTrue(now.body().held_by_you)
    assert.deepEqual(await auditActions(load.id), ['held', 'held'])
  })

  test('at most 3 holds at once', async ({ client, assert }) => {
    const shipper = await makeUser('shipper')
    const loads = []
    for (let i = 0; i < 4; i++) loads.push(await makeFreightListing(shipper))
    const carrier = await makeUser('carrier', { isApproved: true })
    for (const load of loads.slice(0, 3)) {
      const res = await client
        .post(`/api/freight-listings/${load.id}/hold`)
        .loginAs(carrier)
        .withCsrfToken()
      res.assertStatus(200)
    }
    const fourth = await client
      .post(`/api/freight-listings/${loads[3].id}/hold`)
      .loginAs(carrier)
      .withCsrfToken()
    fourth.assertStatus(409)
    assert.equal(fourth.body().message, 'You can hold at most 3 loads at once')
    const release = await client
      .delete(`/api/freight-listings/${loads[0].id}/hold`)
      .loginAs(carrier)
      .withCsrfToken()
    release.assertStatus(200)
    assert.isFalse(release.body().held)
    const retry = await client
      .post(`/api/freight-listings/${loads[3].id}/hold`)
      .loginAs(carrier)
      .withCsrfToken()
    retry.assertStatus(200)
    assert.deepEqual(await auditActions(loads[0].id), ['held', 'released'])
  })

  test('only the holder releases; claimed, cancelled and expired loads cannot be held', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const load = await makeFreightListing(shipper)
    const a = await makeUser('carrier', { isApproved: true })
    const b = await makeUser('carrier', { isApproved: true })
    await client.post(`/api/freight-listings/${load.id}/hold`).loginAs(a).withCsrfToken()
    const notMine = await client
      .delete(`/api/freight-listings/${load.id}/hold`)
      .loginAs(b)
      .withCsrfToken()
    notMine.assertStatus(409)
    assert.equal(notMine.body().message, 'You do not hold this load')
    for (const status of ['CLAIMED', 'CANCELLED', 'EXPIRED'] as const) {
      const other = await makeFreightListing(shipper, { status })
      const res = await client
        .post(`/api/freight-listings/${other.id}/hold`)
        .loginAs(b)
        .withCsrfToken()
      res.assertStatus(409)
      assert.equal(res.body().message, 'Load may already be held')
    }
    const past = await makeFreightListing(shipper, {
      expiresAt: DateTime.now().minus({ seconds: 5 }),
    })
    const res = await client
      .post(`/api/freight-listings/${past.id}/hold`)
      .loginAs(b)
      .withCsrfToken()
    res.assertStatus(409)
  })

  test('unknown loads 404; shippers, admins, pending carriers 403; anonymous 401', async ({
    client,
  }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    for (const path of ['hold', 'claim']) {
      const missing = await client
        .post(`/api/freight-listings/999999/${path}`)
        .loginAs(carrier)
        .withCsrfToken()
      missing.assertStatus(404)
    }
    const load = await makeFreightListing(await makeUser('shipper'))
    for (const user of [
      await makeUser('shipper'),
      await makeUser('admin'),
      await makeUser('carrier', { isApproved: false }),
    ]) {
      const res = await client
        .post(`/api/freight-listings/${load.id}/hold`)
        .loginAs(user)
        .withCsrfToken()
      res.assertStatus(403)
    }
    const anonymous = await client.post(`/api/freight-listings/${load.id}/claim`).withCsrfToken()
    anonymous.assertStatus(401)
  })

  test('freight:expire records expired holds and loads', async ({ assert }) => {
    const shipper = await makeUser('shipper')
    const carrier = await makeUser('carrier', { isApproved: true })
    const carrierId = (await carrierOf(carrier)).id
    const t0 = start()
    const held = await makeFreightListing(shipper, {
      holdCarrierId: carrierId,
      holdExpiresAt: t0.minus({ seconds: 1 }),
    })
    const stillHeld = await makeFreightListing(shipper, {
      holdCarrierId: carrierId,
      holdExpiresAt: t0.plus({ minutes: 5 }),
    })
    const old = await makeFreightListing(shipper, { expiresAt: t0 })
    fixClock(t0)
    const ace = await app.container.make('ace')
    ace.ui.switchMode('raw')
    const command = await ace.create(FreightExpire, [])
    await command.exec()
    command.assertSucceeded()
    command.assertLogMatches(/1 hold\(s\) expired, 1 load\(s\) expired/)
    await held.refresh()
    assert.isNull(held.holdCarrierId)
    const audit = await FreightListingAudit.query().where('listingId', held.id).firstOrFail()
    assert.equal(audit.action, 'expired')
    assert.deepEqual(audit.meta, { hold: true, carrier_id: carrierId })
    await stillHeld.refresh()
    assert.equal(stillHeld.holdCarrierId, carrierId)
    await old.refresh()
    assert.equal(old.status, 'EXPIRED')
    const again = await (await app.container.make(FreightLifecycleService)).expire()
    assert.deepEqual(again, { holds: [], loads: [], refunds: [] })
  })
})

async function claim(client: any, user: User, id: number) {
  return client.post(`/api/freight-listings/${id}/claim`).loginAs(user).withCsrfToken()
}

test.group('Claims', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.teardown(() => app.container.restore(Clock))

  test('the holder claims: a freight_board booking at the load’s price, awaiting payment', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const load = await makeFreightListing(shipper, { price: 987.65, pallets: 3, notes: 'Dock 4' })
    const a = await makeUser('carrier', { isApproved: true })
    const b = await makeUser('carrier', { isApproved: true })
    await client.post(`/api/freight-listings/${load.id}/hold`).loginAs(a).withCsrfToken()
    const lost = await claim(client, b, load.id)
    lost.assertStatus(409)
    assert.equal(lost.body().message, 'Load may have already been claimed')

    const won = await claim(client, a, load.id)
    won.assertStatus(200)
    const booking = await Booking.findOrFail(won.body().booking_id)
    assert.deepEqual(won.body(), {
      id: load.id,
      booking_id: booking.id,
      reference: `TRT-${String(booking.id).padStart(3, '0')}`,
    })
    assert.equal(booking.bookingType, 'freight_board')
    assert.equal(booking.shipperId, shipper.id)
    assert.equal(booking.carrierId, (await carrierOf(a)).id)
    assert.isNull(booking.listingId)
    assert.isNull(booking.truckId)
    assert.equal(booking.totalAmount, 987.65)
    assert.equal(booking.numberOfPallets, 3)
    assert.equal(booking.pickupZip, '60601')
    assert.equal(booking.deliveryZip, '48201')
    assert.equal(booking.distance, load.distanceMiles)
    assert.equal(booking.ratePerMilePerPallet, Math.round(98765 / (3 * load.distanceMiles!)) / 100)
    assert.equal(booking.status, 'pending')
    assert.equal(booking.paymentStatus, 'pending')
    assert.equal(booking.specialInstructions, 'Dock 4')
    await load.refresh()
    assert.equal(load.status, 'CLAIMED')
    assert.equal(load.shipmentId, booking.id)
    assert.isNotNull(load.claimedAt)
    assert.isNull(load.holdCarrierId)

    const again = await claim(client, a, load.id)
    again.assertStatus(409)
    const board = await client.get('/api/freight-listings').loginAs(b)
    assert.deepEqual(board.body(), [])
    // The carrier finds it among its bookings; the shipper among theirs, to pay.
    const carrierBookings = await client.get('/api/bookings').loginAs(a)
    assert.include(
      carrierBookings.body().map((x: any) => x.id),
      booking.id
    )
    const shipperBookings = await client.get('/api/bookings').loginAs(shipper)
    assert.include(
      shipperBookings.body().map((x: any) => x.id),
      booking.id
    )
    assert.deepEqual(await auditActions(load.id), ['held', 'claimed'])
  })

  test('anyone claims an open, unheld load', async ({ client, assert }) => {
    const load = await makeFreightListing(await makeUser('shipper'))
    const res = await claim(client, await makeUser('carrier', { isApproved: true }), load.id)
    res.assertStatus(200)
    assert.equal(
      await Booking.query()
        .count('* as n')
        .first()
        .then((r: any) => Number(r.$extras.n)),
      1
    )
  })

  test('a cancelled booking (payment deadline passed) puts the load back on the board', async ({
    client,
    assert,
  }) => {
    const load = await makeFreightListing(await makeUser('shipper'))
    const carrier = await makeUser('carrier', { isApproved: true })
    const res = await claim(client, carrier, load.id)
    const bookingId = res.body().booking_id
    fixClock(DateTime.now().plus({ minutes: 31 }))
    const deadline = await app.container.make(PaymentDeadlineService)
    assert.deepEqual((await deadline.expireUnpaid()).cancelled, [bookingId])
    await load.refresh()
    assert.equal(load.status, 'OPEN')
    assert.isNull(load.shipmentId)
    assert.isNull(load.carrierId)
    assert.deepEqual(await auditActions(load.id), ['claimed', 'reopened'])
    const notes = await BookingStatusChange.query().where('bookingId', bookingId).orderBy('id')
    assert.equal(notes[0].note, 'Claimed on the freight board')
  })
})

test.group('The shipper’s loads, cancel and audits', (group) => {
  group.each.setup(() => resetDatabase())

  test('GET /api/shipper/freight-listings: own loads newest first with the carrier’s label', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const first = await makeFreightListing(shipper, {
      recommendedLow: 800,
      recommendedMid: 900,
      recommendedHigh: 1000,
    })
    const second = await makeFreightListing(shipper)
    await makeFreightListing(await makeUser('shipper'))
    const carrier = await makeUser('carrier', { isApproved: true })
    await client.post(`/api/freight-listings/${second.id}/hold`).loginAs(carrier).withCsrfToken()
    const claimed = await claim(client, carrier, first.id)
    const res = await client.get('/api/shipper/freight-listings').loginAs(shipper)
    res.assertStatus(200)
    assert.deepEqual(
      res.body().map((l: any) => l.id),
      [second.id, first.id]
    )
    const [held, booked] = res.body()
    assert.match(held.carrier_label, /^Verified carrier #\d{4}$/)
    assert.isNotNull(held.hold_expires_at)
    assert.equal(booked.status, 'CLAIMED')
    assert.equal(booked.booking_id, claimed.body().booking_id)
    assert.equal(booked.booking_reference, claimed.body().reference)
    // No recorded basis (a load made outside the post form): the figures, without the why.
    assert.deepEqual(booked.recommended, {
      low: 800,
      mid: 900,
      high: 1000,
      per_pallet_mile: Math.round(90000 / (4 * first.distanceMiles!)) / 100,
      basis: null,
    })
    assert.equal(booked.carrier_label, held.carrier_label)
    // Claimed and awaiting the shipper's payment; an open load has no booking to pay.
    assert.isFalse(booked.booking_paid)
    assert.isFalse(held.booking_paid)
    const carrierView = await client.get('/api/shipper/freight-listings').loginAs(carrier)
    carrierView.assertStatus(403)
  })

  test('GET /api/shipper/freight-listings: a claim the shipper paid by card reads paid, not Pay now', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const load = await makeFreightListing(shipper)
    const carrier = await makeUser('carrier', { isApproved: true })
    const claimed = await claim(client, carrier, load.id)
    claimed.assertStatus(200)
    const bookingId = claimed.body().booking_id
    const before = await client.get('/api/shipper/freight-listings').loginAs(shipper)
    assert.equal(before.body()[0].payment_status, 'UNFUNDED')
    assert.isFalse(before.body()[0].booking_paid)

    // The shipper pays the claim's booking (the load itself was never funded: TRT-010).
    await Booking.query().where('id', bookingId).update({ paymentStatus: 'paid' })
    const after = await client.get('/api/shipper/freight-listings').loginAs(shipper)
    after.assertStatus(200)
    assert.equal(after.body()[0].booking_id, bookingId)
    assert.equal(after.body()[0].payment_status, 'UNFUNDED')
    assert.isTrue(after.body()[0].booking_paid)
  })

  test('cancel: an open load (a held one drops the hold); claimed 409; others 404', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const load = await makeFreightListing(shipper)
    const carrier = await makeUser('carrier', { isApproved: true })
    await client.post(`/api/freight-listings/${load.id}/hold`).loginAs(carrier).withCsrfToken()
    const stranger = await client
      .post(`/api/freight-listings/${load.id}/cancel`)
      .loginAs(await makeUser('shipper'))
      .withCsrfToken()
    stranger.assertStatus(404)
    const res = await client
      .post(`/api/freight-listings/${load.id}/cancel`)
      .loginAs(shipper)
      .withCsrfToken()
    res.assertStatus(200)
    assert.equal(res.body().status, 'CANCELLED')
    assert.isNull(res.body().carrier_label)
    await load.refresh()
    assert.isNull(load.holdCarrierId)
    const again = await client
      .post(`/api/freight-listings/${load.id}/cancel`)
      .loginAs(shipper)
      .withCsrfToken()
    again.assertStatus(409)
    assert.equal(again.body().message, 'Only an open load can be cancelled')
    const claimed = await makeFreightListing(shipper)
    await claim(client, carrier, claimed.id)
    const late = await client
      .post(`/api/freight-listings/${claimed.id}/cancel`)
      .loginAs(shipper)
      .withCsrfToken()
    late.assertStatus(409)
    const missing = await client
      .post('/api/freight-listings/999999/cancel')
      .loginAs(shipper)
      .withCsrfToken()
    missing.assertStatus(404)
    const asCarrier = await client
      .post(`/api/freight-listings/${load.id}/cancel`)
      .loginAs(carrier)
      .withCsrfToken()
    asCarrier.assertStatus(403)
  })

  test('audits: the shipper and the claiming carrier, oldest first', async ({ client, assert }) => {
    const shipper = await makeUser('shipper')
    const posted = await client
      .post('/api/freight-listings')
      .json({ origin: { postal: '60601' }, destination: { postal: '48201' }, price: 700 })
      .loginAs(shipper)
      .withCsrfToken()
    const id = posted.body().id
    const carrier = await makeUser('carrier', { isApproved: true })
    const other = await makeUser('carrier', { isApproved: true })
    const before = await client.get(`/api/freight-listings/${id}/audits`).loginAs(carrier)
    before.assertStatus(404)
    await client.post(`/api/freight-listings/${id}/hold`).loginAs(carrier).withCsrfToken()
    await client.delete(`/api/freight-listings/${id}/hold`).loginAs(carrier).withCsrfToken()
    await claim(client, carrier, id)
    for (const reader of [shipper, carrier]) {
      const res = await client.get(`/api/freight-listings/${id}/audits`).loginAs(reader)
      res.assertStatus(200)
      assert.deepEqual(
        res.body().map((a: any) => [a.action, a.actor_role]),
        [
          ['posted', 'shipper'],
          ['recommended', 'shipper'],
          ['held', 'carrier'],
          ['released', 'carrier'],
          ['claimed', 'carrier'],
        ]
      )
    }
    const stranger = await client.get(`/api/freight-listings/${id}/audits`).loginAs(other)
    stranger.assertStatus(404)
    const otherShipper = await client
      .get(`/api/freight-listings/${id}/audits`)
      .loginAs(await makeUser('shipper'))
    otherShipper.assertStatus(404)
    const admin = await client
      .get(`/api/freight-listings/${id}/audits`)
      .loginAs(await makeUser('admin'))
    admin.assertStatus(403)
  })
})
