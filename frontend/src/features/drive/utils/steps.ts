import type { StopEventType } from '@/features/drive/api/stop-events'

/** The driver's steps in the order they happen (the server holds the same order, 409 else). */
export const STEPS: { type: Exclude<StopEventType, 'exception'>; label: string; hint: string }[] = [
  { type: 'arrived_pickup', label: 'Arrived at pickup', hint: 'At the shipper’s dock' },
  { type: 'loaded', label: 'Loaded', hint: 'Pieces, seal and a photo' },
  { type: 'departed_pickup', label: 'Departed pickup', hint: 'Marks the booking In Transit' },
  { type: 'arrived_delivery', label: 'Arrived at delivery', hint: 'At the consignee’s dock' },
  { type: 'delivered', label: 'Delivered', hint: 'Consignee’s name and signature' },
]

/** The hints that differ on an expedited job (decision 0263): its statuses follow the steps. */
export const EXPEDITED_HINTS: Partial<Record<StopEventType, string>> = {
  loaded: 'Pieces, seal and a photo; marks the job Picked Up',
  departed_pickup: 'On the road to the delivery',
}

export const EXCEPTION_KINDS = [
  { value: 'shortage', label: 'Shortage' },
  { value: 'damage', label: 'Damage' },
  { value: 'refused', label: 'Refused' },
] as const

/** The next ordered step after `done` (exceptions do not count), or null once delivered. */
export function nextStepAfter(done: readonly string[]): StopEventType | null {
  const recorded = STEPS.filter((step) => done.includes(step.type))
  return STEPS[recorded.length]?.type ?? null
}
