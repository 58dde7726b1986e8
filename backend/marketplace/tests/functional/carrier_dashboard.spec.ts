import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { DateTime } from 'luxon'
import type User from '#accounts/models/user'
import type Listing from '#fleet/models/listing'
import Truck from '#fleet/models/truck'
import BookingStatusChange from '#marketplace/models/booking_status_change'
import type { BookingPaymentStatus } from '#marketplace/models/booking'
import type { BookingStatus } from '#marketplace/booking_status'
import { makeUser, resetDatabase } from '#tests/helpers'
import { makeBooking, makeListing, type PlaceKey } from '#tests/factories'
import { Clock, FixedClock } from '#core/clock'
import { onTheRoad, uploadProofOfDelivery } from '#tests/deliveries'

const NOW = DateTime.fromISO('2026-06-15T12:00:00Z')
const at = (iso: string) => DateTime.fromISO(iso)

type Spec = {
  created: string
  status: BookingStatus
  total: number
  rate: number
  distance?: number
  delivered?: string
  payment?: BookingPaymentStatus
}

const book = (shipper: User, listing: Listing, s: Spec) =>
  makeBooking(shipper, listing, {
    createdAt: at(s.created),
    status: s.status,
    totalAmount: s.total,
    ratePerMilePerPallet: s.rate,
    distance: s.distance ?? 250,
    deliveredAt: s.delivered ? at(s.delivered) : null,
    paymentStatus: s.payment ?? 'paid',
  })

const history = (bookingId: number, moves: [BookingStatus | null, BookingStatus][]) =>
  Promise.all(
    moves.map(([from, to], i) =>
      BookingStatusChange.create({
        bookingId,
        fromStatus: from,
        toStatus: to,
        changedBy: null,
        changedAt: at('2025-01-01T00:00:00Z').plus({ hours: i }),
      })
    )
  )

test.group('Carrier dashboard: GET /api/carrier/dashboard', (group) => {
  group.each.setup(async () => {
    await resetDatabase()
    app.container.swap(Clock, () => new FixedClock(NOW))
    return () => app.container.restore(Clock)
  })

  test('every figure is computed from the carrier’s data', async ({ client, assert }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    const other = await makeUser('carrier', { isApproved: true })
    const shipper = await makeUser('shipper')
    const lane = (from: PlaceKey, to: PlaceKey) => makeListing(carrier, { from, to })
    const chiDet = await lane('chicago', 'detroit')
    const dalHou = await lane('dallas', 'houston')
    const mkeInd = await lane('milwaukee', 'indianapolis')
    const detChi = await lane('detroit', 'chicago')
    const houDal = await lane('houston', 'dallas')
    await Truck.query().where('id', chiDet.truckId!).update({ status: 'in_use' })
    await Truck.query().where('id', dalHou.truckId!).update({ status: 'maintenance' })

    // Chicago → Detroit: two in the last 90 days, two in the 90 days before (one just before).
    await book(shipper, chiDet, {
      created: '2026-06-01T10:00:00Z',
      status: 'delivered',
      delivered: '2026-06-03T15:00:00Z',
      total: 1000,
      rate: 2.5,
      distance: 280,
    })
    const b2 = await book(shipper, chiDet, {
      created: '2026-06-10T10:00:00Z',
      status: 'delivered',
      delivered: '2026-06-14T23:59:00Z',
      total: 250.5,
      rate: 2.75,
      distance: 290,
    })
    await book(shipper, chiDet, {
      created: '2026-02-01T10:00:00Z',
      status: 'delivered',
      delivered: '2026-02-05T10:00:00Z',
      total: 500,
      rate: 2.4,
    })
    await book(shipper, chiDet, {
      created: '2026-03-17T11:00:00Z',
      status: 'booked',
      total: 100,
      rate: 2.6,
    })
    // Dallas → Houston: new this period; the cancelled one never counts.
    await book(shipper, dalHou, {
      created: '2026-05-20T10:00:00Z',
      status: 'delivered',
      delivered: '2026-05-31T23:30:00Z',
      total: 400,
      rate: 2,
      distance: 270,
    })
    await book(shipper, dalHou, {
      created: '2026-04-01T10:00:00Z',
      status: 'confirmed',
      total: 900,
      rate: 3,
      distance: 250,
    })
    await book(shipper, dalHou, {
      created: '2026-04-02T10:00:00Z',
      status: 'cancelled',
      total: 5000,
      rate: 9,
    })
    // Milwaukee → Indianapolis: shrinking.
    const m1 = await book(shipper, mkeInd, {
      created: '2026-06-12T10:00:00Z',
      status: 'booked',
      total: 200,
      rate: 1.5,
      distance: 300,
    })
    await book(shipper, mkeInd, {
      created: '2026-01-10T10:00:00Z',
      status: 'delivered',
      delivered: '2026-01-12T10:00:00Z',
      total: 800,
      rate: 1.8,
    })
    // Detroit → Chicago: one old delivery (first month of the series), one this period.
    await book(shipper, detChi, {
      created: '2025-06-28T10:00:00Z',
      status: 'delivered',
      delivered: '2025-07-01T00:00:00Z',
      total: 300,
      rate: 2.3,
    })
    await book(shipper, detChi, {
      created: '2026-03-18T10:00:00Z',
      status: 'in_transit',
      total: 150,
      rate: 2.2,
    })
    // Houston → Dallas: delivered before the series starts; an unpaid request this week.
    await book(shipper, houDal, {
      created: '2025-06-20T10:00:00Z',
      status: 'delivered',
      delivered: '2025-06-30T23:59:00Z',
      total: 999,
      rate: 2.1,
    })
    const p = await book(shipper, houDal, {
      created: '2026-06-14T10:00:00Z',
      status: 'pending',
      payment: 'pending',
      total: 100,
      rate: 2.1,
    })
    // Cancellations, judged by their history.
    const old = '2025-01-01T10:00:00Z'
    const x1 = await book(shipper, houDal, { created: old, status: 'cancelled', total: 1, rate: 9 })
    await history(x1.id, [
      ['booked', 'confirmed'],
      ['confirmed', 'cancelled'],
    ])
    const x2 = await book(shipper, houDal, { created: old, status: 'cancelled', total: 1, rate: 9 })
    await history(x2.id, [['booked', 'cancelled']])
    const x3 = await book(shipper, houDal, {
      created: old,
      status: 'cancelled',
      payment: 'pending',
      total: 1,
      rate: 9,
    })
    await history(x3.id, [['pending', 'cancelled']])
    await book(shipper, houDal, {
      created: old,
      status: 'cancelled',
      payment: 'pending',
      total: 1,
      rate: 9,
    })
    // Another carrier's business never shows.
    await book(shipper, await makeListing(other), {
      created: '2026-06-05T10:00:00Z',
      status: 'delivered',
      delivered: '2026-06-06T10:00:00Z',
      total: 7777,
      rate: 5,
    })

    const res = await client.get('/api/carrier/dashboard').loginAs(carrier)
    res.assertStatus(200)
    const body = res.body()

    assert.deepEqual(body.stats, {
      monthlyEarnings: 1250.5,
      monthLabel: 'June 2026',
      completedLoads: 7,
      // mean of the 12 rates not cancelled: 27.25 / 12 = 2.2708...
      averageRatePerMilePerPallet: 2.27,
      // accepted 10 (9 moving or delivered + 1 cancelled after confirmation) of 12 judged
      acceptanceRate: 0.8333,
      acceptedBookings: 10,
      decidedBookings: 12,
    })

    assert.deepEqual(body.topRoutes, [
      {
        lane: 'Dallas, TX → Houston, TX',
        pickupCity: 'Dallas',
        pickupState: 'TX',
        deliveryCity: 'Houston',
        deliveryState: 'TX',
        bookings: 2,
        averageDistance: 260,
        averageRate: 2.5,
        totalAmount: 1300,
        previousTotalAmount: 0,
        growthPct: null,
      },
      {
        lane: 'Chicago, IL → Detroit, MI',
        pickupCity: 'Chicago',
        pickupState: 'IL',
        deliveryCity: 'Detroit',
        deliveryState: 'MI',
        bookings: 2,
        averageDistance: 285,
        averageRate: 2.63,
        totalAmount: 1250.5,
        previousTotalAmount: 600,
        // (1250.50 - 600) / 600
        growthPct: 108.4,
      },
      {
        lane: 'Milwaukee, WI → Indianapolis, IN',
        pickupCity: 'Milwaukee',
        pickupState: 'WI',
        deliveryCity: 'Indianapolis',
        deliveryState: 'IN',
        bookings: 1,
        averageDistance: 300,
        averageRate: 1.5,
        totalAmount: 200,
        previousTotalAmount: 800,
        growthPct: -75,
      },
    ])

    assert.deepEqual(body.monthlyEarnings, [
      { month: '2025-07', label: 'Jul 2025', amount: 300, loads: 1 },
      { month: '2025-08', label: 'Aug 2025', amount: 0, loads: 0 },
      { month: '2025-09', label: 'Sep 2025', amount: 0, loads: 0 },
      { month: '2025-10', label: 'Oct 2025', amount: 0, loads: 0 },
      { month: '2025-11', label: 'Nov 2025', amount: 0, loads: 0 },
      { month: '2025-12', label: 'Dec 2025', amount: 0, loads: 0 },
      { month: '2026-01', label: 'Jan 2026', amount: 800, loads: 1 },
      { month: '2026-02', label: 'Feb 2026', amount: 500, loads: 1 },
      { month: '2026-03', label: 'Mar 2026', amount: 0, loads: 0 },
      { month: '2026-04', label: 'Apr 2026', amount: 0, loads: 0 },
      { month: '2026-05', label: 'May 2026', amount: 400, loads: 1 },
      { month: '2026-06', label: 'Jun 2026', amount: 1250.5, loads: 2 },
    ])

    assert.deepEqual(
      body.recentBookings.map((b: any) => b.id),
      [p.id, m1.id, b2.id]
    )
    assert.equal(body.recentBookings[0].reference, `TRT-${String(p.id).padStart(3, '0')}`)
    assert.deepEqual(
      body.listings.map((l: any) => l.id),
      [houDal.id, detChi.id, mkeInd.id]
    )
    assert.equal(body.listings[2].bookedPallets, 4)
    assert.deepEqual(body.fleet, { total: 5, available: 3, inUse: 1, maintenance: 1 })
  })

  test('a new carrier sees zeros and nothing to judge', async ({ client, assert }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    const res = await client.get('/api/carrier/dashboard').loginAs(carrier)
    res.assertStatus(200)
    assert.deepEqual(res.body().stats, {
      monthlyEarnings: 0,
      monthLabel: 'June 2026',
      completedLoads: 0,
      averageRatePerMilePerPallet: null,
      acceptanceRate: null,
      acceptedBookings: 0,
      decidedBookings: 0,
    })
    assert.deepEqual(res.body().topRoutes, [])
    assert.deepEqual(res.body().recentBookings, [])
    assert.deepEqual(res.body().listings, [])
    assert.deepEqual(res.body().fleet, { total: 0, available: 0, inUse: 0, maintenance: 0 })
    assert.lengthOf(res.body().monthlyEarnings, 12)
    assert.isTrue(res.body().monthlyEarnings.every((m: any) => m.amount === 0 && m.loads === 0))
  })

  test('a delivery through the status updater shows in this month’s earnings', async ({
    client,
    assert,
  }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    const shipper = await makeUser('shipper')
    const booking = await book(shipper, await makeListing(carrier), {
      created: '2026-06-10T10:00:00Z',
      status: 'in_transit',
      total: 321.45,
      rate: 2,
    })
    // Picked up yesterday; the POD is on file before the carrier marks it delivered.
    await booking.merge(onTheRoad(new FixedClock(NOW))).save()
    await uploadProofOfDelivery(booking.id, carrier.id)
    const update = await client
      .put(`/api/bookings/${booking.id}/status`)
      .json({ status: 'delivered' })
      .loginAs(carrier)
      .withCsrfToken()
    update.assertStatus(200)
    const res = await client.get('/api/carrier/dashboard').loginAs(carrier)
    assert.equal(res.body().stats.monthlyEarnings, 321.45)
    assert.equal(res.body().stats.completedLoads, 1)
    assert.deepEqual(res.body().monthlyEarnings[11], {
      month: '2026-06',
      label: 'Jun 2026',
      amount: 321.45,
      loads: 1,
    })
  })

  test('only approved carriers', async ({ client }) => {
    for (const user of [
      await makeUser('shipper'),
      await makeUser('admin'),
      await makeUser('carrier', { isApproved: false }),
    ]) {
      const res = await client.get('/api/carrier/dashboard').loginAs(user)
      res.assertStatus(403)
    }
    const out = await client.get('/api/carrier/dashboard')
    out.assertStatus(401)
  })
})
