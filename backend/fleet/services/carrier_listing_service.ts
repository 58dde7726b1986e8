import type { Infer } from '@vinejs/vine/types'
import type { createListingValidator } from '#fleet/validators/listing'
import { inject } from '@adonisjs/core'
import emitter from '@adonisjs/core/services/emitter'
import Listing, { type ListingStatus } from '#fleet/models/listing'
import Truck from '#fleet/models/truck'
import CarrierProfileService from '#fleet/services/carrier_profile_service'
import { FleetBookings } from '#fleet/contracts/fleet_bookings'
import { sqlTimestamp } from '#core/timestamps'
import { Clock } from '#core/clock'
import { rowCount } from '#core/transactions'
import geocoding from '#plugins/geocoding/services/main'
import { ConflictException, NotFoundException } from '#core/exceptions/http_errors'
import { validationError, type FieldError } from '#core/validation'
import { fromCents, toCents } from '#core/money'

/** The listing form as its validator delivers it (the date already a business day). */
export type ListingInput = Infer<typeof createListingValidator>

export type ListingView = {
  id: number
  truckId: number | null
  truck: {
    id: number
    make: string | null
    model: string | null
    year: number | null
    licensePlate: string
    capacity: number
    truckType: string
  } | null
  pickupAddress: string
  pickupRadius: number
  deliveryAddress: string
  deliveryRadius: number
  originAddress: string | null
  originCity: string | null
  originState: string | null
  destinationAddress: string | null
  destinationCity: string | null
  destinationState: string | null
  pickupLatitude: number | null
  pickupLongitude: number | null
  deliveryLatitude: number | null
  deliveryLongitude: number | null
  ratePerMilePerPallet: number
  maxPallets: number
  bookedPallets: number
  availablePallets: number
  availableDate: string | null
  status: ListingStatus
  createdAt: string
}

/** Form defaults of docs/spec.md §5 when the radius is not sent. */
export const DEFAULT_PICKUP_RADIUS = 100
export const DEFAULT_DELIVERY_RADIUS = 80

export const SELECT_TRUCK_MESSAGE = 'Please select a truck'
export const LISTING_NOT_FOUND = 'Listing not found'
export const capacityMessage = (capacity: number) =>
  `Max pallets cannot exceed the truck's capacity of ${capacity} pallets`

/** Upper bound of a carrier's listing list. */
const LISTINGS_LIMIT = 500

/** The carrier's capacity listings: creation with offline geocoding, archive and reactivate. */
@inject()
export default class CarrierListingService {
  constructor(
    private carriers: CarrierProfileService,
    private bookings: FleetBookings,
    private clock: Clock
  ) {}

  async listForUser(userId: number, filter: { status?: ListingStatus; limit?: number } = {}) {
    const carrierId = await this.carriers.requireCarrierId(userId)
    return this.list(carrierId, filter)
  }

  /** The carrier's listings, newest first. */
  async list(
    carrierId: number,
    filter: { status?: ListingStatus; limit?: number } = {}
  ): Promise<ListingView[]> {
    const query = Listing.query()
      .where('carrierId', carrierId)
      .preload('truck')
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(Math.min(filter.limit ?? LISTINGS_LIMIT, LISTINGS_LIMIT))
    if (filter.status) query.where('status', filter.status)
    return this.present(await query)
  }

  /**
   * Checks the truck and capacity, geocodes both addresses offline, and stores the listing
   * with its points and the place names. Every problem is reported at once, as a 422.
   */
  async create(userId: number, input: ListingInput): Promise<ListingView> {
    const carrierId = await this.carriers.requireCarrierId(userId)
    const errors: FieldError[] = []

    const truck = await Truck.query()
      .where('id', input.truckId)
      .where('carrierId', carrierId)
      .first()
    if (!truck) {
      errors.push({ field: 'truckId', message: SELECT_TRUCK_MESSAGE, rule: 'exists' })
    } else if (input.maxPallets > truck.capacity) {
      errors.push({ field: 'maxPallets', message: capacityMessage(truck.capacity), rule: 'max' })
    }

    const [pickup, delivery] = await Promise.all([
      geocoding.geocode(input.pickupAddress),
      geocoding.geocode(input.deliveryAddress),
    ])
    if (!pickup.ok)
      errors.push({ field: 'pickupAddress', message: pickup.message, rule: 'geocode' })
    if (!delivery.ok) {
      errors.push({ field: 'deliveryAddress', message: delivery.message, rule: 'geocode' })
    }
    if (errors.length || !truck || !pickup.ok || !delivery.ok) throw validationError(errors)

    const listing = await Listing.create({
      carrierId,
      truckId: truck.id,
      pickupAddress: input.pickupAddress,
      pickupLatitude: pickup.place.latitude,
      pickupLongitude: pickup.place.longitude,
      pickupRadius: input.pickupRadius ?? DEFAULT_PICKUP_RADIUS,
      deliveryAddress: input.deliveryAddress,
      deliveryLatitude: delivery.place.latitude,
      deliveryLongitude: delivery.place.longitude,
      deliveryRadius: input.deliveryRadius ?? DEFAULT_DELIVERY_RADIUS,
      ratePerMilePerPallet: fromCents(toCents(input.ratePerMilePerPallet)),
      maxPallets: input.maxPallets,
      availableDate: input.availableDate,
      status: 'active',
      originAddress: pickup.place.label,
      originCity: pickup.place.city,
      originState: pickup.place.state,
      destinationAddress: delivery.place.label,
      destinationCity: delivery.place.city,
      destinationState: delivery.place.state,
    })
    listing.$setRelated('truck', truck)
    const [view] = await this.present([listing])
    await emitter.emit('capacity:published', { listingId: listing.id })
    return view
  }

  /**
   * What shippers' saved searches match a published listing on (docs/decisions/0239): its
   * points, states and ZIPs (geocoded again, offline), truck type, pallets and day. Null when
   * the listing is gone or no longer active.
   */
  async publishedFacts(listingId: number) {
    const listing = await Listing.query().where('id', listingId).preload('truck').first()
    if (!listing || listing.status !== 'active') return null
    const [pickup, delivery] = await Promise.all([
      geocoding.geocode(listing.pickupAddress),
      geocoding.geocode(listing.deliveryAddress),
    ])
    const side = (
      found: typeof pickup,
      latitude: number | null,
      longitude: number | null,
      city: string | null,
      state: string | null
    ) => ({
      postal: found.ok ? found.place.zip : null,
      city: city ?? (found.ok ? found.place.city : null),
      state: state ?? (found.ok ? found.place.state : null),
      latitude,
      longitude,
    })
    return {
      id: listing.id,
      carrierId: listing.carrierId,
      origin: side(
        pickup,
        listing.pickupLatitude,
        listing.pickupLongitude,
        listing.originCity,
        listing.originState
      ),
      destination: side(
        delivery,
        listing.deliveryLatitude,
        listing.deliveryLongitude,
        listing.destinationCity,
        listing.destinationState
      ),
      truckType: listing.truck?.truckType ?? null,
      maxPallets: listing.maxPallets,
      availableDate: listing.availableDate ? listing.availableDate.toISODate() : null,
    }
  }

  /**
   * Archive (active → expired) and reactivate (expired → active). A booked listing belongs to
   * its bookings and is not the carrier's to change; a full listing cannot be reopened. The
   * update is conditional on the status read, so concurrent changes cannot both apply.
   * ListingPolicy has already checked the listing is the carrier's own.
   */
  async changeStatus(listingId: number, to: 'active' | 'expired'): Promise<ListingView> {
    const listing = await Listing.find(listingId)
    if (!listing) throw new NotFoundException(LISTING_NOT_FOUND)
    const from = listing.status
    if (from === 'booked') throw new ConflictException('A booked listing cannot be changed')
    if (from === to) throw new ConflictException(`The listing is already ${to}`)
    if (to === 'active') {
      const booked = (await this.bookings.bookedPalletsByListing([listing.id])).get(listing.id) ?? 0
      if (booked >= listing.maxPallets) {
        throw new ConflictException('This listing has no pallets left to offer')
      }
    }
    const query = Listing.query().where('id', listing.id).where('status', from)
    const updated = await query.update({
      status: to,
      updatedAt: sqlTimestamp(this.clock.now(), query.client),
    })
    if (rowCount(updated) !== 1) {
      throw new ConflictException('The listing changed meanwhile; reload and try again')
    }
    const fresh = await Listing.query().where('id', listing.id).preload('truck').firstOrFail()
    const [view] = await this.present([fresh])
    return view
  }

  /** The carrier's newest listings, for its dashboard. */
  async latest(carrierId: number, count: number) {
    return this.list(carrierId, { limit: count })
  }

  private async present(listings: Listing[]): Promise<ListingView[]> {
    const booked = await this.bookings.bookedPalletsByListing(listings.map((l) => l.id))
    return listings.map((l) => toListingView(l, booked.get(l.id) ?? 0))
  }
}

export function toListingView(l: Listing, bookedPallets: number): ListingView {
  const truck = l.truck ?? null
  return {
    id: l.id,
    truckId: l.truckId,
    truck: truck
      ? {
          id: truck.id,
          make: truck.make,
          model: truck.model,
          year: truck.year,
          licensePlate: truck.licensePlate,
          capacity: truck.capacity,
          truckType: truck.truckType,
        }
      : null,
    pickupAddress: l.pickupAddress,
    pickupRadius: l.pickupRadius,
    deliveryAddress: l.deliveryAddress,
    deliveryRadius: l.deliveryRadius,
    originAddress: l.originAddress,
    originCity: l.originCity,
    originState: l.originState,
    destinationAddress: l.destinationAddress,
    destinationCity: l.destinationCity,
    destinationState: l.destinationState,
    pickupLatitude: l.pickupLatitude,
    pickupLongitude: l.pickupLongitude,
    deliveryLatitude: l.deliveryLatitude,
    deliveryLongitude: l.deliveryLongitude,
    ratePerMilePerPallet: fromCents(toCents(l.ratePerMilePerPallet)),
    maxPallets: l.maxPallets,
    bookedPallets,
    availablePallets: Math.max(0, l.maxPallets - bookedPallets),
    availableDate: l.availableDate ? l.availableDate.toISODate() : null,
    status: l.status,
    createdAt: l.createdAt.toUTC().toISO()!,
  }
}
