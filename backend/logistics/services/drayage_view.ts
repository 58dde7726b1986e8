import type DrayageMove from '#logistics/models/drayage_move'
import type Appointment from '#logistics/models/appointment'
import type Terminal from '#logistics/models/terminal'
import type { DriverMember } from '#accounts/services/driver_members'
import { fromCents, toCents } from '#core/money'
import { lineHaulSplit } from '#logistics/services/drayage_tariff'
import { isoDay } from '#core/business_time'
import { chargesOf } from '#logistics/services/drayage_charges'
import { daysBetween, type Tier } from '#logistics/services/drayage_rules'
import {
  drayageReference,
  stepRefusal,
  type DrayageStatus,
  type StepAppointment,
} from '#logistics/services/drayage_states'
import type { AppointmentKind, AppointmentStatus } from '#logistics/services/appointment_states'

export type AppointmentView = {
  id: number
  kind: AppointmentKind
  windowStart: string
  windowEnd: string
  status: AppointmentStatus
  confirmationNumber: string | null
}

export type ChargeLineView = {
  code: 'DEMURRAGE' | 'PER_DIEM'
  description: string
  days: number
  unitPrice: number
  amount: number
  from: string
  to: string
}

export type DrayageMoveView = {
  id: number
  reference: string
  containerNo: string
  terminal: { code: string; name: string | null; unLocode: string | null; kind: string | null }
  deliveryAddress: string | null
  /** road miles from the terminal to the delivery, fixed at request (docs/decisions/0187) */
  distanceMiles: number | null
  /**
   * The shipper's line-haul price in dollars, to the shipper and admins; null to carriers, who
   * see their pay, and on moves requested before drayage was priced (docs/decisions/0187).
   */
  lineHaul: number | null
  /** The carrier's pay of the line haul (the payout split), to carriers and admins; null to the shipper. */
  carrierPay: number | null
  status: DrayageStatus
  /**
   * The carrier on the move: its anonymous label to the shipper (docs/decisions/0157), its
   * company to the carrier itself and to admins; null while the move is open.
   */
  carrierName: string | null
  /** the driver the carrier assigned (docs/decisions/0246); null to the shipper, or none */
  driver: DriverMember | null
  availableOn: string
  freeDays: number
  /** the rates, tiers and totals below are null (lists empty) to a driver member (decision 0246) */
  demurragePerDay: number | null
  perDiemPerDay: number | null
  demurrageTiers: Tier[]
  perDiemTiers: Tier[]
  lastFreeDay: string
  /** days from today to the last free day while the container is in the terminal */
  daysLeft: number | null
  perDiemLastFreeDay: string | null
  demurrageDays: number
  perDiemDays: number
  totalDemurrage: number | null
  totalPerDiem: number | null
  charges: ChargeLineView[]
  chargesAsOf: string
  acceptedAt: string | null
  gateOut: string | null
  emptyReturnedAt: string | null
  cancelledAt: string | null
  cancelReason: string | null
  createdAt: string
  appointments: AppointmentView[]
  /**
   * Why the carrier's gate-out would be refused now (no confirmed pickup window, or it has not
   * opened; docs/decisions/0166); null when it may be recorded or the move is not waiting for it.
   */
  gateOutBlockedReason: string | null
}

export { drayageReference }

const iso = (value: { toUTC(): { toISO(): string | null } } | null) =>
  value ? value.toUTC().toISO() : null

export function toAppointmentView(a: Appointment): AppointmentView {
  return {
    id: a.id,
    kind: a.kind,
    windowStart: iso(a.windowStart)!,
    windowEnd: iso(a.windowEnd)!,
    status: a.status,
    confirmationNumber: a.confirmationNumber,
  }
}

/** An appointment as the step rules read it (drayage_states.ts). */
export function toStepAppointment(a: Appointment): StepAppointment {
  return {
    id: a.id,
    kind: a.kind,
    status: a.status,
    startMs: a.windowStart.toMillis(),
    endMs: a.windowEnd.toMillis(),
  }
}

/** A move as its shipper, its carrier and the open list see it, charges as of `today`. */
export function toMoveView(
  move: DrayageMove,
  context: {
    /** who reads it: the price to the shipper, the pay to carriers, both to admins */
    viewer: 'shipper' | 'carrier' | 'admin' | 'driver'
    today: string
    /** the instant the view is made, for the appointment windows */
    nowMs: number
    terminal: Terminal | null
    carrierName: string | null
    appointments: Appointment[]
    driver?: DriverMember | null
  }
): DrayageMoveView {
  const charges = chargesOf(move, context.today)
  const atTerminal = move.status === 'OPEN' || move.status === 'ACCEPTED'
  const split = move.lineHaul === null ? null : lineHaulSplit(toCents(move.lineHaul))
  const { viewer } = context
  // A carrier's driver member is sent no money (docs/decisions/0246).
  const money = viewer !== 'driver'
  return {
    id: move.id,
    reference: drayageReference(move.id),
    containerNo: move.containerNo,
    terminal: {
      code: move.terminalCode,
      name: context.terminal?.name ?? null,
      unLocode: context.terminal?.unLocode ?? null,
      kind: context.terminal?.kind ?? null,
    },
    deliveryAddress: move.deliveryAddress,
    distanceMiles: move.distanceMiles ?? null,
    lineHaul:
      split && (viewer === 'shipper' || viewer === 'admin') ? fromCents(split.lineHaulCents) : null,
    carrierPay: split && money && viewer !== 'shipper' ? fromCents(split.carrierPayCents) : null,
    status: move.status,
    carrierName: move.carrierId !== null ? (context.carrierName ?? null) : null,
    driver: viewer === 'shipper' ? null : (context.driver ?? null),
    availableOn: isoDay(move.availableOn) ?? charges.lastFreeDay,
    freeDays: move.freeDays,
    demurragePerDay: money ? move.demurragePerDay : null,
    perDiemPerDay: money ? move.perDiemPerDay : null,
    demurrageTiers: money ? move.demurrageTiers : [],
    perDiemTiers: money ? move.perDiemTiers : [],
    lastFreeDay: charges.lastFreeDay,
    daysLeft: atTerminal ? daysBetween(context.today, charges.lastFreeDay) : null,
    perDiemLastFreeDay: charges.perDiemLastFreeDay,
    demurrageDays: charges.demurrageDays,
    perDiemDays: charges.perDiemDays,
    totalDemurrage: money ? fromCents(charges.demurrageCents) : null,
    totalPerDiem: money ? fromCents(charges.perDiemCents) : null,
    charges: (money ? charges.lines : []).map((line) => ({
      code: line.code,
      description: line.description,
      days: line.days,
      unitPrice: fromCents(line.unitCents),
      amount: fromCents(line.amountCents),
      from: line.from,
      to: line.to,
    })),
    chargesAsOf: charges.asOf,
    acceptedAt: iso(move.acceptedAt),
    gateOut: iso(move.gateOut),
    emptyReturnedAt: iso(move.emptyReturnedAt),
    cancelledAt: iso(move.cancelledAt ?? null),
    cancelReason: move.cancelReason ?? null,
    createdAt: iso(move.createdAt)!,
    appointments: context.appointments.map(toAppointmentView),
    gateOutBlockedReason:
      move.status === 'ACCEPTED'
        ? stepRefusal(
            'gateOut',
            move.status,
            context.appointments.map(toStepAppointment),
            context.nowMs
          )
        : null,
  }
}
