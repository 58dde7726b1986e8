/**
 * The embedded payments driver: a simulated card network with Stripe's test cards, simulated
 * Connect onboarding, and events signed like Stripe's and delivered to our own webhook
 * endpoint, so the app runs the same code path as with Stripe. State lives in sandbox_* tables.
 * Objects are kept in Stripe's shape and normalised by the Stripe mapper.
 */
import { createHash, randomBytes } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import type {
  AccountStatus,
  CreateConnectedAccountInput,
  CreatedPayment,
  CreatePaymentInput,
  Metadata,
  OnboardingLinkInput,
  PaymentFailure,
  PaymentResult,
  PaymentsClientConfig,
  PaymentsDriver,
  PaymentState,
  Refund,
  RefundInput,
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
  toTransfer,
  type StripeAccountJson,
  type StripeEventJson,
  type StripePaymentIntentJson,
  type StripeRefundJson,
  type StripeTransferJson,
} from './stripe_mapper.js'
import { signatureHeader, verifySignature, WEBHOOK_TOLERANCE_SECONDS } from './signature.js'

export type SandboxDelivery = {
  /** where the default delivery POSTs; null when no webhook URL is configured */
  url: string | null
  payload: string
  headers: { 'content-type': string; 'stripe-signature': string }
  event: StripeEventJson
}

export type SandboxOptions = {
  /** signs and verifies webhooks, like Stripe's `whsec_...` */
  webhookSecret: string
  /** e.g. http://127.0.0.1:3333/api/webhooks/payments */
  webhookUrl?: string | null
  /**
   * The local page that plays Stripe's hosted onboarding: absolute, or a path (default
   * `/sandbox/onboarding`) served on the origin of the link's return URL, so the carrier stays
   * on the origin (and session cookie) it started from.
   */
  onboardingUrl?: string
  /** replaces the HTTP delivery (tests capture events with it) */
  deliver?: (delivery: SandboxDelivery) => Promise<void>
}

export type ConfirmCardInput = {
  paymentId: string
  clientSecret: string
  cardNumber: string
  expMonth: number
  expYear: number
  cvc: string
}

/** Stripe's test cards that do not succeed: Stripe error code, decline code, message. */
const FAILING_CARDS: Record<
  string,
  { code: string; contractCode: PaymentFailure['code']; message: string }
> = {
  '4000000000000002': {
    code: 'card_declined',
    contractCode: 'card_declined',
    message: 'Your card was declined.',
  },
  '4000000000009995': {
    code: 'insufficient_funds',
    contractCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  '4000000000009987': {
    code: 'lost_card',
    contractCode: 'card_declined',
    message: 'Your card was declined.',
  },
  '4000000000000069': {
    code: 'expired_card',
    contractCode: 'invalid_card',
    message: 'Your card has expired.',
  },
  '4000000000000127': {
    code: 'incorrect_cvc',
    contractCode: 'invalid_card',
    message: "Your card's security code is incorrect.",
  },
  '4000000000000119': {
    code: 'processing_error',
    contractCode: 'provider_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
}

const TABLES = {
  payments: 'sandbox_payments',
  accounts: 'sandbox_accounts',
  transfers: 'sandbox_transfers',
  refunds: 'sandbox_refunds',
}

const IDEMPOTENCY_CONFLICT =
  'Keys for idempotent requests can only be used with the same parameters they were first used with.'

type Row = Record<string, any>

const randomId = (prefix: string) => `${prefix}_sbx_${randomBytes(12).toString('hex')}`

const fail = (code: PaymentFailure['code'], message: string): PaymentFailure => ({
  ok: false,
  code,
  message,
})

/** A stable hash of a request's parameters (metadata keys sorted). */
function requestHash(params: Record<string, unknown>) {
  const canonical = JSON.stringify(params, (_key, value) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)))
      : value
  )
  return createHash('sha256').update(canonical).digest('hex')
}

function checkMetadata(metadata: unknown): PaymentFailure | null {
  if (typeof metadata !== 'object' || metadata === null) {
    return fail('invalid_request', 'metadata must be an object of strings')
  }
  for (const value of Object.values(metadata)) {
    if (typeof value !== 'string') {
      return fail('invalid_request', 'metadata values must be strings')
    }
  }
  return null
}

export function luhnValid(digits: string) {
  if (!/^\d{12,19}$/.test(digits)) return false
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

const parseMetadata = (text: string | null): Metadata => (text ? JSON.parse(text) : {})

export class SandboxPaymentsDriver implements PaymentsDriver {
  constructor(private options: SandboxOptions) {}

  clientConfig(): PaymentsClientConfig {
    return { driver: 'sandbox', publishableKey: null }
  }

  /* ---------- Stripe-shaped views of the rows ---------- */

  private paymentJson(row: Row): StripePaymentIntentJson {
    const failed = row.failure_code !== null && row.failure_code !== undefined
    return {
      id: row.id,
      object: 'payment_intent',
      amount: Number(row.amount_cents),
      currency: row.currency,
      status: row.status,
      client_secret: row.client_secret,
      latest_charge: row.charge_id ?? null,
      last_payment_error: failed
        ? {
            code: ['insufficient_funds', 'lost_card'].includes(row.failure_code)
              ? 'card_declined'
              : row.failure_code,
            ...(['insufficient_funds', 'lost_card'].includes(row.failure_code)
              ? { decline_code: row.failure_code }
              : row.failure_code === 'card_declined'
                ? { decline_code: 'generic_decline' }
                : {}),
            message: row.failure_message,
          }
        : null,
      metadata: parseMetadata(row.metadata),
      transfer_group: row.transfer_group ?? null,
    }
  }

  private accountJson(row: Row): StripeAccountJson {
    return {
      id: row.id,
      object: 'account',
      email: row.email,
      details_submitted: Boolean(row.onboarding_complete),
      payouts_enabled: Boolean(row.payouts_enabled),
      charges_enabled: false,
      requirements: {
        disabled_reason: row.onboarding_complete ? null : 'requirements.past_due',
      },
      metadata: parseMetadata(row.metadata),
    }
  }

  private refundJson(row: Row): StripeRefundJson {
    return {
      id: row.id,
      object: 'refund',
      amount: Number(row.amount_cents),
      status: row.status,
      payment_intent: row.payment_id,
    }
  }

  private transferJson(row: Row): StripeTransferJson {
    return {
      id: row.id,
      object: 'transfer',
      amount: Number(row.amount_cents),
      destination: row.account_id,
      transfer_group: row.transfer_group,
      source_transaction: row.source_transaction ?? null,
      metadata: parseMetadata(row.metadata),
    }
  }

  /* ---------- idempotency ---------- */

  /**
   * Same key and parameters: the object created the first time. Same key, other parameters:
   * an error, as Stripe answers. A concurrent first use loses the unique index race and
   * reads the winner's row.
   */
  private async idempotent(
    table: string,
    key: string,
    hash: string,
    create: () => Promise<Row | PaymentFailure>
  ): Promise<{ row: Row; created: boolean } | PaymentFailure> {
    const existing = await db.from(table).where('idempotency_key', key).first()
    if (existing) {
      return existing.request_hash === hash
        ? { row: existing, created: false }
        : fail('idempotency_conflict', IDEMPOTENCY_CONFLICT)
    }
    try {
      const created = await create()
      if ('ok' in created && created.ok === false) return created as PaymentFailure
      return { row: created, created: true }
    } catch (error) {
      const winner = await db.from(table).where('idempotency_key', key).first()
      if (!winner) throw error
      return winner.request_hash === hash
        ? { row: winner, created: false }
        : fail('idempotency_conflict', IDEMPOTENCY_CONFLICT)
    }
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
    const result = await this.idempotent(TABLES.payments, input.idempotencyKey, hash, async () => {
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
    return { ok: true, ...toCreatedPayment(this.paymentJson(result.row)) }
  }

  async getPayment(id: string): Promise<PaymentResult<PaymentState>> {
    const row = await db.from(TABLES.payments).where('id', id).first()
    if (!row) return fail('not_found', `No such payment_intent: '${id}'`)
    return { ok: true, ...toPaymentState(this.paymentJson(row)) }
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
    const result = await this.idempotent(TABLES.refunds, input.idempotencyKey, hash, () =>
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
    const json = this.refundJson(result.row)
    if (result.created) await this.emit('refund.created', json)
    return { ok: true, ...toRefund(json) }
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
    const result = await this.idempotent(TABLES.accounts, input.idempotencyKey, hash, async () => {
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
    return { ok: true, ...toAccountStatus(this.accountJson(row)) }
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
    const result = await this.idempotent(TABLES.transfers, input.idempotencyKey, hash, async () => {
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
    const json = this.transferJson(result.row)
    if (result.created) await this.emit('transfer.created', json)
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

    // What Stripe.js rejects before anything reaches the network: no state change.
    const number = String(input.cardNumber).replace(/[\s-]/g, '')
    if (!luhnValid(number)) return fail('invalid_card', 'Your card number is incorrect.')
    const month = Number(input.expMonth)
    let year = Number(input.expYear)
    if (year < 100) year += 2000
    if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year)) {
      return fail('invalid_card', "Your card's expiration date is invalid.")
    }
    const now = new Date()
    if (
      year < now.getUTCFullYear() ||
      (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)
    ) {
      return fail('invalid_card', "Your card's expiration year is in the past.")
    }
    if (!/^\d{3,4}$/.test(String(input.cvc))) {
      return fail('invalid_card', "Your card's security code is incomplete.")
    }

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
    const json = this.paymentJson(fresh)
    await this.emit(failing ? 'payment_intent.payment_failed' : 'payment_intent.succeeded', json)
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
    const json = this.accountJson(row)
    await this.emit('account.updated', json)
    return { ok: true, ...toAccountStatus(json) }
  }

  /* ---------- events ---------- */

  private async emit(type: string, object: object) {
    const event: StripeEventJson = {
      id: randomId('evt'),
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object: object as Record<string, unknown> },
    }
    const payload = JSON.stringify(event)
    const delivery: SandboxDelivery = {
      url: this.options.webhookUrl ?? null,
      payload,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signatureHeader(payload, this.options.webhookSecret),
      },
      event,
    }
    try {
      await (this.options.deliver ?? deliverOverHttp)(delivery)
    } catch (error) {
      // Like Stripe, a failed delivery does not undo the payment; getPayment() still tells.
      logger.warn({ err: error, event: event.id, type }, 'sandbox webhook delivery failed')
    }
  }
}

/** Default delivery: POST the signed event to the configured webhook URL. */
async function deliverOverHttp(delivery: SandboxDelivery) {
  if (!delivery.url) {
    logger.info({ event: delivery.event.id }, 'sandbox webhook not delivered: no webhookUrl')
    return
  }
  const response = await fetch(delivery.url, {
    method: 'POST',
    headers: delivery.headers,
    body: delivery.payload,
    signal: AbortSignal.timeout(10_000),
  })
  if (!response.ok) throw new Error(`webhook endpoint answered ${response.status}`)
}
