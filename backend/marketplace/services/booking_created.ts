import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DateTime } from 'luxon'
import BookingStatusChange from '#marketplace/models/booking_status_change'

/** The first line of a booking's status history: created as pending. */
export async function recordBookingCreated(
  trx: TransactionClientContract,
  bookingId: number,
  entry: { by: number; at: DateTime; note: string | null }
) {
  await BookingStatusChange.create(
    {
      bookingId,
      fromStatus: null,
      toStatus: 'pending',
      changedBy: entry.by,
      changedAt: entry.at,
      note: entry.note,
    },
    { client: trx }
  )
}
