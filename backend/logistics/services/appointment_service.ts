import { inject } from '@adonisjs/core'
import emitter from '@adonisjs/core/services/emitter'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { Infer } from '@vinejs/vine/types'
import Appointment from '#logistics/models/appointment'
import DrayageMove from '#logistics/models/drayage_move'
import { Clock } from '#core/clock'
import { ConflictException } from '#core/exceptions/http_errors'
import { validationError, type FieldError } from '#core/validation'
import { rowCount } from '#core/transactions'
import { sqlTimestamp } from '#core/timestamps'
import { ACTIVE_APPOINTMENT, type AppointmentKind } from '#logistics/services/appointment_states'
import { appointmentActionRefusal } from '#logistics/services/drayage_states'
import { toAppointmentView, type AppointmentView } from '#logistics/services/drayage_view'
import type {
  appointmentStatusValidator,
  requestAppointmentValidator,
} from '#logistics/validators/drayage'
import '#logistics/drayage_events'

/** A terminal window is at most 12 hours long and booked at most 30 days ahead. */
export const WINDOW_LIMITS = { maxHours: 12, aheadDays: 30 }

/** Which move state each kind of appointment needs: the pickup before gate-out, the return after. */
const KIND_NEEDS: Record<AppointmentKind, { status: string; message: string }> = {
  PICKUP: {
    status: 'ACCEPTED',
    message: 'A pickup appointment is for an accepted move still at the terminal',
  },
  RETURN: {
    status: 'OUT_GATED',
    message: 'An empty return appointment is for a gated-out container',
  },
}

const KIND_WORDS: Record<AppointmentKind, string> = { PICKUP: 'pickup', RETURN: 'empty return' }

/** Terminal appointments of a carrier's drayage moves (states: appointment_states.ts). */
@inject()
export default class AppointmentService {
  constructor(private clock: Clock) {}

  /** The route's DrayageMovePolicy checked the move is the carrier's. */
  async request(
    moveId: number,
    input: Infer<typeof requestAppointmentValidator>
  ): Promise<AppointmentView> {
    const start = DateTime.fromISO(input.windowStart)
    const end = DateTime.fromISO(input.windowEnd)
    const now = this.clock.now()
    const errors: FieldError[] = []
    if (!start.isValid) {
      errors.push({ field: 'windowStart', message: 'Window start is required', rule: 'date' })
    } else if (start < now) {
      errors.push({
        field: 'windowStart',
        message: 'The window cannot start in the past',
        rule: 'future',
      })
    } else if (start > now.plus({ days: WINDOW_LIMITS.aheadDays })) {
      errors.push({
        field: 'windowStart',
        message: `The window must start within ${WINDOW_LIMITS.aheadDays} days`,
        rule: 'range',
      })
    }
    if (!end.isValid) {
      errors.push({ field: 'windowEnd', message: 'Window end is required', rule: 'date' })
    } else if (start.isValid && end <= start) {
      errors.push({
        field: 'windowEnd',
        message: 'The window must end after it starts',
        rule: 'after',
      })
    } else if (start.isValid && end.diff(start, 'hours').hours > WINDOW_LIMITS.maxHours) {
      errors.push({
        field: 'windowEnd',
        message: `A window is at most ${WINDOW_LIMITS.maxHours} hours long`,
        rule: 'range',
      })
    }
    if (errors.length > 0) throw validationError(errors)

    const move = await DrayageMove.findOrFail(moveId)
    const needs = KIND_NEEDS[input.kind]
    if (move.status !== needs.status) throw new ConflictException(needs.message)
    const active = await Appointment.query()
      .where('drayageMoveId', moveId)
      .where('kind', input.kind)
      .whereIn('status', ACTIVE_APPOINTMENT)
      .first()
    if (active) {
      throw new ConflictException(
        `This move already has an active ${KIND_WORDS[input.kind]} appointment`
      )
    }
    // Lucid writes a timestamp in its DateTime's own zone and SQLite reads it back as local time.
    const appointment = await Appointment.create({
      drayageMoveId: moveId,
      kind: input.kind,
      windowStart: start.toLocal(),
      windowEnd: end.toLocal(),
      status: 'REQUESTED',
      confirmationNumber: null,
    })
    await this.changed(moveId, 'REQUESTED')
    return toAppointmentView(appointment)
  }

  /**
   * The route's AppointmentPolicy checked the appointment's move is the carrier's. A complete
   * or cancelled move's appointments are closed (docs/decisions/0166).
   */
  async transition(
    id: number,
    input: Infer<typeof appointmentStatusValidator>
  ): Promise<AppointmentView> {
    const appointment = await Appointment.findOrFail(id)
    const move = await DrayageMove.findOrFail(appointment.drayageMoveId)
    const refusal = appointmentActionRefusal(
      move.status,
      appointment.status,
      input.status,
      { startMs: appointment.windowStart.toMillis(), endMs: appointment.windowEnd.toMillis() },
      this.clock.now().toMillis()
    )
    if (refusal) throw new ConflictException(refusal)
    const client = db.connection()
    const columns: Record<string, unknown> = {
      status: input.status,
      updated_at: sqlTimestamp(this.clock.now(), client),
    }
    if (input.confirmationNumber !== undefined) {
      columns.confirmation_number = input.confirmationNumber
    }
    const updated = await client
      .from('appointments')
      .where('id', id)
      .where('status', appointment.status)
      .update(columns)
    if (rowCount(updated) !== 1) {
      throw new ConflictException('The appointment changed meanwhile; reload and try again')
    }
    await appointment.refresh()
    await this.changed(move.id, input.status)
    return toAppointmentView(appointment)
  }

  /** The move's shipper and carrier see the window change (docs/decisions/0171). */
  private changed(moveId: number, status: string) {
    return emitter.emit('drayage:changed', {
      drayageMoveId: moveId,
      change: `appointment_${status.toLowerCase()}`,
    })
  }
}
