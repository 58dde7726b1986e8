import { inject } from '@adonisjs/core'
import { BasePolicy, type Actor, type RouteTarget } from '#core/policies/base_policy'
import Payment from '#payments/models/payment'
import BookingService from '#marketplace/services/booking_service'
import LoadFundingService from '#payments/services/load_funding_service'
import ExpeditedPaymentService from '#payments/services/expedited_payment_service'
import { BOOKING_NOT_FOUND, PAYMENT_NOT_FOUND } from '#payments/services/payment_service'

/**
 * Paying a booking is its shipper's: the booking named in the body, or the booking a payment
 * intent was created for (or the load it funds, docs/decisions/0069, or the expedited job it
 * pays, docs/decisions/0188). Anyone else gets the 404 a missing booking or payment gets. A body
 * without a usable id passes here, so the route's validator answers it (422).
 */
@inject()
export default class PaymentPolicy extends BasePolicy {
  constructor(
    private bookings: BookingService,
    private fundings: LoadFundingService,
    private expedited: ExpeditedPaymentService
  ) {
    super()
  }

  /** POST /api/create-payment-intent, `bookingId` in the body. */
  async pay(user: Actor, target: RouteTarget) {
    if (!this.isShipper(user)) return this.forbidden()
    const bookingId = this.bookingIdOf(target.body, 'bookingId')
    if (bookingId === null) return true
    return this.allowedOr404(await this.isShipperOf(user, bookingId), BOOKING_NOT_FOUND)
  }

  /** POST /api/sandbox/payments/confirm, `clientSecret` (the intent's secret) in the body. */
  async confirm(user: Actor, target: RouteTarget) {
    if (!this.isShipper(user)) return this.forbidden()
    const secret = target.body.clientSecret
    if (typeof secret !== 'string' || !secret.trim()) return true
    const intentId = secret.trim().split('_secret_')[0]
    const payment = intentId
      ? await Payment.query().where('stripePaymentIntent', intentId).select('shipmentId').first()
      : null
    const own =
      payment !== null
        ? await this.isShipperOf(user, payment.shipmentId)
        : !!intentId &&
          this.owns(
            (await this.fundings.shipperOfIntent(intentId)) ??
              (await this.expedited.shipperOfIntent(intentId)),
            user.id
          )
    return this.allowedOr404(own, PAYMENT_NOT_FOUND)
  }

  private async isShipperOf(user: Actor, bookingId: number) {
    return this.owns(await this.bookings.shipperOf(bookingId), user.id)
  }
}
