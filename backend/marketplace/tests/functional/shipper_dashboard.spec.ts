import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { businessDateFromToday, makeUser, eachTestInTransaction } from '#tests/helpers'
import { carrierOf, makeBooking, makeListing } from '#tests/factories'
import {
  REFERENCE_LTL_RATE_PER_PALLET_MILE,
  SAVINGS_PERIOD_MONTHS,
} from '#marketplace/services/shipper_metrics_service'

const day = businessDateFromToday

test.group('GET /api/shipper/dashboard-metrics', (group) => {
  eachTestInTransaction(group)

  test('upcoming: the five soonest open shipments from today on', async ({ client, assert }) => {
    const shipper = await makeUser('shipper')
    const other = await makeUser('shipper')
    const carrierUser = await makeUser('carrier', { isApproved: true })
    const listing = await makeListing(carrierUser)
    const at = (days: number, status: string = 'booked') =>
      makeBooking(shipper, listing, { pickupDate: day(days), status: status as 'booked' })
    const today = await makeBooking(shipper, listing, {
      pickupDate: day(0),
      status: 'pending',
      paymentStatus: 'pending',
    })
    const in1 = await at(1, 'confirmed')
    const in2 = await at(2, 'in_transit')
    const in3 = await at(3, 'delayed')
    const in4 = await at(4)
    await at(5) // the sixth
    await at(-1) // pickup already passed
    await at(1, 'cancelled')
    await at(1, 'delivered')
    await makeBooking(other, listing, { pickupDate: day(1) })

    const res = await client.get('/api/shipper/dashboard-metrics').loginAs(shipper)
    res.assertStatus(200)
    const upcoming = res.body().upcoming
    assert.deepEqual(
      upcoming.map((u: { id: number }) => u.id),
      [today.id, in1.id, in2.id, in3.id, in4.id]
    )
    const carrier = await carrierOf(carrierUser)
    // One rule everywhere: anonymous until paid, the company once paid (as My Bookings shows).
    assert.match(upcoming[0].carrier_name, /^Verified carrier #\d{4}$/)
    assert.deepEqual(upcoming[1], {
      id: in1.id,
      reference: `TRT-${String(in1.id).padStart(3, '0')}`,
      carrier_name: carrier.companyName,
      pickup_address: in1.pickupAddress,
      delivery_address: in1.deliveryAddress,
      num_pallets: in1.numberOfPallets,
      pickup_date: day(1).toISODate(),
      status: 'confirmed',
      totalAmount: in1.totalAmount,
    })
    const list = await client.get('/api/bookings').loginAs(shipper)
    const listed = new Map(
      list.body().map((b: { id: number; carrierName: string }) => [b.id, b.carrierName])
    )
    for (const shown of upcoming) assert.equal(shown.carrier_name, listed.get(shown.id))
  })

  test('estimated savings against the reference LTL rate over 6 months', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const listing = await makeListing(await makeUser('carrier', { isApproved: true }))
    assert.equal(REFERENCE_LTL_RATE_PER_PALLET_MILE, 0.5)
    assert.equal(SAVINGS_PERIOD_MONTHS, 6)
    // 4 pallets × 500 mi × $0.50 = $1,000.00 at the reference rate; paid $800.00 → saved $200.00
    await makeBooking(shipper, listing, { pallets: 4, distance: 500, totalAmount: 800 })
    // 2 × 300 × $0.50 = $300.00; paid $250.55 → saved $49.45
    await makeBooking(shipper, listing, {
      pallets: 2,
      distance: 300,
      totalAmount: 250.55,
      status: 'delivered',
      createdAt: DateTime.now().minus({ months: 5 }),
    })
    // Dearer than the reference: saves nothing, costs nothing.
    await makeBooking(shipper, listing, { pallets: 1, distance: 100, totalAmount: 272.5 })
    // Not counted: unpaid (not yet "what you paid"), refunded, cancelled, older than 6 months,
    // someone else's.
    await makeBooking(shipper, listing, {
      pallets: 10,
      distance: 900,
      totalAmount: 100,
      status: 'pending',
      paymentStatus: 'pending',
    })
    await makeBooking(shipper, listing, {
      pallets: 10,
      distance: 900,
      totalAmount: 100,
      paymentStatus: 'refunded',
    })
    await makeBooking(shipper, listing, {
      pallets: 10,
      distance: 900,
      totalAmount: 100,
      status: 'cancelled',
    })
    await makeBooking(shipper, listing, {
      pallets: 10,
      distance: 900,
      totalAmount: 100,
      createdAt: DateTime.now().minus({ months: 6, days: 1 }),
    })
    await makeBooking(await makeUser('shipper'), listing, {
      pallets: 10,
      distance: 900,
      totalAmount: 100,
    })

    const res = await client.get('/api/shipper/dashboard-metrics').loginAs(shipper)
    res.assertStatus(200)
    assert.equal(res.body().estimatedSavings, 249.45)
    assert.deepEqual(res.body().savingsBasis, {
      bookings: 3,
      periodMonths: 6,
      referenceRatePerPalletMile: 0.5,
      paid: 1323.05,
    })
  })

  test('no bookings: nothing upcoming, no savings', async ({ client }) => {
    const shipper = await makeUser('shipper')
    const res = await client.get('/api/shipper/dashboard-metrics').loginAs(shipper)
    res.assertStatus(200)
    res.assertBody({
      upcoming: [],
      estimatedSavings: 0,
      savingsBasis: { bookings: 0, periodMonths: 6, referenceRatePerPalletMile: 0.5, paid: 0 },
    })
  })

  test('only shippers', async ({ client }) => {
    for (const user of [await makeUser('carrier', { isApproved: true }), await makeUser('admin')]) {
      const res = await client.get('/api/shipper/dashboard-metrics').loginAs(user)
      res.assertStatus(403)
    }
    const anonymous = await client.get('/api/shipper/dashboard-metrics')
    anonymous.assertStatus(401)
  })
})
