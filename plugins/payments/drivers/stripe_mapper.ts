/**
 * Pure mapping between the payments contract and Stripe's JSON: request parameters out,
 * objects, errors and events in. No SDK import: these are plain objects, tested on fixtures.
 * The sandbox driver produces Stripe-shaped objects too and normalises them through here.
 */
import type {
  AccountStatus,
  CreateConnectedAccountInput,
  CreatedPayment,
  CreatePaymentInput,
  Metadata,
  OnboardingLinkInput,
  PaymentFailure,
  PaymentState,
  PaymentStatus,
  PaymentsWebhookEvent,
  PayoutDestination,
  Refund,
  RefundInput,
  RefundState,
  RefundStatus,
  Transfer,
  TransferInput,
} from '../types.js'

/** The fields of Stripe's objects this plugin reads. */
export type StripePaymentIntentJson = {
  id: string
  object?: 'payment_intent'
  amount: number
  currency?: string
  status: string
  client_secret?: string | null
  latest_charge?: string | { id: string } | null
  last_payment_error?: { code?: string; decline_code?: string; message?: string } | null
  metadata?: Metadata | null
  transfer_group?: string | null
}

export type StripeAccountJson = {
  id: string
  object?: 'account'
  email?: string | null
  details_submitted?: boolean
  payouts_enabled?: boolean
  charges_enabled?: boolean
  requirements?: { disabled_reason?: string | null } | null
  metadata?: Metadata | null
  /** bank accounts (and debit cards) payouts go to; the default one first */
  external_accounts?: {
    data?: Array<{
      object?: string
      bank_name?: string | null
      brand?: string | null
      last4?: string | null
      default_for_currency?: boolean | null
    }>
  } | null
}

export type StripeRefundJson = {
  id: string
  object?: 'refund'
  amount: number
  currency?: string
  status: string | null
  payment_intent?: string | { id: string } | null
  charge?: string | { id: string } | null
}

export type StripeTransferJson = {
  id: string
  object?: 'transfer'
  amount: number
  destination?: string | { id: string } | null
  transfer_group?: string | null
  source_transaction?: string | { id: string } | null
  metadata?: Metadata | null
}

export type StripeEventJson = {
  id: string
  object?: 'event'
  type: string
  created?: number
  data: { object: Record<string, unknown> }
}

/** What a Stripe SDK error exposes, structurally. */
export type StripeErrorLike = {
  type?: string
  rawType?: string
  code?: string
  decline_code?: string
  message?: string
  statusCode?: number
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.id

/** Contract-level validation both drivers apply before calling anything. */
export function checkAmount(amountCents: unknown, field = 'amountCents'): PaymentFailure | null {
  if (typeof amountCents !== 'number' || !Number.isInteger(amountCents) || amountCents < 1) {
    return { ok: false, code: 'invalid_request', message: `${field} must be a positive integer` }
  }
  return null
}

export function checkIdempotencyKey(key: unknown): PaymentFailure | null {
  if (typeof key !== 'string' || key.length === 0 || key.length > 255) {
    return { ok: false, code: 'invalid_request', message: 'An idempotency key is required' }
  }
  return null
}

/* ---------- requests ---------- */

export function paymentIntentParams(input: CreatePaymentInput) {
  return {
    amount: input.amountCents,
    currency: input.currency,
    automatic_payment_methods: { enabled: true },
    metadata: input.metadata,
    ...(input.transferGroup ? { transfer_group: input.transferGroup } : {}),
  }
}

export function refundParams(input: RefundInput) {
  return {
    payment_intent: input.paymentId,
    ...(input.amountCents === undefined ? {} : { amount: input.amountCents }),
  }
}

export function accountParams(input: CreateConnectedAccountInput) {
  return {
    type: 'express' as const,
    country: 'US',
    email: input.email,
    capabilities: { transfers: { requested: true } },
    metadata: input.metadata,
  }
}

export function accountLinkParams(input: OnboardingLinkInput) {
  return {
    account: input.accountId,
    refresh_url: input.refreshUrl,
    return_url: input.returnUrl,
    type: 'account_onboarding' as const,
  }
}

export function transferParams(input: TransferInput) {
  return {
    amount: input.amountCents,
    currency: 'usd',
    destination: input.accountId,
    transfer_group: input.transferGroup,
    ...(input.sourceTransaction ? { source_transaction: input.sourceTransaction } : {}),
    metadata: input.metadata,
  }
}

/* ---------- responses ---------- */

/**
 * Stripe puts a failed attempt back to `requires_payment_method` with `last_payment_error`:
 * that is "failed" here. Steps the customer still has to take count as needing a payment method;
 * an authorised but uncaptured charge as processing.
 */
export function paymentStatus(pi: StripePaymentIntentJson): PaymentStatus {
  switch (pi.status) {
    case 'succeeded':
      return 'succeeded'
    case 'canceled':
      return 'canceled'
    case 'processing':
    case 'requires_capture':
      return 'processing'
    case 'requires_payment_method':
      return pi.last_payment_error ? 'failed' : 'requires_payment_method'
    default:
      return 'requires_payment_method'
  }
}

export function toCreatedPayment(pi: StripePaymentIntentJson): CreatedPayment {
  return {
    id: pi.id,
    clientSecret: pi.client_secret ?? '',
    status: paymentStatus(pi),
    amountCents: pi.amount,
  }
}

export function toPaymentState(pi: StripePaymentIntentJson): PaymentState {
  return {
    id: pi.id,
    status: paymentStatus(pi),
    amountCents: pi.amount,
    currency: (pi.currency ?? '').toLowerCase(),
    chargeId: idOf(pi.latest_charge),
    failureMessage: pi.last_payment_error?.message ?? null,
    metadata: { ...(pi.metadata ?? {}) },
  }
}

export function refundStatus(status: string | null): RefundStatus {
  if (status === 'succeeded' || status === 'failed' || status === 'canceled') return status
  return 'pending'
}

export function toRefund(refund: StripeRefundJson): Refund {
  return { id: refund.id, status: refundStatus(refund.status), amountCents: refund.amount }
}

export function toRefundState(refund: StripeRefundJson): RefundState {
  return {
    id: refund.id,
    paymentId: idOf(refund.payment_intent),
    status: refundStatus(refund.status),
    amountCents: refund.amount,
    currency: (refund.currency ?? '').toLowerCase(),
  }
}

export function toAccountStatus(account: StripeAccountJson): AccountStatus {
  const disabled = account.requirements?.disabled_reason ?? ''
  return {
    connected: !disabled.startsWith('rejected'),
    onboardingComplete: account.details_submitted === true,
    payoutsEnabled: account.payouts_enabled === true,
  }
}

/** The account's default bank account or card for payouts, or null when it has none. */
export function toPayoutDestination(account: StripeAccountJson): PayoutDestination | null {
  const all = (account.external_accounts?.data ?? []).filter((e) => e.last4)
  const chosen = all.find((e) => e.default_for_currency) ?? all[0]
  if (!chosen?.last4) return null
  return { bankName: chosen.bank_name ?? chosen.brand ?? null, last4: chosen.last4 }
}

export function toTransfer(transfer: StripeTransferJson): Transfer {
  return { id: transfer.id, amountCents: transfer.amount }
}

/** A Stripe error (thrown by the SDK or answered by the API) as a typed failure. */
export function toFailure(error: StripeErrorLike): PaymentFailure {
  const message = error.message ?? 'The payment provider failed'
  const type = error.rawType ?? error.type ?? ''
  if (error.decline_code === 'insufficient_funds' || error.code === 'insufficient_funds') {
    return { ok: false, code: 'insufficient_funds', message }
  }
  if (error.code === 'card_declined') return { ok: false, code: 'card_declined', message }
  if (
    ['incorrect_number', 'invalid_number', 'expired_card', 'incorrect_cvc', 'invalid_cvc'].includes(
      error.code ?? ''
    )
  ) {
    return { ok: false, code: 'invalid_card', message }
  }
  if (type === 'idempotency_error' || type === 'StripeIdempotencyError') {
    return { ok: false, code: 'idempotency_conflict', message }
  }
  if (error.code === 'resource_missing' || error.statusCode === 404) {
    return { ok: false, code: 'not_found', message }
  }
  if (type === 'card_error' || type === 'StripeCardError') {
    return { ok: false, code: 'card_declined', message }
  }
  if (type === 'invalid_request_error' || type === 'StripeInvalidRequestError') {
    return { ok: false, code: 'invalid_request', message }
  }
  return { ok: false, code: 'provider_error', message }
}

/* ---------- webhooks ---------- */

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Checks the envelope of a parsed webhook body; null when it is not a Stripe event. */
export function asEvent(value: unknown): StripeEventJson | null {
  if (!isObject(value)) return null
  if (typeof value.id !== 'string' || typeof value.type !== 'string') return null
  if (!isObject(value.data) || !isObject(value.data.object)) return null
  if (typeof value.data.object.id !== 'string') return null
  return value as StripeEventJson
}

/** Medusa-style normalisation: the core acts on `action`, never on Stripe's event types. */
export function normaliseEvent(event: StripeEventJson): PaymentsWebhookEvent {
  const object = event.data.object
  const eventId = event.id
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed': {
      const pi = object as unknown as StripePaymentIntentJson
      const state = toPaymentState(pi)
      return {
        action: event.type === 'payment_intent.succeeded' ? 'payment_succeeded' : 'payment_failed',
        eventId,
        data: {
          paymentId: state.id,
          amountCents: state.amountCents,
          currency: state.currency,
          status: event.type === 'payment_intent.succeeded' ? 'succeeded' : 'failed',
          chargeId: state.chargeId,
          failureMessage: state.failureMessage,
          metadata: state.metadata,
        },
      }
    }
    case 'account.updated': {
      const account = object as unknown as StripeAccountJson
      return {
        action: 'account_updated',
        eventId,
        data: { accountId: account.id, ...toAccountStatus(account) },
      }
    }
    case 'refund.created':
    case 'refund.updated': {
      const refund = object as unknown as StripeRefundJson
      if (refund.status !== 'succeeded') break
      return {
        action: 'refund_succeeded',
        eventId,
        data: {
          refundId: refund.id,
          paymentId: idOf(refund.payment_intent),
          amountCents: refund.amount,
          status: 'succeeded',
        },
      }
    }
    case 'transfer.created': {
      const transfer = object as unknown as StripeTransferJson
      return {
        action: 'transfer_created',
        eventId,
        data: {
          transferId: transfer.id,
          accountId: idOf(transfer.destination) ?? '',
          amountCents: transfer.amount,
          transferGroup: transfer.transfer_group ?? null,
        },
      }
    }
  }
  return { action: 'not_supported', eventId, data: { type: event.type } }
}

/** Parses a verified raw body into a normalised event, or says why it is malformed. */
export function parseVerifiedBody(
  raw: string
): { ok: true; event: PaymentsWebhookEvent } | { ok: false; reason: 'malformed'; message: string } {
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    return { ok: false, reason: 'malformed', message: 'The webhook body is not JSON' }
  }
  const event = asEvent(parsed)
  if (!event) return { ok: false, reason: 'malformed', message: 'The webhook body is not an event' }
  return { ok: true, event: normaliseEvent(event) }
}
