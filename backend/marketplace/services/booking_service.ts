import { inject } from '@adonisjs/core'
import emitter from '@adonisjs/core/services/emitter'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { Infer } from '@vinejs/vine/types'
import type { DateTime } from 'luxon'
import Booking from '#marketplace/models/booking'
import { recordBookingCreated } from '#marketplace/services/booking_created'
import BookingStatusService from '#marketplace/services/booking_status_service'
import type { createBookingValidator } from '#marketplace/validators/booking'
import ListingCapacityService from '#fleet/services/listing_capacity_service'
import CarrierProfileService from '#fleet/services/carrier_profile_service'
import { Clock } from '#core/clock'
import { rowCount, transaction } from '#core/transactions'
import { invalidationBus } from '#core/invalidation_bus'
import { roadMiles } from '#core/geo'
import { fromCents, toCents } from '#core/money'
import { ConflictException, NotFoundException } from '#core/exceptions/http_errors'
import { validationError } from '#core/validation'
import { priceShipment } from '#marketplace/services/pricing'
import { availablePallets, matchShipment } from '#marketplace/services/search_match'
import { placeShipment } from '#marketplace/services/search_places'
import { businessToday, isoDay, toDateColumn } from '#core/business_time'
import { bookingReference } from '#core/reference'
import { bookingFreightOf } from '#core/freight_details'
import { PALLET_WEIGHT_LBS } from '#core/load_rules'
import {
  cancellationQuote,
  LATE_CANCEL_WINDOW_HOURS,
  type CancellationFacts,
} from '#marketplace/cancellation_policy'
import { sqlTimestamp } from '#core/timestamps'
import CarrierIdentityService, {
  type CarrierProfile,
} from '#marketplace/services/carrier_identity_service'
import CarrierShownToShipper, {
  UNASSIGNED_CARRIER,
  type CarrierShown,
} from '#marketplace/services/carrier_shown_to_shipper'
import { presentBooking, type ShipperBooking } from '#marketplace/services/booking_presenter'
import { BookingPayments } from '#marketplace/contracts/booking_payments'
import { DispatchVetting } from '#marketplace/contracts/dispatch_vetting'
import { BookingAccessorials } from '#marketplace/contracts/booking_accessorials'

export type CreateBookingInput = Infer<typeof createBookingValidator>

/** The signed-in user asking. */
export type Requester = {
  id: number
  role: string
  /** the company member asking as `id` (decision 0223): the reveal log records them */
  actorUserId?: number | null
  /** a carrier's driver member: only the bookings assigned to this login (decision 0237) */
  driverUserId?: number | null
}

/** Lists are bounded: the newest this many bookings. */
export const MAX_LISTED_BOOKINGS = 500

export const LISTING_UNAVAILABLE = 'This listing is no longer available'
export const BOOKING_NOT_FOUND = 'Booking not found'

/**
 * Fixed-price booking of a capacity listing, the shipper's and carrier's booking lists,
 * completion and cancellation. Prices and statuses are always the server's own.
 */
@inject()
export default class BookingService {
  constructor(
    private clock: Clock,
    private capacity: ListingCapacityService,
    private carrierProfiles: CarrierProfileService,
    private identities: CarrierIdentityService,
    private statuses: BookingStatusService,
    private carrierShown: CarrierShownToShipper,
    private payments: BookingPayments,
    private vetting: DispatchVetting,
    private accessorials: BookingAccessorials
  ) {}

  /**
   * Books pallets on a listing at the listing's price. The shipment is placed and checked
   * against the listing, and the pallets reserved, inside one transaction that holds the
   * listing row (docs/decisions/0024): two shippers can never book the same last pallets.
   */
  /**
   * With an idempotency key, a booking this shipper already made with that key is returned
   * instead of a new one: the retry of a request whose answer was lost books nothing more.
   */
  async create(
    shipperId: number,
    input: CreateBookingInput,
    options: { idempotencyKey?: string } = {}
  ): Promise<ShipperBooking> {
    const places = await placeShipment(input.pickupAddress, input.deliveryAddress)
    const pickup = { latitude: places.pickup.latitude, longitude: places.pickup.longitude }
    const delivery = { latitude: places.delivery.latitude, longitude: places.delivery.longitude }
    const distance = roadMiles(pickup, delivery)
    // Re-check at dispatch, before the listing is locked: the census may be a network call.
    const carrierId = await this.capacity.carrierOf(input.listingId)
    const vetting = carrierId === null ? null : await this.vetting.recheck(carrierId, 'shipper')
    const asked = input.accessorials ?? []
    const refused = await this.accessorials.refusals(asked)
    if (refused.length) {
      throw validationError(
        refused.map((r) => ({ field: 'accessorials', message: r.message, rule: 'accessorial' }))
      )
    }

    // A BEGIN or COMMIT lost with its connection throws (docs/decisions/0168).
    const bookingId = await transaction(async (trx) => {
      const listing = await this.capacity.lock(input.listingId, trx)
      if (options.idempotencyKey) {
        const earlier = await Booking.query({ client: trx })
          .where('shipperId', shipperId)
          .where('idempotencyKey', options.idempotencyKey)
          .select('id')
          .first()
        if (earlier) return earlier.id
      }
      if (!listing) throw new NotFoundException('Listing not found')
      if (listing.status !== 'active' || !listing.carrierApproved) {
        throw new ConflictException(LISTING_UNAVAILABLE)
      }
      const bookedPallets = (await this.bookedPallets([listing.id], trx)).get(listing.id) ?? 0
      const facts = { ...listing, bookedPallets }
      const match = matchShipment(facts, {
        pickup,
        delivery,
        pallets: input.numberOfPallets,
        pickupDate: input.pickupDate,
      })
      if (!match.ok) {
        switch (match.reason) {
          case 'pickup_out_of_radius':
            throw validationError([
              {
                field: 'pickupAddress',
                message: 'This carrier does not serve this pickup location',
                rule: 'serviceArea',
              },
            ])
          case 'delivery_out_of_radius':
            throw validationError([
              {
                field: 'deliveryAddress',
                message: 'This carrier does not serve this delivery location',
                rule: 'serviceArea',
              },
            ])
          case 'not_yet_available':
            throw validationError([
              {
                field: 'pickupDate',
                message: `This carrier is available from ${listing.availableDate}`,
                rule: 'availableDate',
              },
            ])
          case 'not_enough_capacity': {
            const left = availablePallets(facts)
            throw new ConflictException(
              left > 0
                ? `Only ${left} ${left === 1 ? 'pallet is' : 'pallets are'} left on this listing`
                : LISTING_UNAVAILABLE
            )
          }
          default:
            throw new ConflictException(LISTING_UNAVAILABLE)
        }
      }

      const price = priceShipment({
        pallets: input.numberOfPallets,
        distanceMiles: distance,
        rateCents: toCents(listing.ratePerMilePerPallet),
      })
      const now = this.clock.now()
      // What the freight is, its class computed here from the booking's weight and pallets
      // (docs/decisions/0257); a weight not given is the default pallet's, as a posted load's.
      const declared = input.freight || (input.weightLbs ?? null) !== null
      const weightLbs = declared
        ? (input.weightLbs ?? input.numberOfPallets * PALLET_WEIGHT_LBS)
        : null
      const booking = await Booking.create(
        {
          shipperId,
          carrierId: listing.carrierId,
          truckId: listing.truckId,
          listingId: listing.id,
          bookingType: 'listing',
          pickupAddress: places.pickup.label,
          pickupCity: places.pickup.city,
          pickupState: places.pickup.state,
          pickupZip: places.pickup.zip,
          pickupLatitude: pickup.latitude,
          pickupLongitude: pickup.longitude,
          deliveryAddress: places.delivery.label,
          deliveryCity: places.delivery.city,
          deliveryState: places.delivery.state,
          deliveryZip: places.delivery.zip,
          deliveryLatitude: delivery.latitude,
          deliveryLongitude: delivery.longitude,
          numberOfPallets: input.numberOfPallets,
          distance,
          ratePerMilePerPallet: listing.ratePerMilePerPallet,
          totalAmount: fromCents(price.totalCents),
          status: 'pending',
          paymentStatus: 'pending',
          payoutStatus: 'pending',
          pickupDate: toDateColumn(input.pickupDate),
          deliveryDate: toDateColumn(input.deliveryDate),
          specialInstructions: input.specialInstructions ?? null,
          weightLbs,
          freightDetails:
            weightLbs === null
              ? null
              : bookingFreightOf(input.freight, { weightLbs, pallets: input.numberOfPallets }),
          idempotencyKey: options.idempotencyKey ?? null,
          vettingSnapshot: vetting,
          createdAt: now,
          updatedAt: now,
        },
        { client: trx }
      )
      await recordBookingCreated(trx, booking.id, { by: shipperId, at: now, note: null })
      await this.accessorials.request(booking.id, shipperId, asked, now, trx)
      if (bookedPallets + input.numberOfPallets >= listing.maxPallets) {
        await this.capacity.markBooked(listing.id, trx)
      }
      return booking.id
    })
    // Search answers on every instance drop these pallets now, not at their version's next read.
    await invalidationBus.publish('search')
    return this.findFor({ id: shipperId, role: 'shipper' }, bookingId)
  }

  /** Pallets held on each listing by its non-cancelled bookings. */
  async bookedPallets(listingIds: number[], client?: QueryClientContract) {
    const booked = new Map<number, number>()
    if (listingIds.length === 0) return booked
    const rows = await (client ?? db)
      .from('bookings')
      .whereIn('listing_id', listingIds)
      .whereNot('status', 'cancelled')
      .groupBy('listing_id')
      .select('listing_id')
      .sum('number_of_pallets as pallets')
    for (const row of rows) booked.set(Number(row.listing_id), Number(row.pallets))
    return booked
  }

  /** The requester's bookings, newest first: a shipper's own, or a carrier's company's. */
  async listFor(requester: Requester): Promise<ShipperBooking[]> {
    const owner = await this.owner(requester)
    if (!owner) return []
    const query = Booking.query()
      .where(owner.column, owner.id)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(MAX_LISTED_BOOKINGS)
    if (owner.column === 'carrierId' && requester.driverUserId) {
      query.where('driverUserId', requester.driverUserId)
    }
    return this.present(requester, await query)
  }

  /** The carrier company of a booking; null when there is no such booking or no carrier yet. */
  async carrierOf(bookingId: number): Promise<number | null> {
    const booking = await Booking.query().where('id', bookingId).select('carrierId').first()
    return booking?.carrierId ?? null
  }

  /** The shipper (user id) of a booking; null when there is no such booking. */
  async shipperOf(bookingId: number): Promise<number | null> {
    const booking = await Booking.query().where('id', bookingId).select('shipperId').first()
    return booking?.shipperId ?? null
  }

  /** One booking as the requester sees it; BookingPolicy has already checked they are a party. */
  async findFor(requester: Requester, bookingId: number): Promise<ShipperBooking> {
    const booking = await this.find(bookingId)
    const [presented] = await this.present(requester, [booking])
    return presented
  }

  /**
   * The shipper confirms a delivered shipment (docs/spec.md §4). The conditional update makes
   * a double click complete it once; `booking:completed` tells payments to release the payout.
   * BookingPolicy has already checked the booking is this shipper's.
   */
  async complete(shipperId: number, bookingId: number): Promise<ShipperBooking> {
    const requester = { id: shipperId, role: 'shipper' }
    const booking = await this.find(bookingId)
    if (booking.completedAt) throw new ConflictException('This shipment is already completed')
    if (booking.status !== 'delivered') {
      throw new ConflictException('Only a delivered shipment can be completed')
    }
    const now = this.clock.now()
    const stamp = sqlTimestamp(now, db.connection())
    const updated = await db
      .from('bookings')
      .where('id', booking.id)
      .where('status', 'delivered')
      .whereNull('completed_at')
      .update({ completed_at: stamp, updated_at: stamp })
    if (rowCount(updated) !== 1) {
      throw new ConflictException('This shipment is already completed')
    }
    await emitter.emit('booking:completed', {
      bookingId: booking.id,
      shipperId,
      completedAt: now.toISO()!,
    })
    return this.findFor(requester, booking.id)
  }

  /**
   * The shipper cancels through the status machine (allowed before the truck rolls).
   * BookingPolicy has already checked the booking is this shipper's.
   */
  async cancel(
    shipperId: number,
    bookingId: number,
    memberUserId: number | null = null
  ): Promise<ShipperBooking> {
    const requester = { id: shipperId, role: 'shipper' }
    const booking = await this.find(bookingId)
    // The policy's outcome is computed again from the booking as the change reads it, so
    // what is applied is the server's own figure at this moment (docs/decisions/0178).
    await this.statuses.change(
      booking.id,
      'cancelled',
      { userId: shipperId, role: 'shipper', memberUserId },
      {
        also: (current) => ({
          cancellation_fee_cents: cancellationQuote(this.cancellationFacts(current), 'shipper')
            .feeCents,
        }),
      }
    )
    return this.findFor(requester, booking.id)
  }

  /**
   * GET /api/bookings/:id/cancellation: what cancelling the booking now would do (the refund
   * and when it lands, the late-cancel fee and its split, the load). BookingPolicy has already
   * checked the booking is this shipper's.
   */
  async cancellationQuote(bookingId: number) {
    const booking = await this.find(bookingId)
    return {
      bookingId: booking.id,
      reference: bookingReference(booking.id),
      lateCancelWindowHours: LATE_CANCEL_WINDOW_HOURS,
      ...cancellationQuote(this.cancellationFacts(booking), 'shipper'),
    }
  }

  private cancellationFacts(booking: Booking): CancellationFacts {
    return {
      status: booking.status,
      paymentStatus: booking.paymentStatus,
      totalCents: toCents(booking.totalAmount ?? 0),
      pickupDate: isoDay(booking.pickupDate),
      pickupWindowStartMs: booking.pickupWindowStart?.toMillis() ?? null,
      freightBoard: booking.bookingType === 'freight_board',
      today: businessToday(this.clock),
      nowMs: this.clock.nowMillis(),
    }
  }

  /**
   * After a cancellation: a listing that was full goes back on the market when the freed
   * pallets leave room. Locked like a booking, so it cannot race one.
   */
  async releaseCapacity(bookingId: number): Promise<void> {
    const booking = await Booking.find(bookingId)
    if (!booking?.listingId) return
    const listingId = booking.listingId
    await transaction(async (trx) => {
      const listing = await this.capacity.lock(listingId, trx)
      if (!listing || listing.status !== 'booked') return
      const booked = (await this.bookedPallets([listingId], trx)).get(listingId) ?? 0
      if (booked < listing.maxPallets) await this.capacity.reopen(listingId, trx)
    })
  }

  /** Whose bookings the requester may see: a shipper its own, a carrier its company's. */
  private async owner(requester: Requester) {
    if (requester.role === 'shipper') return { column: 'shipperId', id: requester.id } as const
    if (requester.role === 'carrier') {
      const carrier = await this.carrierProfiles.findByUserId(requester.id)
      if (carrier) return { column: 'carrierId', id: carrier.id } as const
    }
    return null
  }

  private async find(bookingId: number): Promise<Booking> {
    const booking = await Booking.find(bookingId)
    if (!booking) throw new NotFoundException(BOOKING_NOT_FOUND)
    return booking
  }

  private async present(requester: Requester, bookings: Booking[]): Promise<ShipperBooking[]> {
    const ownCompany =
      requester.role === 'carrier'
        ? ((await this.carrierProfiles.findByUserId(requester.id))?.companyName ?? '')
        : null
    const isShipper = requester.role === 'shipper'
    const shown = isShipper
      ? await this.carrierShown.forBookings(requester, bookings)
      : new Map<number, CarrierShown>()
    const profiles = isShipper
      ? new Map<number, CarrierProfile>()
      : await this.identities.profiles(
          bookings.map((b) => b.carrierId).filter((id): id is number => id !== null)
        )
    const failures = isShipper
      ? await this.payments.failureMessages(
          bookings.filter((b) => b.paymentStatus === 'pending').map((b) => b.id)
        )
      : new Map<number, string>()
    const completable = isShipper
      ? bookings.filter((b) => b.status === 'delivered' && !b.completedAt && b.carrierId !== null)
      : []
    const heldUntil = await this.payments.payoutHeldUntil(
      completable.map((b) => b.carrierId!).filter((id, i, all) => all.indexOf(id) === i)
    )
    const autoReleaseAt = (deliveredAt: DateTime) => this.payments.autoReleaseAt(deliveredAt)
    return bookings.map((booking) => {
      const forShipper = shown.get(booking.id)
      const profile =
        forShipper?.profile ??
        (booking.carrierId === null ? null : (profiles.get(booking.carrierId) ?? null))
      return presentBooking(booking, {
        viewer: requester.role === 'carrier' ? 'carrier' : 'shipper',
        carrierName: ownCompany ?? forShipper?.name ?? profile?.label ?? UNASSIGNED_CARRIER,
        carrierProfile: profile,
        carrier: forShipper?.identity ?? null,
        paymentFailureMessage: failures.get(booking.id) ?? null,
        paymentDueAt: (createdAt) => this.payments.paymentDueAt(createdAt),
        payout: {
          autoReleaseAt,
          heldUntil: booking.carrierId === null ? null : (heldUntil.get(booking.carrierId) ?? null),
        },
      })
    })
  }
}
