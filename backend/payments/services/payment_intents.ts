import { Exception } from '@adonisjs/core/exceptions'

/** What a shipper's client needs to confirm a card payment: a booking's, or a load's. */
export type PaymentIntentResponse = {
  clientSecret: string
  paymentIntentId: string
  amount: number
}

/** The provider did not answer or refused for a reason of its own: 502, retry later. */
export class ProviderUnavailableException extends Exception {
  static status = 502
  static code = 'E_PAYMENT_PROVIDER'
}
