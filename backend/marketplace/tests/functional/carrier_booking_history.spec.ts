import { test } from '@japa/runner'
import { makeUser, eachTestInTransaction } from '#tests/helpers'
import { makeBooking, makeListing } from '#tests/factories'
import { acceptRateConfirmation, onTheRoad, uploadProofOfDelivery } from '#tests/deliveries'

test.group('Booking history: GET /api/bookings/:id/history', (group) => {
  eachTestInTransaction(group)

  async function deliveredBooking(client: any) {
    const carrier = await makeUser('carrier', {
      isApproved: true,
      firstName: 'Cora',
      lastName: 'Driver',
    })
    const shipper = await makeUser('shipper')
    // Picked up yesterday; the carrier uploads the POD before marking it delivered.
    const booking = await makeBooking(shipper, await makeListing(carrier), {
      status: 'booked',
      ...onTheRoad(),
    })
    await acceptRateConfirmation(booking.id, carrier.id)
    for (const status of ['confirmed', 'in_transit', 'delivered']) {
      if (status === 'delivered') await uploadProofOfDelivery(booking.id, carrier.id)
      const res = await client
        .put(`/api/bookings/${booking.id}/status`)
        .json({ status })
        .loginAs(carrier)
        .withCsrfToken()
      res.assertStatus(200)
    }
    return { carrier, shipper, booking }
  }

  test('the carrier, the shipper and admins read the timeline, oldest first', async ({
    client,
    assert,
  }) => {
    const { carrier, shipper, booking } = await deliveredBooking(client)
    const admin = await makeUser('admin')
    for (const viewer of [carrier, shipper, admin]) {
      const res = await client.get(`/api/bookings/${booking.id}/history`).loginAs(viewer)
      res.assertStatus(200)
      assert.deepEqual(
        res.body().map((e: any) => [e.fromStatus, e.toStatus, e.note]),
        [
          ['booked', 'confirmed', null],
          ['confirmed', 'in_transit', null],
          ['in_transit', 'delivered', null],
        ]
      )
      for (const entry of res.body()) {
        if (viewer === shipper) {
          // The shipper sees the anonymous carrier label, never the carrier user's name or id.
          assert.equal(entry.changedBy.role, 'carrier')
          assert.match(entry.changedBy.name, /^Verified carrier #\d{4}$/)
          assert.notEqual(entry.changedBy.id, carrier.id)
          assert.notInclude(JSON.stringify(res.body()), 'Cora')
        } else {
          assert.deepEqual(entry.changedBy, {
            id: carrier.id,
            name: 'Cora Driver',
            role: 'carrier',
          })
        }
        assert.isTrue(Number.isFinite(Date.parse(entry.changedAt)))
      }
    }
  })

  test('anyone else gets a 404, as for a booking that does not exist', async ({
    client,
    assert,
  }) => {
    const { booking } = await deliveredBooking(client)
    for (const stranger of [
      await makeUser('carrier', { isApproved: true }),
      await makeUser('shipper'),
    ]) {
      const res = await client.get(`/api/bookings/${booking.id}/history`).loginAs(stranger)
      res.assertStatus(404)
      assert.deepEqual(res.body(), { message: 'Booking not found' })
    }
    const admin = await makeUser('admin')
    const missing = await client.get('/api/bookings/999999/history').loginAs(admin)
    missing.assertStatus(404)
  })

  test('an unapproved carrier is refused; signed out is a 401', async ({ client }) => {
    const { booking } = await deliveredBooking(client)
    const pending = await makeUser('carrier', { isApproved: false })
    const res = await client.get(`/api/bookings/${booking.id}/history`).loginAs(pending)
    res.assertStatus(403)
    const out = await client.get(`/api/bookings/${booking.id}/history`)
    out.assertStatus(401)
  })
})
