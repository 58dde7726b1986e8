/**
 * The embedded payments driver: a simulated card network with Stripe's test cards, simulated
 * Connect onboarding, and events signed like Stripe's and delivered to our own webhook
 * endpoint, so the app runs the same code path as with Stripe. State lives in sandbox_* tables
 * (sandbox/records.ts), cards are checked as Stripe.js and the network would (sandbox/cards.ts)
 * and events go out through sandbox/events.ts.
 */
import { randomBytes } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
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
  checkAmount,
  checkIdempotencyKey,
  parseVerifiedBody,
  toAccountStatus,
  toCreatedPayment,
  toPaymentState,
  toRefund,
  toRefundState,
  toTransfer,
} from './stripe_mapper.js'
import { verifySignature, WEBHOOK_TOLERANCE_SECONDS } from './signature.js'
import { confirmWithProvider } from './confirm_event.js'
import { cardDigits, checkCard, FAILING_CARDS, type ConfirmCardInput } from './sandbox/cards.js'
import { emitEvent, type SandboxOptions } from './sandbox/events.js'
import {
  accountJson,
  checkMetadata,
  fail,
  idempotent,
  paymentJson,
  randomId,
  refundJson,
  requestHash,
  TABLES,
  transferJson,
} from './sandbox/records.js'

/** Where sandbox payouts "go": a test bank, plainly named, and Stripe's test account digits. */
export const SANDBOX_PAYOUT_DESTINATION: PayoutDestination = {
  bankName: 'Sandbox Test Bank',
  last4: '6789',
}

export type { ConfirmCardInput } from './sandbox/cards.js'
export { luhnValid } from './sandbox/cards.js'
export type { SandboxDelivery, SandboxOptions } from './sandbox/events.js'

export class SandboxPaymentsDriver implements PaymentsDriver {
  constructor(private options: SandboxOptions) {}

  clientConfig(): PaymentsClientConfig {
    return { driver: 'sandbox', publishableKey: null }
  }

  /* ---------- the contract ---------- */

  async createPayment(input: CreatePaymentInput): Promise<PaymentResult<CreatedPayment>> {
    const invalid =
      checkAmount(input.amountCents) ??
      checkIdempotencyKey(input.idempotencyKey) ??
      checkMetadata(input.metadata)
    if (invalid) return invalid
    if (input.currency !== 'usd') return fail('invalid_request', 'Only usd is supported')
    const hash = requestHash({
      op: 'payment',
      amount: input.amountCents,
      currency: input.currency,
      metadata: input.metadata,
      transferGroup: input.transferGroup ?? null,
    })
    const result = await idempotent(TABLES.payments, input.idempotencyKey, hash, async () => {
      const id = randomId('pi')
      const now = new Date()
      const row = {
        id,
        client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        amount_cents: input.amountCents,
        amount_refunded_cents: 0,
        currency: input.currency,
        status: 'requires_payment_method',
        charge_id: null,
        failure_code: null,
        failure_message: null,
        transfer_group: input.transferGroup ?? null,
        metadata: JSON.stringify(input.metadata),
        idempotency_key: input.idempotencyKey,
        request_hash: hash,
        created_at: now,
        updated_at: now,
      }
      await db.table(TABLES.payments).insert(row)
      return row
    })
    if ('ok' in result) return result
    return { ok: true, ...toCreatedPayment(paymentJson(result.row)) }
  }

  async getPayment(id: string): Promise<PaymentResult<PaymentState>> {
    const row = await db.from(TABLES.payments).where('id', id).first()
    if (!row) return fail('not_found', `No such payment_intent: '${id}'`)
    return { ok: true, ...toPaymentState(paymentJson(row)) }
  }

  async refund(input: RefundInput): Promise<PaymentResult<Refund>> {
    const invalid =
      checkIdempotencyKey(input.idempotencyKey) ??
      (input.amountCents === undefined ? null : checkAmount(input.amountCents))
    if (invalid) return invalid
    const hash = requestHash({
      op: 'refund',
      paymentId: input.paymentId,
      amount: input.amountCents ?? null,
    })
    const result = await idempotent(TABLES.refunds, input.idempotencyKey, hash, () =>
      db.transaction(async (trx) => {
        const payment = await trx.from(TABLES.payments).where('id', input.paymentId).first()
        if (!payment) return fail('not_found', `No such payment_intent: '${input.paymentId}'`)
        if (payment.status !== 'succeeded') {
          return fail(
            'invalid_request',
            `This PaymentIntent (${payment.id}) does not have a successful charge to refund.`
          )
        }
        const remaining = Number(payment.amount_cents) - Number(payment.amount_refunded_cents)
        const amount = input.amountCents ?? remaining
        if (amount < 1 || amount > remaining) {
          return fail(
            'invalid_request',
            `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(remaining / 100).toFixed(2)})`
          )
        }
        // Conditional increment: two refunds racing cannot refund more than was charged.
        const updated = await trx
          .from(TABLES.payments)
          .where('id', payment.id)
          .whereRaw('amount_refunded_cents + ? <= amount_cents', [amount])
          .update({
            amount_refunded_cents: trx.knexRawQuery('amount_refunded_cents + ?', [amount]),
            updated_at: new Date(),
          })
        if (Number(Array.isArray(updated) ? updated[0] : updated) !== 1) {
          return fail('invalid_request', 'The payment was refunded concurrently; try again')
        }
        const row = {
          id: randomId('re'),
          payment_id: payment.id,
          amount_cents: amount,
          status: 'succeeded',
          idempotency_key: input.idempotencyKey,
          request_hash: hash,
          created_at: new Date(),
        }
        await trx.table(TABLES.refunds).insert(row)
        return row
      })
    )
    if ('ok' in result) return result
    const json = refundJson(result.row)
    if (result.created) await emitEvent(this.options, 'refund.created', json)
    return { ok: true, ...toRefund(json) }
  }

  async getRefund(id: string): Promise<PaymentResult<RefundState>> {
    const row = await db.from(TABLES.refunds).where('id', id).first()
    if (!row) return fail('not_found', `No such refund: '${id}'`)
    // A refund is in its payment's currency, as Stripe's are in their charge's.
    const payment = await db
      .from(TABLES.payments)
      .where('id', row.payment_id)
      .select('currency')
      .first()
    return { ok: true, ...toRefundState({ ...refundJson(row), currency: payment?.currency }) }
  }

  async createConnectedAccount(
    input: CreateConnectedAccountInput
  ): Promise<PaymentResult<{ accountId: string }>> {
    const invalid = checkIdempotencyKey(input.idempotencyKey) ?? checkMetadata(input.metadata)
    if (invalid) return invalid
    if (typeof input.email !== 'string' || !input.email.includes('@')) {
      return fail('invalid_request', 'Invalid email address')
    }
    const hash = requestHash({ op: 'account', email: input.email, metadata: input.metadata })
    const result = await idempotent(TABLES.accounts, input.idempotencyKey, hash, async () => {
      const now = new Date()
      const row = {
        id: randomId('acct'),
        email: input.email,
        onboarding_complete: false,
        payouts_enabled: false,
        metadata: JSON.stringify(input.metadata),
        idempotency_key: input.idempotencyKey,
        request_hash: hash,
        created_at: now,
        updated_at: now,
      }
      await db.table(TABLES.accounts).insert(row)
      return row
    })
    if ('ok' in result) return result
    return { ok: true, accountId: result.row.id }
  }

  async createOnboardingLink(input: OnboardingLinkInput): Promise<PaymentResult<{ url: string }>> {
    const account = await db.from(TABLES.accounts).where('id', input.accountId).first()
    if (!account) return fail('not_found', `No such account: '${input.accountId}'`)
    const base = new URL(this.options.onboardingUrl ?? '/sandbox/onboarding', input.returnUrl)
    const query = new URLSearchParams({
      return_url: input.returnUrl,
      refresh_url: input.refreshUrl,
    })
    return { ok: true, url: `${base.href.replace(/\/$/, '')}/${account.id}?${query}` }
  }

  async getAccountStatus(accountId: string): Promise<PaymentResult<AccountStatus>> {
    const row = await db.from(TABLES.accounts).where('id', accountId).first()
    if (!row) return fail('not_found', `No such account: '${accountId}'`)
    return { ok: true, ...toAccountStatus(accountJson(row)) }
  }

  /**
   * The sandbox moves no money and holds no bank details: a finished onboarding pays out to the
   * sandbox's own test bank, named as such, ending in Stripe's test account digits.
   */
  async getPayoutDestination(
    accountId: string
  ): Promise<PaymentResult<{ destination: PayoutDestination | null }>> {
    const row = await db.from(TABLES.accounts).where('id', accountId).first()
    if (!row) return fail('not_found', `No such account: '${accountId}'`)
    return {
      ok: true,
      destination: row.onboarding_complete ? SANDBOX_PAYOUT_DESTINATION : null,
    }
  }

  async transfer(input: TransferInput): Promise<PaymentResult<Transfer>> {
    const invalid =
      checkAmount(input.amountCents) ??
      checkIdempotencyKey(input.idempotencyKey) ??
      checkMetadata(input.metadata)
    if (invalid) return invalid
    const hash = requestHash({
      op: 'transfer',
      accountId: input.accountId,
      amount: input.amountCents,
      transferGroup: input.transferGroup,
      sourceTransaction: input.sourceTransaction ?? null,
      metadata: input.metadata,
    })
    const result = await idempotent(TABLES.transfers, input.idempotencyKey, hash, async () => {
      const account = await db.from(TABLES.accounts).where('id', input.accountId).first()
      if (!account) return fail('not_found', `No such destination: '${input.accountId}'`)
      if (!account.payouts_enabled) {
        return fail(
          'invalid_request',
          'Your destination account needs to have at least one of the following capabilities enabled: transfers'
        )
      }
      if (input.sourceTransaction) {
        const source = await db
          .from(TABLES.payments)
          .where('charge_id', input.sourceTransaction)
          .first()
        if (!source || source.status !== 'succeeded') {
          return fail('not_found', `No such charge: '${input.sourceTransaction}'`)
        }
        if (input.amountCents > Number(source.amount_cents)) {
          return fail(
            'invalid_request',
            'The transfer amount exceeds the amount of its source transaction'
          )
        }
      }
      const row = {
        id: randomId('tr'),
        account_id: input.accountId,
        amount_cents: input.amountCents,
        transfer_group: input.transferGroup,
        source_transaction: input.sourceTransaction ?? null,
        metadata: JSON.stringify(input.metadata),
        idempotency_key: input.idempotencyKey,
        request_hash: hash,
        created_at: new Date(),
      }
      await db.table(TABLES.transfers).insert(row)
      return row
    })
    if ('ok' in result) return result
    const json = transferJson(result.row)
    if (result.created) await emitEvent(this.options, 'transfer.created', json)
    return { ok: true, ...toTransfer(json) }
  }

  async parseWebhook(
    rawBody: string | Buffer,
    signatureHeaderValue: string | undefined
  ): Promise<WebhookResult> {
    const raw = typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8')
    const verified = verifySignature(raw, signatureHeaderValue, this.options.webhookSecret, {
      tolerance: WEBHOOK_TOLERANCE_SECONDS,
    })
    if (!verified.ok) return verified
    return parseVerifiedBody(raw)
  }

  /** Answers from the simulated network's own records (sandbox_payments, sandbox_refunds...). */
  confirmEvent(event: PaymentsWebhookEvent): Promise<EventConfirmation> {
    return confirmWithProvider(this, event)
  }

  /* ---------- sandbox only: what the card form and the onboarding page do ---------- */

  /** Plays the card network: Stripe's test cards decide the outcome; emits the event. */
  async confirmCard(input: ConfirmCardInput): Promise<PaymentResult<PaymentState>> {
    const row = await db.from(TABLES.payments).where('id', input.paymentId).first()
    if (!row) return fail('not_found', `No such payment_intent: '${input.paymentId}'`)
    if (row.client_secret !== input.clientSecret) {
      return fail('invalid_request', 'The client_secret provided does not match this PaymentIntent')
    }
    if (row.status !== 'requires_payment_method') {
      return fail(
        'invalid_request',
        `You cannot confirm this PaymentIntent because it has a status of ${row.status}.`
      )
    }

    const invalidCard = checkCard(input)
    if (invalidCard) return invalidCard
    const number = cardDigits(input.cardNumber)
    const failing = FAILING_CARDS[number]
    const changes = failing
      ? {
          failure_code: failing.code,
          failure_message: failing.message,
          updated_at: new Date(),
        }
      : {
          status: 'succeeded',
          charge_id: randomId('ch'),
          failure_code: null,
          failure_message: null,
          updated_at: new Date(),
        }
    // Only a payment still awaiting a card changes: a double submit confirms once.
    const updated = await db
      .from(TABLES.payments)
      .where('id', row.id)
      .where('status', 'requires_payment_method')
      .update(changes)
    if (Number(Array.isArray(updated) ? updated[0] : updated) !== 1) {
      return fail('invalid_request', 'This PaymentIntent was confirmed concurrently.')
    }
    const fresh = await db.from(TABLES.payments).where('id', row.id).firstOrFail()
    const json = paymentJson(fresh)
    await emitEvent(
      this.options,
      failing ? 'payment_intent.payment_failed' : 'payment_intent.succeeded',
      json
    )
    if (failing) return fail(failing.contractCode, failing.message)
    return { ok: true, ...toPaymentState(json) }
  }

  /** What the carrier finishing the hosted onboarding form does; emits account.updated. */
  async completeOnboarding(accountId: string): Promise<PaymentResult<AccountStatus>> {
    const updated = await db
      .from(TABLES.accounts)
      .where('id', accountId)
      .update({ onboarding_complete: true, payouts_enabled: true, updated_at: new Date() })
    if (Number(Array.isArray(updated) ? updated[0] : updated) !== 1) {
      return fail('not_found', `No such account: '${accountId}'`)
    }
    const row = await db.from(TABLES.accounts).where('id', accountId).firstOrFail()
    const json = accountJson(row)
    await emitEvent(this.options, 'account.updated', json)
    return { ok: true, ...toAccountStatus(json) }
  }
}
