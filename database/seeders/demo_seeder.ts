import { DateTime } from 'luxon'
import { BaseSeeder } from '@adonisjs/lucid/seeders'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import User from '#accounts/models/user'
import { CURRENT_TERMS_VERSION, currentTermsHash } from '#accounts/services/terms_service'
import Carrier from '#fleet/models/carrier'
import Truck from '#fleet/models/truck'
import Listing from '#fleet/models/listing'
import Booking, { type PayoutStatus } from '#marketplace/models/booking'
import BookingStatusChange from '#marketplace/models/booking_status_change'
import Invoice from '#marketplace/models/invoice'
import { priceShipment } from '#marketplace/services/pricing'
import { MILES_PER_TRANSIT_DAY } from '#marketplace/services/carrier_bookings_service'
import { ONBOARDING_HOLD_REASON } from '#payments/services/payout_service'
import { Clock } from '#core/clock'
import { businessDateColumn, businessDateOf } from '#core/business_time'
import { roadMiles } from '#core/geo'
import { fromCents, toCents } from '#core/money'
import { cityAddress, cityPoint, CITIES, type City } from './demo/places.js'
import {
  ADMIN,
  APPROVED_CARRIERS,
  DEMO_PASSWORD,
  PENDING_CARRIERS,
  SHIPPERS,
  type PersonSeed,
} from './demo/people.js'
import { BOOKINGS, LANES, PAID_STATUSES } from './demo/plans.js'
import { recordMoney } from './demo/money.js'
import { statusHistory } from './demo/history.js'

/*
 * Demo data: an admin, three approved carriers with trucks and lanes, two carriers waiting for
 * approval, three shippers and a year of bookings in every status (the people in demo/people.ts,
 * the lanes and bookings in demo/plans.ts). Distances and prices come from the product's own
 * road distance (#core/geo) and pricing (integer cents), money through the ledger service.
 * Runs once: it does nothing when the demo admin already exists.
 */

/**
 * Hours from pickup to delivery at the product's pace (decision 0011: 500 road miles a day in
 * 11 hours of driving), with a 10-hour rest after each full day.
 */
function transitHours(miles: number): number {
  const days = miles / MILES_PER_TRANSIT_DAY
  return Math.ceil(days * 11) + 10 * Math.floor(days)
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0')
}

export default class DemoSeeder extends BaseSeeder {
  async run() {
    const existing = await User.query({ client: this.client }).where('email', ADMIN.email).first()
    if (existing) return

    await this.client.transaction(async (trx) => {
      await this.seed(trx)
    })
  }

  private async seed(trx: TransactionClientContract) {
    const clock = new Clock()
    const now = clock.now().startOf('minute')
    const termsHash = currentTermsHash()
    const opts = { client: trx }

    const createUser = (
      person: PersonSeed,
      role: 'admin' | 'carrier' | 'shipper',
      approved: boolean,
      createdAt: DateTime,
      reviewedBy: number | null = null
    ) =>
      User.create(
        {
          username: person.email,
          email: person.email,
          password: DEMO_PASSWORD,
          role,
          firstName: person.firstName,
          lastName: person.lastName,
          phone: person.phone,
          isApproved: approved,
          approvalStatus: approved ? 'approved' : 'pending',
          reviewedBy,
          reviewedAt: reviewedBy ? createdAt.plus({ hours: 20 }) : null,
          termsAcceptedAt: createdAt,
          termsVersion: CURRENT_TERMS_VERSION,
          termsIp: '127.0.0.1',
          termsUserAgent: 'palletline demo seeder',
          termsHash,
          createdAt,
        },
        opts
      )

    const admin = await createUser(ADMIN, 'admin', true, now.minus({ days: 400 }))

    const carriers: { user: User; carrier: Carrier; trucks: Truck[] }[] = []
    for (const [index, seed] of APPROVED_CARRIERS.entries()) {
      const signedUpAt = now.minus({ days: 380 - index * 5 })
      const user = await createUser(seed, 'carrier', true, signedUpAt, admin.id)

      const carrier = await Carrier.create(
        {
          userId: user.id,
          ...seed.company,
          stripeAccountId: seed.stripeAccountId,
          stripeOnboardingCompleted: seed.onboardingCompleted,
          modeMask: ['LTL', 'TL', 'DRAY', 'INTL', 'EXP'],
          verified: true,
          createdAt: signedUpAt,
        },
        opts
      )

      const trucks: Truck[] = []
      for (const t of seed.trucks) {
        trucks.push(
          await Truck.create(
            {
              carrierId: carrier.id,
              licensePlate: t.plate,
              truckType: t.type,
              capacity: t.capacity,
              status: t.status ?? 'available',
              currentLocation: `${seed.company.city}, ${seed.company.state}`,
              latitude: seed.company.latitude,
              longitude: seed.company.longitude,
              make: t.make,
              model: t.model,
              year: t.year,
              createdAt: signedUpAt.plus({ days: 1 }),
            },
            opts
          )
        )
      }
      carriers.push({ user, carrier, trucks })
      // The sandbox provider's side of the carrier's connected account.
      await trx.table('sandbox_accounts').insert({
        id: seed.stripeAccountId,
        email: seed.email,
        onboarding_complete: seed.onboardingCompleted,
        payouts_enabled: seed.onboardingCompleted,
        metadata: JSON.stringify({ carrierId: String(carrier.id) }),
        idempotency_key: `carrier-${carrier.id}-account`,
        request_hash: 'demo',
        created_at: signedUpAt.toJSDate(),
        updated_at: signedUpAt.toJSDate(),
      })
    }

    for (const [index, seed] of PENDING_CARRIERS.entries()) {
      const signedUpAt = now.minus({ days: 9 - index * 6, hours: 3 })
      const user = await createUser(seed, 'carrier', false, signedUpAt)
      await Carrier.create(
        {
          userId: user.id,
          ...seed.company,
          stripeOnboardingCompleted: false,
          modeMask: ['LTL', 'TL', 'DRAY', 'INTL', 'EXP'],
          verified: false,
          createdAt: signedUpAt,
        },
        opts
      )
    }

    const shippers: User[] = []
    for (const [index, seed] of SHIPPERS.entries()) {
      shippers.push(
        await createUser(seed, 'shipper', true, now.minus({ days: 365 - index * 10 }), admin.id)
      )
    }

    const listings: Listing[] = []
    for (const lane of LANES) {
      const from: City = CITIES[lane.from]
      const to: City = CITIES[lane.to]
      const owner = carriers[lane.carrier]
      listings.push(
        await Listing.create(
          {
            carrierId: owner.carrier.id,
            truckId: owner.trucks[lane.truck].id,
            pickupAddress: cityAddress(from),
            pickupLatitude: from.lat,
            pickupLongitude: from.lng,
            pickupRadius: lane.pickupRadius,
            deliveryAddress: cityAddress(to),
            deliveryLatitude: to.lat,
            deliveryLongitude: to.lng,
            deliveryRadius: lane.deliveryRadius,
            ratePerMilePerPallet: lane.rate,
            maxPallets: lane.maxPallets,
            availableDate: businessDateColumn(clock, lane.availableInDays),
            status: lane.status,
            originAddress: cityAddress(from),
            originCity: from.city,
            originState: from.state,
            destinationAddress: cityAddress(to),
            destinationCity: to.city,
            destinationState: to.state,
            createdAt: now.minus({ days: 350 }),
          },
          opts
        )
      )
    }

    for (const [index, plan] of BOOKINGS.entries()) {
      const lane = LANES[plan.lane]
      const listing = listings[plan.lane]
      const owner = carriers[lane.carrier]
      const shipper = shippers[plan.shipper]
      const from: City = CITIES[lane.from]
      const to: City = CITIES[lane.to]

      // The product's own distance and price, in integer cents, as POST /api/bookings computes.
      const distance = roadMiles(cityPoint(from), cityPoint(to))
      const rate = lane.rate
      const { totalCents } = priceShipment({
        pallets: plan.pallets,
        distanceMiles: distance,
        rateCents: toCents(rate),
      })
      const totalAmount = fromCents(totalCents)

      const pickupAt = now.minus({ hours: plan.pickupHoursAgo })
      // Booked two days before pickup; a booking for a pickup under two days away was just made
      // (unpaid ones then run against their 30-minute payment deadline).
      const plannedAt = pickupAt.minus({ days: 2, hours: 3 + (index % 5) })
      const createdAt = plannedAt < now ? plannedAt : now.minus({ minutes: 8 + (index % 5) })
      const plannedDeliveryAt = pickupAt.plus({ hours: transitHours(distance) })
      const paid = PAID_STATUSES.includes(plan.status)
      const paymentConfirmedAt = paid ? createdAt.plus({ hours: 1 }) : null
      const deliveredAt = plan.status === 'delivered' ? plannedDeliveryAt : null
      const cancelledAt = plan.status === 'cancelled' ? createdAt.plus({ hours: 20 }) : null
      const payout: PayoutStatus =
        plan.status === 'delivered' ? (plan.payout ?? 'pending') : 'pending'
      const completedAt =
        deliveredAt && plan.completedByShipper ? deliveredAt.plus({ hours: 6 }) : null
      const payoutReleasedAt =
        deliveredAt && (payout === 'paid' || payout === 'released')
          ? (completedAt ?? deliveredAt.plus({ hours: 48 }))
          : null

      const booking = await Booking.create(
        {
          shipperId: shipper.id,
          carrierId: owner.carrier.id,
          truckId: listing.truckId,
          // Finished bookings used an earlier trip's capacity; only open ones hold a current listing.
          listingId: ['delivered', 'cancelled'].includes(plan.status) ? null : listing.id,
          pickupAddress: cityAddress(from),
          pickupCity: from.city,
          pickupState: from.state,
          pickupZip: from.zip,
          pickupLatitude: from.lat,
          pickupLongitude: from.lng,
          deliveryAddress: cityAddress(to),
          deliveryCity: to.city,
          deliveryState: to.state,
          deliveryZip: to.zip,
          deliveryLatitude: to.lat,
          deliveryLongitude: to.lng,
          numberOfPallets: plan.pallets,
          distance,
          ratePerMilePerPallet: rate,
          totalAmount,
          status: plan.status,
          paymentStatus: paid ? 'paid' : 'pending',
          payoutStatus: payout,
          stripePaymentIntentId: paid ? `pi_demo_${pad(index + 1, 6)}` : null,
          stripeTransferId: payout === 'paid' ? `tr_demo_${pad(index + 1, 6)}` : null,
          paymentConfirmedAt,
          payoutReleasedAt,
          payoutFailureReason:
            payout === 'released' && !APPROVED_CARRIERS[lane.carrier].onboardingCompleted
              ? ONBOARDING_HOLD_REASON
              : null,
          pickupDate: businessDateOf(pickupAt),
          deliveryDate: businessDateOf(plannedDeliveryAt),
          specialInstructions: plan.instructions ?? null,
          provider: 'internal',
          pickupWindowStart: pickupAt.set({ minute: 0 }),
          pickupWindowEnd: pickupAt.set({ minute: 0 }).plus({ hours: 4 }),
          pickupConfirmationNumber: paid ? `PU-${pad(index + 1, 6)}` : null,
          pickupConfirmedAt: paid ? createdAt.plus({ hours: 3 }) : null,
          deliveredAt,
          completedAt,
          cancelledAt,
          createdAt,
          updatedAt: cancelledAt ?? completedAt ?? deliveredAt ?? paymentConfirmedAt ?? createdAt,
        },
        opts
      )

      if (paymentConfirmedAt) {
        await recordMoney(trx, booking, owner.carrier.id, {
          paidAt: paymentConfirmedAt,
          releasedAt: payoutReleasedAt,
          transferred: payout === 'paid',
        })
      }

      const history = statusHistory(plan.status, {
        createdAt,
        paymentConfirmedAt,
        cancelledAt,
        pickupAt,
        deliveredAt,
        shipperId: shipper.id,
        carrierUserId: owner.user.id,
      })
      for (const change of history) {
        await BookingStatusChange.create(
          {
            bookingId: booking.id,
            fromStatus: change.from,
            toStatus: change.to,
            changedBy: change.by,
            changedAt: change.at,
            note: change.note ?? null,
          },
          opts
        )
      }

      if (deliveredAt) {
        await Invoice.create(
          {
            bookingId: booking.id,
            invoiceNumber: `INV-${businessDateOf(deliveredAt).year}-${pad(booking.id, 6)}`,
            amount: totalAmount,
            status: 'paid',
            dueDate: businessDateOf(deliveredAt),
            stripePaymentIntentId: booking.stripePaymentIntentId,
            createdAt: deliveredAt,
          },
          opts
        )
      }
    }

    // Each listing's capacity must agree with its open bookings, as search and booking expect.
    for (const listing of listings) {
      const row = await trx
        .from('bookings')
        .where('listing_id', listing.id)
        .whereNot('status', 'cancelled')
        .sum('number_of_pallets as pallets')
        .first()
      const booked = Number(row?.pallets ?? 0)
      const truck = await Truck.findOrFail(listing.truckId!, opts)
      if (listing.status === 'booked') {
        if (booked > 0) listing.maxPallets = booked
        else listing.status = 'active'
      } else if (listing.status === 'active' && booked >= listing.maxPallets) {
        listing.maxPallets = Math.max(booked, Math.min(truck.capacity, booked + 6))
        if (booked >= listing.maxPallets) listing.status = 'booked'
      }
      listing.useTransaction(trx)
      await listing.save()
    }
  }
}
