import { DateTime } from 'luxon'
import type ExpeditedJob from '#logistics/models/expedited_job'
import type { DriverGeo, ExpeditedPaymentState } from '#logistics/models/expedited_job'
import {
  earliestDeliveryMs,
  type ExpeditedStatus,
  type VehicleType,
} from '#logistics/expedited_status'
import type { SlaJob } from '#logistics/expedited_sla'
import { expeditedReference } from '#core/reference'
import { fromCents, splitPayout, toCents } from '#core/money'
import type { DriverMember } from '#accounts/services/driver_members'
import type { StopEventType } from '#tms/stop_event_rules'

export type ExpeditedStop = {
  postal: string
  city: string
  state: string
  lat: number
  lng: number
}

/** An expedited job on the wire (docs/openapi.json `ExpeditedJob`). */
export type ExpeditedJobView = {
  id: number
  reference: string
  status: ExpeditedStatus
  vehicleType: VehicleType
  slaHours: number
  origin: ExpeditedStop
  destination: ExpeditedStop
  pallets: number
  weightLbs: number
  distanceMiles: number
  /** the shipper's price, to the shipper only; null to carriers (docs/decisions/0188) */
  price: number | null
  /** the carrier's share of the price (the payout split), to carriers only; null to the shipper */
  carrierPay: number | null
  /**
   * the shipper's card payment, to the shipper only (docs/decisions/0188): pending, failed,
   * paid, refunded; null to carriers and on jobs requested before payments
   */
  paymentStatus: ExpeditedPaymentState | null
  /** why the last card attempt failed, to the shipper only, while the job awaits payment */
  paymentFailure: string | null
  notes: string | null
  /**
   * to the shipper: the company once its payment is held, else the anonymous label
   * (docs/decisions/0157, 0188); to carriers: the company
   */
  carrierName: string | null
  driverGeo: DriverGeo | null
  positionAt: string | null
  eta: string | null
  deadlineAt: string
  atRisk: boolean
  slaMissed: boolean
  slaMissedAt: string | null
  createdAt: string
  acceptedAt: string | null
  pickedUpAt: string | null
  /**
   * The soonest its delivery can be recorded: the pickup plus the distance at the top speed
   * (docs/decisions/0166); null until it is picked up
   */
  earliestDeliveryAt: string | null
  deliveredAt: string | null
  cancelledAt: string | null
  /** when a job unpaid or unaccepted by its deadline expired (docs/decisions/0188) */
  expiredAt: string | null
  /** the carrier's driver member on the job (docs/decisions/0237), to carriers only */
  driver: DriverMember | null
  /** the driver's latest step at the stops (docs/decisions/0263); null before the first */
  lastStep: DriverStep | null
  /** the signed proof of delivery can be downloaded (docs/decisions/0263) */
  podAvailable: boolean
}

/** A job's driver steps as its card tells them (docs/decisions/0263). */
export type DriverStep = { type: StopEventType; label: string; recordedAt: string }
export type JobSteps = { lastStep: DriverStep | null; podAvailable: boolean }
export const NO_STEPS: JobSteps = { lastStep: null, podAvailable: false }

const iso = (at: DateTime | null | undefined) => (at ? at.toUTC().toISO()! : null)

export function presentExpeditedJob(
  job: ExpeditedJob,
  carrierName: string | null,
  viewer: 'shipper' | 'carrier',
  driver: DriverMember | null = null,
  steps: JobSteps = NO_STEPS
): ExpeditedJobView {
  return {
    id: job.id,
    reference: expeditedReference(job.id),
    status: job.status,
    vehicleType: job.vehicleType,
    slaHours: job.slaHours,
    origin: {
      postal: job.originPostal,
      city: job.originCity,
      state: job.originState,
      lat: job.originLatitude,
      lng: job.originLongitude,
    },
    destination: {
      postal: job.destPostal,
      city: job.destCity,
      state: job.destState,
      lat: job.destLatitude,
      lng: job.destLongitude,
    },
    pallets: job.pallets,
    weightLbs: job.weightLbs,
    distanceMiles: job.distanceMiles,
    price: viewer === 'shipper' ? job.price : null,
    carrierPay:
      viewer === 'carrier' ? fromCents(splitPayout(toCents(job.price)).payoutCents) : null,
    paymentStatus: viewer === 'shipper' ? (job.paymentStatus ?? null) : null,
    paymentFailure:
      viewer === 'shipper' && job.paymentStatus === 'failed' ? (job.paymentFailure ?? null) : null,
    notes: job.notes ?? null,
    carrierName,
    driverGeo: job.driverGeo ?? null,
    positionAt: iso(job.positionAt),
    eta: iso(job.eta),
    deadlineAt: iso(job.deadlineAt)!,
    atRisk: Boolean(job.atRisk),
    slaMissed: Boolean(job.slaMissed),
    slaMissedAt: iso(job.slaMissedAt),
    createdAt: iso(job.createdAt)!,
    acceptedAt: iso(job.acceptedAt),
    pickedUpAt: iso(job.pickedUpAt),
    earliestDeliveryAt: job.pickedUpAt
      ? DateTime.fromMillis(earliestDeliveryMs(job.pickedUpAt.toMillis(), job.distanceMiles))
          .toUTC()
          .toISO()!
      : null,
    deliveredAt: iso(job.deliveredAt),
    cancelledAt: iso(job.cancelledAt),
    expiredAt: iso(job.expiredAt),
    driver: viewer === 'carrier' ? driver : null,
    lastStep: steps.lastStep,
    podAvailable: steps.podAvailable,
  }
}

/** What the SLA rules read of a stored job. */
export function slaJobOf(job: ExpeditedJob): SlaJob {
  return {
    status: job.status,
    origin: { latitude: job.originLatitude, longitude: job.originLongitude },
    destination: { latitude: job.destLatitude, longitude: job.destLongitude },
    distanceMiles: job.distanceMiles,
    deadlineAt: job.deadlineAt,
    acceptedAt: job.acceptedAt,
    eta: job.eta,
  }
}
