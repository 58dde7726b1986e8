/**
 * A webhook event checked against the provider's own records before anything acts on it
 * (docs/decisions/0159). A valid signature proves only that the provider (or whoever holds the
 * webhook secret) sent the body. The body can still be a replay, a test event, or an event
 * about an intent whose card was never confirmed. So the object the event is about is fetched
 * from the provider with the driver's own read methods. Every claim the event makes is compared
 * with that record, and the answer is the event rebuilt from the provider's record, or the list
 * of what differed.
 */
import type {
  EventConfirmation,
  EventDifference,
  Metadata,
  PaymentFailure,
  PaymentsDriver,
  PaymentsWebhookEvent,
} from '../types.js'

/** What confirming needs of a driver: its reads of the provider's records. */
export type ProviderRecords = Pick<PaymentsDriver, 'getPayment' | 'getRefund' | 'getAccountStatus'>

/** The contract's only currency: a record in any other is not money this app took. */
export const CONTRACT_CURRENCY = 'usd'

type Value = EventDifference['event']

function differ(field: string, event: Value, provider: Value): EventDifference[] {
  return event === provider ? [] : [{ field, event, provider }]
}

/** Every metadata value the event states must be the provider's; the provider may have more. */
function metadataDifferences(event: Metadata, provider: Metadata): EventDifference[] {
  return Object.keys(event)
    .sort()
    .flatMap((key) => differ(`metadata.${key}`, event[key], provider[key] ?? null))
}

/**
 * A normalised event is a claim in the contract's currency: the currency it names, else USD,
 * must be the record's, and a record in any other currency is not money this app took.
 */
function currencyDifferences(event: string, provider: string): EventDifference[] {
  if (event && event !== provider) return differ('currency', event, provider)
  return differ('currency', CONTRACT_CURRENCY, provider)
}

/**
 * A failed read. `not_found` means the provider does not know the object, which contradicts
 * the event. Any other failure leaves the event unconfirmed for now.
 */
function unread(failure: PaymentFailure, field: string, id: string): EventConfirmation {
  if (failure.code === 'not_found') {
    return {
      ok: false,
      reason: 'contradicted',
      differences: [{ field, event: id, provider: null }],
    }
  }
  return { ok: false, reason: 'unavailable', code: failure.code, message: failure.message }
}

const answer = (differences: EventDifference[], event: PaymentsWebhookEvent): EventConfirmation =>
  differences.length > 0 ? { ok: false, reason: 'contradicted', differences } : { ok: true, event }

/**
 * `PaymentsDriver.confirmEvent` for any driver whose reads answer from the provider: payment
 * events against `getPayment`, refunds against `getRefund`, account updates against
 * `getAccountStatus`. Differences are listed in a fixed order (status, amount, currency, charge
 * or payment, metadata keys sorted).
 */
export async function confirmWithProvider(
  records: ProviderRecords,
  event: PaymentsWebhookEvent
): Promise<EventConfirmation> {
  switch (event.action) {
    case 'payment_succeeded':
    case 'payment_failed': {
      const claimed = event.data
      const read = await records.getPayment(claimed.paymentId)
      if (!read.ok) return unread(read, 'paymentId', claimed.paymentId)
      const { ok: _ok, ...payment } = read
      return answer(
        [
          ...differ('status', claimed.status, payment.status),
          ...differ('amountCents', claimed.amountCents, payment.amountCents),
          ...currencyDifferences(claimed.currency, payment.currency),
          // An event that names no charge (another API version) is not contradicted by one.
          ...(claimed.chargeId ? differ('chargeId', claimed.chargeId, payment.chargeId) : []),
          ...metadataDifferences(claimed.metadata, payment.metadata),
        ],
        {
          action: event.action,
          eventId: event.eventId,
          data: {
            paymentId: payment.id,
            amountCents: payment.amountCents,
            currency: payment.currency,
            status: payment.status,
            chargeId: payment.chargeId,
            failureMessage: payment.failureMessage,
            metadata: payment.metadata,
          },
        }
      )
    }
    case 'refund_succeeded': {
      const claimed = event.data
      const read = await records.getRefund(claimed.refundId)
      if (!read.ok) return unread(read, 'refundId', claimed.refundId)
      return answer(
        [
          ...differ('status', claimed.status, read.status),
          ...differ('amountCents', claimed.amountCents, read.amountCents),
          ...(claimed.paymentId ? differ('paymentId', claimed.paymentId, read.paymentId) : []),
          ...currencyDifferences('', read.currency),
        ],
        {
          action: 'refund_succeeded',
          eventId: event.eventId,
          data: {
            refundId: read.id,
            paymentId: read.paymentId,
            amountCents: read.amountCents,
            status: read.status,
          },
        }
      )
    }
    case 'account_updated': {
      const claimed = event.data
      const read = await records.getAccountStatus(claimed.accountId)
      if (!read.ok) return unread(read, 'accountId', claimed.accountId)
      return answer(
        [
          ...differ('connected', claimed.connected, read.connected),
          ...differ('onboardingComplete', claimed.onboardingComplete, read.onboardingComplete),
          ...differ('payoutsEnabled', claimed.payoutsEnabled, read.payoutsEnabled),
        ],
        {
          action: 'account_updated',
          eventId: event.eventId,
          data: {
            accountId: claimed.accountId,
            connected: read.connected,
            onboardingComplete: read.onboardingComplete,
            payoutsEnabled: read.payoutsEnabled,
          },
        }
      )
    }
    case 'transfer_created':
    case 'not_supported':
      // Nothing acts on these (a transfer is recorded when it is made, not when announced).
      return { ok: true, event }
  }
}
