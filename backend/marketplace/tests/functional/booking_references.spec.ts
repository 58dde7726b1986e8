/*
 * Every input that takes a booking takes the reference the screens show (TRT-037) as well as
 * its number (docs/decisions/0184): route params and body fields alike, through one parser.
 */
import { test } from '@japa/runner'
import { bookingReference, parseBookingId } from '#core/reference'
import Payment from '#payments/models/payment'
import { eachTestInTransaction, makeUser } from '#tests/helpers'
import { makeBooking, makeListing } from '#tests/factories'

async function world() {
  const shipper = await makeUser('shipper')
  const carrierUser = await makeUser('carrier', { isApproved: true })
  const listing = await makeListing(carrierUser)
  const booking = await makeBooking(shipper, listing, {
    status: 'pending',
    paymentStatus: 'pending',
  })
  return { shipper, carrierUser, booking }
}

test.group('Booking references as inputs', (group) => {
  eachTestInTransaction(group)

  test('the parser reads numbers and references, and nothing else', ({ assert }) => {
    assert.equal(parseBookingId('37'), 37)
    assert.equal(parseBookingId(37), 37)
    assert.equal(parseBookingId('TRT-037'), 37)
    assert.equal(parseBookingId(' trt-37 '), 37)
    for (const bad of ['TRT-', 'TRT-0', '0', '-1', 'TRT-3x', '3.5', 3.5, 0, null, {}, 'SHP-37']) {
      assert.isNull(parseBookingId(bad), String(bad))
    }
  })

  test('a booking route answers its reference as its number', async ({ client, assert }) => {
    const { shipper, carrierUser, booking } = await world()
    const reference = bookingReference(booking.id)
    const byNumber = await client.get(`/api/bookings/${booking.id}`).loginAs(shipper)
    byNumber.assertStatus(200)
    for (const ref of [reference, reference.toLowerCase()]) {
      const res = await client.get(`/api/bookings/${ref}`).loginAs(shipper)
      res.assertStatus(200)
      assert.deepEqual(res.body(), byNumber.body())
    }
    ;(await client.get(`/api/bookings/${reference}/history`).loginAs(carrierUser)).assertStatus(200)
    // Someone else's booking by reference is the same 404 as by number; so is one that is none.
    const stranger = await makeUser('shipper')
    const foreign = await client.get(`/api/bookings/${reference}`).loginAs(stranger)
    foreign.assertStatus(404)
    assert.equal(foreign.body().message, 'Booking not found')
    ;(await client.get('/api/bookings/TRT-999999').loginAs(shipper)).assertStatus(404)
    ;(await client.get('/api/bookings/TRT-x1').loginAs(shipper)).assertStatus(404)
  })

  test('a payment intent takes the reference in bookingId; a bad one is a 422', async ({
    client,
    assert,
  }) => {
    const { shipper, booking } = await world()
    const res = await client
      .post('/api/create-payment-intent')
      .json({ amount: booking.totalAmount, bookingId: bookingReference(booking.id) })
      .loginAs(shipper)
      .withCsrfToken()
    res.assertStatus(200)
    const rows = await Payment.query().where('shipmentId', booking.id)
    assert.lengthOf(rows, 1)

    for (const bookingId of ['TRT-', 'SHP-1', 2.5, true]) {
      const bad = await client
        .post('/api/create-payment-intent')
        .json({ amount: booking.totalAmount, bookingId })
        .loginAs(shipper)
        .withCsrfToken()
      bad.assertStatus(422)
      assert.equal(bad.body().errors[0].field, 'bookingId')
    }
    const stranger = await makeUser('shipper')
    const foreign = await client
      .post('/api/create-payment-intent')
      .json({ amount: booking.totalAmount, bookingId: bookingReference(booking.id) })
      .loginAs(stranger)
      .withCsrfToken()
    foreign.assertStatus(404)
    assert.lengthOf(await Payment.query().where('shipmentId', booking.id), 1)
  })
})
