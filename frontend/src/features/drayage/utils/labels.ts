import type { DrayageMove } from '@/features/drayage/api/get-drayage-moves'

type Variant = 'secondary' | 'info' | 'warning' | 'success' | 'destructive'

export const MOVE_STATUS: Record<DrayageMove['status'], { label: string; variant: Variant }> = {
  OPEN: { label: 'Waiting for a carrier', variant: 'secondary' },
  ACCEPTED: { label: 'Accepted', variant: 'info' },
  OUT_GATED: { label: 'Out of the terminal', variant: 'warning' },
  EMPTY_RETURNED: { label: 'Empty returned', variant: 'success' },
  CANCELLED: { label: 'Cancelled', variant: 'destructive' },
}

export const APPOINTMENT_STATUS: Record<string, { label: string; variant: Variant }> = {
  REQUESTED: { label: 'Requested', variant: 'secondary' },
  CONFIRMED: { label: 'Confirmed', variant: 'info' },
  COMPLETED: { label: 'Completed', variant: 'success' },
  MISSED: { label: 'Missed', variant: 'destructive' },
  CANCELLED: { label: 'Cancelled', variant: 'secondary' },
}

export const APPOINTMENT_KIND: Record<string, string> = {
  PICKUP: 'Pickup at the terminal',
  RETURN: 'Empty return',
}

/** "2 days left", "Last free day today", "3 days past the last free day"; null once out. */
export function daysLeftText(daysLeft: number | null): string | null {
  if (daysLeft === null) return null
  if (daysLeft === 0) return 'Last free day today'
  if (daysLeft > 0) return `${daysLeft} day${daysLeft === 1 ? '' : 's'} left`
  const past = -daysLeft
  return `${past} day${past === 1 ? '' : 's'} past the last free day`
}
