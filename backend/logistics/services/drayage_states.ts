import {
  appointmentRefusal,
  type AppointmentKind,
  type AppointmentStatus,
} from '#logistics/services/appointment_states'

/**
 * A drayage move's states (docs/decisions/0121): OPEN until a DRAY carrier accepts it,
 * ACCEPTED until the container leaves the terminal (gate-out), OUT_GATED while the customer
 * has it, EMPTY_RETURNED once the empty is back (the move is complete); CANCELLED by its
 * shipper before gate-out (docs/decisions/0147). Its steps follow its terminal appointments
 * (docs/decisions/0166): the gate-out needs a confirmed pickup window that has opened, and a
 * complete or cancelled move's windows are closed.
 */
export const DRAYAGE_STATUSES = [
  'OPEN',
  'ACCEPTED',
  'OUT_GATED',
  'EMPTY_RETURNED',
  'CANCELLED',
] as const
export type DrayageStatus = (typeof DRAYAGE_STATUSES)[number]

/** The move's step a carrier records, and the state it needs first. */
export const DRAYAGE_STEPS = {
  accept: { from: 'OPEN', to: 'ACCEPTED' },
  gateOut: { from: 'ACCEPTED', to: 'OUT_GATED' },
  emptyReturn: { from: 'OUT_GATED', to: 'EMPTY_RETURNED' },
} as const satisfies Record<string, { from: DrayageStatus; to: DrayageStatus }>

export type DrayageStep = keyof typeof DRAYAGE_STEPS

/** Before gate-out the shipper may still cancel (an accepted move with a reason). */
export const CANCELLABLE_STATUSES: DrayageStatus[] = ['OPEN', 'ACCEPTED']

/** Why a move past its gate-out (or cancelled) cannot be cancelled. */
export const CANCEL_REFUSALS: Partial<Record<DrayageStatus, string>> = {
  OUT_GATED: 'The container has left the terminal: the move can no longer be cancelled',
  EMPTY_RETURNED: 'The move is complete: it can no longer be cancelled',
  CANCELLED: 'This move is already cancelled',
}

/** Moves whose charges may still grow: the daily run recomputes these. */
export const RUNNING_STATUSES: DrayageStatus[] = ['OPEN', 'ACCEPTED', 'OUT_GATED']

/** A move's reference as people see it: DRY-001. */
export const drayageReference = (id: number) => `DRY-${String(id).padStart(3, '0')}`

export const MOVE_TAKEN = 'This move was already accepted by another carrier'

/** A step asked of a move in another state than the one it needs. */
export const STEP_REFUSALS: Record<DrayageStep, string> = {
  accept: MOVE_TAKEN,
  gateOut: 'Only an accepted move at the terminal can be gated out',
  emptyReturn: 'Only a gated-out container can be returned empty',
}

/** What the gate-out is missing of its pickup appointment. */
export const GATE_OUT_REFUSALS = {
  noPickup:
    'The gate-out needs a confirmed pickup appointment: request a pickup window and record the terminal confirmation first',
  requested:
    'The pickup appointment is still requested: record the terminal confirmation before the gate-out',
  notOpen: 'The pickup window has not opened yet: record the gate-out once it has',
} as const

/** A complete or cancelled move's appointments are closed. */
export const APPOINTMENTS_CLOSED: Partial<Record<DrayageStatus, string>> = {
  EMPTY_RETURNED: 'The move is complete: its appointments are closed',
  CANCELLED: 'The move is cancelled: its appointments are closed',
}

/** An appointment as the step rules read it. */
export type StepAppointment = {
  id: number
  kind: AppointmentKind
  status: AppointmentStatus
  startMs: number
  endMs: number
}

/** The pickup window the container leaves the terminal with: confirmed or kept, and open. */
function usablePickup(appointments: StepAppointment[], nowMs: number) {
  return appointments.find(
    (a) =>
      a.kind === 'PICKUP' &&
      (a.status === 'CONFIRMED' || a.status === 'COMPLETED') &&
      a.startMs <= nowMs
  )
}

/**
 * Why the carrier may not record `step` of a move in `status` with these appointments at
 * `nowMs`, or null when it may. Steps go in order (each from the state before it); the
 * gate-out also needs a pickup window the terminal confirmed (or that was kept) and that has
 * opened. The empty return needs no return window: depots take empties outside windows, and
 * the app knows no depot that insists (docs/decisions/0166).
 */
export function stepRefusal(
  step: DrayageStep,
  status: DrayageStatus,
  appointments: StepAppointment[],
  nowMs: number
): string | null {
  if (status !== DRAYAGE_STEPS[step].from) return STEP_REFUSALS[step]
  if (step !== 'gateOut' || usablePickup(appointments, nowMs)) return null
  const pickups = appointments.filter((a) => a.kind === 'PICKUP')
  if (pickups.some((a) => a.status === 'CONFIRMED')) return GATE_OUT_REFUSALS.notOpen
  if (pickups.some((a) => a.status === 'REQUESTED')) return GATE_OUT_REFUSALS.requested
  return GATE_OUT_REFUSALS.noPickup
}

/**
 * Why an appointment of a move in `moveStatus` may not go from `from` to `to` at `nowMs`, or
 * null when it may: a complete or cancelled move's appointments are closed, then the
 * appointment's own states decide (appointment_states.ts).
 */
export function appointmentActionRefusal(
  moveStatus: DrayageStatus,
  from: AppointmentStatus,
  to: AppointmentStatus,
  window: { startMs: number; endMs: number },
  nowMs: number
): string | null {
  const closed = APPOINTMENTS_CLOSED[moveStatus]
  if (closed) return closed
  return appointmentRefusal(from, to, window, nowMs)?.message ?? null
}

/**
 * What becomes of a move's open appointments when `step` is recorded at `nowMs`: at the
 * gate-out its open pickup windows close, the confirmed one that has opened kept (COMPLETED)
 * and any other cancelled; at the empty return every open window closes the same way, a
 * confirmed return window that has opened kept. A complete move has no window left open.
 */
export function appointmentsClosedBy(
  step: DrayageStep,
  appointments: StepAppointment[],
  nowMs: number
): { id: number; from: AppointmentStatus; to: AppointmentStatus }[] {
  const kept: AppointmentKind | null =
    step === 'gateOut' ? 'PICKUP' : step === 'emptyReturn' ? 'RETURN' : null
  if (kept === null) return []
  return appointments
    .filter((a) => a.status === 'REQUESTED' || a.status === 'CONFIRMED')
    .filter((a) => step === 'emptyReturn' || a.kind === 'PICKUP')
    .map((a) => ({
      id: a.id,
      from: a.status,
      to:
        a.kind === kept && a.status === 'CONFIRMED' && a.startMs <= nowMs
          ? ('COMPLETED' as const)
          : ('CANCELLED' as const),
    }))
}
