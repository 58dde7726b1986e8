/**
 * The SLA rules of an expedited job (docs/decisions/0126). Pure: the live ETA from the driver's
 * position under hours of service (rate_quoting's one `etaHours`, a solo driver at the EXP
 * average speed, the duty clock started at acceptance), and when a job is at risk or has
 * missed its SLA.
 */
import type { DateTime } from 'luxon'
import { roadMiles, type LatLng } from '#core/geo'
import {
  etaHours,
  MAX_DRIVING_HOURS,
  REST_HOURS,
} from '#plugins/rate_quoting/drivers/lane_model_math'
import type { ExpeditedStatus } from '#logistics/expedited_status'

/** A job is at risk when its projected arrival leaves less than this before the deadline. */
export const AT_RISK_SLACK_MINUTES = 30

/** What the SLA rules read of a job. */
export type SlaJob = {
  status: ExpeditedStatus
  origin: LatLng
  destination: LatLng
  /** road miles from pickup to delivery */
  distanceMiles: number
  deadlineAt: DateTime
  acceptedAt: DateTime | null
  eta: DateTime | null
}

/**
 * Where the driver is in the duty cycle `elapsedHours` after acceptance: 11 hours of driving,
 * then a 10-hour break (the driver is taken to drive from acceptance on, the cautious reading).
 */
export function dutyClock(elapsedHours: number): { drivenInShift: number; restLeft: number } {
  const cycle = MAX_DRIVING_HOURS + REST_HOURS
  const within = Math.max(0, elapsedHours) % cycle
  if (within < MAX_DRIVING_HOURS) return { drivenInShift: within, restLeft: 0 }
  return { drivenInShift: 0, restLeft: cycle - within }
}

/** Road miles still to drive from `position`: to the pickup first unless picked up. */
export function remainingMiles(job: SlaJob, position: LatLng): number {
  if (job.status === 'PICKED_UP') return roadMiles(position, job.destination)
  return Math.round((roadMiles(position, job.origin) + job.distanceMiles) * 10) / 10
}

/** Hours from `at` to arrival for a solo driver with `miles` left, under hours of service. */
export function hoursToArrive(miles: number, acceptedAt: DateTime | null, at: DateTime): number {
  const elapsed = acceptedAt ? at.diff(acceptedAt, 'hours').hours : 0
  const clock = dutyClock(elapsed)
  return (
    clock.restLeft + etaHours(miles, 'EXP', { team: false, drivenInShift: clock.drivenInShift })
  )
}

/** The live ETA from a position reported at `at`. */
export function liveEta(job: SlaJob, position: LatLng, at: DateTime): DateTime {
  const miles = remainingMiles(job, position)
  return at.plus({ minutes: Math.round(hoursToArrive(miles, job.acceptedAt, at) * 60) })
}

/**
 * The arrival the SLA check believes at `now`: the live ETA, never in the past while the job
 * is undelivered; without a position, the pickup-to-delivery drive from now (a lower bound).
 */
export function projectedArrival(job: SlaJob, now: DateTime): DateTime {
  if (job.eta) return job.eta > now ? job.eta : now
  const hours = hoursToArrive(job.distanceMiles, job.acceptedAt, now)
  return now.plus({ minutes: Math.round(hours * 60) })
}

/** At risk: an open job whose projected arrival leaves less than the slack before its deadline. */
export function isAtRisk(job: SlaJob, now: DateTime): boolean {
  if (job.status === 'DELIVERED' || job.status === 'CANCELLED') return false
  const latest = job.deadlineAt.minus({ minutes: AT_RISK_SLACK_MINUTES })
  return projectedArrival(job, now) > latest
}

/** Missed: undelivered past the deadline, or delivered after it. */
export function hasMissedSla(job: SlaJob, now: DateTime, deliveredAt: DateTime | null): boolean {
  if (job.status === 'CANCELLED') return false
  if (job.status === 'DELIVERED') return deliveredAt !== null && deliveredAt > job.deadlineAt
  return now > job.deadlineAt
}

/** The least SLA a job can promise: the drive from pickup to delivery, whole hours. */
export function minimumSlaHours(distanceMiles: number): number {
  return Math.max(1, Math.ceil(etaHours(distanceMiles, 'EXP', { team: false })))
}
