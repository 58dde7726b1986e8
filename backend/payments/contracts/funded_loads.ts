import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DateTime } from 'luxon'

/** Where a load stood when its card charge came through. */
export type LoadOnFunding =
  /** open: now marked funded */
  | { state: 'funded' }
  /** claimed meanwhile: the charge pays the claim's booking */
  | { state: 'claimed'; bookingId: number }
  /** cancelled, expired or unknown: the charge goes back to the card */
  | { state: 'gone' }

/**
 * What payments tells the freight board about a load's money, which the board owns as the
 * load's `payment_status`. The board depends on payments (it asks for the intent and settles
 * the charge at the claim), so payments speaks through this contract and freight_board
 * implements it (bound in backend/start/bindings.ts). Each call runs inside the caller's
 * transaction.
 */
export abstract class FundedLoads {
  /** The load's charge succeeded. */
  abstract funded(
    trx: TransactionClientContract,
    listingId: number,
    meta: { amountCents: number; at: DateTime }
  ): Promise<LoadOnFunding>
  /** A card attempt for the load failed (the shipper may try again). */
  abstract fundingFailed(
    trx: TransactionClientContract,
    listingId: number,
    meta: { message: string; at: DateTime }
  ): Promise<void>
  /** The load's charge went back to the card. */
  abstract refunded(
    trx: TransactionClientContract,
    listingId: number,
    meta: { amountCents: number; at: DateTime }
  ): Promise<void>
}
