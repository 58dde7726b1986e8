/*
 * The money of a paid demo booking as the payment path would have left it: the sandbox
 * provider's charge, the payments and escrow rows, and the ledger through the ledger service
 * (charge, release, payout), so `node ace payments:reconcile` and `audit:verify` pass.
 */
import type { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Booking from '#marketplace/models/booking'
import Payment from '#payments/models/payment'
import EscrowTransaction from '#payments/models/escrow_transaction'
import LedgerService from '#payments/services/ledger_service'
import { FixedClock } from '#core/clock'
import { splitPayout, toCents } from '#core/money'

/**
 * The money of a paid demo booking as the payment path would have left it: the sandbox's
 * charge, the payments and escrow rows, and the ledger (charge, release, payout), so
 * `node ace payments:reconcile` balances on the demo data.
 */
export async function recordMoney(
  trx: TransactionClientContract,
  booking: Booking,
  carrierId: number,
  at: { paidAt: DateTime; releasedAt: DateTime | null; transferred: boolean }
) {
  const totalCents = toCents(booking.totalAmount ?? 0)
  const amount = totalCents / 100
  const intent = booking.stripePaymentIntentId!
  const chargeId = intent.replace('pi_', 'ch_')
  await trx.table('sandbox_payments').insert({
    id: intent,
    client_secret: `${intent}_secret_demo`,
    amount_cents: totalCents,
    currency: 'usd',
    status: 'succeeded',
    charge_id: chargeId,
    transfer_group: `booking_${booking.id}`,
    metadata: JSON.stringify({ bookingId: String(booking.id) }),
    idempotency_key: `booking-${booking.id}-payment`,
    request_hash: 'demo',
    created_at: at.paidAt.toJSDate(),
    updated_at: at.paidAt.toJSDate(),
  })
  const opts = { client: trx }
  await Payment.create(
    {
      shipmentId: booking.id,
      stripePaymentIntent: intent,
      stripeChargeId: chargeId,
      stripeTransferId: booking.stripeTransferId,
      amount,
      status: 'SUCCEEDED',
      createdAt: at.paidAt,
    },
    opts
  )
  await EscrowTransaction.create(
    {
      shipmentId: booking.id,
      amount,
      status: at.releasedAt ? 'RELEASED' : 'HELD',
      createdAt: at.paidAt,
    },
    opts
  )
  const clock = new FixedClock(at.paidAt)
  const ledger = new LedgerService(clock)
  await ledger.recordCharge(trx, booking.id, totalCents)
  if (!at.releasedAt) return
  clock.set(at.releasedAt)
  await ledger.recordRelease(trx, booking.id, carrierId, totalCents)
  if (!at.transferred) return
  clock.set(at.releasedAt.plus({ minutes: 1 }))
  const { payoutCents } = splitPayout(totalCents)
  await ledger.recordPayout(trx, booking.id, carrierId, payoutCents, booking.stripeTransferId!)
}
