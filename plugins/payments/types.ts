/**
 * The payments contract: take a shipper's card payment for a booking, refund it, onboard a
 * carrier as a connected account and pay it out, and turn the provider's webhooks into a few
 * normalised actions, each confirmed with the provider before anything acts on it
 * (docs/decisions/0159). Amounts are integer cents in USD. Every call that moves money carries
 * an idempotency key. Provider errors come back as typed failures; no SDK type crosses this file.
 */

export type PaymentFailureCode =
  | 'card_declined'
  | 'insufficient_funds'
  /** the card itself is unusable: wrong number (Luhn), expired, bad CVC */
  | 'invalid_card'
  | 'invalid_request'
  /** the idempotency key was used before with different parameters */
  | 'idempotency_conflict'
  | 'not_found'
  | 'provider_error'

export type PaymentFailure = { ok: false; code: PaymentFailureCode; message: string }

/** A successful result carries its fields next to `ok: true`. */
export type PaymentResult<T> = ({ ok: true } & T) | PaymentFailure

export type Metadata = Record<string, string>

export type PaymentStatus =
  'requires_payment_method' | 'processing' | 'succeeded' | 'failed' | 'canceled'

export type CreatePaymentInput = {
  amountCents: number
  currency: 'usd'
  idempotencyKey: string
  metadata: Metadata
  /** groups the charge with the transfers paid out of it, e.g. `booking_42` */
  transferGroup: string | null
}

export type CreatedPayment = {
  id: string
  /** handed to the browser to confirm the card there */
  clientSecret: string
  status: PaymentStatus
  amountCents: number
}

/** The provider's own record of a payment, as `getPayment` reads it from the provider. */
export type PaymentState = {
  id: string
  status: PaymentStatus
  amountCents: number
  /** lower case, as the provider has it (`usd`) */
  currency: string
  chargeId: string | null
  failureMessage: string | null
  /** the metadata the payment was created with, e.g. `{ bookingId: '42' }` */
  metadata: Metadata
}

export type RefundInput = {
  paymentId: string
  /** omitted: refund what is left of the payment */
  amountCents?: number
  idempotencyKey: string
}

export type RefundStatus = 'pending' | 'succeeded' | 'failed' | 'canceled'

export type Refund = { id: string; status: RefundStatus; amountCents: number }

/** The provider's own record of a refund, as `getRefund` reads it from the provider. */
export type RefundState = {
  id: string
  /** the payment it refunds */
  paymentId: string | null
  status: RefundStatus
  amountCents: number
  currency: string
}

export type CreateConnectedAccountInput = {
  email: string
  idempotencyKey: string
  metadata: Metadata
}

export type OnboardingLinkInput = { accountId: string; refreshUrl: string; returnUrl: string }

export type AccountStatus = {
  /** the account exists and has not been rejected */
  connected: boolean
  /** the carrier finished the onboarding form */
  onboardingComplete: boolean
  payoutsEnabled: boolean
}

/**
 * Where a connected account's payouts land, as the provider shows it to the platform: the
 * bank's name and the last four digits, never the full number.
 */
export type PayoutDestination = { bankName: string | null; last4: string }

export type TransferInput = {
  accountId: string
  amountCents: number
  idempotencyKey: string
  transferGroup: string
  /** the charge the money comes from, so the transfer waits for its funds */
  sourceTransaction?: string
  metadata: Metadata
}

export type Transfer = { id: string; amountCents: number }

/** Normalised webhook payloads, one shape per action. */
export type PaymentEventData = {
  paymentId: string
  amountCents: number
  /** lower case; '' when the event does not say */
  currency: string
  status: PaymentStatus
  chargeId: string | null
  failureMessage: string | null
  metadata: Metadata
}

export type AccountEventData = { accountId: string } & AccountStatus

export type RefundEventData = {
  refundId: string
  paymentId: string | null
  amountCents: number
  status: RefundStatus
}

export type TransferEventData = {
  transferId: string
  accountId: string
  amountCents: number
  transferGroup: string | null
}

export type PaymentsWebhookEvent =
  | { action: 'payment_succeeded' | 'payment_failed'; eventId: string; data: PaymentEventData }
  | { action: 'account_updated'; eventId: string; data: AccountEventData }
  | { action: 'refund_succeeded'; eventId: string; data: RefundEventData }
  | { action: 'transfer_created'; eventId: string; data: TransferEventData }
  | { action: 'not_supported'; eventId: string; data: { type: string } }

export type PaymentsWebhookAction = PaymentsWebhookEvent['action']

export type WebhookResult =
  | { ok: true; event: PaymentsWebhookEvent }
  | { ok: false; reason: 'bad_signature' | 'stale' | 'malformed'; message: string }

/** One claim of a webhook event that the provider's own record contradicts. */
export type EventDifference = {
  /** the field of the event's `data`, e.g. `status`, `amountCents`, `metadata.bookingId` */
  field: string
  /** what the event says */
  event: string | number | boolean | null
  /** what the provider says; null when it has no such object or no such value */
  provider: string | number | boolean | null
}

/**
 * `confirmEvent`'s answer. `ok: true`: the event rebuilt from the provider's own record (its
 * status, amount, currency, metadata...), the only data to act on. `contradicted`: the provider
 * disagrees with the event (another status or amount, an object it does not know): act on
 * nothing. `unavailable`: the provider could not be asked; nothing is known yet.
 */
export type EventConfirmation =
  | { ok: true; event: PaymentsWebhookEvent }
  | { ok: false; reason: 'contradicted'; differences: EventDifference[] }
  | { ok: false; reason: 'unavailable'; code: PaymentFailureCode; message: string }

/** What the frontend may know: which driver confirms cards and Stripe's publishable key. */
export type PaymentsClientConfig = {
  driver: 'stripe' | 'sandbox'
  publishableKey: string | null
}

export interface PaymentsDriver {
  clientConfig(): PaymentsClientConfig
  createPayment(input: CreatePaymentInput): Promise<PaymentResult<CreatedPayment>>
  /** The provider's own record of a payment (Stripe: `paymentIntents.retrieve`). */
  getPayment(id: string): Promise<PaymentResult<PaymentState>>
  refund(input: RefundInput): Promise<PaymentResult<Refund>>
  /** The provider's own record of a refund (Stripe: `refunds.retrieve`). */
  getRefund(id: string): Promise<PaymentResult<RefundState>>
  createConnectedAccount(
    input: CreateConnectedAccountInput
  ): Promise<PaymentResult<{ accountId: string }>>
  createOnboardingLink(input: OnboardingLinkInput): Promise<PaymentResult<{ url: string }>>
  getAccountStatus(accountId: string): Promise<PaymentResult<AccountStatus>>
  /**
   * The account's default payout destination; `destination` null while none is on file. A
   * driver whose provider does not tell leaves it out, and screens show no destination.
   */
  getPayoutDestination?(
    accountId: string
  ): Promise<PaymentResult<{ destination: PayoutDestination | null }>>
  transfer(input: TransferInput): Promise<PaymentResult<Transfer>>
  /** Verifies the signature on the raw body (300 s tolerance) and normalises the event. */
  parseWebhook(
    rawBody: string | Buffer,
    signatureHeader: string | undefined
  ): Promise<WebhookResult>
  /**
   * Asks the provider about the object a parsed event is about (never trusting the event's
   * body, signed or not) and answers the event rebuilt from the provider's record, or what the
   * provider contradicts. `payment_*`: `getPayment`; `refund_succeeded`: `getRefund`;
   * `account_updated`: `getAccountStatus`. `transfer_created` and `not_supported` come back
   * unchanged and unchecked: nothing acts on them. Drivers delegate to `confirmWithProvider`
   * (drivers/confirm_event.ts) unless their provider offers something better.
   */
  confirmEvent(event: PaymentsWebhookEvent): Promise<EventConfirmation>
}
