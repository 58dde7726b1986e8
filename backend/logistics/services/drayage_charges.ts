import { inject } from '@adonisjs/core'
import { DateTime } from 'luxon'
import DrayageMove from '#logistics/models/drayage_move'
import { Clock } from '#core/clock'
import { BUSINESS_TIME_ZONE, businessToday, isoDay } from '#core/business_time'
import { toCents } from '#core/money'
import { NotFoundException } from '#core/exceptions/http_errors'
import {
  chargeLines,
  freeTime,
  sumCents,
  type ChargeLine,
  type FreeTime,
} from '#logistics/services/drayage_rules'

import { drayageReference, type DrayageStatus } from '#logistics/services/drayage_states'

export type { ChargeLine } from '#logistics/services/drayage_rules'

/** Who and what a move is, for other modules' policies and documents (read only). */
export type DrayageMoveFacts = {
  id: number
  reference: string
  status: DrayageStatus
  shipperId: number | null
  carrierId: number | null
  containerNo: string
  terminalCode: string
  deliveryAddress: string | null
  gateOut: string | null
  emptyReturnedOn: string | null
  /** the line haul the shipper is billed, in cents (docs/decisions/0187); null on unpriced old moves */
  lineHaulCents: number | null
  distanceMiles: number | null
}

export type MoveCharges = FreeTime & {
  lines: ChargeLine[]
  demurrageCents: number
  perDiemCents: number
  /** the business day the charges run to while a clock is still running */
  asOf: string
}

/** The business day a stored moment falls on. */
export function businessDayOf(moment: DateTime | null): string | null {
  return moment ? moment.setZone(BUSINESS_TIME_ZONE).toISODate() : null
}

/** What a move has accrued by `today` (its clocks stop at gate-out and at the empty's return). */
export function chargesOf(move: DrayageMove, asOf: string): MoveCharges {
  // A cancelled move's clocks stopped on the day it was cancelled.
  const cancelledOn = businessDayOf(move.cancelledAt ?? null)
  const today = cancelledOn && cancelledOn < asOf ? cancelledOn : asOf
  const availableOn = isoDay(move.availableOn) ?? businessDayOf(move.createdAt)!
  const time = freeTime({
    availableOn,
    freeDays: move.freeDays,
    gateOutDay: businessDayOf(move.gateOut),
    emptyReturnDay: businessDayOf(move.emptyReturnedAt),
    today,
  })
  const demurrage = chargeLines(
    'DEMURRAGE',
    time.lastFreeDay,
    time.demurrageDays,
    toCents(move.demurragePerDay),
    move.demurrageTiers
  )
  const perDiem = time.perDiemLastFreeDay
    ? chargeLines(
        'PER_DIEM',
        time.perDiemLastFreeDay,
        time.perDiemDays,
        toCents(move.perDiemPerDay),
        move.perDiemTiers
      )
    : []
  return {
    ...time,
    lines: [...demurrage, ...perDiem],
    demurrageCents: sumCents(demurrage),
    perDiemCents: sumCents(perDiem),
    asOf: today,
  }
}

/**
 * A drayage move's charges for other modules (finance turns them into invoice lines): read
 * only, computed from the move's dates and tariff, never typed.
 */
@inject()
export default class DrayageChargesService {
  constructor(private clock: Clock) {}

  /** A move's parties, state and dates, or null when there is no such move. */
  async facts(moveId: number): Promise<DrayageMoveFacts | null> {
    const move = await DrayageMove.find(moveId)
    if (!move) return null
    return {
      id: move.id,
      reference: drayageReference(move.id),
      status: move.status,
      shipperId: move.shipperId,
      carrierId: move.carrierId,
      containerNo: move.containerNo,
      terminalCode: move.terminalCode,
      deliveryAddress: move.deliveryAddress,
      gateOut: businessDayOf(move.gateOut),
      emptyReturnedOn: businessDayOf(move.emptyReturnedAt),
      lineHaulCents: move.lineHaul === null ? null : toCents(move.lineHaul),
      distanceMiles: move.distanceMiles ?? null,
    }
  }

  /** The charge lines of a move as of today (final once the empty is returned). */
  async chargeLines(moveId: number): Promise<ChargeLine[]> {
    const move = await DrayageMove.find(moveId)
    if (!move) throw new NotFoundException('Drayage move not found')
    return chargesOf(move, businessToday(this.clock)).lines
  }
}
