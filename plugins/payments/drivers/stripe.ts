/**
 * The Stripe driver: the transport only. Parameters and results go through the pure mapper;
 * the SDK client carries the HTTP, the credentials and the Idempotency-Key headers. Separate
 * charges and transfers: the shipper pays the platform, the carrier is paid by a transfer in
 * the booking's transfer group.
 */
import type Stripe from 'stripe'
import type {
  AccountStatus,
  CreateConnectedAccountInput,
  CreatedPayment,
  CreatePaymentInput,
  EventConfirmation,
  OnboardingLinkInput,
  PaymentResult,
  PaymentsClientConfig,
  PaymentsDriver,
  PaymentState,
  PaymentsWebhookEvent,
  PayoutDestination,
  Refund,
  RefundInput,
  RefundState,
  Transfer,
  TransferInput,
  WebhookResult,
} from '../types.js'
import {
  accountLinkParams,
  accountParams,
  checkAmount,
  checkIdempotencyKey,
  paymentIntentParams,
  parseVerifiedBody,
  refundParams,
  toAccountStatus,
  toCreatedPayment,
  toFailure,
  toPayoutDestination,
  toPaymentState,
  toRefund,
  toRefundState,
  toTransfer,
  transferParams,
  type StripeAccountJson,
  type StripeErrorLike,
} from './stripe_mapper.js'
import { WEBHOOK_TOLERANCE_SECONDS, checkTimestamp, signedTimestamp } from './signature.js'
import { confirmWithProvider } from './confirm_event.js'

export type StripeOptions = {
  secretKey: string
  publishableKey: string | null
  webhookSecret: string
  /** points the SDK elsewhere than api.stripe.com (tests use a local stand-in) */
  host?: string
  port?: number
  protocol?: 'http' | 'https'
  maxNetworkRetries?: number
}

export class StripePaymentsDriver implements PaymentsDriver {
  constructor(
    private client: Stripe,
    private options: StripeOptions
  ) {}

  clientConfig(): PaymentsClientConfig {
    return { driver: 'stripe', publishableKey: this.options.publishableKey }
  }

  /** Runs one SDK call; Stripe's errors become typed failures. */
  private async call<T>(
    run: () => Promise<T>
  ): Promise<{ ok: true; value: T } | ReturnType<typeof toFailure>> {
    try {
      return { ok: true, value: await run() }
    } catch (error) {
      if (error && typeof error === 'object' && 'type' in error) {
        return toFailure(error as StripeErrorLike)
      }
      return { ok: false, code: 'provider_error', message: String(error) }
    }
  }

  async createPayment(input: CreatePaymentInput): Promise<PaymentResult<CreatedPayment>> {
    const invalid = checkAmount(input.amountCents) ?? checkIdempotencyKey(input.idempotencyKey)
    if (invalid) return invalid
    const result = await this.call(() =>
      this.client.paymentIntents.create(paymentIntentParams(input), {
        idempotencyKey: input.idempotencyKey,
      })
    )
    if (!result.ok) return result
    return { ok: true, ...toCreatedPayment(result.value) }
  }

  async getPayment(id: string): Promise<PaymentResult<PaymentState>> {
    const result = await this.call(() => this.client.paymentIntents.retrieve(id))
    if (!result.ok) return result
    return { ok: true, ...toPaymentState(result.value) }
  }

  async refund(input: RefundInput): Promise<PaymentResult<Refund>> {
    const invalid =
      checkIdempotencyKey(input.idempotencyKey) ??
      (input.amountCents === undefined ? null : checkAmount(input.amountCents))
    if (invalid) return invalid
    const result = await this.call(() =>
      this.client.refunds.create(refundParams(input), { idempotencyKey: input.idempotencyKey })
    )
    if (!result.ok) return result
    return { ok: true, ...toRefund(result.value) }
  }

  async getRefund(id: string): Promise<PaymentResult<RefundState>> {
    const result = await this.call(() => this.client.refunds.retrieve(id))
    if (!result.ok) return result
    return { ok: true, ...toRefundState(result.value) }
  }

  async createConnectedAccount(
    input: CreateConnectedAccountInput
  ): Promise<PaymentResult<{ accountId: string }>> {
    const invalid = checkIdempotencyKey(input.idempotencyKey)
    if (invalid) return invalid
    const result = await this.call(() =>
      this.client.accounts.create(accountParams(input), { idempotencyKey: input.idempotencyKey })
    )
    if (!result.ok) return result
    return { ok: true, accountId: result.value.id }
  }

  async createOnboardingLink(input: OnboardingLinkInput): Promise<PaymentResult<{ url: string }>> {
    const result = await this.call(() => this.client.accountLinks.create(accountLinkParams(input)))
    if (!result.ok) return result
    return { ok: true, url: result.value.url }
  }

  async getAccountStatus(accountId: string): Promise<PaymentResult<AccountStatus>> {
    const result = await this.call(() => this.client.accounts.retrieve(accountId))
    if (!result.ok) return result
    return { ok: true, ...toAccountStatus(result.value) }
  }

  /** The account's default external account (`accounts.retrieve`): bank name, last four. */
  async getPayoutDestination(
    accountId: string
  ): Promise<PaymentResult<{ destination: PayoutDestination | null }>> {
    const result = await this.call(() => this.client.accounts.retrieve(accountId))
    if (!result.ok) return result
    return {
      ok: true,
      destination: toPayoutDestination(result.value as unknown as StripeAccountJson),
    }
  }

  async transfer(input: TransferInput): Promise<PaymentResult<Transfer>> {
    const invalid = checkAmount(input.amountCents) ?? checkIdempotencyKey(input.idempotencyKey)
    if (invalid) return invalid
    const result = await this.call(() =>
      this.client.transfers.create(transferParams(input), { idempotencyKey: input.idempotencyKey })
    )
    if (!result.ok) return result
    return { ok: true, ...toTransfer(result.value) }
  }

  async parseWebhook(
    rawBody: string | Buffer,
    signatureHeader: string | undefined
  ): Promise<WebhookResult> {
    const raw = typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8')
    if (!signatureHeader) {
      return { ok: false, reason: 'bad_signature', message: 'No signature header' }
    }
    try {
      // Verifies on the raw body; the parsed event is re-read through the mapper below.
      this.client.webhooks.constructEvent(
        raw,
        signatureHeader,
        this.options.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS
      )
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      if (error instanceof Error && error.name === 'SyntaxError') {
        return { ok: false, reason: 'malformed', message: 'The webhook body is not JSON' }
      }
      if (/tolerance/i.test(message)) return { ok: false, reason: 'stale', message }
      return { ok: false, reason: 'bad_signature', message }
    }
    // Stripe's SDK refuses only old timestamps; one from the future is refused here.
    const fresh = checkTimestamp(signedTimestamp(signatureHeader))
    if (!fresh.ok) return fresh
    return parseVerifiedBody(raw)
  }

  /**
   * Asks Stripe (`paymentIntents.retrieve`, `refunds.retrieve`, `accounts.retrieve`): a signed
   * event is a snapshot that may be replayed or sent for an intent nobody paid.
   */
  confirmEvent(event: PaymentsWebhookEvent): Promise<EventConfirmation> {
    return confirmWithProvider(this, event)
  }
}

/** Builds the SDK client; `import('stripe')` happens here, only when this driver is used. */
export async function createStripeDriver(options: StripeOptions) {
  if (!options.secretKey) throw new Error('STRIPE_SECRET_KEY is not set')
  if (!options.webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not set')
  const { default: StripeSdk } = await import('stripe')
  const client = new StripeSdk(options.secretKey, {
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    ...(options.host ? { host: options.host } : {}),
    ...(options.port ? { port: options.port } : {}),
    ...(options.protocol ? { protocol: options.protocol } : {}),
  })
  return new StripePaymentsDriver(client, options)
}
