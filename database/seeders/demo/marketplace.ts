/*
 * The demo's bookings, each replayed through its life: the shipper books a listing through the
 * booking service (so the distance, the price in cents and the status history are the
 * server's own), pays, the carrier moves it through the status machine, and the shipper
 * completes or cancels it. Invoices, refunds and payouts follow from the product's own
 * listeners and scheduled runs.
 */
import type { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { roadMiles } from '#core/geo'
import { businessDateOf, businessToday } from '#core/business_time'
import type { BookingStatus } from '#marketplace/booking_status'
import { createBookingValidator } from '#marketplace/validators/booking'
import { placeShipment } from '#marketplace/services/search_places'
import { estimateTransitDays } from '#marketplace/services/carrier_bookings_service'
import { AUTO_RELEASE_HOURS } from '#payments/services/payout_service'
import { PAYMENT_DEADLINE_MINUTES } from '#payments/services/payment_deadline_service'
import type { Timeline } from './timeline.js'
import type { DemoServices, DemoState } from './context.js'
import { archiveListing, postListing } from './fleet.js'
import { payBooking, planDeadlineRun, planPayoutRun, type SeedingSandbox } from './payments.js'
import { APPROVED_CARRIERS, COMPANY_MEMBERS, SHIPPERS } from './people.js'
import { BOOKINGS, CITIES, LANES, type BookingPlan, type LanePlan } from './plans.js'
import { planReviews } from './reviews.js'
import { planFinance } from './finance.js'
import { acceptRateConfirmation, uploadProofOfDelivery } from './documents.js'

/** Statuses a booking passes through on its way to each status (after booked). */
const CARRIER_MOVES: Record<BookingStatus, BookingStatus[]> = {
  pending: [],
  booked: [],
  cancelled: [],
  confirmed: ['confirmed'],
  in_transit: ['confirmed', 'in_transit'],
  delayed: ['confirmed', 'in_transit', 'delayed'],
  delivered: ['confirmed', 'in_transit', 'delivered'],
}

const DELAY_NOTE = 'Weather closure on the interstate'

type Moments = {
  bookedAt: DateTime
  pickupAt: DateTime
  /** when the carrier reports it delivered: on the day the product expects it */
  deliveredAt: DateTime
}

export async function planBookings(
  t: Timeline,
  services: DemoServices,
  state: DemoState,
  sandbox: SeedingSandbox
) {
  const transitDays = new Map<LanePlan, number>()
  for (const lane of LANES) transitDays.set(lane, await laneTransitDays(lane))
  for (const [index, plan] of BOOKINGS.entries()) {
    const lane = LANES[plan.lane]
    const at = moments(t, index, plan, transitDays.get(lane)!)
    const listing = listingFor(t, services, state, index, plan, at)
    planLife(t, services, state, sandbox, index, plan, listing, at)
  }
}

/** Days on the road, as the product estimates them from its own road distance. */
async function laneTransitDays(lane: LanePlan) {
  const { pickup, delivery } = await placeShipment(CITIES[lane.from], CITIES[lane.to])
  return estimateTransitDays(roadMiles(pickup, delivery))
}

/**
 * Booked two days and a few hours before the pickup; a booking for a pickup nearer than that
 * was made minutes ago (an unpaid one then runs against its 30-minute payment deadline).
 */
function moments(t: Timeline, index: number, plan: BookingPlan, transitDays: number): Moments {
  const pickupAt = t.now.minus({ hours: plan.pickupHoursAgo }).startOf('hour')
  const planned = pickupAt.minus({ days: 2, hours: 3 + (index % 5) })
  const latest = t.now.minus({ minutes: 5 + (index % 5) })
  return {
    bookedAt: planned < latest ? planned : latest,
    pickupAt,
    deliveredAt: pickupAt.plus({ days: transitDays }),
  }
}

/**
 * The listing a booking books: its lane's current listing when that was on offer at the time
 * for this pickup day, else a trip the carrier posted on the lane three days before and
 * archived once the truck left (unless the booking filled it).
 */
function listingFor(
  t: Timeline,
  services: DemoServices,
  state: DemoState,
  index: number,
  plan: BookingPlan,
  { bookedAt, pickupAt }: Moments
): string {
  const lane = LANES[plan.lane]
  const pickupDay = businessDateOf(pickupAt).toISODate()!
  const postedAt = t.now.minus({ days: lane.postedDaysAgo })
  const archived = lane.archivedDaysAgo !== undefined
  const onOffer =
    bookedAt >= postedAt && (!archived || bookedAt < t.now.minus({ days: lane.archivedDaysAgo! }))
  if (onOffer && pickupDay >= t.day(lane.availableInDays)) return `lane ${plan.lane}`

  const trip = `trip ${index}`
  t.at(bookedAt.minus({ days: 3 }), `the carrier posts the trip of booking ${index}`, () =>
    postListing(services, state, trip, lane, pickupDay)
  )
  const full = plan.pallets >= lane.maxPallets && plan.status !== 'cancelled'
  const leftAt = pickupAt.plus({ hours: 1 })
  if (!full && leftAt <= t.now) {
    t.at(leftAt, `the carrier archives the trip of booking ${index}`, () =>
      archiveListing(services, state.listing(trip).id)
    )
  }
  return trip
}

function planLife(
  t: Timeline,
  services: DemoServices,
  state: DemoState,
  sandbox: SeedingSandbox,
  index: number,
  plan: BookingPlan,
  listing: string,
  { bookedAt, pickupAt, deliveredAt }: Moments
) {
  const lane = LANES[plan.lane]
  const shipper = SHIPPERS[plan.shipper].email
  const carrier = APPROVED_CARRIERS[lane.carrier].email
  const id = () => state.booking(index).id
  const name = `booking ${index}`

  t.at(bookedAt, `${shipper} books (${name})`, async () => {
    const input = await createBookingValidator.validate(
      {
        listingId: state.listing(listing).id,
        pickupAddress: CITIES[lane.from],
        deliveryAddress: CITIES[lane.to],
        numberOfPallets: plan.pallets,
        pickupDate: businessDateOf(pickupAt).toISODate(),
        deliveryDate: businessDateOf(deliveredAt).toISODate(),
        specialInstructions: plan.instructions,
      },
      { meta: { today: businessToday(t.clock) } }
    )
    state.addBooking(index, await services.bookings.create(state.userId(shipper), input))
  })

  if (plan.cancelled === 'unpaid') {
    const deadline = bookedAt.plus({ minutes: PAYMENT_DEADLINE_MINUTES + 1 })
    planDeadlineRun(t, services, deadline, id)
    return
  }
  if (plan.status === 'pending') return
  t.at(bookedAt.plus({ minutes: 3 }), `${shipper} pays (${name})`, () =>
    payBooking(t, services, state, sandbox, index, state.userId(shipper))
  )
  if (plan.cancelled === 'paid') {
    t.at(pickupAt.minus({ hours: 20 }), `${shipper} cancels (${name})`, async () => {
      await services.bookings.cancel(state.userId(shipper), id())
      sandbox.check()
    })
    return
  }

  const movedAt: Partial<Record<BookingStatus, DateTime>> = {
    confirmed: bookedAt.plus({ hours: 3 }),
    in_transit: pickupAt,
    delayed: pickupAt.plus({ hours: 9 }),
    delivered: deliveredAt,
  }
  if (plan.status === 'delivered') {
    // The driver scans the consignee's signed POD at the dock, then reports the delivery.
    const signedAt = deliveredAt.minus({ minutes: 10 })
    t.at(signedAt, `${carrier} uploads the POD of ${name}`, () =>
      uploadProofOfDelivery(services, id(), state.userId(carrier), signedAt)
    )
  }
  if (CARRIER_MOVES[plan.status].length) {
    // The dispatcher accepts the rate confirmation as it confirms the booking (0226).
    const seed = APPROVED_CARRIERS[lane.carrier]
    t.at(
      movedAt.confirmed!.minus({ minutes: 5 }),
      `${carrier} accepts the rate confirmation of ${name}`,
      () =>
        acceptRateConfirmation(
          services,
          id(),
          state.userId(carrier),
          `${seed.firstName} ${seed.lastName}`
        )
    )
  }
  if (plan.driver) {
    // The dispatcher assigns the confirmed booking to the company's driver (decision 0237).
    const driverEmail = plan.driver
    t.at(movedAt.confirmed!.plus({ minutes: 10 }), `the dispatcher assigns ${name}`, async () => {
      const member = await db
        .from('company_members')
        .where('user_id', state.userId(driverEmail))
        .firstOrFail()
      const dispatcher = COMPANY_MEMBERS.find(
        (m) => m.company === carrier && m.role === 'dispatcher'
      )
      await services.bookingDrivers.assign(
        id(),
        state.userId(carrier),
        Number(member.id),
        dispatcher ? state.userId(dispatcher.email) : state.userId(carrier)
      )
    })
  }
  for (const to of CARRIER_MOVES[plan.status]) {
    t.at(movedAt[to]!, `${carrier} marks ${name} ${to}`, () =>
      services.statuses.change(
        id(),
        to,
        { userId: state.userId(carrier), role: 'carrier' },
        { note: to === 'delayed' ? DELAY_NOTE : undefined }
      )
    )
  }
  if (plan.status !== 'delivered') return

  const completedAt = plan.completedByShipper ? deliveredAt.plus({ hours: 6 }) : null
  if (plan.finance) {
    planFinance(t, services, state, index, plan.finance, { shipper, carrier }, deliveredAt)
  }
  if (plan.reviews) {
    const who = { shipper, carrier }
    planReviews(t, services, state, index, plan.reviews, who, deliveredAt, completedAt)
  }
  if (completedAt) {
    t.at(completedAt, `${shipper} completes ${name}`, async () => {
      await services.bookings.complete(state.userId(shipper), id())
      sandbox.check()
    })
    return
  }
  // Not completed: the payout run releases it 48 hours after delivery (none yet if that is later).
  const releasedAt = deliveredAt.plus({ hours: AUTO_RELEASE_HOURS, minutes: 5 })
  if (releasedAt <= t.now) planPayoutRun(t, services, sandbox, releasedAt)
}
