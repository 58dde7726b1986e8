import { BUSINESS_TIME_ZONE, isoDay } from '#core/business_time'
import { readTimestamp } from '#core/timestamps'

/**
 * A carrier's delivery record (decision 0087): completed loads are delivered bookings; a load
 * is judged when it has an agreed delivery date, and on time when it was delivered (in the
 * business time zone) on or before that date. Pure, shared by CarrierRecordsService and the
 * migration that filled the summary table.
 */
export type DeliveryTally = { completed: number; judged: number; onTime: number }

export type DeliveredRow = { carrier_id: unknown; delivery_date: unknown; delivered_at: unknown }

export function tallyDeliveries(rows: DeliveredRow[]): Map<number, DeliveryTally> {
  const tally = new Map<number, DeliveryTally>()
  for (const row of rows) {
    const id = Number(row.carrier_id)
    const entry = tally.get(id) ?? { completed: 0, judged: 0, onTime: 0 }
    entry.completed += 1
    const due = isoDay(row.delivery_date as string | Date | null)
    const delivered = readTimestamp(row.delivered_at)
    if (due && delivered) {
      entry.judged += 1
      if (delivered.setZone(BUSINESS_TIME_ZONE).toISODate()! <= due) entry.onTime += 1
    }
    tally.set(id, entry)
  }
  return tally
}

/** The on-time share shown to shippers, three decimals; null when no load was judged. */
export function onTimeRate(judged: number, onTime: number): number | null {
  return judged ? Math.round((onTime / judged) * 1000) / 1000 : null
}
