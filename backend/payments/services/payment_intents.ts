import { Exception } from '@adonisjs/core/exceptions'
import logger from '@adonisjs/core/services/logger'
import payments from '#plugins/payments/services/main'
import type { CreatedPayment, CreatePaymentInput } from '#plugins/payments/main'
import { fromCents } from '#core/money'
import { ConflictException } from '#core/exceptions/http_errors'
import { isUniqueViolation } from '#core/validation'

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

/**
 * Asks the provider for a card payment and records it once (a load's funding, an expedited
 * job's payment): a key the provider saw with other terms is a 409 (`changed`: the thing paid
 * for changed), any other refusal a 502; two requests racing record the same intent once.
 */
export async function openRecordedIntent(
  input: CreatePaymentInput,
  what: { changed: string; log: string },
  store: {
    find: (paymentIntentId: string) => Promise<unknown>
    create: (created: CreatedPayment) => Promise<unknown>
  }
): Promise<PaymentIntentResponse> {
  const driver = await payments.use()
  const created = await driver.createPayment(input)
  if (!created.ok) {
    logger.error({ code: created.code, message: created.message }, what.log)
    throw created.code === 'idempotency_conflict'
      ? new ConflictException(what.changed)
      : new ProviderUnavailableException('The payment provider is unavailable; try again')
  }
  try {
    if (!(await store.find(created.id))) await store.create(created)
  } catch (error) {
    // Two requests racing: the other one recorded the same intent.
    if (!isUniqueViolation(error)) throw error
  }
  return {
    clientSecret: created.clientSecret,
    paymentIntentId: created.id,
    amount: fromCents(created.amountCents),
  }
}
