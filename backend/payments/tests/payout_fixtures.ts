import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type User from '#accounts/models/user'
import type Listing from '#fleet/models/listing'
import Booking from '#marketplace/models/booking'
import BookingStatusService from '#marketplace/services/booking_status_service'
import CarrierPaymentsService from '#payments/services/carrier_payments_service'
import PaymentService from '#payments/services/payment_service'
import LedgerService, { chargeLines } from '#payments/services/ledger_service'
import { Clock, FixedClock } from '#core/clock'
import { makeUser } from '#tests/helpers'
import { carrierOf, makeBooking, makeListing, makeTruck } from '#tests/factories'
import { acceptRateConfirmation, uploadProofOfDelivery } from '#tests/deliveries'
import { businessDateColumn } from '#core/business_time'

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
  // Picked up today by the app's clock, so the carrier may deliver it once on the road.
  const clock = await app.container.make(Clock)
  const booking = await makeBooking(shipper, listing, {
    pallets,
    status: 'pending',
    paymentStatus: 'pending',
    pickupDate: businessDateColumn(clock, 0),
    deliveryDate: businessDateColumn(clock, 1),
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

/**
 * The carrier drives a paid booking to delivered (delivery confirmed at the clock's now), its
 * proof of delivery uploaded on arrival.
 */
export async function deliver(booking: Booking, carrierUser: User) {
  const statuses = await app.container.make(BookingStatusService)
  const actor = { userId: carrierUser.id, role: 'carrier' as const }
  await acceptRateConfirmation(booking.id, carrierUser.id)
  await statuses.change(booking.id, 'in_transit', actor)
  await uploadProofOfDelivery(booking.id, carrierUser.id)
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

/**
 * Our records say the carrier finished onboarding while the provider disagrees: its next
 * transfer is refused, and the payout fails (not held).
 */
export async function onboardedOnlyInOurRecords(carrierId: number) {
  await db.from('carriers').where('id', carrierId).update({ stripe_onboarding_completed: true })
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

/**
 * `count` paid bookings delivered `hoursAgo` (real time) over the given carriers, written in
 * bulk as the real path leaves them (sandbox charge, payments row, escrow held, the ledger's
 * charge): for batches larger than the real path could create in a test's time.
 */
export async function seedPaidBookings(
  count: number,
  carriers: { user: User; carrier: { id: number }; listing: Listing }[],
  hoursAgo: number
) {
  const shipper = await makeUser('shipper')
  const client = db.connection()
  const fmt = (at: DateTime) => at.toFormat(client.dialect.dateTimeFormat)
  const now = DateTime.now()
  const deliveredAt = now.minus({ hours: hoursAgo })
  const ledger = await app.container.make(LedgerService)
  const ids: number[] = []
  const run = `${Date.now()}`
  for (let start = 0; start < count; start += 250) {
    const seeds = Array.from({ length: Math.min(250, count - start) }, (_, k) => {
      const i = start + k
      const carrier = carriers[i % carriers.length]
      return { i, carrier, totalCents: 20_000 + 137 * i, intent: `pi_seed_${run}_${i}` }
    })
    await db.transaction(async (trx) => {
      await trx.table('bookings').multiInsert(
        seeds.map(({ i, carrier, totalCents, intent }) => ({
          shipper_id: shipper.id,
          carrier_id: carrier.carrier.id,
          listing_id: carrier.listing.id,
          truck_id: carrier.listing.truckId,
          booking_type: 'standard',
          pickup_address: 'Chicago, IL',
          delivery_address: 'Detroit, MI',
          number_of_pallets: 1 + (i % 20),
          distance: 283,
          rate_per_mile_per_pallet: 2.5,
          total_amount: (totalCents / 100).toFixed(2),
          status: 'delivered',
          payment_status: 'paid',
          payout_status: 'pending',
          stripe_payment_intent_id: intent,
          payment_confirmed_at: fmt(deliveredAt.minus({ days: 1 })),
          delivered_at: fmt(deliveredAt),
          created_at: fmt(deliveredAt.minus({ days: 2 })),
          updated_at: fmt(deliveredAt),
        }))
      )
      // read back by intent: SQLite answers a multi-row insert with its last id only
      const byIntent = new Map(
        (
          await trx
            .from('bookings')
            .whereIn(
              'stripe_payment_intent_id',
              seeds.map((seed) => seed.intent)
            )
            .select('id', 'stripe_payment_intent_id')
        ).map((row) => [row.stripe_payment_intent_id as string, Number(row.id)])
      )
      const rows = seeds.map((seed) => ({ ...seed, bookingId: byIntent.get(seed.intent)! }))
      await trx.table('sandbox_payments').multiInsert(
        rows.map(({ intent, totalCents, bookingId }) => ({
          id: intent,
          client_secret: `${intent}_secret`,
          amount_cents: totalCents,
          currency: 'usd',
          status: 'succeeded',
          charge_id: `ch_${intent}`,
          transfer_group: `booking_${bookingId}`,
          metadata: JSON.stringify({ bookingId: String(bookingId) }),
          idempotency_key: `booking-${bookingId}-payment`,
          request_hash: 'seeded',
          created_at: now.toJSDate(),
          updated_at: now.toJSDate(),
        }))
      )
      await trx.table('payments').multiInsert(
        rows.map(({ intent, totalCents, bookingId }) => ({
          shipment_id: bookingId,
          stripe_payment_intent: intent,
          stripe_charge_id: `ch_${intent}`,
          amount: (totalCents / 100).toFixed(2),
          status: 'SUCCEEDED',
          created_at: fmt(now),
          updated_at: fmt(now),
        }))
      )
      await trx.table('escrow_transactions').multiInsert(
        rows.map(({ totalCents, bookingId }) => ({
          shipment_id: bookingId,
          amount: (totalCents / 100).toFixed(2),
          status: 'HELD',
          created_at: fmt(now),
          updated_at: fmt(now),
        }))
      )
      await ledger.postMany(
        trx,
        rows.map(({ bookingId, totalCents }) => ({
          key: `booking-${bookingId}-charge`,
          bookingId,
          memo: 'card payment',
          lines: chargeLines(totalCents),
        }))
      )
      ids.push(...rows.map((row) => row.bookingId))
    })
  }
  return ids
}
