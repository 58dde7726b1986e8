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
 * compares the registered DOT, phone and e-mail with its census. Each run therefore makes its own
 * carriers, named after the run, and files a census record for each on the sandbox first
 * (`POST /api/admin/sandbox/census`, docs/decisions/0170): runs never compete for the few
 * companies of the shipped census.
 */
export interface CarrierPlan {
  companyName: string
  dotNumber: string
  phone: string
  email: string
  lastName: string
  city: string
  state: string
  zipCode: string
}

/**
 * The carriers of one run: `seed-<tag>-carrier<n>@palletline.test`, USDOT `9` + seven digits
 * from the clock and the carrier's number (eight digits: the shipped census's are seven), each
 * based at its lane's origin.
 */
export function carrierPlans(tag: string, now: Date, count: number): CarrierPlan[] {
  const stamp = String(now.getTime() % 1_000_000).padStart(6, '0')
  return Array.from({ length: count }, (_, i) => {
    const lane = LANES[i % LANES.length]!
    const [city, rest] = lane.from.split(', ') as [string, string]
    return {
      companyName: `Seed Freight ${tag.toUpperCase()} ${i + 1} LLC`,
      dotNumber: `9${stamp}${i}`,
      phone: `(555) 01${i}-${stamp.slice(-4)}`,
      email: `seed-${tag}-carrier${i + 1}@palletline.test`,
      lastName: `Carrier ${i + 1}`,
      city,
      state: rest.slice(0, 2),
      zipCode: lane.fromZip,
    }
  })
}

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
