import { inject } from '@adonisjs/core'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DateTime } from 'luxon'
import Booking from '#marketplace/models/booking'
import { Clock } from '#core/clock'
import { fromCents } from '#core/money'
import type { FreightDetails } from '#core/freight_details'
import { recordBookingCreated } from '#marketplace/services/booking_created'
import { DispatchVetting, type VettingSnapshot } from '#marketplace/contracts/dispatch_vetting'

type Stop = {
  address: string
  city: string
  state: string
  zip: string
  latitude: number
  longitude: number
}

/** A freight-board load a carrier claimed: the booking carries its lane and its price exactly. */
export type ClaimedLoadBooking = {
  shipperId: number
  carrierId: number
  claimedByUserId: number
  pickup: Stop
  delivery: Stop
  pallets: number
  /** the load's declared weight, printed on its bill of lading */
  weightLbs: number | null
  distanceMiles: number
  totalCents: number
  pickupDate: DateTime | null
  deliveryDate: DateTime | null
  specialInstructions: string | null
  /** the load's freight, density and class included; null on loads posted before it */
  freightDetails: FreightDetails | null
  /** the claimant's vetting, from `vetClaimant` before the claim's transaction */
  vettingSnapshot: VettingSnapshot | null
}

/** The booking a freight-board claim makes (docs/decisions/0061). */
@inject()
export default class ClaimedLoadBookingService {
  constructor(
    private clock: Clock,
    private vetting: DispatchVetting
  ) {}

  /**
   * Which of these claimed loads' bookings are paid (from the load's funding or by the shipper's
   * card after the claim): My Posted Loads offers Pay now only for the others.
   */
  async paidBookingIds(bookingIds: number[]): Promise<Set<number>> {
    if (bookingIds.length === 0) return new Set()
    const rows = await Booking.query()
      .whereIn('id', bookingIds)
      .where('paymentStatus', 'paid')
      .select('id')
    return new Set(rows.map((row) => row.id))
  }

  /** Re-check at dispatch (docs/decisions/0091): refuses a carrier whose vetting fails. */
  vetClaimant(carrierId: number): Promise<VettingSnapshot> {
    return this.vetting.recheck(carrierId, 'carrier')
  }

  /**
   * The booking of a claimed freight-board load, inside the claim's transaction: no capacity
   * listing and no truck behind it (the carrier assigns one when it moves the load), the load's
   * price as the total, awaiting the shipper's payment like any new booking (docs/decisions/0061).
   */
  async create(load: ClaimedLoadBooking, trx: TransactionClientContract) {
    const now = this.clock.now()
    const palletMiles = load.pallets * load.distanceMiles
    const rateCents = palletMiles > 0 ? Math.round(load.totalCents / palletMiles) : 0
    const booking = await Booking.create(
      {
        shipperId: load.shipperId,
        carrierId: load.carrierId,
        truckId: null,
        listingId: null,
        bookingType: 'freight_board',
        pickupAddress: load.pickup.address,
        pickupCity: load.pickup.city,
        pickupState: load.pickup.state,
        pickupZip: load.pickup.zip,
        pickupLatitude: load.pickup.latitude,
        pickupLongitude: load.pickup.longitude,
        deliveryAddress: load.delivery.address,
        deliveryCity: load.delivery.city,
        deliveryState: load.delivery.state,
        deliveryZip: load.delivery.zip,
        deliveryLatitude: load.delivery.latitude,
        deliveryLongitude: load.delivery.longitude,
        numberOfPallets: load.pallets,
        weightLbs: load.weightLbs,
        distance: load.distanceMiles,
        ratePerMilePerPallet: fromCents(rateCents),
        totalAmount: fromCents(load.totalCents),
        status: 'pending',
        paymentStatus: 'pending',
        payoutStatus: 'pending',
        pickupDate: load.pickupDate,
        deliveryDate: load.deliveryDate,
        specialInstructions: load.specialInstructions,
        freightDetails: load.freightDetails,
        idempotencyKey: null,
        vettingSnapshot: load.vettingSnapshot,
        createdAt: now,
        updatedAt: now,
      },
      { client: trx }
    )
    await recordBookingCreated(trx, booking.id, {
      by: load.claimedByUserId,
      at: now,
      note: 'Claimed on the freight board',
    })
    return booking.id
  }
}
