import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DateTime } from 'luxon'

/** Where an expedited job stood when its card charge came through. */
export type ExpeditedOnPayment =
  /** awaiting payment: now offered to carriers */
  | { state: 'offered' }
  /** cancelled or expired meanwhile (or unknown): the charge goes back to the card */
  | { state: 'gone' }

/**
 * What payments tells logistics about an expedited job's money, which logistics owns as the
 * job's status and `payment_status` (docs/decisions/0188). Logistics depends on payments (it
 * asks for the intent, refunds a cancelled or expired job and releases a delivered one's
 * share), so payments speaks through this contract and logistics implements it (bound in
 * backend/start/bindings.ts). Each call runs inside the caller's transaction and locks the job.
 */
export abstract class PaidExpeditedJobs {
  /** The job's charge succeeded (the provider confirmed it). */
  abstract paid(
    trx: TransactionClientContract,
    jobId: number,
    meta: { amountCents: number; at: DateTime }
  ): Promise<ExpeditedOnPayment>
  /** A card attempt for the job failed; the shipper may try another card. */
  abstract paymentFailed(
    trx: TransactionClientContract,
    jobId: number,
    meta: { message: string; at: DateTime }
  ): Promise<void>
  /** The job's charge went back to the card. */
  abstract refunded(
    trx: TransactionClientContract,
    jobId: number,
    meta: { amountCents: number; at: DateTime }
  ): Promise<void>
}
