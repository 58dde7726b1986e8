import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/** The booking columns the payment path reads (bookings are the marketplace's table). */
export type BookingRow = {
  id: number
  shipper_id: number
  status: string
  payment_status: string
  total_amount: string | number | null
  stripe_payment_intent_id: string | null
  carrier_id: number | null
  /** the late-cancel fee a cancelled booking kept for its carrier (docs/decisions/0178) */
  cancellation_fee_cents: number | null
}

export const BOOKING_COLUMNS = [
  'id',
  'shipper_id',
  'status',
  'payment_status',
  'total_amount',
  'stripe_payment_intent_id',
  'carrier_id',
  'cancellation_fee_cents',
]

/** The booking row, locked for the rest of the transaction (FOR UPDATE on PostgreSQL). */
export async function lockBooking(bookingId: number, trx: TransactionClientContract) {
  return (await trx
    .from('bookings')
    .where('id', bookingId)
    .select(BOOKING_COLUMNS)
    .forUpdate()
    .first()) as BookingRow | null
}
