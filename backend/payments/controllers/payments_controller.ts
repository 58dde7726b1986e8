import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import PaymentService from '#payments/services/payment_service'
import PaymentEventsService from '#payments/services/payment_events_service'
import { createPaymentIntentValidator, sandboxConfirmValidator } from '#payments/validators/payment'

/** Paying a booking: the routes' PaymentPolicy has checked the booking is the shipper's. */
@inject()
export default class PaymentsController {
  constructor(
    private payments: PaymentService,
    private events: PaymentEventsService
  ) {}

  /** GET /api/payments/config */
  async config() {
    return this.payments.clientConfig()
  }

  /** POST /api/create-payment-intent */
  async createIntent({ request }: HttpContext) {
    const { bookingId, amount } = await request.validateUsing(createPaymentIntentValidator)
    return this.payments.createIntent(bookingId, amount)
  }

  /** POST /api/sandbox/payments/confirm */
  async confirmSandbox({ request, response }: HttpContext) {
    const input = await request.validateUsing(sandboxConfirmValidator)
    const outcome = await this.payments.confirmSandboxCard(input)
    return response.status(outcome.status).send(outcome.body)
  }

  /** POST /api/webhooks/payments: signed by the provider, verified on the raw body. */
  async webhook({ request, response }: HttpContext) {
    const outcome = await this.events.handleWebhook(
      request.raw() ?? '',
      request.header('stripe-signature')
    )
    if (!outcome.ok) return response.badRequest({ message: outcome.message })
    return { received: true }
  }
}
