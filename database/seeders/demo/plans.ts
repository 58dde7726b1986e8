/*
 * What the demo's year looks like: the cities, the lanes the carriers run and the bookings
 * shippers made on them. Only what people type in or decide is here; distances, prices,
 * payouts and invoices come from the product's own services when the seeder replays the plan.
 */
import type { BookingStatus } from '#marketplace/booking_status'
import type { FinancePlan } from './finance.js'

/** The demo's cities, as an address the offline geocoder places (the ZIP of downtown). */
export const CITIES = {
  chicago: 'Chicago, IL 60601',
  detroit: 'Detroit, MI 48201',
  indianapolis: 'Indianapolis, IN 46204',
  milwaukee: 'Milwaukee, WI 53202',
  columbus: 'Columbus, OH 43215',
  dallas: 'Dallas, TX 75201',
  houston: 'Houston, TX 77002',
  sanAntonio: 'San Antonio, TX 78205',
  oklahomaCity: 'Oklahoma City, OK 73102',
  fortWorth: 'Fort Worth, TX 76102',
  austin: 'Austin, TX 78701',
  atlanta: 'Atlanta, GA 30303',
  charlotte: 'Charlotte, NC 28202',
  jacksonville: 'Jacksonville, FL 32202',
  memphis: 'Memphis, TN 38103',
  nashville: 'Nashville, TN 37201',
  losAngeles: 'Los Angeles, CA 90012',
  phoenix: 'Phoenix, AZ 85004',
  lasVegas: 'Las Vegas, NV 89101',
} satisfies Record<string, string>

export type CityKey = keyof typeof CITIES

export type LanePlan = {
  /** index into APPROVED_CARRIERS, and into that carrier's trucks */
  carrier: number
  truck: number
  from: CityKey
  to: CityKey
  /** dollars per mile per pallet, as typed in the listing form */
  rate: number
  maxPallets: number
  pickupRadius: number
  deliveryRadius: number
  /** the current listing of the lane: its available date, relative to today */
  availableInDays: number
  postedDaysAgo: number
  /** the carrier archived the current listing (it shows as expired) */
  archivedDaysAgo?: number
}

/**
 * The lanes, each with its current listing (what search finds today). A booking made while that
 * listing was on offer, for a pickup on or after its date, books it; any other booking rides a
 * trip the carrier posted on the lane three days before, archived once the truck left.
 * Lanes 1, 7 and 10 are full today: BOOKINGS[13], [15] and [14] take every pallet.
 */
export const LANES: LanePlan[] = [
  {
    carrier: 0,
    truck: 0,
    from: 'chicago',
    to: 'detroit',
    rate: 0.49,
    maxPallets: 24,
    pickupRadius: 50,
    deliveryRadius: 25,
    availableInDays: 0,
    postedDaysAgo: 3,
  },
  {
    carrier: 0,
    truck: 1,
    from: 'chicago',
    to: 'indianapolis',
    rate: 0.42,
    maxPallets: 12,
    pickupRadius: 25,
    deliveryRadius: 25,
    availableInDays: -3,
    postedDaysAgo: 6,
  },
  {
    carrier: 0,
    truck: 0,
    from: 'milwaukee',
    to: 'chicago',
    rate: 0.37,
    maxPallets: 20,
    pickupRadius: 40,
    deliveryRadius: 30,
    availableInDays: -45,
    postedDaysAgo: 48,
    archivedDaysAgo: 40,
  },
  {
    carrier: 0,
    truck: 2,
    from: 'chicago',
    to: 'columbus',
    rate: 0.45,
    maxPallets: 22,
    pickupRadius: 75,
    deliveryRadius: 50,
    availableInDays: 5,
    postedDaysAgo: 2,
  },
  {
    carrier: 1,
    truck: 1,
    from: 'dallas',
    to: 'houston',
    rate: 0.39,
    maxPallets: 26,
    pickupRadius: 50,
    deliveryRadius: 40,
    availableInDays: 0,
    postedDaysAgo: 3,
  },
  {
    carrier: 1,
    truck: 1,
    from: 'houston',
    to: 'sanAntonio',
    rate: 0.36,
    maxPallets: 24,
    pickupRadius: 30,
    deliveryRadius: 25,
    availableInDays: 4,
    postedDaysAgo: 2,
  },
  {
    carrier: 1,
    truck: 0,
    from: 'dallas',
    to: 'oklahomaCity',
    rate: 0.46,
    maxPallets: 20,
    pickupRadius: 25,
    deliveryRadius: 25,
    availableInDays: -30,
    postedDaysAgo: 33,
    archivedDaysAgo: 25,
  },
  {
    carrier: 1,
    truck: 0,
    from: 'fortWorth',
    to: 'austin',
    rate: 0.41,
    maxPallets: 18,
    pickupRadius: 35,
    deliveryRadius: 25,
    availableInDays: -2,
    postedDaysAgo: 5,
  },
  {
    carrier: 2,
    truck: 0,
    from: 'atlanta',
    to: 'charlotte',
    rate: 0.47,
    maxPallets: 26,
    pickupRadius: 60,
    deliveryRadius: 40,
    availableInDays: 3,
    postedDaysAgo: 2,
  },
  {
    carrier: 2,
    truck: 0,
    from: 'losAngeles',
    to: 'phoenix',
    rate: 0.55,
    maxPallets: 24,
    pickupRadius: 50,
    deliveryRadius: 50,
    availableInDays: 6,
    postedDaysAgo: 2,
  },
  {
    carrier: 2,
    truck: 1,
    from: 'atlanta',
    to: 'jacksonville',
    rate: 0.44,
    maxPallets: 10,
    pickupRadius: 25,
    deliveryRadius: 25,
    availableInDays: -1,
    postedDaysAgo: 4,
  },
  {
    carrier: 2,
    truck: 1,
    from: 'memphis',
    to: 'nashville',
    rate: 0.38,
    maxPallets: 10,
    pickupRadius: 25,
    deliveryRadius: 25,
    availableInDays: -60,
    postedDaysAgo: 63,
    archivedDaysAgo: 55,
  },
  {
    carrier: 2,
    truck: 2,
    from: 'losAngeles',
    to: 'lasVegas',
    rate: 0.62,
    maxPallets: 20,
    pickupRadius: 40,
    deliveryRadius: 25,
    availableInDays: 7,
    postedDaysAgo: 2,
  },
  {
    carrier: 2,
    truck: 0,
    from: 'chicago',
    to: 'detroit',
    rate: 0.41,
    maxPallets: 10,
    pickupRadius: 60,
    deliveryRadius: 40,
    availableInDays: -1,
    postedDaysAgo: 4,
  },
]

export type BookingPlan = {
  /** index into LANES and into SHIPPERS */
  lane: number
  shipper: number
  pallets: number
  /** where the booking stands today */
  status: BookingStatus
  /** when the truck picks up, in hours before now (negative: still to come) */
  pickupHoursAgo: number
  /** the shipper confirmed the delivery (which releases the payout at once) */
  completedByShipper?: boolean
  /** how a cancelled booking ended: never paid (the 30-minute deadline), or paid and refunded */
  cancelled?: 'unpaid' | 'paid'
  instructions?: string
  /**
   * the carrier company's driver (a member's email) its dispatcher assigns it to once it is
   * confirmed (docs/decisions/0237)
   */
  driver?: string
  /** the carrier's charges and invoice after delivery (demo/finance.ts) */
  finance?: FinancePlan
  /** each side's review, written this many hours after the review window opened */
  reviews?: {
    shipper?: { afterHours: number; review: CarrierReviewPlan }
    carrier?: { afterHours: number; review: ShipperReviewPlan }
  }
}

type CarrierReviewPlan = {
  onTime: number
  communication: number
  careOfFreight: number
  comment: string
}
type ShipperReviewPlan = {
  loadingTime: number
  descriptionAccuracy: number
  payment: number
  comment: string
}

const praise = (onTime: number, communication: number, careOfFreight: number, comment: string) => ({
  afterHours: 20,
  review: { onTime, communication, careOfFreight, comment },
})
const dock = (
  loadingTime: number,
  descriptionAccuracy: number,
  payment: number,
  comment: string
) => ({
  afterHours: 30,
  review: { loadingTime, descriptionAccuracy, payment, comment },
})

/**
 * Bookings, oldest first; each was made two days and a few hours before its pickup (or minutes
 * ago when the pickup is nearer). shipper@palletline.test has one in every status.
 */
export const BOOKINGS: BookingPlan[] = [
  {
    lane: 0,
    shipper: 0,
    pallets: 12,
    status: 'delivered',
    pickupHoursAgo: 340 * 24,
    completedByShipper: true,
    reviews: {
      shipper: praise(
        5,
        5,
        4,
        'Picked up on the dot and delivered a day early. Driver called ahead.'
      ),
      carrier: dock(4, 5, 5, 'Loaded within the hour, load exactly as posted, paid on completion.'),
    },
  },
  {
    lane: 4,
    shipper: 1,
    pallets: 18,
    status: 'delivered',
    pickupHoursAgo: 318 * 24,
    instructions: 'Dock hours 7am-3pm, call ahead',
    finance: {
      stops: [{ stop: 'PICKUP', arrivedHoursBefore: 30, stayMinutes: 270 }],
      invoice: 'issued',
      decision: { decision: 'ACCEPTED' },
      paid: true,
    },
    reviews: {
      shipper: praise(4, 4, 5, 'On time, every pallet intact, good updates.'),
      carrier: dock(2, 4, 5, 'Kept the truck two and a half hours past the appointment at pickup.'),
    },
  },
  {
    lane: 8,
    shipper: 0,
    pallets: 8,
    status: 'cancelled',
    pickupHoursAgo: 301 * 24,
    cancelled: 'unpaid',
  },
  {
    lane: 9,
    shipper: 0,
    pallets: 10,
    status: 'delivered',
    pickupHoursAgo: 279 * 24,
    reviews: { shipper: praise(3, 4, 4, 'Arrived late in the afternoon but kept us posted.') },
  },
  {
    lane: 1,
    shipper: 1,
    pallets: 6,
    status: 'delivered',
    pickupHoursAgo: 251 * 24,
    completedByShipper: true,
    finance: { invoice: 'issued', paid: true },
    reviews: {
      shipper: praise(5, 4, 5, 'Smooth run, shrink wrap untouched.'),
      carrier: dock(5, 5, 5, 'Quick dock, accurate weights, paid at once.'),
    },
  },
  {
    lane: 5,
    shipper: 2,
    pallets: 14,
    status: 'delivered',
    pickupHoursAgo: 222 * 24,
    reviews: {
      shipper: praise(4, 3, 4, 'Fine delivery, hard to reach dispatch on the day.'),
      carrier: dock(3, 3, 4, 'Pallet count was two short of the booking.'),
    },
  },
  {
    lane: 10,
    shipper: 0,
    pallets: 9,
    status: 'delivered',
    pickupHoursAgo: 190 * 24,
    instructions: 'Liftgate required at delivery',
    finance: {
      accessorials: [
        { code: 'INSIDE', note: 'Consignee asked for inside delivery to the back room on arrival' },
      ],
      invoice: 'issued',
      decision: {
        decision: 'DISPUTED',
        reason: 'Inside delivery was never requested; our dock crew unloaded at the door.',
      },
    },
    reviews: { carrier: dock(4, 4, 5, 'Liftgate need was stated clearly; easy delivery.') },
  },
  {
    lane: 3,
    shipper: 1,
    pallets: 16,
    status: 'cancelled',
    pickupHoursAgo: 161 * 24,
    cancelled: 'paid',
  },
  {
    lane: 12,
    shipper: 2,
    pallets: 11,
    status: 'delivered',
    pickupHoursAgo: 131 * 24,
    instructions: 'Temperature 34-38F',
    reviews: {
      shipper: praise(5, 5, 5, 'Reefer held 36F the whole way. Excellent.'),
      carrier: dock(4, 5, 5, 'Temperature instructions were precise, paid on time.'),
    },
  },
  {
    lane: 7,
    shipper: 0,
    pallets: 15,
    status: 'delivered',
    pickupHoursAgo: 99 * 24,
    completedByShipper: true,
    reviews: {
      shipper: praise(4, 5, 4, 'Good communication throughout.'),
      carrier: dock(5, 4, 5, 'Ready at the dock when we arrived.'),
    },
  },
  {
    lane: 0,
    shipper: 1,
    pallets: 20,
    status: 'delivered',
    pickupHoursAgo: 68 * 24,
    finance: {
      stops: [{ stop: 'DELIVERY', arrivedHoursBefore: 3, stayMinutes: 180 }],
      invoice: 'issued',
    },
    reviews: {
      shipper: praise(5, 4, 5, 'Twenty pallets, zero damage.'),
      carrier: dock(3, 5, 5, 'About an hour of detention, otherwise as described.'),
    },
  },
  {
    lane: 4,
    shipper: 2,
    pallets: 22,
    status: 'delivered',
    pickupHoursAgo: 41 * 24,
    reviews: { shipper: praise(4, 4, 4, 'Delivered on the promised day.') },
  },
  {
    lane: 0,
    shipper: 0,
    pallets: 8,
    status: 'delivered',
    pickupHoursAgo: 30,
    instructions: 'Call 30 minutes before arrival',
    finance: {
      stops: [{ stop: 'DELIVERY', arrivedHoursBefore: 4, stayMinutes: 200 }],
      invoice: 'issued',
    },
  },
  {
    lane: 1,
    shipper: 1,
    pallets: 12,
    status: 'delivered',
    pickupHoursAgo: 62,
    finance: { invoice: 'draft' },
  },
  { lane: 10, shipper: 0, pallets: 10, status: 'delayed', pickupHoursAgo: 20 },
  { lane: 7, shipper: 0, pallets: 18, status: 'in_transit', pickupHoursAgo: 4 },
  {
    lane: 9,
    shipper: 2,
    pallets: 18,
    status: 'in_transit',
    pickupHoursAgo: 6,
    instructions: 'Fragile: do not double-stack',
  },
  { lane: 3, shipper: 0, pallets: 20, status: 'confirmed', pickupHoursAgo: -20 },
  { lane: 12, shipper: 1, pallets: 6, status: 'confirmed', pickupHoursAgo: -44 },
  { lane: 4, shipper: 0, pallets: 16, status: 'booked', pickupHoursAgo: -30 },
  { lane: 8, shipper: 1, pallets: 12, status: 'booked', pickupHoursAgo: -52 },
  { lane: 5, shipper: 2, pallets: 4, status: 'pending', pickupHoursAgo: -60 },
  { lane: 0, shipper: 0, pallets: 7, status: 'pending', pickupHoursAgo: -70 },
  // The demo driver's work today: picked up this hour, confirmed and assigned (decision 0237).
  {
    lane: 2,
    shipper: 0,
    pallets: 6,
    status: 'confirmed',
    pickupHoursAgo: 0,
    driver: 'driver@palletline.test',
    instructions: 'Dock 4; ask for the receiving desk',
  },
]
