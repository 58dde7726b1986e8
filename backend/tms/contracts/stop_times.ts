import type { DateTime } from 'luxon'

/**
 * A booking's check-in and check-out at a stop, as the driver's steps report them
 * (docs/decisions/0243). The stop times and the detention they start are finance's
 * (`stop_times`, decision 0131), and finance sits above the TMS, so the TMS asks through this
 * contract and finance answers (bound in backend/start/bindings.ts).
 */
export abstract class StopTimes {
  /** Records (or replaces) the stop's arrival and departure; refuses as finance's rules do. */
  abstract record(
    bookingId: number,
    userId: number,
    input: { stop: 'PICKUP' | 'DELIVERY'; arrivedAt: DateTime; departedAt: DateTime }
  ): Promise<void>
}
