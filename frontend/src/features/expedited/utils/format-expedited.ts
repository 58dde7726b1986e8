import type { ExpeditedJob } from '@/features/expedited/api/types'
import { formatCityState } from '@/lib/format'
import { EQUIPMENT_LABELS } from '@/config/freight-labels'

/** The shared display names (docs/decisions/0173): a box truck is "Box Truck" everywhere. */
export const VEHICLE_LABELS: Record<ExpeditedJob['vehicleType'], string> = EQUIPMENT_LABELS

export const STATUS_LABELS: Record<ExpeditedJob['status'], string> = {
  PAYMENT_PENDING: 'Awaiting payment',
  REQUESTED: 'Requested',
  ACCEPTED: 'Accepted',
  PICKED_UP: 'Picked up',
  DELIVERED: 'Delivered',
  CANCELLED: 'Cancelled',
  EXPIRED: 'Expired',
}

export const STATUS_VARIANTS: Record<
  ExpeditedJob['status'],
  'info' | 'default' | 'warning' | 'success' | 'secondary'
> = {
  PAYMENT_PENDING: 'warning',
  REQUESTED: 'info',
  ACCEPTED: 'default',
  PICKED_UP: 'warning',
  DELIVERED: 'success',
  CANCELLED: 'secondary',
  EXPIRED: 'secondary',
}

/**
 * The shipper's payment line (docs/decisions/0188): a job is offered to carriers only once its
 * payment is confirmed; null to carriers and on jobs from before payments.
 */
export function paymentLine(
  job: ExpeditedJob
): { text: string; tone: 'pending' | 'failed' | 'paid' | 'refunded' } | null {
  switch (job.paymentStatus) {
    case 'pending':
      return job.status === 'PAYMENT_PENDING'
        ? { text: 'Awaiting payment: not offered to carriers yet', tone: 'pending' }
        : { text: 'Not paid', tone: 'pending' }
    case 'failed':
      return {
        text: `Payment failed: ${job.paymentFailure ?? 'the card was not charged'}`,
        tone: 'failed',
      }
    case 'paid':
      return job.status === 'REQUESTED'
        ? { text: 'Paid — offered to carriers', tone: 'paid' }
        : { text: 'Paid', tone: 'paid' }
    case 'refunded':
      return { text: 'Refunded in full to your card', tone: 'refunded' }
    default:
      return null
  }
}

/** "Chicago, IL → Detroit, MI" */
export function laneOf(job: ExpeditedJob): string {
  return `${formatCityState(job.origin.city, job.origin.state)} → ${formatCityState(job.destination.city, job.destination.state)}`
}

/** "4 pallets · 4,000 lb · 283.4 mi" */
export function loadOf(job: ExpeditedJob): string {
  const pallets = `${job.pallets} ${job.pallets === 1 ? 'pallet' : 'pallets'}`
  return `${VEHICLE_LABELS[job.vehicleType]} · ${pallets} · ${job.weightLbs.toLocaleString('en-US')} lb · ${job.distanceMiles} mi`
}

/** A job the driver is on: positions count and the ETA is live. */
export const isLive = (job: ExpeditedJob) => job.status === 'ACCEPTED' || job.status === 'PICKED_UP'
