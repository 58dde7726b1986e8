/*
 * What the demo's year looks like: the capacity lanes the carriers publish and the bookings
 * shippers made on them, in every status. Prices and distances are not here: the seeder asks
 * the product's own pricing and distance for them.
 */
import type { ListingStatus } from '#fleet/models/listing'
import type { BookingStatus, PayoutStatus } from '#marketplace/models/booking'
import type { CityKey } from './places.js'

export /** Capacity lanes; carrier and truck are indexes into APPROVED_CARRIERS and its trucks. */
const LANES: {
  carrier: number
  truck: number
  from: CityKey
  to: CityKey
  rate: number
  maxPallets: number
  status: ListingStatus
  pickupRadius: number
  deliveryRadius: number
  /** availableDate relative to today */
  availableInDays: number
}[] = [
  {
    carrier: 0,
    truck: 0,
    from: 'chicago',
    to: 'detroit',
    rate: 0.49,
    maxPallets: 24,
    status: 'active',
    pickupRadius: 50,
    deliveryRadius: 25,
    availableInDays: 0,
  },
  {
    carrier: 0,
    truck: 1,
    from: 'chicago',
    to: 'indianapolis',
    rate: 0.42,
    maxPallets: 12,
    status: 'booked',
    pickupRadius: 25,
    deliveryRadius: 25,
    availableInDays: -3,
  },
  {
    carrier: 0,
    truck: 0,
    from: 'milwaukee',
    to: 'chicago',
    rate: 0.37,
    maxPallets: 20,
    status: 'expired',
    pickupRadius: 40,
    deliveryRadius: 30,
    availableInDays: -45,
  },
  {
    carrier: 0,
    truck: 2,
    from: 'chicago',
    to: 'columbus',
    rate: 0.45,
    maxPallets: 22,
    status: 'active',
    pickupRadius: 75,
    deliveryRadius: 50,
    availableInDays: 5,
  },
  {
    carrier: 1,
    truck: 1,
    from: 'dallas',
    to: 'houston',
    rate: 0.39,
    maxPallets: 26,
    status: 'active',
    pickupRadius: 50,
    deliveryRadius: 40,
    availableInDays: 0,
  },
  {
    carrier: 1,
    truck: 1,
    from: 'houston',
    to: 'sanAntonio',
    rate: 0.36,
    maxPallets: 24,
    status: 'active',
    pickupRadius: 30,
    deliveryRadius: 25,
    availableInDays: 4,
  },
  {
    carrier: 1,
    truck: 0,
    from: 'dallas',
    to: 'oklahomaCity',
    rate: 0.46,
    maxPallets: 20,
    status: 'expired',
    pickupRadius: 25,
    deliveryRadius: 25,
    availableInDays: -30,
  },
  {
    carrier: 1,
    truck: 0,
    from: 'fortWorth',
    to: 'austin',
    rate: 0.41,
    maxPallets: 18,
    status: 'booked',
    pickupRadius: 35,
    deliveryRadius: 25,
    availableInDays: -2,
  },
  {
    carrier: 2,
    truck: 0,
    from: 'atlanta',
    to: 'charlotte',
    rate: 0.47,
    maxPallets: 26,
    status: 'active',
    pickupRadius: 60,
    deliveryRadius: 40,
    availableInDays: 3,
  },
  {
    carrier: 2,
    truck: 0,
    from: 'losAngeles',
    to: 'phoenix',
    rate: 0.55,
    maxPallets: 24,
    status: 'active',
    pickupRadius: 50,
    deliveryRadius: 50,
    availableInDays: 6,
  },
  {
    carrier: 2,
    truck: 1,
    from: 'atlanta',
    to: 'jacksonville',
    rate: 0.44,
    maxPallets: 10,
    status: 'booked',
    pickupRadius: 25,
    deliveryRadius: 25,
    availableInDays: -1,
  },
  {
    carrier: 2,
    truck: 1,
    from: 'memphis',
    to: 'nashville',
    rate: 0.38,
    maxPallets: 10,
    status: 'expired',
    pickupRadius: 25,
    deliveryRadius: 25,
    availableInDays: -60,
  },
  {
    carrier: 2,
    truck: 2,
    from: 'losAngeles',
    to: 'lasVegas',
    rate: 0.62,
    maxPallets: 20,
    status: 'active',
    pickupRadius: 40,
    deliveryRadius: 25,
    availableInDays: 7,
  },
  {
    carrier: 2,
    truck: 0,
    from: 'chicago',
    to: 'detroit',
    rate: 0.41,
    maxPallets: 10,
    status: 'active',
    pickupRadius: 60,
    deliveryRadius: 40,
    availableInDays: -1,
  },
]

/**
 * Bookings, oldest first. pickupHoursAgo places the pickup in time (negative = upcoming);
 * the booking was made two days before it.
 */
export const BOOKINGS: {
  lane: number
  shipper: number
  pallets: number
  status: BookingStatus
  pickupHoursAgo: number
  payout?: PayoutStatus
  completedByShipper?: boolean
  instructions?: string
}[] = [
  {
    lane: 0,
    shipper: 0,
    pallets: 12,
    status: 'delivered',
    pickupHoursAgo: 340 * 24,
    payout: 'paid',
    completedByShipper: true,
  },
  {
    lane: 4,
    shipper: 1,
    pallets: 18,
    status: 'delivered',
    pickupHoursAgo: 318 * 24,
    payout: 'paid',
    instructions: 'Dock hours 7am-3pm, call ahead',
  },
  { lane: 8, shipper: 2, pallets: 8, status: 'cancelled', pickupHoursAgo: 301 * 24 },
  {
    lane: 9,
    shipper: 0,
    pallets: 10,
    status: 'delivered',
    pickupHoursAgo: 279 * 24,
    payout: 'released',
  },
  {
    lane: 1,
    shipper: 1,
    pallets: 6,
    status: 'delivered',
    pickupHoursAgo: 251 * 24,
    payout: 'paid',
    completedByShipper: true,
  },
  {
    lane: 5,
    shipper: 2,
    pallets: 14,
    status: 'delivered',
    pickupHoursAgo: 222 * 24,
    payout: 'paid',
  },
  {
    lane: 10,
    shipper: 0,
    pallets: 9,
    status: 'delivered',
    pickupHoursAgo: 190 * 24,
    payout: 'released',
    instructions: 'Liftgate required at delivery',
  },
  { lane: 3, shipper: 1, pallets: 16, status: 'cancelled', pickupHoursAgo: 161 * 24 },
  {
    lane: 12,
    shipper: 2,
    pallets: 11,
    status: 'delivered',
    pickupHoursAgo: 131 * 24,
    payout: 'released',
    instructions: 'Temperature 34-38F',
  },
  {
    lane: 7,
    shipper: 0,
    pallets: 15,
    status: 'delivered',
    pickupHoursAgo: 99 * 24,
    payout: 'paid',
    completedByShipper: true,
  },
  {
    lane: 0,
    shipper: 1,
    pallets: 20,
    status: 'delivered',
    pickupHoursAgo: 68 * 24,
    payout: 'paid',
  },
  {
    lane: 4,
    shipper: 2,
    pallets: 22,
    status: 'delivered',
    pickupHoursAgo: 41 * 24,
    payout: 'released',
  },
  {
    lane: 0,
    shipper: 0,
    pallets: 8,
    status: 'delivered',
    pickupHoursAgo: 30,
    payout: 'pending',
    instructions: 'Call 30 minutes before arrival',
  },
  { lane: 6, shipper: 1, pallets: 12, status: 'booked', pickupHoursAgo: 5 * 24 },
  { lane: 8, shipper: 0, pallets: 14, status: 'delayed', pickupHoursAgo: 72 },
  { lane: 5, shipper: 1, pallets: 10, status: 'in_transit', pickupHoursAgo: 4 },
  {
    lane: 9,
    shipper: 2,
    pallets: 18,
    status: 'in_transit',
    pickupHoursAgo: 6,
    instructions: 'Fragile: do not double-stack',
  },
  { lane: 3, shipper: 2, pallets: 20, status: 'confirmed', pickupHoursAgo: -20 },
  { lane: 12, shipper: 1, pallets: 6, status: 'confirmed', pickupHoursAgo: -44 },
  { lane: 4, shipper: 0, pallets: 16, status: 'booked', pickupHoursAgo: -30 },
  { lane: 8, shipper: 1, pallets: 12, status: 'booked', pickupHoursAgo: -52 },
  { lane: 5, shipper: 2, pallets: 4, status: 'pending', pickupHoursAgo: -60 },
  { lane: 0, shipper: 1, pallets: 7, status: 'pending', pickupHoursAgo: -70 },
]

// booked means paid: payment confirmation is what moves a booking from pending to booked.
export const PAID_STATUSES: BookingStatus[] = [
  'booked',
  'confirmed',
  'in_transit',
  'delivered',
  'delayed',
]
