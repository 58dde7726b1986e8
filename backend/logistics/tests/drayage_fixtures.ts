import app from '@adonisjs/core/services/app'
import { DateTime } from 'luxon'
import type User from '#accounts/models/user'
import Terminal from '#logistics/models/terminal'
import DrayageMove from '#logistics/models/drayage_move'
import Carrier from '#fleet/models/carrier'
import { Clock, FixedClock } from '#core/clock'
import { businessDay } from '#core/business_time'
import DrayageMoveService from '#logistics/services/drayage_move_service'
import AppointmentService from '#logistics/services/appointment_service'
import type { Tier } from '#logistics/services/drayage_rules'

/** Valid ISO 6346 numbers for tests (each with its check digit). */
export const CONTAINERS = ['CSQU3054383', 'MSKU9070323', 'TGHU8789572', 'MAEU1234567']

/** 10:00 in New York on a Thursday: the business day is 2026-03-05 at any wall-clock hour. */
export const NOW = DateTime.fromISO('2026-03-05T15:00:00Z')

/** Swaps in a fixed clock (restored by the caller's teardown through `app.container.restore`). */
export function fixClock(at: DateTime = NOW) {
  const clock = new FixedClock(at)
  app.container.swap(Clock, () => clock)
  return clock
}

export async function makeTerminal(
  overrides: Partial<{ code: string; demurrageTiers: Tier[]; perDiemTiers: Tier[] }> = {}
) {
  return Terminal.create({
    code: overrides.code ?? 'LBCT',
    name: 'Long Beach Container Terminal',
    unLocode: 'USLGB',
    address: '1171 Pier F Ave, Long Beach, CA 90802',
    kind: 'PORT',
    demurrageTiers: overrides.demurrageTiers ?? [],
    perDiemTiers: overrides.perDiemTiers ?? [],
  })
}

/** A shipper's move through the service, available `availableInDays` from the clock's today. */
export async function makeMove(
  shipper: User,
  overrides: Partial<{ containerNo: string; terminalCode: string; availableInDays: number }> = {}
) {
  const clock = await app.container.make(Clock)
  const service = await app.container.make(DrayageMoveService)
  const view = await service.create(shipper.id, {
    containerNo: overrides.containerNo ?? CONTAINERS[0],
    terminalCode: overrides.terminalCode ?? 'LBCT',
    availableOn: businessDay(clock, overrides.availableInDays ?? 0),
    deliveryAddress: '2400 E Artesia Blvd, Long Beach, CA 90805',
  })
  return DrayageMove.findOrFail(view.id)
}

/** Takes a carrier's DRAY mode away (a trucking company without drayage). */
export async function withoutDray(carrierUser: User) {
  const carrier = await Carrier.findByOrFail('userId', carrierUser.id)
  carrier.modeMask = ['LTL', 'TL']
  await carrier.save()
}

/**
 * The carrier's pickup window of an accepted move, asked for three hours before `now` (the
 * app's clock unless given), confirmed by the terminal and open since an hour before `now`:
 * what a gate-out at `now` needs (docs/decisions/0166). Returns the appointment's id.
 */
export async function openPickupWindow(moveId: number, at?: DateTime) {
  const now = at ?? (await app.container.make(Clock)).now()
  const service = new AppointmentService(new FixedClock(now.minus({ hours: 3 })))
  const requested = await service.request(moveId, {
    kind: 'PICKUP',
    windowStart: now.minus({ hours: 1 }).toUTC().toISO()!,
    windowEnd: now.plus({ hours: 1 }).toUTC().toISO()!,
  })
  await service.transition(requested.id, {
    status: 'CONFIRMED',
    confirmationNumber: `APPT-${moveId}`,
  })
  return requested.id
}
