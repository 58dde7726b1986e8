import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import mail from '@adonisjs/mail/services/main'
import { eachTestInTransaction, makeUser } from '#tests/helpers'
import { makeBooking, makeListing } from '#tests/factories'
import BookingStatusService from '#marketplace/services/booking_status_service'
import ApprovalService from '#accounts/services/approval_service'
import { mailQueue } from '#core/mail_queue'
import type User from '#accounts/models/user'

/** What a user was told, oldest first. */
async function told(user: User) {
  return db
    .from('notifications')
    .where('user_id', user.id)
    .orderBy('id', 'asc')
    .select('kind', 'title', 'body', 'link')
}

async function world(overrides: Record<string, unknown> = {}) {
  const shipper = await makeUser('shipper')
  const carrierUser = await makeUser('carrier', { isApproved: true })
  const listing = await makeListing(carrierUser)
  const booking = await makeBooking(shipper, listing, overrides)
  const company = await db.from('carriers').where('user_id', carrierUser.id).first()
  return { shipper, carrierUser, listing, booking, companyName: String(company.company_name) }
}

test.group('Notification centre: what the other modules announce', (group) => {
  eachTestInTransaction(group)
  group.each.setup(() => {
    const fake = mail.fake()
    return async () => {
      await mailQueue.idle()
      fake.mails.clear()
      mail.restore()
    }
  })

  test('the carrier confirms a booking: the shipper is told, naming the carrier only by its label; the carrier is not told of its own step', async ({
    assert,
  }) => {
    const w = await world()
    const statuses = await app.container.make(BookingStatusService)
    await statuses.change(w.booking.id, 'confirmed', { userId: w.carrierUser.id, role: 'carrier' })
    const shipperTold = await told(w.shipper)
    assert.lengthOf(shipperTold, 1)
    const [n] = shipperTold
    const ref = `TRT-${String(w.booking.id).padStart(3, '0')}`
    assert.equal(n.kind, 'booking')
    assert.equal(n.title, `Booking ${ref} was confirmed by the carrier`)
    assert.match(
      n.body,
      /^Booking TRT-\d+ with Verified carrier #\d{4} was confirmed by the carrier\.$/
    )
    assert.notInclude(JSON.stringify(shipperTold), w.companyName)
    assert.notInclude(JSON.stringify(shipperTold), w.carrierUser.email)
    assert.equal(n.link, '/shipper#bookings')
    assert.lengthOf(await told(w.carrierUser), 0)
  })

  test('an unpaid booking cancelled by its shipper: the carrier is told; the shipper is not', async ({
    assert,
  }) => {
    const w = await world({ status: 'pending', paymentStatus: 'pending' })
    const statuses = await app.container.make(BookingStatusService)
    await statuses.change(w.booking.id, 'cancelled', { userId: w.shipper.id, role: 'shipper' })
    const carrierTold = await told(w.carrierUser)
    assert.deepEqual(
      carrierTold.map((n) => [n.kind, n.link]),
      [['booking', '/carrier#bookings']]
    )
    assert.match(carrierTold[0].title, /^Booking TRT-\d+ was cancelled$/)
    assert.lengthOf(await told(w.shipper), 0)
  })

  test('the payment books a booking: both parties are told, as a payment, the shipper by label', async ({
    assert,
  }) => {
    const w = await world({ status: 'pending', paymentStatus: 'pending' })
    const statuses = await app.container.make(BookingStatusService)
    await statuses.change(w.booking.id, 'booked', { userId: null, role: 'system' })
    const [shipperN] = await told(w.shipper)
    const [carrierN] = await told(w.carrierUser)
    assert.equal(shipperN.kind, 'payment')
    assert.match(shipperN.title, /^Payment received for TRT-\d+$/)
    assert.match(shipperN.body, /booked with Verified carrier #\d{4}\.$/)
    assert.notInclude(shipperN.body, w.companyName)
    assert.equal(carrierN.kind, 'payment')
    assert.match(carrierN.title, /^Booking TRT-\d+ is paid$/)
  })

  test('a message, a payout batch, an account decision each reach the right user', async ({
    assert,
  }) => {
    const w = await world()
    await emitter.emit('message:changed', {
      bookingId: w.booking.id,
      change: 'sent',
      mailSide: 'carrier',
      fromSide: 'shipper',
    })
    // A read receipt or an edit tells no one.
    await emitter.emit('message:changed', {
      bookingId: w.booking.id,
      change: 'read',
      mailSide: null,
      fromSide: 'carrier',
    })
    const carrier = await db.from('carriers').where('user_id', w.carrierUser.id).first()
    await emitter.emit('payouts:changed', {
      change: 'released',
      payouts: [{ bookingId: w.booking.id, carrierId: carrier.id }],
    })
    assert.deepEqual(
      (await told(w.carrierUser)).map((n) => [n.kind, n.link]),
      [
        ['message', '/carrier#bookings'],
        ['payout', '/carrier#payouts'],
      ]
    )
    assert.lengthOf(await told(w.shipper), 0)

    const pending = await makeUser('carrier', { isApproved: false })
    const admin = await makeUser('admin')
    await (await app.container.make(ApprovalService)).decide(pending.id, true, admin)
    const [decided] = await told(pending)
    assert.equal(decided.kind, 'vetting')
    assert.equal(decided.title, 'Your account was approved')
  })
})
