/**
 * Terminal appointment states (docs/decisions/0121): a carrier requests a window
 * (REQUESTED), records the terminal's confirmation (CONFIRMED, with its number), and then
 * what happened: COMPLETED (the truck made it) or MISSED. A request or a confirmed window
 * can be CANCELLED. COMPLETED, MISSED and CANCELLED are final.
 */
export const APPOINTMENT_STATUSES = [
  'REQUESTED',
  'CONFIRMED',
  'COMPLETED',
  'MISSED',
  'CANCELLED',
] as const
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number]

/** PICKUP: the loaded container at the terminal; RETURN: the empty back. */
export const APPOINTMENT_KINDS = ['PICKUP', 'RETURN'] as const
export type AppointmentKind = (typeof APPOINTMENT_KINDS)[number]

export const APPOINTMENT_TRANSITIONS: Record<AppointmentStatus, AppointmentStatus[]> = {
  REQUESTED: ['CONFIRMED', 'CANCELLED'],
  CONFIRMED: ['COMPLETED', 'MISSED', 'CANCELLED'],
  COMPLETED: [],
  MISSED: [],
  CANCELLED: [],
}

/** Appointments that still hold a slot: one per kind and move at a time. */
export const ACTIVE_APPOINTMENT: AppointmentStatus[] = ['REQUESTED', 'CONFIRMED']

export type TransitionRefusal = { message: string } | null

/**
 * Why `from` may not become `to` at `nowMs` for a window, or null when it may: a window can
 * be completed only once it has started, and missed only once it has ended.
 */
export function appointmentRefusal(
  from: AppointmentStatus,
  to: AppointmentStatus,
  window: { startMs: number; endMs: number },
  nowMs: number
): TransitionRefusal {
  if (!APPOINTMENT_TRANSITIONS[from].includes(to)) {
    return { message: `A ${from.toLowerCase()} appointment cannot become ${to.toLowerCase()}` }
  }
  if (to === 'COMPLETED' && nowMs < window.startMs) {
    return { message: 'The appointment window has not started yet' }
  }
  if (to === 'MISSED' && nowMs < window.endMs) {
    return { message: 'The appointment window has not ended yet' }
  }
  return null
}
