/*
 * The driver's steps at a booking's stops, in the order they happen (docs/decisions/0243):
 *
 *   arrived_pickup → loaded → departed_pickup → arrived_delivery → delivered
 *
 * plus exceptions (shortage, damage, refused) at the delivery: after arriving there and before
 * the delivery, as many as there are; a delivery after one is a delivery with an exception.
 * Pure: the service reads the booking's recorded steps and asks `stopEventRefusal`.
 */

export const STOP_STEPS = [
  'arrived_pickup',
  'loaded',
  'departed_pickup',
  'arrived_delivery',
  'delivered',
] as const
export type StopStep = (typeof STOP_STEPS)[number]
export const STOP_EVENT_TYPES = [...STOP_STEPS, 'exception'] as const
export type StopEventType = (typeof STOP_EVENT_TYPES)[number]
export const EXCEPTION_KINDS = ['shortage', 'damage', 'refused'] as const
export type ExceptionKind = (typeof EXCEPTION_KINDS)[number]

/** What a person reads for each step (the 409s, the POD, the phone's buttons). */
export const STEP_LABELS: Record<StopEventType, string> = {
  arrived_pickup: 'Arrived at pickup',
  loaded: 'Loaded',
  departed_pickup: 'Departed pickup',
  arrived_delivery: 'Arrived at delivery',
  delivered: 'Delivered',
  exception: 'Exception',
}

/** The ordered steps a booking has recorded so far (exceptions left out). */
export function doneSteps(types: readonly string[]): StopStep[] {
  return STOP_STEPS.filter((step) => types.includes(step))
}

/** The next ordered step, or null once delivered. */
export function nextStep(types: readonly string[]): StopStep | null {
  const done = doneSteps(types)
  return STOP_STEPS[done.length] ?? null
}

/**
 * Null when `type` may be recorded after the recorded `types`, else the 409's message. Only
 * the next ordered step may come; an exception only at the delivery stop (arrived there, not
 * yet delivered).
 */
export function stopEventRefusal(types: readonly string[], type: StopEventType): string | null {
  const next = nextStep(types)
  if (type === 'exception') {
    if (next === 'delivered') return null
    if (next === null) return 'The delivery is recorded: an exception is recorded before it'
    return `An exception is recorded at the delivery: record "${STEP_LABELS.arrived_delivery}" first`
  }
  if (next === type) return null
  if (next === null) return 'The delivery is recorded: there is no step after it'
  if (types.includes(type)) {
    return `"${STEP_LABELS[type]}" is already recorded: the next step is "${STEP_LABELS[next]}"`
  }
  return `"${STEP_LABELS[type]}" is out of order: the next step is "${STEP_LABELS[next]}"`
}

/** The unique step key of a booking's event: the type, or `exception-<n>` for the n-th one. */
export function stepKey(type: StopEventType, exceptionsSoFar: number): string {
  return type === 'exception' ? `exception-${exceptionsSoFar + 1}` : type
}
