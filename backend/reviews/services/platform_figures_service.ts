import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { Clock } from '#core/clock'
import AccountStatsService from '#accounts/services/account_stats_service'
import BookingFactsService from '#marketplace/services/booking_facts_service'
import { onTimeRate } from '#reviews/review_rules'

/** The platform's own figures for its public pages (docs/decisions/0190). */
export type PlatformFigures = {
  approvedCarriers: number
  deliveredShipments: number
  /** of judged deliveries, three decimals; null below MIN_JUDGED_FOR_RATE */
  onTimeRate: number | null
  judgedDeliveries: number
}

/** An on-time rate of a handful of deliveries says nothing: none is shown below this. */
export const MIN_JUDGED_FOR_RATE = 10

/** How long one instance answers from memory: the figures move slowly, the landing page often. */
export function figuresCacheMs() {
  return env.get('NODE_ENV') === 'test' ? 0 : 60_000
}

let cached: { until: number; figures: PlatformFigures } | null = null
let ttlMs = figuresCacheMs()

/**
 * Approved carrier companies (accounts; not their members' logins), delivered bookings (marketplace) and the on-time record of
 * every carrier's judged deliveries, from the maintained summaries (docs/decisions/0096).
 * Counts only: nothing names a carrier, a shipper or a load.
 */
@inject()
export default class PlatformFiguresService {
  constructor(
    private clock: Clock,
    private accounts: AccountStatsService,
    private bookings: BookingFactsService
  ) {}

  async figures(): Promise<PlatformFigures> {
    const now = this.clock.nowMillis()
    if (ttlMs > 0 && cached && now < cached.until) return cached.figures
    const [carriers, delivered, record] = await Promise.all([
      this.accounts.approvedCarrierCompanies(),
      this.bookings.deliveredCount(),
      db
        .from('carrier_ratings')
        .sum('judged_loads as judged')
        .sum('on_time_loads as onTime')
        .first(),
    ])
    const judgedDeliveries = Number(record?.judged ?? 0)
    const figures: PlatformFigures = {
      approvedCarriers: carriers,
      deliveredShipments: delivered,
      onTimeRate:
        judgedDeliveries < MIN_JUDGED_FOR_RATE
          ? null
          : onTimeRate({ judgedLoads: judgedDeliveries, onTimeLoads: Number(record?.onTime ?? 0) }),
      judgedDeliveries,
    }
    if (ttlMs > 0) cached = { until: now + ttlMs, figures }
    return figures
  }

  /** For a test that proves the cache: switch it on or off, empty either way. */
  static configureCache(ms: number) {
    ttlMs = ms
    cached = null
  }
}
