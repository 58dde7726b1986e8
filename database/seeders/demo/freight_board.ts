/*
 * The demo's freight board: shippers post loads through the freight listing service (so the
 * recommendation, expiry and audits are the server's own), carriers hold and claim them through
 * the board service, the shipper pays the claim's booking with the sandbox card, and the carrier
 * moves it to delivered. The delivered Chicago-Detroit loads are the lane history that makes
 * that lane's recommendation rest on history rather than the cost model.
 */
import type { DateTime } from 'luxon'
import type { Timeline } from './timeline.js'
import type { DemoServices, DemoState } from './context.js'
import { payByCard, type SeedingSandbox } from './payments.js'
import { APPROVED_CARRIERS, SHIPPERS } from './people.js'
import { FREIGHT_LOADS, type FreightLoadPlan } from './freight_plans.js'
import { acceptRateConfirmation, uploadProofOfDelivery } from './documents.js'

export function planFreightBoard(
  t: Timeline,
  services: DemoServices,
  state: DemoState,
  sandbox: SeedingSandbox
) {
  for (const [index, plan] of FREIGHT_LOADS.entries())
    planLoad(t, services, state, sandbox, index, plan)
}

function planLoad(
  t: Timeline,
  services: DemoServices,
  state: DemoState,
  sandbox: SeedingSandbox,
  index: number,
  plan: FreightLoadPlan
) {
  const shipperId = () => state.userId(SHIPPERS[plan.shipper].email)
  const carrierUserId = () => state.userId(APPROVED_CARRIERS[plan.carrier!].email)
  // Today's loads were posted this morning; older ones at 9:00 on their day.
  const postedAt = t.now.minus({ days: plan.postedDaysAgo, hours: plan.postedDaysAgo ? 0 : 2 })
  const pickupAt = postedAt.plus({ days: 2 }).startOf('hour')
  const name = `freight load ${index}`
  let listingId = 0
  let bookingId = 0
  let total = 0

  t.at(postedAt, `${SHIPPERS[plan.shipper].email} posts ${name}`, async () => {
    const posted = await services.freightListings.post(
      { userId: shipperId(), role: 'shipper' },
      {
        origin: { postal: plan.from },
        destination: { postal: plan.to },
        equipment: plan.equipment,
        mode: plan.mode,
        pallets: plan.pallets,
        weight_lbs: plan.weightLbs,
        dims: { l: 48, w: 40, h: 60 },
        pickup_earliest: pickupAt.toUTC().toISO(),
        delivery_latest: pickupAt.plus({ days: 2 }).toUTC().toISO(),
        notes: plan.notes ?? null,
        price: plan.price,
        commodity: plan.commodity ?? null,
        pieces: plan.pieces ?? null,
      }
    )
    listingId = posted.id
  })
  if (plan.funded) {
    t.at(postedAt.plus({ minutes: 5 }), `the shipper funds ${name} by card`, async () => {
      const intent = await services.freightListings.fund(
        { userId: shipperId(), role: 'shipper' },
        listingId
      )
      await payByCard(t, services, sandbox, intent.clientSecret)
    })
  }
  if (plan.fate === 'open') return

  const carrier = async () => services.freightBoard.carrierOf(carrierUserId())
  if (plan.fate === 'held') {
    const heldAt = t.now.minus({ minutes: 12 })
    t.at(heldAt, `a carrier holds ${name}`, async () =>
      services.freightBoard.hold(await carrier(), listingId)
    )
    return
  }

  const claimedAt = minBefore(t, postedAt.plus({ hours: 3 }))
  t.at(claimedAt, `a carrier claims ${name}`, async () => {
    const claim = await services.freightBoard.claim(await carrier(), listingId)
    bookingId = claim.booking_id
    total = plan.price
  })
  // A funded load's booking was paid by the claim itself.
  if (!plan.funded) {
    t.at(claimedAt.plus({ minutes: 4 }), `the shipper pays ${name}`, async () => {
      const intent = await services.payments.createIntent(bookingId, total)
      await payByCard(t, services, sandbox, intent.clientSecret)
    })
  }
  if (plan.fate !== 'delivered') return

  const moves: [DateTime, 'confirmed' | 'in_transit' | 'delivered'][] = [
    [claimedAt.plus({ hours: 2 }), 'confirmed'],
    [pickupAt, 'in_transit'],
    [pickupAt.plus({ hours: 14 }), 'delivered'],
  ]
  const signedAt = pickupAt.plus({ hours: 13, minutes: 50 })
  t.at(signedAt, `the carrier uploads the POD of ${name}`, () =>
    uploadProofOfDelivery(services, bookingId, carrierUserId(), signedAt)
  )
  const seed = APPROVED_CARRIERS[plan.carrier!]
  t.at(claimedAt.plus({ hours: 1 }), `the carrier accepts the rate confirmation of ${name}`, () =>
    acceptRateConfirmation(
      services,
      bookingId,
      carrierUserId(),
      `${seed.firstName} ${seed.lastName}`
    )
  )
  for (const [at, to] of moves) {
    t.at(at, `the carrier marks ${name} ${to}`, () =>
      services.statuses.change(bookingId, to, { userId: carrierUserId(), role: 'carrier' })
    )
  }
  t.at(pickupAt.plus({ hours: 20 }), `the shipper completes ${name}`, async () => {
    await services.bookings.complete(shipperId(), bookingId)
    sandbox.check()
  })
}

/** A moment no later than a few minutes ago. */
function minBefore(t: Timeline, at: DateTime) {
  const latest = t.now.minus({ minutes: 30 })
  return at < latest ? at : latest
}
