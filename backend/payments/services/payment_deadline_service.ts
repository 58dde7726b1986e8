import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import type { DateTime } from 'luxon'
import { Clock } from '#core/clock'
import { ConflictException } from '#core/exceptions/http_errors'
import BookingStatusService from '#marketplace/services/booking_status_service'
import payments from '#plugins/payments/services/main'

/**
 * How long an unpaid booking holds its pallets (docs/decisions/0045). Long enough to fetch a
 * card and get through 3-D Secure; short enough that an abandoned checkout does not keep a
 * truck off the market.
 */
export const PAYMENT_DEADLINE_MINUTES = 30

/** Bookings handled per run; the next run (every minute) picks up the rest. */
const BATCH_SIZE = 500

const CANCEL_NOTE = `Payment not received within ${PAYMENT_DEADLINE_MINUTES} minutes`

/** When an unpaid booking created at `createdAt` is released. */
export function paymentDueAt(createdAt: DateTime): DateTime {
  return createdAt.plus({ minutes: PAYMENT_DEADLINE_MINUTES })
}

export type ExpireUnpaidResult = { cancelled: number[]; skipped: number[] }

/**
 * Cancels bookings still awaiting payment once their deadline has passed, so their pallets go
 * back on the listing (the `booking:cancelled` listeners release the capacity). A booking whose
 * payment the provider already reports as succeeded or processing is left for the webhook.
 * Safe to run concurrently: the status change is conditional, so each booking is cancelled once.
 */
@inject()
export default class PaymentDeadlineService {
  constructor(
    private clock: Clock,
    private statuses: BookingStatusService
  ) {}

  async expireUnpaid(): Promise<ExpireUnpaidResult> {
    const now = this.clock.now()
    // Stamps are compared as stored: formatted the way the models and BookingStatusService write them.
    const cutoff = now
      .minus({ minutes: PAYMENT_DEADLINE_MINUTES })
      .toFormat(db.connection().dialect.dateTimeFormat)
    const due: { id: number; stripe_payment_intent_id: string | null }[] = await db
      .from('bookings')
      .select('id', 'stripe_payment_intent_id')
      .where('status', 'pending')
      .where('payment_status', 'pending')
      .where('created_at', '<=', cutoff)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .limit(BATCH_SIZE)

    const result: ExpireUnpaidResult = { cancelled: [], skipped: [] }
    for (const booking of due) {
      const id = Number(booking.id)
      if (booking.stripe_payment_intent_id && (await this.paymentUnderway(id, booking))) {
        result.skipped.push(id)
        continue
      }
      try {
        await this.statuses.change(
          id,
          'cancelled',
          { userId: null, role: 'system' },
          { note: CANCEL_NOTE }
        )
        result.cancelled.push(id)
      } catch (error) {
        // A conflict: paid, cancelled or expired by a concurrent run meanwhile; nothing to do.
        // Anything else is logged and retried next run rather than blocking the whole batch.
        if (!(error instanceof ConflictException)) {
          logger.error({ err: error, bookingId: id }, 'payment deadline: cancellation failed')
        }
        result.skipped.push(id)
      }
    }

    if (due.length > 0) {
      logger.info(
        { cancelled: result.cancelled, skipped: result.skipped },
        'unpaid bookings past their payment deadline: %d cancelled, %d skipped',
        result.cancelled.length,
        result.skipped.length
      )
    }
    return result
  }

  /**
   * Whether the provider already has the money (or is taking it): then the webhook books the
   * booking and cancelling would only force a refund. A provider outage also counts as
   * underway, so a transient error never cancels a booking that may have been paid; the next
   * run asks again.
   */
  private async paymentUnderway(
    bookingId: number,
    booking: { stripe_payment_intent_id: string | null }
  ): Promise<boolean> {
    try {
      const state = await (await payments.use()).getPayment(booking.stripe_payment_intent_id!)
      if (state.ok) return state.status === 'succeeded' || state.status === 'processing'
      if (state.code !== 'provider_error') return false
      logger.warn({ bookingId, message: state.message }, 'payment deadline: provider error')
      return true
    } catch (error) {
      logger.warn({ err: error, bookingId }, 'payment deadline: provider unreachable')
      return true
    }
  }
}
