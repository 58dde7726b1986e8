/*
 * The demo's people: an admin, three approved carriers with their trucks and payout accounts,
 * three carriers waiting for approval (one whose census shows no insurance) and three shippers, as they fill in the product's forms.
 * database/demo_accounts.json lists the logins `npm start` prints.
 */
import type { TruckStatus, TruckType } from '#fleet/models/truck'

/** The password of every demo account. */
export const DEMO_PASSWORD = 'demo1234'

/**
 * The demo admin's two-factor secret (admins must sign in with a code, docs/decisions/0097):
 * printed with the demo logins and in the README, for an authenticator app or
 * `node -e "console.log(require('otplib').authenticator.generate('<secret>'))"`. A demo value,
 * public on purpose: a real deployment provisions its admins without it.
 */
export const DEMO_ADMIN_TOTP_SECRET = 'PALLETLINEDEMOADMINTWOFACTORCODE'

export const ADMIN = {
  email: 'admin@palletline.test',
  firstName: 'Avery',
  lastName: 'Morgan',
  phone: '(415) 555-0100',
}

export type PersonSeed = { email: string; firstName: string; lastName: string; phone: string }

/** The carrier block of the registration form. */
export type CarrierSeed = PersonSeed & {
  company: {
    companyName: string
    dotNumber: string
    mcNumber: string
    businessAddress: string
    city: string
    state: string
    zipCode: string
  }
}

export type TruckSeed = {
  make: string
  model: string
  year: number
  plate: string
  type: TruckType
  capacity: number
  /** set from the truck's edit form after it was added */
  status?: TruckStatus
}

export const APPROVED_CARRIERS: (CarrierSeed & {
  /** how far the carrier got with its payout account (the provider's hosted onboarding) */
  payoutAccount: 'onboarded' | 'started'
  trucks: TruckSeed[]
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
      businessAddress: '2801 S Western Ave',
      city: 'Chicago',
      state: 'IL',
      zipCode: '60608',
    },
    payoutAccount: 'onboarded',
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
      businessAddress: '4100 Irving Blvd',
      city: 'Dallas',
      state: 'TX',
      zipCode: '75247',
    },
    payoutAccount: 'onboarded',
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
      businessAddress: '1600 Marietta Blvd NW',
      city: 'Atlanta',
      state: 'GA',
      zipCode: '30318',
    },
    // Connected but onboarding unfinished: its released payouts wait until setup is done.
    payoutAccount: 'started',
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

export const PENDING_CARRIERS: CarrierSeed[] = [
  {
    email: 'pending@palletline.test',
    firstName: 'Travis',
    lastName: 'Nguyen',
    phone: '(602) 555-0164',
    company: {
      companyName: 'Desert Sun Logistics LLC',
      dotNumber: '3876205',
      mcNumber: 'MC-1320947',
      businessAddress: '4020 W Buckeye Rd',
      city: 'Phoenix',
      state: 'AZ',
      zipCode: '85009',
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
      businessAddress: '5600 1st Ave S',
      city: 'Seattle',
      state: 'WA',
      zipCode: '98108',
    },
  },
  {
    // The census shows no liability insurance on file: the admin sees the vetting fail.
    email: 'pending3@palletline.test',
    firstName: 'Dale',
    lastName: 'Halvorsen',
    phone: '(608) 555-0172',
    company: {
      companyName: 'Badger State Haulers LLC',
      dotNumber: '3998412',
      mcNumber: 'MC-1188305',
      businessAddress: '2100 Pennsylvania Ave',
      city: 'Madison',
      state: 'WI',
      zipCode: '53704',
    },
  },
]

/** Pending carriers that upload their insurance certificate while they wait (by email). */
export const PENDING_WITH_CERTIFICATE = ['pending@palletline.test']

/**
 * The demo's multi-member companies (issue 35, decision 0223): each member is invited by the
 * company's owner and joins through the invite link, as a person would.
 */
export const COMPANY_MEMBERS: (PersonSeed & {
  /** the owner's email: the company's account */
  company: string
  role: 'dispatcher' | 'driver' | 'accounts' | 'planner'
  /** days after the owner signed up */
  joinedAfterDays: number
})[] = [
  {
    company: 'carrier@palletline.test',
    email: 'dispatcher@palletline.test',
    firstName: 'Rosa',
    lastName: 'Delgado',
    phone: '(312) 555-0152',
    role: 'dispatcher',
    joinedAfterDays: 30,
  },
  {
    company: 'carrier@palletline.test',
    email: 'driver@palletline.test',
    firstName: 'Tom',
    lastName: 'Brennan',
    phone: '(312) 555-0157',
    role: 'driver',
    joinedAfterDays: 45,
  },
  {
    company: 'carrier@palletline.test',
    email: 'accounts@palletline.test',
    firstName: 'Grace',
    lastName: 'Okafor',
    phone: '(312) 555-0163',
    role: 'accounts',
    joinedAfterDays: 60,
  },
  {
    company: 'shipper@palletline.test',
    email: 'planner@palletline.test',
    firstName: 'Priya',
    lastName: 'Natarajan',
    phone: '(312) 555-0175',
    role: 'planner',
    joinedAfterDays: 20,
  },
  {
    company: 'shipper@palletline.test',
    email: 'billing@palletline.test',
    firstName: 'Marcus',
    lastName: 'Webb',
    phone: '(312) 555-0178',
    role: 'accounts',
    joinedAfterDays: 30,
  },
]

export const SHIPPERS: PersonSeed[] = [
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
