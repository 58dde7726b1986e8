/**
 * The sandbox's records: its sandbox_* tables, Stripe-shaped views of their rows (normalised
 * later by the Stripe mapper, as Stripe's own objects are), and Stripe's idempotency rules.
 */
import { createHash, randomBytes } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import type { Metadata, PaymentFailure } from '../../types.js'
import type {
  StripeAccountJson,
  StripePaymentIntentJson,
  StripeRefundJson,
  StripeTransferJson,
} from '../stripe_mapper.js'

export const TABLES = {
  payments: 'sandbox_payments',
  accounts: 'sandbox_accounts',
  transfers: 'sandbox_transfers',
  refunds: 'sandbox_refunds',
}

const IDEMPOTENCY_CONFLICT =
  'Keys for idempotent requests can only be used with the same parameters they were first used with.'

export type Row = Record<string, any>

export const randomId = (prefix: string) => `${prefix}_sbx_${randomBytes(12).toString('hex')}`

export const fail = (code: PaymentFailure['code'], message: string): PaymentFailure => ({
  ok: false,
  code,
  message,
})

/** A stable hash of a request's parameters (metadata keys sorted). */
export function requestHash(params: Record<string, unknown>) {
  const canonical = JSON.stringify(params, (_key, value) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)))
      : value
  )
  return createHash('sha256').update(canonical).digest('hex')
}

export function checkMetadata(metadata: unknown): PaymentFailure | null {
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

export const parseMetadata = (text: string | null): Metadata => (text ? JSON.parse(text) : {})

/* ---------- Stripe-shaped views of the rows ---------- */

export function paymentJson(row: Row): StripePaymentIntentJson {
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

export function accountJson(row: Row): StripeAccountJson {
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

export function refundJson(row: Row): StripeRefundJson {
  return {
    id: row.id,
    object: 'refund',
    amount: Number(row.amount_cents),
    status: row.status,
    payment_intent: row.payment_id,
  }
}

export function transferJson(row: Row): StripeTransferJson {
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

/**
 * Same key and parameters: the object created the first time. Same key, other parameters:
 * an error, as Stripe answers. A concurrent first use loses the unique index race and
 * reads the winner's row.
 */
export async function idempotent(
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
