import type { ExpeditedJob } from '@/features/expedited/api/types'
import { formatCityState } from '@/lib/format'
import { EQUIPMENT_LABELS } from '@/config/freight-labels'

/** The shared display names (docs/decisions/0173): a box truck is "Box Truck" everywhere. */
export const VEHICLE_LABELS: Record<ExpeditedJob['vehicleType'], string> = EQUIPMENT_LABELS

export const STATUS_LABELS: Record<ExpeditedJob['status'], string> = {
  REQUESTED: 'Requested',
  ACCEPTED: 'Accepted',
  PICKED_UP: 'Picked up',
  DELIVERED: 'Delivered',
  CANCELLED: 'Cancelled',
}

export const STATUS_VARIANTS: Record<
  ExpeditedJob['status'],
  'info' | 'default' | 'warning' | 'success' | 'secondary'
> = {
  REQUESTED: 'info',
  ACCEPTED: 'default',
  PICKED_UP: 'warning',
  DELIVERED: 'success',
  CANCELLED: 'secondary',
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
