import type { DateTime } from 'luxon'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/**
 * The DELIVERED milestones tracking feeds reported for bookings, which tms owns. tms depends on
 * the modules below it, so reviews asks through this contract and tms provides it (bound in
 * backend/start/bindings.ts).
 */
export abstract class DeliveryMilestones {
  /**
   * Booking id → the times of its DELIVERED events (bookings without any are absent), read
   * through `client` when the caller holds a transaction.
   */
  abstract deliveredTimes(
    bookingIds: number[],
    client?: QueryClientContract
  ): Promise<Map<number, DateTime[]>>
}
