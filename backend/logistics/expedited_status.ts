/**
 * The expedited job status machine (docs/decisions/0125). Pure: which status may follow which,
 * who may make the change, and how soon after its pickup a job can be delivered (decision
 * 0166). The server enforces it; the screens only offer the choices.
 * At risk and SLA missed are flags beside the status, not states: a late job still gets
 * picked up and delivered.
 * A request is paid before it is offered (docs/decisions/0188): it waits in PAYMENT_PENDING,
 * which no carrier sees, until the provider confirms the charge; one never paid, or never
 * accepted, by its deadline EXPIRES (and a charge it holds goes back to the card).
 */
import { TRAILER_PALLETS, TRAILER_WEIGHT_LBS } from '#core/load_rules'

export const EXPEDITED_STATUSES = [
  'PAYMENT_PENDING',
  'REQUESTED',
  'ACCEPTED',
  'PICKED_UP',
  'DELIVERED',
  'CANCELLED',
  'EXPIRED',
] as const

export type ExpeditedStatus = (typeof EXPEDITED_STATUSES)[number]

/**
 * Who moves a job: its shipper, the carrier on it, the payment provider's confirmed charge
 * (`payments`), or the scheduled check (`schedule`: expiry only; otherwise it sets flags).
 */
export type ExpeditedActor = 'shipper' | 'carrier' | 'payments' | 'schedule'

/** The spec's equipment values; an expedited job names the vehicle it needs. */
export const VEHICLE_TYPES = ['SPRINTER', 'BOX', 'VAN', 'REEFER', 'FLATBED'] as const
export type VehicleType = (typeof VEHICLE_TYPES)[number]

/**
 * What a vehicle carries at most, and the fleet truck types that can run it: the fleet has no
 * cargo-van type, so a sprinter job goes to the smallest trucks that hold it (decision 0126).
 */
export const VEHICLES: Record<
  VehicleType,
  { label: string; maxPallets: number; maxLbs: number; truckTypes: string[] }
> = {
  SPRINTER: {
    label: 'Sprinter',
    maxPallets: 3,
    maxLbs: 3_000,
    truckTypes: ['box_truck', 'dry_van'],
  },
  BOX: { label: 'Box truck', maxPallets: 12, maxLbs: 10_000, truckTypes: ['box_truck', 'dry_van'] },
  VAN: {
    label: 'Van',
    maxPallets: TRAILER_PALLETS,
    maxLbs: TRAILER_WEIGHT_LBS,
    truckTypes: ['dry_van'],
  },
  REEFER: {
    label: 'Reefer',
    maxPallets: TRAILER_PALLETS,
    maxLbs: TRAILER_WEIGHT_LBS,
    truckTypes: ['refrigerated'],
  },
  FLATBED: {
    label: 'Flatbed',
    maxPallets: TRAILER_PALLETS,
    maxLbs: 48_000,
    truckTypes: ['flatbed'],
  },
}

const TRANSITIONS: Record<ExpeditedStatus, Partial<Record<ExpeditedStatus, ExpeditedActor[]>>> = {
  // Carriers never see it: offered once the provider confirms the charge.
  PAYMENT_PENDING: { REQUESTED: ['payments'], CANCELLED: ['shipper'], EXPIRED: ['schedule'] },
  // Offered to every matching EXP carrier; the first accept wins.
  REQUESTED: { ACCEPTED: ['carrier'], CANCELLED: ['shipper'], EXPIRED: ['schedule'] },
  ACCEPTED: { PICKED_UP: ['carrier'], CANCELLED: ['shipper'] },
  PICKED_UP: { DELIVERED: ['carrier'] },
  DELIVERED: {},
  CANCELLED: {},
  EXPIRED: {},
}

export function isExpeditedStatus(value: unknown): value is ExpeditedStatus {
  return typeof value === 'string' && (EXPEDITED_STATUSES as readonly string[]).includes(value)
}

/** May `actor` move a job from `from` to `to`? */
export function canMove(from: ExpeditedStatus, to: ExpeditedStatus, actor: ExpeditedActor) {
  return TRANSITIONS[from][to]?.includes(actor) ?? false
}

/** The statuses `actor` may move a job to from `from`. */
export function nextStatuses(from: ExpeditedStatus, actor: ExpeditedActor): ExpeditedStatus[] {
  return (Object.entries(TRANSITIONS[from]) as [ExpeditedStatus, ExpeditedActor[]][])
    .filter(([, actors]) => actors.includes(actor))
    .map(([to]) => to)
}

/** The statuses a move to `to` by `actor` may start from (the conditional update's WHERE). */
export function sourcesOf(to: ExpeditedStatus, actor: ExpeditedActor): ExpeditedStatus[] {
  return EXPEDITED_STATUSES.filter((from) => canMove(from, to, actor))
}

export function isFinal(status: ExpeditedStatus) {
  return Object.keys(TRANSITIONS[status]).length === 0
}

/** A driver is on the job: positions count and the SLA is watched. */
export function isLive(status: ExpeditedStatus) {
  return status === 'ACCEPTED' || status === 'PICKED_UP'
}

/** The refusal of a move the machine does not allow. */
export function refusal(from: ExpeditedStatus, to: ExpeditedStatus) {
  const words: Record<ExpeditedStatus, string> = {
    PAYMENT_PENDING: 'unpaid',
    REQUESTED: 'requested',
    ACCEPTED: 'accepted',
    PICKED_UP: 'picked up',
    DELIVERED: 'delivered',
    CANCELLED: 'cancelled',
    EXPIRED: 'expired',
  }
  const article = /^[aeiou]/.test(words[from]) ? 'An' : 'A'
  return `${article} ${words[from]} job cannot be ${words[to]}`
}

/**
 * The fastest a job's road miles are driven, door to door: a 65 mph top highway speed plus a
 * 5 mph allowance for how distances and clocks are rounded (docs/decisions/0166). A delivery
 * sooner after the pickup than the job's distance takes at this speed did not happen.
 */
export const TOP_SPEED_MPH = 70

/** The least time from pickup to delivery for `distanceMiles`, in whole seconds (as ms). */
export function leastDriveMs(distanceMiles: number): number {
  return Math.ceil((Math.max(0, distanceMiles) / TOP_SPEED_MPH) * 3_600) * 1_000
}

/** When a job picked up at `pickedUpAtMs` can be delivered at the earliest. */
export function earliestDeliveryMs(pickedUpAtMs: number, distanceMiles: number): number {
  return pickedUpAtMs + leastDriveMs(distanceMiles)
}

const duration = (minutes: number) =>
  minutes < 60
    ? `${minutes} min`
    : `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`

/**
 * Why a job cannot be marked delivered without its signed proof of delivery (docs/decisions/0264):
 * the driver's "Delivered" step with the consignee's signature is the delivery, as a booking
 * needs its POD (0166).
 */
export const noProofRefusal = (jobId: number) =>
  `A proof of delivery is missing: record "Delivered" with the consignee's signature on the ` +
  `driver's stops screen (/drive/expedited/${jobId}) before the job is delivered`

/** Why a picked-up job may not be delivered at `nowMs` (too soon for its distance), or null. */
export function deliveryRefusal(
  job: { pickedUpAtMs: number | null; distanceMiles: number },
  nowMs: number
): string | null {
  if (job.pickedUpAtMs === null) return null
  const least = leastDriveMs(job.distanceMiles)
  if (nowMs >= job.pickedUpAtMs + least) return null
  const since = Math.max(0, Math.floor((nowMs - job.pickedUpAtMs) / 60_000))
  return (
    `Too soon to deliver: ${Math.round(job.distanceMiles)} miles take at least ` +
    `${duration(Math.ceil(least / 60_000))} at ${TOP_SPEED_MPH} mph, and the job was picked up ` +
    `${duration(since)} ago`
  )
}
