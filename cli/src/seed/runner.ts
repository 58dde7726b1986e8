import type { PalletlineApi } from '../api/client.js'
import type { components } from '../../../contract/api.js'
import type { Task } from '../ui/tasks.js'
import {
  businessDay,
  carrierPlans,
  LANES,
  SEED_PASSWORD,
  shipperPlans,
  TEST_CARD,
  type SeedCounts,
} from './plan.js'

type Schemas = components['schemas']

/** The carrier's proof of delivery as a multipart upload: a one-line PDF naming the booking. */
function proofOfDelivery(reference: string): FormData {
  const pdf = `%PDF-1.4\n% Proof of delivery ${reference}: received in good order\n%%EOF\n`
  const form = new FormData()
  form.append('docType', 'POD')
  form.append('stopNumber', '2')
  form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'pod.pdf')
  return form
}
type User = Schemas['User']
type Booking = Schemas['ShipperBooking']
type SearchResult = Schemas['SearchResult']

interface Actor {
  userId: number
  email: string
  name: string
  api: PalletlineApi
}

interface CarrierActor extends Actor {
  lane: (typeof LANES)[number]
  /** the capacity listing this run made for it */
  listingId?: number
}

/** What a run made, for the final summary. */
export interface SeedSummary {
  tag: string
  shippers: string[]
  carriers: string[]
  trucks: number
  listings: number
  bookings: string[]
  paidCents: number
  delivered: number
  loadsPosted: number
  loadsClaimed: number
  /** the census records filed for this run's carriers (USDOT numbers) */
  censusFiled: string[]
  /** the posted loads' ids */
  loads: number[]
}

export interface SeedEnvironment {
  admin: PalletlineApi
  /** a client acting as the holder of `token` (none: anonymous) */
  as: (token: string | undefined) => PalletlineApi
  now: Date
  tag: string
}

/**
 * The seed's steps, built up front so the progress bar knows the total; later steps read what
 * earlier ones made from the shared state.
 */
export function seedTasks(
  env: SeedEnvironment,
  counts: SeedCounts
): { tasks: Task[]; summary: SeedSummary } {
  const summary: SeedSummary = {
    tag: env.tag,
    shippers: [],
    carriers: [],
    trucks: 0,
    listings: 0,
    bookings: [],
    paidCents: 0,
    delivered: 0,
    loadsPosted: 0,
    loadsClaimed: 0,
    censusFiled: [],
    loads: [],
  }
  const shippers: Actor[] = []
  const carriers: CarrierActor[] = []
  const bookings: { booking: Booking; carrier: CarrierActor }[] = []
  const today = businessDay(env.now)
  const tasks: Task[] = []
  const carrierPlan = carrierPlans(env.tag, env.now, counts.carriers)

  const tokenFor = async (user: User) => {
    const issued = await env.admin.issueToken({
      userId: user.id,
      name: `palletline seed ${env.tag}`,
      expiresInDays: 1,
    })
    return env.as(issued.token)
  }

  if (carrierPlan.length > 0) {
    tasks.push({
      title: `Filing census records for ${carrierPlan.length} carrier(s)`,
      run: async () => {
        const filed = await env.admin.send<Schemas['SandboxCensus']>(
          'POST',
          '/api/admin/sandbox/census',
          {
            carriers: carrierPlan.map((c) => ({
              dotNumber: c.dotNumber,
              legalName: c.companyName,
              phone: c.phone,
              email: c.email,
            })),
          }
        )
        summary.censusFiled.push(...filed.carriers.map((c) => c.dotNumber))
      },
    })
  }

  // Sent with the operator's token: a bearer call without a session cookie needs no CSRF token.
  const register = (body: Record<string, unknown>) =>
    env.admin.send<User>('POST', '/api/register', body)

  for (const plan of shipperPlans(env.tag, counts.shippers)) {
    tasks.push({
      title: `Registering shipper ${plan.email}`,
      run: async () => {
        const user = await register({
          ...plan,
          password: SEED_PASSWORD,
          role: 'shipper',
          termsAccepted: true,
        })
        summary.shippers.push(user.email)
        shippers.push({
          userId: user.id,
          email: user.email,
          name: plan.lastName,
          api: await tokenFor(user),
        })
      },
    })
  }

  for (const [n, company] of carrierPlan.entries()) {
    tasks.push({
      title: `Registering and approving carrier ${company.email}`,
      run: async () => {
        const user = await register({
          email: company.email,
          password: SEED_PASSWORD,
          role: 'carrier',
          firstName: 'Seed',
          lastName: company.lastName,
          phone: company.phone,
          termsAccepted: true,
          companyName: company.companyName,
          businessAddress: '1 Seed Way',
          city: company.city,
          state: company.state,
          zipCode: company.zipCode,
          dotNumber: company.dotNumber,
        })
        summary.carriers.push(user.email)
        await env.admin.approveUser(user.id, true)
        carriers.push({
          userId: user.id,
          email: user.email,
          name: company.companyName,
          api: await tokenFor(user),
          lane: LANES[n % LANES.length]!,
        })
      },
    })
  }

  for (let n = 0; n < counts.carriers; n++) {
    tasks.push({
      title: `Carrier ${n + 1} adds a truck and lists capacity`,
      run: async () => {
        const carrier = carriers[n]!
        const truck = await carrier.api.send<Schemas['Truck']>('POST', '/api/trucks', {
          make: 'Freightliner',
          model: 'Cascadia',
          year: 2022,
          licensePlate: `SEED ${env.tag.toUpperCase()}${n + 1}`.slice(0, 20),
          capacity: 26,
          truckType: 'dry_van',
        })
        summary.trucks++
        const listing = await carrier.api.send<{ id: number }>('POST', '/api/listings', {
          truckId: truck.id,
          pickupAddress: carrier.lane.from,
          deliveryAddress: carrier.lane.to,
          ratePerMilePerPallet: 2.1 + n * 0.15,
          maxPallets: 26,
          availableDate: today,
        })
        carrier.listingId = listing.id
        summary.listings++
      },
    })
  }

  for (let n = 0; n < counts.bookings; n++) {
    tasks.push({
      title: `Shipper searches, books and pays (booking ${n + 1})`,
      run: async () => {
        const shipper = shippers[n % shippers.length]!
        const carrier = carriers[n % carriers.length]!
        const lane = carrier.lane
        const shipment = {
          pickupAddress: lane.from,
          deliveryAddress: lane.to,
          numberOfPallets: 2 + (n % 4),
          pickupDate: today,
        }
        const offers = await shipper.api.send<SearchResult[]>(
          'POST',
          '/api/listings/search',
          shipment
        )
        // The lane may hold other carriers' capacity (the demo's, an earlier run's): book this run's.
        const offer = offers.find((candidate) => candidate.listingId === carrier.listingId)
        if (!offer) {
          throw new Error(
            `${carrier.name}'s listing was not offered from ${lane.from} to ${lane.to}`
          )
        }
        const booking = await shipper.api.send<Booking>('POST', '/api/bookings', {
          ...shipment,
          listingId: offer.listingId,
          deliveryDate: businessDay(env.now, 3),
        })
        summary.bookings.push(booking.reference)
        const intent = await shipper.api.send<Schemas['PaymentIntent']>(
          'POST',
          '/api/create-payment-intent',
          { bookingId: booking.id, amount: booking.totalAmount }
        )
        await shipper.api.send('POST', '/api/sandbox/payments/confirm', {
          clientSecret: intent.clientSecret,
          ...TEST_CARD,
          expYear: env.now.getUTCFullYear() + 2,
        })
        summary.paidCents += Math.round(Number(booking.totalAmount) * 100)
        bookings.push({ booking, carrier })
      },
    })
  }

  for (let n = 0; n < counts.bookings; n++) {
    tasks.push({
      title: `Carrier moves booking ${n + 1} to delivered`,
      run: async () => {
        const { booking, carrier } = bookings[n]!
        const move = (status: string) =>
          carrier.api.send('PUT', `/api/bookings/${booking.id}/status`, { status })
        // The rate confirmation accepted first (decision 0226); picked up today; delivered
        // with the signed proof of delivery on file (decision 0166).
        await carrier.api.send('POST', `/api/bookings/${booking.id}/rate-confirmation/accept`, {})
        await move('in_transit')
        await carrier.api.send(
          'POST',
          `/api/tms/shipments/${booking.id}/documents`,
          proofOfDelivery(booking.reference)
        )
        await move('delivered')
        summary.delivered++
      },
    })
  }

  for (let n = 0; n < counts.loads; n++) {
    tasks.push({
      title: `Shipper posts load ${n + 1}, a carrier claims it`,
      run: async () => {
        const shipper = shippers[n % shippers.length]!
        const carrier = carriers[n % carriers.length]!
        const pallets = 6 + 2 * n
        const load = await shipper.api.send<Schemas['FreightListingCreated']>(
          'POST',
          '/api/freight-listings',
          {
            origin: { postal: carrier.lane.fromZip },
            destination: { postal: carrier.lane.toZip },
            equipment: 'VAN',
            mode: 'TL',
            pallets,
            weight_lbs: pallets * 900,
            price: 1200 + 150 * n,
          }
        )
        summary.loadsPosted++
        summary.loads.push(load.id)
        await carrier.api.send('POST', `/api/freight-listings/${load.id}/claim`)
        summary.loadsClaimed++
      },
    })
  }

  return { tasks, summary }
}
