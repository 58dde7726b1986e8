import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import RateConfirmationService from '#marketplace/services/rate_confirmation_service'
import { acceptRateConfirmationValidator } from '#marketplace/validators/rate_confirmation'

/**
 * A booking's rate confirmation (docs/decisions/0226): its parties read it once paid, its
 * carrier accepts it. BookingPolicy answers anyone else's booking with a 404.
 */
@inject()
export default class RateConfirmationsController {
  constructor(private confirmations: RateConfirmationService) {}

  /** GET /api/bookings/:id/rate-confirmation */
  async show({ params }: HttpContext) {
    return this.confirmations.show(Number(params.id))
  }

  /** POST /api/bookings/:id/rate-confirmation/accept */
  async accept({ auth, params, request }: HttpContext) {
    const input = await request.validateUsing(acceptRateConfirmationValidator)
    const user = auth.getUserOrFail()
    const own = [user.firstName, user.lastName].filter(Boolean).join(' ').trim()
    return this.confirmations.accept(
      Number(params.id),
      {
        userId: user.id,
        name: input.name ?? (own || user.username),
        ip: request.ip(),
        userAgent: request.header('user-agent') ?? null,
      },
      input.number
    )
  }
}
