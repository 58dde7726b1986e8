import { DateTime } from 'luxon'
import { BaseSeeder } from '@adonisjs/lucid/seeders'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import User from '#accounts/models/user'
import { CURRENT_TERMS_VERSION, currentTermsHash } from '#accounts/services/terms_service'
import Carrier from '#fleet/models/carrier'
import Truck, { type TruckType } from '#fleet/models/truck'
import Listing, { type ListingStatus } from '#fleet/models/listing'
import Booking, { type BookingStatus, type PayoutStatus } from '#marketplace/models/booking'
import BookingStatusChange from '#marketplace/models/booking_status_change'
import Invoice from '#marketplace/models/invoice'
import Payment from '#payments/models/payment'
import EscrowTransaction from '#payments/models/escrow_transaction'
import LedgerService from '#payments/services/ledger_service'
import { ONBOARDING_HOLD_REASON } from '#payments/services/payout_service'
import { Clock, FixedClock } from '#core/clock'
import { businessDateColumn, businessDateOf } from '#core/business_time'
import { splitPayout, toCents } from '#core/money'
// The password of every demo account; database/demo_accounts.json lists the ones npm start prints.
const DEMO_PASSWORD = 'demo1234'

/*
 * Demo data: an admin, three approved carriers with trucks and lanes, two carriers
 * waiting for approval, three shippers and a year of bookings in every status.
 * Runs once: it does nothing when the demo admin already exists.
 */

const ADMIN_EMAIL = 'admin@palletline.test'
const PLATFORM_UPLIFT = 1.09
const CIRCUITY = 1.2

type City = { city: string; state: string; zip: string; lat: number; lng: number }

const CITIES = {
  chicago: { city: 'Chicago', state: 'IL', zip: '60601', lat: 41.8781, lng: -87.6298 },
  detroit: { city: 'Detroit', state: 'MI', zip: '48201', lat: 42.3314, lng: -83.0458 },
  indianapolis: { city: 'Indianapolis', state: 'IN', zip: '46204', lat: 39.7684, lng: -86.1581 },
  milwaukee: { city: 'Milwaukee', state: 'WI', zip: '53202', lat: 43.0389, lng: -87.9065 },
  columbus: { city: 'Columbus', state: 'OH', zip: '43215', lat: 39.9612, lng: -82.9988 },
  dallas: { city: 'Dallas', state: 'TX', zip: '75201', lat: 32.7767, lng: -96.797 },
  houston: { city: 'Houston', state: 'TX', zip: '77002', lat: 29.7604, lng: -95.3698 },
  sanAntonio: { city: 'San Antonio', state: 'TX', zip: '78205', lat: 29.4241, lng: -98.4936 },
  oklahomaCity: { city: 'Oklahoma City', state: 'OK', zip: '73102', lat: 35.4676, lng: -97.5164 },
  fortWorth: { city: 'Fort Worth', state: 'TX', zip: '76102', lat: 32.7555, lng: -97.3308 },
  austin: { city: 'Austin', state: 'TX', zip: '78701', lat: 30.2672, lng: -97.7431 },
  atlanta: { city: 'Atlanta', state: 'GA', zip: '30303', lat: 33.749, lng: -84.388 },
  charlotte: { city: 'Charlotte', state: 'NC', zip: '28202', lat: 35.2271, lng: -80.8431 },
  jacksonville: { city: 'Jacksonville', state: 'FL', zip: '32202', lat: 30.3322, lng: -81.6557 },
  memphis: { city: 'Memphis', state: 'TN', zip: '38103', lat: 35.1495, lng: -90.049 },
  nashville: { city: 'Nashville', state: 'TN', zip: '37201', lat: 36.1627, lng: -86.7816 },
  losAngeles: { city: 'Los Angeles', state: 'CA', zip: '90012', lat: 34.0522, lng: -118.2437 },
  phoenix: { city: 'Phoenix', state: 'AZ', zip: '85004', lat: 33.4484, lng: -112.074 },
  lasVegas: { city: 'Las Vegas', state: 'NV', zip: '89101', lat: 36.1699, lng: -115.1398 },
} satisfies Record<string, City>

type CityKey = keyof typeof CITIES

type PersonSeed = { email: string; firstName: string; lastName: string; phone: string }

type CarrierSeed = PersonSeed & {
  company: {
    companyName: string
    dotNumber: string
    mcNumber: string
    scac: string
    businessAddress: string
    city: string
    state: string
    zipCode: string
    latitude: number
    longitude: number
  }
}

const APPROVED_CARRIERS: (CarrierSeed & {
  stripeAccountId: string
  onboardingCompleted: boolean
  trucks: {
    make: string
    model: string
    year: number
    plate: string
    type: TruckType
    capacity: number
    status?: 'available' | 'in_use' | 'maintenance'
  }[]
})[] = [
  {
    email: 'carrier@palletline.test',
    firstName: 'Mike',
    lastName: 'Kowalski',
    phone: '(312) 555-0148',
    company: {
      companyName: 'Great Lakes Pallet Express LLC',
      dotNumber: '3184527',
      mcNumber: 'MC-1092834',
      scac: 'GLPX',
      businessAddress: '2801 S Western Ave',
      city: 'Chicago',
      state: 'IL',
      zipCode: '60608',
      latitude: 41.8415,
      longitude: -87.6855,
    },
    stripeAccountId: 'acct_1DemoGreatLakes01',
    onboardingCompleted: true,
    trucks: [
      {
        make: 'Freightliner',
        model: 'Cascadia',
        year: 2021,
        plate: 'IL P482731',
        type: 'dry_van',
        capacity: 26,
      },
      {
        make: 'Isuzu',
        model: 'NRR',
        year: 2020,
        plate: 'IL P519064',
        type: 'box_truck',
        capacity: 12,
      },
      {
        make: 'Volvo',
        model: 'VNL 760',
        year: 2022,
        plate: 'IL P603377',
        type: 'refrigerated',
        capacity: 24,
      },
    ],
  },
  {
    email: 'carrier2@palletline.test',
    firstName: 'Rosa',
    lastName: 'Delgado',
    phone: '(214) 555-0187',
    company: {
      companyName: 'Lone Star Freightways Inc.',
      dotNumber: '2957310',
      mcNumber: 'MC-988214',
      scac: 'LSFW',
      businessAddress: '4100 Irving Blvd',
      city: 'Dallas',
      state: 'TX',
      zipCode: '75247',
      latitude: 32.8138,
      longitude: -96.8797,
    },
    stripeAccountId: 'acct_1DemoLoneStarFw02',
    onboardingCompleted: true,
    trucks: [
      {
        make: 'Kenworth',
        model: 'T680',
        year: 2022,
        plate: 'TX BK47291',
        type: 'flatbed',
        capacity: 24,
      },
      {
        make: 'Peterbilt',
        model: '579',
        year: 2021,
        plate: 'TX CJ83015',
        type: 'dry_van',
        capacity: 26,
      },
    ],
  },
  {
    email: 'carrier3@palletline.test',
    firstName: 'Darnell',
    lastName: 'Hughes',
    phone: '(404) 555-0123',
    company: {
      companyName: 'Peachtree Regional Carriers LLC',
      dotNumber: '3421968',
      mcNumber: 'MC-1175402',
      scac: 'PRCL',
      businessAddress: '1600 Marietta Blvd NW',
      city: 'Atlanta',
      state: 'GA',
      zipCode: '30318',
      latitude: 33.799,
      longitude: -84.431,
    },
    // connected but onboarding unfinished: its released payouts are held until setup is done
    stripeAccountId: 'acct_1DemoPeachtree03',
    onboardingCompleted: false,
    trucks: [
      {
        make: 'International',
        model: 'LT625',
        year: 2020,
        plate: 'GA RTK4821',
        type: 'dry_van',
        capacity: 26,
      },
      {
        make: 'Hino',
        model: 'L6',
        year: 2023,
        plate: 'GA RTM1096',
        type: 'box_truck',
        capacity: 10,
      },
      {
        make: 'Mack',
        model: 'Anthem',
        year: 2022,
        plate: 'GA RTP5530',
        type: 'refrigerated',
        capacity: 22,
        status: 'maintenance',
      },
    ],
  },
]

const PENDING_CARRIERS: CarrierSeed[] = [
  {
    email: 'pending@palletline.test',
    firstName: 'Travis',
    lastName: 'Nguyen',
    phone: '(602) 555-0164',
    company: {
      companyName: 'Desert Sun Logistics LLC',
      dotNumber: '3876205',
      mcNumber: 'MC-1320947',
      scac: 'DSLG',
      businessAddress: '4020 W Buckeye Rd',
      city: 'Phoenix',
      state: 'AZ',
      zipCode: '85009',
      latitude: 33.4368,
      longitude: -112.1445,
    },
  },
  {
    email: 'pending2@palletline.test',
    firstName: 'Emily',
    lastName: 'Larsen',
    phone: '(206) 555-0139',
    company: {
      companyName: 'Cascade Valley Transport Inc.',
      dotNumber: '3650871',
      mcNumber: 'MC-1264418',
      scac: 'CVTI',
      businessAddress: '5600 1st Ave S',
      city: 'Seattle',
      state: 'WA',
      zipCode: '98108',
      latitude: 47.551,
      longitude: -122.3345,
    },
  },
]

const SHIPPERS: PersonSeed[] = [
  {
    email: 'shipper@palletline.test',
    firstName: 'Sarah',
    lastName: 'Chen',
    phone: '(312) 555-0171',
  },
  {
    email: 'shipper2@palletline.test',
    firstName: 'James',
    lastName: 'Whitfield',
    phone: '(713) 555-0196',
  },
  {
    email: 'shipper3@palletline.test',
    firstName: 'Priya',
    lastName: 'Patel',
    phone: '(704) 555-0152',
  },
]

/** Capacity lanes; carrier and truck are indexes into APPROVED_CARRIERS and its trucks. */
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
const BOOKINGS: {
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
const PAID_STATUSES: BookingStatus[] = ['booked', 'confirmed', 'in_transit', 'delivered', 'delayed']

function greatCircleMiles(a: City, b: City): number {
  const toRad = (deg: number) => (deg * Math.PI) / 180
  const dLat = toRad(b.lat - a.lat)
  const dLng = toRad(b.lng - a.lng)
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLng / 2) ** 2
  return 2 * 3958.8 * Math.asin(Math.sqrt(h))
}

/** Road miles: great-circle distance times circuity, to one decimal. */
function roadMiles(a: City, b: City): number {
  return Math.round(greatCircleMiles(a, b) * CIRCUITY * 10) / 10
}

function round2(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100
}

/** Driving time with a 10-hour rest for every 550 miles. */
function transitHours(miles: number): number {
  return Math.ceil(miles / 50) + 10 * Math.floor(miles / 550) + 2
}

function cityAddress(c: City): string {
  return `${c.city}, ${c.state} ${c.zip}`
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0')
}

export default class DemoSeeder extends BaseSeeder {
  /**
   * The money of a paid demo booking as the payment path would have left it: the sandbox's
   * charge, the payments and escrow rows, and the ledger (charge, release, payout), so
   * `node ace payments:reconcile` balances on the demo data.
   */
  private async recordMoney(
    trx: TransactionClientContract,
    booking: Booking,
    carrierId: number,
    at: { paidAt: DateTime; releasedAt: DateTime | null; transferred: boolean }
  ) {
    const totalCents = toCents(booking.totalAmount ?? 0)
    const amount = totalCents / 100
    const intent = booking.stripePaymentIntentId!
    const chargeId = intent.replace('pi_', 'ch_')
    await trx.table('sandbox_payments').insert({
      id: intent,
      client_secret: `${intent}_secret_demo`,
      amount_cents: totalCents,
      currency: 'usd',
      status: 'succeeded',
      charge_id: chargeId,
      transfer_group: `booking_${booking.id}`,
      metadata: JSON.stringify({ bookingId: String(booking.id) }),
      idempotency_key: `booking-${booking.id}-payment`,
      request_hash: 'demo',
      created_at: at.paidAt.toJSDate(),
      updated_at: at.paidAt.toJSDate(),
    })
    const opts = { client: trx }
    await Payment.create(
      {
        shipmentId: booking.id,
        stripePaymentIntent: intent,
        stripeChargeId: chargeId,
        stripeTransferId: booking.stripeTransferId,
        amount,
        status: 'SUCCEEDED',
        createdAt: at.paidAt,
      },
      opts
    )
    await EscrowTransaction.create(
      {
        shipmentId: booking.id,
        amount,
        status: at.releasedAt ? 'RELEASED' : 'HELD',
        createdAt: at.paidAt,
      },
      opts
    )
    const clock = new FixedClock(at.paidAt)
    const ledger = new LedgerService(clock)
    await ledger.recordCharge(trx, booking.id, totalCents)
    if (!at.releasedAt) return
    clock.set(at.releasedAt)
    await ledger.recordRelease(trx, booking.id, carrierId, totalCents)
    if (!at.transferred) return
    clock.set(at.releasedAt.plus({ minutes: 1 }))
    const { payoutCents } = splitPayout(totalCents)
    await ledger.recordPayout(trx, booking.id, carrierId, payoutCents, booking.stripeTransferId!)
  }

  async run() {
    const existing = await User.query({ client: this.client }).where('email', ADMIN_EMAIL).first()
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

    const admin = await createUser(
      { email: ADMIN_EMAIL, firstName: 'Avery', lastName: 'Morgan', phone: '(415) 555-0100' },
      'admin',
      true,
      now.minus({ days: 400 })
    )

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

      const distance = roadMiles(from, to)
      const rate = lane.rate
      const totalAmount = round2(plan.pallets * distance * rate * PLATFORM_UPLIFT)

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
        await this.recordMoney(trx, booking, owner.carrier.id, {
          paidAt: paymentConfirmedAt,
          releasedAt: payoutReleasedAt,
          transferred: payout === 'paid',
        })
      }

      // The status history that led here.
      const history: {
        from: string | null
        to: string
        at: DateTime
        by: number | null
        note?: string
      }[] = []
      history.push({ from: null, to: 'pending', at: createdAt, by: shipper.id })
      if (paymentConfirmedAt) {
        // The platform books it when the payment is confirmed (no user made that change).
        history.push({ from: 'pending', to: 'booked', at: paymentConfirmedAt, by: null })
      }
      if (plan.status === 'cancelled') {
        history.push({
          from: 'pending',
          to: 'cancelled',
          at: cancelledAt!,
          by: shipper.id,
          note: 'Shipment no longer needed',
        })
      }
      if (['confirmed', 'in_transit', 'delivered', 'delayed'].includes(plan.status)) {
        history.push({
          from: 'booked',
          to: 'confirmed',
          at: createdAt.plus({ hours: 3 }),
          by: owner.user.id,
        })
      }
      if (['in_transit', 'delivered', 'delayed'].includes(plan.status)) {
        history.push({ from: 'confirmed', to: 'in_transit', at: pickupAt, by: owner.user.id })
      }
      if (plan.status === 'delayed') {
        history.push({
          from: 'in_transit',
          to: 'delayed',
          at: pickupAt.plus({ hours: 9 }),
          by: owner.user.id,
          note: 'Weather closure on the interstate',
        })
      }
      if (plan.status === 'delivered') {
        history.push({ from: 'in_transit', to: 'delivered', at: deliveredAt!, by: owner.user.id })
      }
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
