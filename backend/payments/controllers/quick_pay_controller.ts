import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import QuickPayService, { QuickPayRefused } from '#payments/services/quick_pay_service'

/**
 * Quick pay (docs/decisions/0222): the carrier's quote for taking a delivered booking's payout
 * now, and taking it. The route's `:id` is the booking's number or TRT- reference; BookingPolicy
 * (`manageAsCarrier`) has checked the booking is this carrier company's.
 */
@inject()
export default class QuickPayController {
  constructor(private service: QuickPayService) {}

  /** GET /api/carrier/bookings/:id/quick-pay */
  async show({ params }: HttpContext) {
    return this.service.quote(Number(params.id))
  }

  /** POST /api/carrier/bookings/:id/quick-pay (no body; Idempotency-Key as other money routes) */
  async store({ params, response }: HttpContext) {
    try {
      return await this.service.take(Number(params.id))
    } catch (error) {
      if (!(error instanceof QuickPayRefused)) throw error
      return response.conflict({
        message: error.message,
        reasonCode: error.quote.reasonCode,
        quote: error.quote,
      })
    }
  }
}
