import { inject } from '@adonisjs/core'
import DrayageMove from '#logistics/models/drayage_move'
import CarrierProfileService from '#fleet/services/carrier_profile_service'
import AlertNotifier from '#tms/services/alert_notifier'
import { Clock } from '#core/clock'
import { businessToday } from '#core/business_time'
import DrayageMoveService from '#logistics/services/drayage_move_service'
import { drayageReference } from '#logistics/services/drayage_view'
import { daysBetween } from '#logistics/services/drayage_rules'
import { RUNNING_STATUSES } from '#logistics/services/drayage_states'
import type { MoveCharges } from '#logistics/services/drayage_charges'

/**
 * Parties are told on the day before a last free day (and on the day itself if the run
 * missed the day before), so the container can still leave or the empty go back free.
 */
export const ALERT_DAYS_BEFORE = 1
const BATCH = 200

const dollars = (amount: number) => `$${amount.toFixed(2)}`

export type DailyRunResult = { recomputed: number; alerts: number }

/** What `drayage:charges` does each day: running totals, and the free-time alerts. */
@inject()
export default class DrayageDailyRun {
  constructor(
    private clock: Clock,
    private moves: DrayageMoveService,
    private carriers: CarrierProfileService,
    private notifier: AlertNotifier
  ) {}

  async run(): Promise<DailyRunResult> {
    const today = businessToday(this.clock)
    let recomputed = 0
    let alerts = 0
    let afterId = 0
    for (;;) {
      const batch = await DrayageMove.query()
        .whereIn('status', RUNNING_STATUSES)
        .where('id', '>', afterId)
        .orderBy('id', 'asc')
        .limit(BATCH)
      if (batch.length === 0) break
      afterId = batch[batch.length - 1].id
      const userOf = await this.carriers.userIdsByCarrierIds(
        batch.flatMap((m) => (m.carrierId ? [m.carrierId] : []))
      )
      for (const move of batch) {
        const charges = await this.moves.record(move)
        recomputed++
        const parties = [move.shipperId, move.carrierId ? userOf.get(move.carrierId) : null]
        alerts += await this.alert(
          move,
          charges,
          today,
          parties.filter((u): u is number => !!u)
        )
      }
    }
    return { recomputed, alerts }
  }

  /** The free-time alert due today for a move, if any: demurrage's or per diem's. */
  private async alert(move: DrayageMove, charges: MoveCharges, today: string, userIds: number[]) {
    const reference = `${drayageReference(move.id)} ${move.containerNo}`
    const due = (day: string) => {
      const left = daysBetween(today, day)
      return left >= 0 && left <= ALERT_DAYS_BEFORE
    }
    if (move.status !== 'OUT_GATED' && due(charges.lastFreeDay)) {
      return this.notifier.notifyUsers({
        userIds,
        trigger: 'last_free_day',
        dedupeKey: `drayage-lfd:${move.id}`,
        reference,
        message: `${reference}: last free day at ${move.terminalCode} is ${charges.lastFreeDay}; demurrage of ${dollars(move.demurragePerDay)} a day starts the day after unless the container is out-gated`,
      })
    }
    if (
      move.status === 'OUT_GATED' &&
      charges.perDiemLastFreeDay &&
      due(charges.perDiemLastFreeDay)
    ) {
      return this.notifier.notifyUsers({
        userIds,
        trigger: 'last_free_day',
        dedupeKey: `drayage-empty:${move.id}`,
        reference,
        message: `${reference}: return the empty by ${charges.perDiemLastFreeDay}; per diem of ${dollars(move.perDiemPerDay)} a day starts the day after`,
      })
    }
    return 0
  }
}
