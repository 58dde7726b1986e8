import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import PayoutService from '#payments/services/payout_service'
import PayoutAttentionService from '#payments/services/payout_attention_service'
import { ConflictException, NotFoundException } from '#core/exceptions/http_errors'
import {
  MAX_ID,
  parseBookingKey,
  payoutListValidator,
  presentParams,
} from '#admin/validators/operator'

export const BOOKING_NOT_FOUND = 'Booking not found'
export const EXPEDITED_PAYOUT_NOT_FOUND = 'Expedited payout not found'
export const NOT_FAILED = 'This payout has not failed'

/**
 * Payouts an operator should look at (failed transfers, payouts held for onboarding or after a
 * change to a carrier's payout account, email or phone, and the carriers so held) and the
 * console's "Retry now", the same retry as `node ace payouts:release --retry <bookingId>`.
 */
@inject()
export default class PayoutsController {
  constructor(
    private payouts: PayoutService,
    private views: PayoutAttentionService
  ) {}

  /**
   * GET /api/admin/payouts: every payout, bookings' and expedited jobs' (docs/decisions/0206),
   * by kind, state or booking, 20 a page.
   */
  async index({ request }: HttpContext) {
    const { page, booking, state, kind } = await request.validateUsing(payoutListValidator, {
      data: presentParams(request.qs()),
    })
    const bookingId = booking === undefined ? undefined : parseBookingKey(booking)!
    return this.views.page({ kind, state, bookingId }, page ?? 1)
  }

  /** GET /api/admin/payouts/attention */
  async attention() {
    return {
      payouts: await this.views.attention(),
      expeditedPayouts: await this.views.expeditedAttention(),
      carrierHolds: await this.views.carrierHolds(),
    }
  }

  /** POST /api/admin/payouts/:bookingId/retry: one attempt now, after the backoff or not. */
  async retry({ params }: HttpContext) {
    const bookingId = Number(params.bookingId)
    if (
      !Number.isInteger(bookingId) ||
      bookingId > MAX_ID ||
      !(await this.views.payoutOf(bookingId))
    )
      throw new NotFoundException(BOOKING_NOT_FOUND)
    const outcome = await this.payouts.retry(bookingId)
    // skipped: not failed, or another run holds it right now; either way nothing was sent.
    if (outcome === 'skipped') throw new ConflictException(NOT_FAILED)
    return { outcome, payout: await this.views.payoutOf(bookingId) }
  }

  /**
   * POST /api/admin/expedited-payouts/:jobId/retry: the same for a delivered expedited job's
   * failed payout (docs/decisions/0188), as `payouts:release --retry-expedited <jobId>`.
   */
  async retryExpedited({ params }: HttpContext) {
    const jobId = Number(params.jobId)
    if (
      !Number.isInteger(jobId) ||
      jobId < 1 ||
      jobId > MAX_ID ||
      !(await this.views.expeditedPayoutOf(jobId))
    )
      throw new NotFoundException(EXPEDITED_PAYOUT_NOT_FOUND)
    const outcome = await this.payouts.retryExpedited(jobId)
    if (outcome === 'skipped') throw new ConflictException(NOT_FAILED)
    return { outcome, payout: await this.views.expeditedPayoutOf(jobId) }
  }
}
