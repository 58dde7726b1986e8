import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type User from '#accounts/models/user'
import type Listing from '#fleet/models/listing'
import Booking from '#marketplace/models/booking'
import BookingStatusService from '#marketplace/services/booking_status_service'
import CarrierPaymentsService from '#payments/services/carrier_payments_service'
import PaymentService from '#payments/services/payment_service'
import { Clock, FixedClock } from '#core/clock'
import { makeUser } from '#tests/helpers'
import { carrierOf, makeBooking, makeListing, makeTruck } from '#tests/factories'

export const SUCCESS_CARD = '4242 4242 4242 4242'

/** Swaps in a fixed clock for the app (server included) until `restoreClock()`. */
export function fixClock(at: DateTime) {
  const clock = new FixedClock(at)
  app.container.swap(Clock, () => clock)
  return clock
}

export function restoreClock() {
  app.container.restore(Clock)
}

/** An approved carrier, with its payout account connected and onboarded unless told not to. */
export async function makeCarrier(options: { onboarded?: boolean; connected?: boolean } = {}) {
  const user = await makeUser('carrier', { isApproved: true })
  const truck = await makeTruck(user, { capacity: 26 })
  const listing = await makeListing(user, { truck, maxPallets: 26 })
  let accountId: string | null = null
  if (options.connected ?? true) {
    const service = await app.container.make(CarrierPaymentsService)
    const { url } = await service.onboard(user.id, user.email, 'http://127.0.0.1:3333')
    accountId = new URL(url).pathname.split('/').pop()!
    if (options.onboarded ?? true) await service.completeSandboxOnboarding(user.id, accountId)
  }
  return { user, listing, accountId, carrier: await carrierOf(user) }
}

/**
 * A booking paid through the real path: the shipper's intent, the sandbox card 4242…, and the
 * signed webhook the sandbox posts to the running test server.
 */
export async function paidBooking(shipper: User, listing: Listing, pallets = 2) {
  const booking = await makeBooking(shipper, listing, {
    pallets,
    status: 'pending',
    paymentStatus: 'pending',
  })
  const payments = await app.container.make(PaymentService)
  const intent = await payments.createIntent(booking.id, booking.totalAmount!)
  const confirmed = await payments.confirmSandboxCard({
    clientSecret: intent.clientSecret,
    cardNumber: SUCCESS_CARD,
    expMonth: 12,
    expYear: new Date().getUTCFullYear() + 2,
    cvc: '123',
  })
  if (confirmed.status !== 200) throw new Error(`payment failed: ${JSON.stringify(confirmed)}`)
  await booking.refresh()
  if (booking.paymentStatus !== 'paid') throw new Error('the payment webhook did not arrive')
  return booking
}

/** The carrier drives a paid booking to delivered (delivery confirmed at the clock's now). */
export async function deliver(booking: Booking, carrierUser: User) {
  const statuses = await app.container.make(BookingStatusService)
  const actor = { userId: carrierUser.id, role: 'carrier' as const }
  await statuses.change(booking.id, 'in_transit', actor)
  await statuses.change(booking.id, 'delivered', actor)
  await booking.refresh()
  return booking
}

/** A shipper and a paid, delivered booking with a carrier (onboarded unless told otherwise). */
export async function deliveredBooking(options: { onboarded?: boolean; connected?: boolean } = {}) {
  const shipper = await makeUser('shipper')
  const carrier = await makeCarrier(options)
  const booking = await deliver(await paidBooking(shipper, carrier.listing), carrier.user)
  return { shipper, carrier, booking }
}

export async function transfersOf(bookingId: number) {
  return db.from('sandbox_transfers').where('transfer_group', `booking_${bookingId}`)
}

export async function ledgerOf(bookingId: number) {
  return db.from('ledger_entries').where('booking_id', bookingId).orderBy('id')
}

export async function reload(bookingId: number) {
  return Booking.findOrFail(bookingId)
}
