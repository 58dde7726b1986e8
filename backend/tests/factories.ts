/*
 * Domain factories for tests: trucks, capacity listings and bookings straight in the database,
 * with consistent coordinates, distance and price. Tests may import any model.
 */
import { DateTime } from 'luxon'
import type User from '#accounts/models/user'
import Carrier from '#fleet/models/carrier'
import Truck from '#fleet/models/truck'
import Listing from '#fleet/models/listing'
import Booking from '#marketplace/models/booking'
import FreightListing from '#freight_board/models/freight_listing'
import { roadMiles } from '#core/geo'
import { fromCents, toCents } from '#core/money'
import { businessDateFromToday } from '#tests/helpers'

export const PLACES = {
  chicago: {
    address: 'Chicago, IL',
    city: 'Chicago',
    state: 'IL',
    zip: null,
    latitude: 41.8781,
    longitude: -87.6298,
  },
  detroit: {
    address: 'Detroit, MI 48201',
    city: 'Detroit',
    state: 'MI',
    zip: '48201',
    latitude: 42.3474,
    longitude: -83.0604,
  },
  milwaukee: {
    address: 'Milwaukee, WI',
    city: 'Milwaukee',
    state: 'WI',
    zip: null,
    latitude: 43.0389,
    longitude: -87.9065,
  },
  indianapolis: {
    address: 'Indianapolis, IN',
    city: 'Indianapolis',
    state: 'IN',
    zip: null,
    latitude: 39.7684,
    longitude: -86.1581,
  },
  dallas: {
    address: 'Dallas, TX',
    city: 'Dallas',
    state: 'TX',
    zip: null,
    latitude: 32.7767,
    longitude: -96.797,
  },
  houston: {
    address: 'Houston, TX',
    city: 'Houston',
    state: 'TX',
    zip: null,
    latitude: 29.7604,
    longitude: -95.3698,
  },
} as const

export type PlaceKey = keyof typeof PLACES

export async function carrierOf(user: User) {
  return Carrier.findByOrFail('userId', user.id)
}

export async function makeTruck(carrierUser: User, overrides: Partial<Truck> = {}) {
  const carrier = await carrierOf(carrierUser)
  return Truck.create({
    carrierId: carrier.id,
    make: 'Freightliner',
    model: 'M2 106',
    year: 2021,
    licensePlate: `IL-${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
    capacity: 12,
    truckType: 'dry_van',
    status: 'available',
    ...overrides,
  })
}

export async function makeListing(
  carrierUser: User,
  options: {
    truck?: Truck
    from?: PlaceKey
    to?: PlaceKey
    pickupRadius?: number
    deliveryRadius?: number
    rate?: number
    maxPallets?: number
    availableDate?: DateTime
    status?: 'active' | 'booked' | 'expired'
  } = {}
) {
  const carrier = await carrierOf(carrierUser)
  const truck = options.truck ?? (await makeTruck(carrierUser))
  const from = PLACES[options.from ?? 'chicago']
  const to = PLACES[options.to ?? 'detroit']
  return Listing.create({
    carrierId: carrier.id,
    truckId: truck.id,
    pickupAddress: from.address,
    pickupLatitude: from.latitude,
    pickupLongitude: from.longitude,
    pickupRadius: options.pickupRadius ?? 100,
    deliveryAddress: to.address,
    deliveryLatitude: to.latitude,
    deliveryLongitude: to.longitude,
    deliveryRadius: options.deliveryRadius ?? 80,
    ratePerMilePerPallet: options.rate ?? 2.5,
    maxPallets: options.maxPallets ?? Math.min(10, truck.capacity),
    availableDate: options.availableDate ?? businessDateFromToday(0),
    status: options.status ?? 'active',
    originAddress: from.address,
    originCity: from.city,
    originState: from.state,
    destinationAddress: to.address,
    destinationCity: to.city,
    destinationState: to.state,
  })
}

/** A booking on a listing, priced as the server prices it (pallets × miles × rate × 1.09). */
export async function makeBooking(
  shipper: User,
  listing: Listing,
  overrides: Partial<Booking> & { pallets?: number } = {}
) {
  const { pallets = 2, ...rest } = overrides
  const pickup = { latitude: listing.pickupLatitude!, longitude: listing.pickupLongitude! }
  const delivery = { latitude: listing.deliveryLatitude!, longitude: listing.deliveryLongitude! }
  const distance = roadMiles(pickup, delivery)
  const lineHaulCents = Math.round(pallets * distance * toCents(listing.ratePerMilePerPallet))
  const totalCents = Math.round(lineHaulCents * 1.09)
  return Booking.create({
    shipperId: shipper.id,
    carrierId: listing.carrierId,
    truckId: listing.truckId,
    listingId: listing.id,
    pickupAddress: listing.pickupAddress,
    pickupCity: listing.originCity,
    pickupState: listing.originState,
    pickupLatitude: pickup.latitude,
    pickupLongitude: pickup.longitude,
    deliveryAddress: listing.deliveryAddress,
    deliveryCity: listing.destinationCity,
    deliveryState: listing.destinationState,
    deliveryLatitude: delivery.latitude,
    deliveryLongitude: delivery.longitude,
    numberOfPallets: pallets,
    distance,
    ratePerMilePerPallet: listing.ratePerMilePerPallet,
    totalAmount: fromCents(totalCents),
    status: 'booked',
    paymentStatus: 'paid',
    pickupDate: businessDateFromToday(2),
    deliveryDate: businessDateFromToday(3),
    ...rest,
  })
}

/**
 * An open freight-board load posted by `shipper`, Chicago 60601 to Detroit 48201 unless told
 * otherwise, priced at `price` dollars (default $900), expiring a week after `now`.
 */
export async function makeFreightListing(
  shipper: User,
  overrides: Partial<FreightListing> & { price?: number } = {}
) {
  const { price = 900, ...rest } = overrides
  const origin = { latitude: 41.8858, longitude: -87.6181 }
  const destination = { latitude: 42.3478, longitude: -83.0603 }
  const now = DateTime.now()
  return FreightListing.create({
    shipperId: shipper.id,
    originPostal: '60601',
    originCity: 'Chicago',
    originState: 'IL',
    originAddress: null,
    originLatitude: origin.latitude,
    originLongitude: origin.longitude,
    destPostal: '48201',
    destCity: 'Detroit',
    destState: 'MI',
    destAddress: null,
    destLatitude: destination.latitude,
    destLongitude: destination.longitude,
    equipment: 'VAN',
    mode: 'TL',
    pallets: 4,
    weightLbs: 4000,
    dims: { l: 48, w: 40, h: 60 },
    pickupEarliest: now.plus({ days: 2 }),
    deliveryLatest: now.plus({ days: 3 }),
    notes: null,
    recommendedLow: null,
    recommendedMid: null,
    recommendedHigh: null,
    distanceMiles: roadMiles(origin, destination),
    etaHours: 5.7,
    status: 'OPEN',
    paymentStatus: 'UNFUNDED',
    priceCents: toCents(price),
    expiresAt: now.plus({ days: 3 }),
    ...rest,
  })
}
