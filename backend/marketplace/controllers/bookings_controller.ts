import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { Clock } from '#core/clock'
import { createBookingValidator } from '#marketplace/validators/booking'
import BookingService from '#marketplace/services/booking_service'
import { businessToday } from '#core/business_time'
import { IDEMPOTENCY_HEADER } from '#core/middleware/idempotency_middleware'
import { drivingAs, withoutMoneyFor } from '#accounts/services/driver_members'

/** What a driver member is not sent of a booking (docs/decisions/0246). */
const BOOKING_MONEY = [
  'ratePerMilePerPallet',
  'totalAmount',
  'priceBreakdown',
  'payoutStatus',
  'cancellationFeeCents',
  'paymentFailureMessage',
  'completion',
] as const

/** A shipper's bookings; the id routes' BookingPolicy answers someone else's booking with a 404. */
@inject()
export default class BookingsController {
  constructor(
    private clock: Clock,
    private bookings: BookingService
  ) {}

  /** GET /api/bookings: the shipper's own, or the carrier company's, newest first. */
  async index({ auth }: HttpContext) {
    const user = auth.getUserOrFail()
    const bookings = await this.bookings.listFor({
      id: user.id,
      role: user.role,
      actorUserId: user.member?.userId,
      driverUserId: drivingAs(user),
    })
    // A driver member is sent no money (docs/decisions/0246).
    return bookings.map((b) => withoutMoneyFor(user, b, BOOKING_MONEY))
  }

  /** GET /api/bookings/:id */
  async show({ auth, params }: HttpContext) {
    const user = auth.getUserOrFail()
    const booking = await this.bookings.findFor(
      { id: user.id, role: user.role, actorUserId: user.member?.userId },
      Number(params.id)
    )
    return withoutMoneyFor(user, booking, BOOKING_MONEY)
  }

  /** POST /api/bookings: fixed-price booking of a listing, priced by the server. */
  async store({ auth, request, response }: HttpContext) {
    const input = await request.validateUsing(createBookingValidator, {
      meta: { today: businessToday(this.clock) },
    })
    const idempotencyKey = request.header(IDEMPOTENCY_HEADER) || undefined
    return response.created(
      await this.bookings.create(auth.getUserOrFail().id, input, { idempotencyKey })
    )
  }

  /** POST /api/booking/:id/complete (singular, docs/spec.md §7) */
  async complete({ auth, params }: HttpContext) {
    return this.bookings.complete(auth.getUserOrFail().id, Number(params.id))
  }

  /** GET /api/bookings/:id/cancellation: the cancellation policy's outcome (decision 0178). */
  async cancellation({ params }: HttpContext) {
    return this.bookings.cancellationQuote(Number(params.id))
  }

  /** POST /api/bookings/:id/cancel */
  async cancel({ auth, params }: HttpContext) {
    const user = auth.getUserOrFail()
    return this.bookings.cancel(user.id, Number(params.id), user.member?.userId)
  }
}
