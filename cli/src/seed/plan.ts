/**
 * What `palletline seed` creates, decided before the first request: people, trucks, lanes,
 * bookings and loads, all named after one run tag so a second run never collides with the first.
 */

/** Lanes the offline geocoder places (downtown ZIPs), with road-distance sense for the rates. */
export const LANES = [
  { from: 'Chicago, IL 60601', to: 'Detroit, MI 48201', fromZip: '60601', toZip: '48201' },
  { from: 'Dallas, TX 75201', to: 'Houston, TX 77002', fromZip: '75201', toZip: '77002' },
  { from: 'Atlanta, GA 30303', to: 'Charlotte, NC 28202', fromZip: '30303', toZip: '28202' },
  { from: 'Los Angeles, CA 90012', to: 'Phoenix, AZ 85004', fromZip: '90012', toZip: '85004' },
] as const

/**
 * Carriers must pass vetting to be booked (docs/decisions/0091), and the census-file driver
 * compares the registered DOT, phone and e-mail with its census: the seed registers carriers as
 * the shipped census's companies that pass every check (docs/decisions/0138), skipping any whose
 * e-mail the deployment already has.
 */
export const CENSUS_CARRIERS = [
  {
    companyName: 'Keystone Pallet Lines LLC',
    dotNumber: '3302719',
    phone: '(717) 555-0181',
    email: 'ops@keystonepallet.example',
    city: 'Harrisburg',
    state: 'PA',
    zipCode: '17101',
  },
  {
    companyName: 'Great Lakes Pallet Express LLC',
    dotNumber: '3184527',
    phone: '(312) 555-0148',
    email: 'carrier@palletline.test',
    city: 'Chicago',
    state: 'IL',
    zipCode: '60608',
  },
  {
    companyName: 'Lone Star Freightways Inc',
    dotNumber: '2957310',
    phone: '(214) 555-0187',
    email: 'carrier2@palletline.test',
    city: 'Dallas',
    state: 'TX',
    zipCode: '75201',
  },
  {
    companyName: 'Peachtree Regional Carriers LLC',
    dotNumber: '3421968',
    phone: '(404) 555-0123',
    email: 'carrier3@palletline.test',
    city: 'Atlanta',
    state: 'GA',
    zipCode: '30303',
  },
  {
    companyName: 'Cascade Valley Transport Inc',
    dotNumber: '3650871',
    phone: '(206) 555-0139',
    email: 'pending2@palletline.test',
    city: 'Seattle',
    state: 'WA',
    zipCode: '98101',
  },
] as const

export const SEED_PASSWORD = 'seed-demo-password'
/** The sandbox's card that always succeeds. */
export const TEST_CARD = { cardNumber: '4242 4242 4242 4242', cvc: '123', expMonth: 12 }

export interface SeedCounts {
  shippers: number
  carriers: number
  bookings: number
  loads: number
}

export const DEFAULT_COUNTS: SeedCounts = { shippers: 3, carriers: 2, bookings: 4, loads: 2 }

export interface ShipperPlan {
  email: string
  firstName: string
  lastName: string
}

/** The shippers of one run: `seed-<tag>-shipper<n>@palletline.test`. */
export function shipperPlans(tag: string, count: number): ShipperPlan[] {
  return Array.from({ length: count }, (_, i) => ({
    email: `seed-${tag}-shipper${i + 1}@palletline.test`,
    firstName: 'Seed',
    lastName: `Shipper ${i + 1}`,
  }))
}

/** `YYYY-MM-DD` in New York (the business day), `days` after today. */
export function businessDay(now: Date, days = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now)
  const date = new Date(`${today}T12:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/** A short tag unique to this run, from the clock: `k3x9f2`. */
export function runTag(now: Date): string {
  return now.getTime().toString(36).slice(-6)
}
