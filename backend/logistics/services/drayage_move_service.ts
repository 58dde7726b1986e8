import { inject } from '@adonisjs/core'
import emitter from '@adonisjs/core/services/emitter'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { Infer } from '@vinejs/vine/types'
import DrayageMove from '#logistics/models/drayage_move'
import Appointment from '#logistics/models/appointment'
import Terminal from '#logistics/models/terminal'
import CarrierProfileService from '#fleet/services/carrier_profile_service'
import DriverMembersService from '#accounts/services/driver_members'
import { notifyUsers } from '#core/live_notices'
import CarrierShownToShipper from '#marketplace/services/carrier_shown_to_shipper'
import AlertRulesService from '#tms/services/alert_rules_service'
import { Clock } from '#core/clock'
import { businessDay, businessToday, parseCalendarDate, toDateColumn } from '#core/business_time'
import { ConflictException } from '#core/exceptions/http_errors'
import { validationError } from '#core/validation'
import { rowCount, transaction } from '#core/transactions'
import { sqlTimestamp } from '#core/timestamps'
import { fromCents } from '#core/money'
import { roadMiles } from '#core/geo'
import geocoding from '#plugins/geocoding/services/main'
import { bandsOf, lineHaulFor } from '#logistics/services/drayage_tariff'
import TerminalService from '#logistics/services/terminal_service'
import { chargesOf } from '#logistics/services/drayage_charges'
import {
  toMoveView,
  toStepAppointment,
  type DrayageMoveView,
} from '#logistics/services/drayage_view'
import {
  DRAYAGE_DEFAULTS,
  isValidContainerNo,
  normalizeContainerNo,
} from '#logistics/services/drayage_rules'
import {
  CANCELLABLE_STATUSES,
  CANCEL_REFUSALS,
  DRAYAGE_STEPS,
  STEP_REFUSALS,
  appointmentsClosedBy,
  stepRefusal,
  type DrayageStep,
} from '#logistics/services/drayage_states'
import type { createDrayageMoveValidator } from '#logistics/validators/drayage'
import '#logistics/drayage_events'

/** Lists are bounded: a shipper's or carrier's newest moves. */
const MOVES_SHOWN = 100
/** How far from today a container's availability may be. */
/** Who reads a move: its shipper, or a carrier or an admin. */
/** Who reads a move: its shipper, its carrier company, an admin, or a driver member (no money). */
export type DrayageViewer = 'shipper' | 'carrier' | 'admin' | 'driver'

export const MOVE_CLOSED_TO_DRIVERS =
  'Only an accepted or gated-out move takes a driver: unassigning always works'

export const AVAILABLE_WINDOW = { pastDays: 30, futureDays: 60 }
export const ALERT_RULE_NAME = 'Drayage free time'

export const REASON_NEEDED = {
  field: 'reason',
  message: 'A carrier accepted this move: give a reason (10 to 500 characters) to cancel it',
  rule: 'required',
}

/** Shippers' drayage moves from creation to the empty's return (docs/decisions/0120-0121). */
@inject()
export default class DrayageMoveService {
  constructor(
    private clock: Clock,
    private terminals: TerminalService,
    private carriers: CarrierProfileService,
    private alertRules: AlertRulesService,
    private shown: CarrierShownToShipper,
    private driverMembers: DriverMembersService
  ) {}

  async create(
    shipperId: number,
    input: Infer<typeof createDrayageMoveValidator>
  ): Promise<DrayageMoveView> {
    const containerNo = normalizeContainerNo(input.containerNo)
    const errors = []
    if (!/^[A-Z]{3}[UJZ]\d{7}$/.test(containerNo)) {
      errors.push({
        field: 'containerNo',
        message: 'Enter a container number like CSQU3054383',
        rule: 'format',
      })
    } else if (!isValidContainerNo(containerNo)) {
      errors.push({
        field: 'containerNo',
        message: 'Container number check digit does not match (ISO 6346)',
        rule: 'checkDigit',
      })
    }
    const terminal = await this.terminals.findByCode(input.terminalCode)
    if (!terminal) {
      errors.push({ field: 'terminalCode', message: 'Terminal not found', rule: 'exists' })
    }
    const availableOn = parseCalendarDate(input.availableOn)
    const earliest = businessDay(this.clock, -AVAILABLE_WINDOW.pastDays)
    const latest = businessDay(this.clock, AVAILABLE_WINDOW.futureDays)
    if (!availableOn || availableOn < earliest || availableOn > latest) {
      errors.push({
        field: 'availableOn',
        message: `Availability date must be within ${AVAILABLE_WINDOW.pastDays} days before and ${AVAILABLE_WINDOW.futureDays} days after today`,
        rule: 'range',
      })
    }
    const priced = terminal ? await this.price(terminal, input.deliveryAddress) : null
    if (priced && !priced.ok) errors.push(priced.error)
    if (errors.length === 0) {
      const open = await DrayageMove.query()
        .where('containerNo', containerNo)
        .whereNotIn('status', ['EMPTY_RETURNED', 'CANCELLED'])
        .first()
      if (open) {
        errors.push({
          field: 'containerNo',
          message: 'This container already has a drayage move under way',
          rule: 'unique',
        })
      }
    }
    if (errors.length > 0) throw validationError(errors)

    const move = await DrayageMove.create({
      containerNo,
      terminalCode: terminal!.code,
      shipperId,
      carrierId: null,
      status: 'OPEN',
      deliveryAddress: input.deliveryAddress,
      availableOn: toDateColumn(availableOn!),
      freeDays: DRAYAGE_DEFAULTS.freeDays,
      demurragePerDay: DRAYAGE_DEFAULTS.demurragePerDay,
      perDiemPerDay: DRAYAGE_DEFAULTS.perDiemPerDay,
      demurrageTiers: terminal!.demurrageTiers,
      perDiemTiers: terminal!.perDiemTiers,
      distanceMiles: priced!.ok ? priced!.miles : null,
      lineHaul: priced!.ok ? fromCents(priced!.lineHaulCents) : null,
      totalDemurrage: 0,
      totalPerDiem: 0,
    })
    await this.record(move)
    await this.alertRules.ensureRule(shipperId, ALERT_RULE_NAME, 'last_free_day')
    return this.show(move.id, 'shipper')
  }

  /**
   * The move's line haul (docs/decisions/0187): road miles from the terminal's address to the
   * delivery, priced by the terminal's bands (or the defaults). A delivery the geocoder cannot
   * place, or beyond the last band, is refused on its field.
   */
  private async price(
    terminal: Terminal,
    deliveryAddress: string
  ): Promise<
    | { ok: true; miles: number; lineHaulCents: number }
    | { ok: false; error: { field: string; message: string; rule: string } }
  > {
    const [from, to] = await Promise.all([
      geocoding.geocode(terminal.address ?? ''),
      geocoding.geocode(deliveryAddress),
    ])
    if (!to.ok) {
      return {
        ok: false,
        error: { field: 'deliveryAddress', message: to.message, rule: 'geocode' },
      }
    }
    if (!from.ok) {
      return {
        ok: false,
        error: {
          field: 'terminalCode',
          message: 'This terminal has no address we can place, so its moves cannot be priced',
          rule: 'priceable',
        },
      }
    }
    const miles = roadMiles(from.place, to.place)
    const quote = lineHaulFor(bandsOf(terminal.lineHaulBands), miles)
    if (!quote.ok) {
      return {
        ok: false,
        error: {
          field: 'deliveryAddress',
          message: `This delivery is about ${Math.round(miles)} road miles from the terminal; drayage from it goes at most ${quote.maxMiles} miles`,
          rule: 'tariffRange',
        },
      }
    }
    return { ok: true, miles, lineHaulCents: quote.lineHaulCents }
  }

  /** The shipper's moves, newest first. */
  async forShipper(shipperId: number): Promise<DrayageMoveView[]> {
    const moves = await DrayageMove.query()
      .where('shipperId', shipperId)
      .orderBy('id', 'desc')
      .limit(MOVES_SHOWN)
    return this.views(moves, 'shipper')
  }

  /**
   * The carrier company's accepted moves, newest first; a driver member's, only those assigned
   * to them, without money (docs/decisions/0246).
   */
  async forCarrier(
    carrierUserId: number,
    driverUserId: number | null = null
  ): Promise<DrayageMoveView[]> {
    const carrierId = await this.carriers.findCarrierId(carrierUserId)
    if (carrierId === null) return []
    const query = DrayageMove.query().where('carrierId', carrierId)
    if (driverUserId !== null) query.where('driverUserId', driverUserId)
    const moves = await query.orderBy('id', 'desc').limit(MOVES_SHOWN)
    return this.views(moves, driverUserId !== null ? 'driver' : 'carrier')
  }

  /**
   * PUT /api/drayage/moves/:id/driver (docs/decisions/0246, as 0237 for bookings): one of the
   * company's drivers (a 422 naming `memberId` otherwise), or null to unassign. Only an
   * accepted or gated-out move takes a driver (409); the carrier's members hear it.
   */
  async assignDriver(
    moveId: number,
    carrierAccountUserId: number,
    memberId: number | null,
    actorUserId: number
  ) {
    const driverUserId =
      memberId === null
        ? null
        : await this.driverMembers.driverToAssign(carrierAccountUserId, memberId)
    const client = db.connection()
    const now = this.clock.now()
    const stamp = sqlTimestamp(now, client)
    const query = client.from('drayage_moves').where('id', moveId)
    if (driverUserId !== null) query.whereIn('status', ['ACCEPTED', 'OUT_GATED'])
    const updated = await query.update({
      driver_user_id: driverUserId,
      driver_assigned_by: driverUserId === null ? null : actorUserId,
      driver_assigned_at: driverUserId === null ? null : stamp,
      updated_at: stamp,
    })
    if (rowCount(updated) !== 1) throw new ConflictException(MOVE_CLOSED_TO_DRIVERS)
    notifyUsers([carrierAccountUserId], {
      kind: 'drayage',
      id: moveId,
      change: driverUserId === null ? 'driver_unassigned' : 'driver_assigned',
    })
    const driver =
      driverUserId === null
        ? null
        : ((await this.driverMembers.byUserId([driverUserId])).get(driverUserId) ?? null)
    return { driver, assignedAt: driverUserId === null ? null : now.toUTC().toISO() }
  }

  /** Moves waiting for a carrier, the soonest last free day first. */
  async open(): Promise<DrayageMoveView[]> {
    const moves = await DrayageMove.query()
      .where('status', 'OPEN')
      .orderBy('availableOn', 'asc')
      .orderBy('id', 'asc')
      .limit(MOVES_SHOWN)
    return this.views(moves, 'carrier')
  }

  /** The route's DrayageMovePolicy let the caller in. */
  async show(id: number, viewer: DrayageViewer): Promise<DrayageMoveView> {
    const move = await DrayageMove.findOrFail(id)
    return (await this.views([move], viewer))[0]
  }

  /**
   * The first DRAY carrier to accept gets the move: one conditional update from OPEN, so of
   * many at once exactly one changes the row; the others get a 409.
   */
  async accept(carrierUserId: number, id: number): Promise<DrayageMoveView> {
    const carrierId = await this.carriers.findCarrierId(carrierUserId)
    await this.step(id, 'accept', { carrier_id: carrierId, accepted_at: this.now() })
    await this.changed(id, 'accepted')
    await this.alertRules.ensureRule(carrierUserId, ALERT_RULE_NAME, 'last_free_day')
    return this.show(id, 'carrier')
  }

  /**
   * The container left the terminal now: demurrage stops, per diem's free days start. Only
   * with a confirmed pickup window that has opened, which the gate-out keeps (COMPLETED);
   * docs/decisions/0166.
   */
  async gateOut(id: number, viewer: DrayageViewer = 'carrier'): Promise<DrayageMoveView> {
    await this.stepWithAppointments(id, 'gateOut', { gate_out: this.now() })
    await this.record(await DrayageMove.findOrFail(id))
    await this.changed(id, 'gated_out')
    return this.show(id, viewer)
  }

  /**
   * The empty is back now: per diem stops and the move is complete; its open windows are
   * closed with it (docs/decisions/0166).
   */
  async emptyReturn(id: number, viewer: DrayageViewer = 'carrier'): Promise<DrayageMoveView> {
    await this.stepWithAppointments(id, 'emptyReturn', { empty_returned_at: this.now() })
    await this.record(await DrayageMove.findOrFail(id))
    await emitter.emit('drayage:completed', { drayageMoveId: id })
    await this.changed(id, 'empty_returned')
    return this.show(id, viewer)
  }

  /**
   * The shipper cancels its move before gate-out (docs/decisions/0147): an OPEN one as it is,
   * one a carrier accepted only with a reason. One conditional update, so a carrier accepting
   * or gating out at the same moment either wins (then this is refused) or loses.
   */
  async cancel(id: number, reason: string | null): Promise<DrayageMoveView> {
    const from = reason === null ? ['OPEN'] : CANCELLABLE_STATUSES
    const updated = await db.from('drayage_moves').where('id', id).whereIn('status', from).update({
      status: 'CANCELLED',
      cancelled_at: this.now(),
      cancel_reason: reason,
      updated_at: this.now(),
    })
    if (rowCount(updated) !== 1) {
      const move = await DrayageMove.findOrFail(id)
      if (move.status === 'ACCEPTED') throw validationError([REASON_NEEDED])
      throw new ConflictException(CANCEL_REFUSALS[move.status] ?? CANCEL_REFUSALS.OUT_GATED!)
    }
    await db
      .from('appointments')
      .where('drayage_move_id', id)
      .whereIn('status', ['REQUESTED', 'CONFIRMED'])
      .update({ status: 'CANCELLED', updated_at: this.now() })
    await this.record(await DrayageMove.findOrFail(id))
    await this.changed(id, 'cancelled')
    return this.show(id, 'shipper')
  }

  /** Stores what the move has accrued as of today (the running totals and its last free day). */
  async record(move: DrayageMove) {
    const charges = chargesOf(move, businessToday(this.clock))
    await db
      .from('drayage_moves')
      .where('id', move.id)
      .update({
        last_free_day: charges.lastFreeDay,
        total_demurrage: fromCents(charges.demurrageCents),
        total_per_diem: fromCents(charges.perDiemCents),
        charges_computed_at: this.now(),
      })
    return charges
  }

  private now() {
    return sqlTimestamp(this.clock.now(), db.connection())
  }

  /** After the change is written: its shipper's and carrier's screens refresh (0171). */
  private changed(id: number, change: string) {
    return emitter.emit('drayage:changed', { drayageMoveId: id, change })
  }

  private async step(
    id: number,
    step: DrayageStep,
    columns: Record<string, unknown>,
    client: QueryClientContract = db.connection()
  ) {
    const { from, to } = DRAYAGE_STEPS[step]
    const updated = await client
      .from('drayage_moves')
      .where('id', id)
      .where('status', from)
      .update({ ...columns, status: to, updated_at: this.now() })
    if (rowCount(updated) !== 1) throw new ConflictException(STEP_REFUSALS[step])
  }

  /**
   * A carrier step checked against the move's appointments (stepRefusal), then, in one
   * transaction, the move's conditional update and its windows closed by the step, each a
   * conditional update from the state read: a window changed meanwhile undoes the step (409).
   */
  private async stepWithAppointments(
    id: number,
    step: DrayageStep,
    columns: Record<string, unknown>
  ) {
    const move = await DrayageMove.findOrFail(id)
    const appointments = (await Appointment.query().where('drayageMoveId', id)).map(
      toStepAppointment
    )
    const nowMs = this.clock.nowMillis()
    const refusal = stepRefusal(step, move.status, appointments, nowMs)
    if (refusal) throw new ConflictException(refusal)
    await transaction(async (trx) => {
      await this.step(id, step, columns, trx)
      for (const close of appointmentsClosedBy(step, appointments, nowMs)) {
        const updated = await trx
          .from('appointments')
          .where('id', close.id)
          .where('status', close.from)
          .update({ status: close.to, updated_at: this.now() })
        if (rowCount(updated) !== 1) {
          throw new ConflictException('An appointment changed meanwhile; reload and try again')
        }
      }
    })
  }

  /**
   * Moves as their shipper sees them (the carrier by its anonymous label: a drayage move is not
   * paid through the platform, docs/decisions/0157), or as carriers and admins do (the company).
   */
  private async views(moves: DrayageMove[], viewer: DrayageViewer): Promise<DrayageMoveView[]> {
    if (moves.length === 0) return []
    const ids = moves.map((m) => m.id)
    const carrierIds = moves.flatMap((m) => (m.carrierId ? [m.carrierId] : []))
    const [terminals, names, appointments, drivers] = await Promise.all([
      Terminal.query().whereIn('code', [...new Set(moves.map((m) => m.terminalCode))]),
      viewer === 'shipper'
        ? this.shown.unpaidLabels(carrierIds)
        : this.carriers.companyNamesByIds(carrierIds),
      Appointment.query().whereIn('drayageMoveId', ids).orderBy('windowStart', 'asc'),
      viewer === 'shipper'
        ? new Map()
        : this.driverMembers.byUserId(moves.map((m) => m.driverUserId ?? null)),
    ])
    const today = businessToday(this.clock)
    const nowMs = this.clock.nowMillis()
    return moves.map((move) =>
      toMoveView(move, {
        viewer,
        today,
        nowMs,
        terminal: terminals.find((t) => t.code === move.terminalCode) ?? null,
        carrierName: move.carrierId ? (names.get(move.carrierId) ?? null) : null,
        appointments: appointments.filter((a) => a.drayageMoveId === move.id),
        driver: move.driverUserId ? (drivers.get(move.driverUserId) ?? null) : null,
      })
    )
  }

  /** How many moves name a terminal code (its code is then fixed). */
  async countNaming(code: string): Promise<number> {
    const rows = await DrayageMove.query().where('terminalCode', code).count('* as total')
    return Number(rows[0].$extras.total)
  }
}
