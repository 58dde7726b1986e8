/*
 * The demo's expedited jobs, each through the product's own services at its moment: requested
 * (priced by the lane model), paid with the sandbox card (offered once the webhook confirms it,
 * docs/decisions/0188; the cancelled one refunded), accepted by a nearby EXP carrier, driven with positions (live
 * ETA) with the driver's steps from the phone, delivered by the consignee's signature (its POD,
 * docs/decisions/0264), cancelled, left at risk and past its SLA, or still on offer. The scheduled
 * SLA check runs at the end, as the scheduler would have.
 */
import type { Timeline } from './timeline.js'
import type { DemoServices, DemoState } from './context.js'
import { APPROVED_CARRIERS, SHIPPERS } from './people.js'
import { payByCard, type SeedingSandbox } from './payments.js'
import type { StopStep } from '#tms/stop_event_rules'
import type { StopEventInput } from '#tms/services/stop_steps'

type Fix = { lat: number; lng: number; hoursAgo: number }

/** A consignee's signature as the phone's pad sends it: a 60×20 PNG data URL. */
const CONSIGNEE_SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAADwAAAAUCAYAAADRA14pAAAAx0lEQVR4AeXBQW7CMAAAwV0r///yFt8Qoi0khotn7IaNDDYz2MxgM4PNHHyIyr2Kb1GZKh4dLKYyVdxTmSo+SaXiNwcLqVQ8UzGpVKymMlX8ZbCISsV/KlRWUqmo+M9gAZWKV1WorKBS8arBRSoV76pQuUKl4h2DC1QqzqpQOUOl4l2Dk1QqrqpQUXmVSsUZB29SmSpWqZhUKv6iUnHWwRMqFY9UKj6lQmWquKcyVVxhNzyh8qjiW1TuVaxgN2xksJnBZgab+QFllHgb/lyVwwAAAABJRU5ErkJggg=='

type ExpeditedPlan = {
  shipper: number
  /** index into APPROVED_CARRIERS of the carrier that accepts; none: still on offer */
  carrier?: number
  vehicleType: 'SPRINTER' | 'BOX' | 'VAN'
  from: string
  to: string
  pallets: number
  weightLbs: number
  slaHours: number
  requestedHoursAgo: number
  acceptedHoursAgo?: number
  pickedUpHoursAgo?: number
  deliveredHoursAgo?: number
  cancelledHoursAgo?: number
  positions?: Fix[]
  notes?: string
}

const PLANS: ExpeditedPlan[] = [
  // Delivered on time last week: Chicago to Detroit in a sprinter.
  {
    shipper: 0,
    carrier: 0,
    vehicleType: 'SPRINTER',
    from: '60601',
    to: '48201',
    pallets: 2,
    weightLbs: 1400,
    slaHours: 12,
    requestedHoursAgo: 120,
    acceptedHoursAgo: 119.5,
    pickedUpHoursAgo: 118,
    positions: [
      { lat: 41.5934, lng: -87.3464, hoursAgo: 117 },
      { lat: 42.2808, lng: -83.743, hoursAgo: 114 },
    ],
    deliveredHoursAgo: 113,
    notes: 'Line-down part: deliver to receiving dock 3',
  },
  // On the road now: Chicago to Indianapolis in a box truck.
  {
    shipper: 0,
    carrier: 0,
    vehicleType: 'BOX',
    from: '60607',
    to: '46204',
    pallets: 6,
    weightLbs: 5200,
    slaHours: 10,
    requestedHoursAgo: 3,
    acceptedHoursAgo: 2.75,
    pickedUpHoursAgo: 2,
    positions: [{ lat: 41.4814, lng: -87.0553, hoursAgo: 0.5 }],
  },
  // Accepted in Atlanta, the driver still far from the pickup: at risk, then past its SLA.
  {
    shipper: 1,
    carrier: 2,
    vehicleType: 'BOX',
    from: '30303',
    to: '28202',
    pallets: 4,
    weightLbs: 3000,
    slaHours: 6,
    requestedHoursAgo: 7,
    acceptedHoursAgo: 6.5,
    positions: [{ lat: 33.2, lng: -84.9, hoursAgo: 5 }],
  },
  // Waiting for a Dallas carrier to accept.
  {
    shipper: 1,
    vehicleType: 'VAN',
    from: '75201',
    to: '77002',
    pallets: 10,
    weightLbs: 9000,
    slaHours: 10,
    requestedHoursAgo: 1,
  },
  // Cancelled by the shipper before anyone accepted.
  {
    shipper: 0,
    vehicleType: 'SPRINTER',
    from: '60601',
    to: '53202',
    pallets: 1,
    weightLbs: 600,
    slaHours: 6,
    requestedHoursAgo: 30,
    cancelledHoursAgo: 29,
  },
]

export function planExpedited(
  t: Timeline,
  services: DemoServices,
  state: DemoState,
  sandbox: SeedingSandbox
) {
  for (const [index, plan] of PLANS.entries()) planJob(t, services, state, sandbox, index, plan)
  t.at(t.now, 'the scheduled expedited SLA check', async () => {
    await services.expedited.expireOverdue()
    await services.expeditedSla.check()
  })
}

function planJob(
  t: Timeline,
  services: DemoServices,
  state: DemoState,
  sandbox: SeedingSandbox,
  index: number,
  plan: ExpeditedPlan
) {
  const ago = (hours: number) => t.now.minus({ minutes: Math.round(hours * 60) })
  const name = `expedited job ${index}`
  let jobId = 0
  t.at(
    ago(plan.requestedHoursAgo),
    `${SHIPPERS[plan.shipper].email} requests ${name}`,
    async () => {
      const { job } = await services.expedited.request(state.userId(SHIPPERS[plan.shipper].email), {
        vehicleType: plan.vehicleType,
        slaHours: plan.slaHours,
        origin: { postal: plan.from },
        destination: { postal: plan.to },
        pallets: plan.pallets,
        weightLbs: plan.weightLbs,
        notes: plan.notes ?? null,
      })
      jobId = job.id
      // Paid at once with the sandbox card: the confirmed webhook offers it.
      const intent = await services.expedited.paymentIntent(jobId)
      await payByCard(t, services, sandbox, intent.clientSecret)
    }
  )
  if (plan.cancelledHoursAgo !== undefined) {
    t.at(ago(plan.cancelledHoursAgo), `the shipper cancels ${name}`, () =>
      services.expedited.cancel(jobId)
    )
  }
  if (plan.carrier === undefined || plan.acceptedHoursAgo === undefined) return
  const carrierEmail = APPROVED_CARRIERS[plan.carrier].email
  t.at(ago(plan.acceptedHoursAgo), `${carrierEmail} accepts ${name}`, async () =>
    services.expedited.accept(
      jobId,
      await services.carrierProfiles.requireCarrierId(state.userId(carrierEmail))
    )
  )
  const carrierUserId = () => state.userId(carrierEmail)
  // The driver's steps from the phone (docs/decisions/0263): loaded picks the job up.
  const steps =
    (types: StopStep[], extra: Partial<StopEventInput> = {}) =>
    async () => {
      for (const type of types) {
        await services.expeditedStops.record(
          jobId,
          { userId: carrierUserId() },
          `demo-expedited-${jobId}-${type}`,
          {
            type,
            ...(type === 'loaded' ? { pieces: plan.pallets } : {}),
            ...(type === 'delivered' ? extra : {}),
          }
        )
      }
    }
  if (plan.pickedUpHoursAgo !== undefined) {
    t.at(
      ago(plan.pickedUpHoursAgo),
      `the driver loads ${name}`,
      steps(['arrived_pickup', 'loaded', 'departed_pickup'])
    )
  }
  for (const fix of plan.positions ?? []) {
    t.at(ago(fix.hoursAgo), `the driver of ${name} reports a position`, () =>
      services.expedited.reportPosition(jobId, { lat: fix.lat, lng: fix.lng })
    )
  }
  if (plan.deliveredHoursAgo !== undefined) {
    // Delivered by the consignee's signature, with its POD (docs/decisions/0264).
    t.at(
      ago(plan.deliveredHoursAgo),
      `the driver delivers ${name}, signed for`,
      steps(['arrived_delivery', 'delivered'], {
        consigneeName: 'Dana Whitfield, Receiving',
        signature: CONSIGNEE_SIGNATURE,
      })
    )
  }
}
