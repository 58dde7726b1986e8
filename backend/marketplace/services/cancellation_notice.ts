import { BaseMail } from '@adonisjs/mail'
import mail from '@adonisjs/mail/services/main'
import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import { formatUsd, splitPayout } from '#core/money'
import { bookingReference } from '#core/reference'
import { isoDay } from '#core/business_time'
import { LATE_CANCEL_WINDOW_HOURS } from '#marketplace/cancellation_policy'

/** What the carrier is told of a cancelled booking (docs/decisions/0178). */
export type CancellationNotice = {
  to: string
  reference: string
  lane: string
  pickupDate: string | null
  /** the late-cancel fee the booking kept, cents (0: none) */
  feeCents: number
}

const escape = (line: string) => line.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The mail to the carrier company of a booking its shipper cancelled. */
export class BookingCancelledMail extends BaseMail {
  subject: string

  constructor(private notice: CancellationNotice) {
    super()
    this.subject = `Booking ${notice.reference} was cancelled by the shipper`
  }

  lines(): string[] {
    const { notice } = this
    const pickup = notice.pickupDate ? `, pickup ${notice.pickupDate}` : ''
    const fee =
      notice.feeCents > 0
        ? `It was cancelled less than ${LATE_CANCEL_WINDOW_HOURS} hours before its pickup time (or after it), so the shipper pays a late-cancel fee of ${formatUsd(notice.feeCents)}. Your share, ${formatUsd(splitPayout(notice.feeCents).payoutCents)}, is paid out to your payout account like any payout and shows in your Payout History.`
        : 'No late-cancel fee is due: nothing is owed for this booking, and it is not listed in your Payout History.'
    return [
      'Hello,',
      `The shipper cancelled booking ${notice.reference} (${notice.lane}${pickup}). Do not send a truck for it.`,
      fee,
      'The pallets it held are free again on your listing.',
      'The PalletLine team',
    ]
  }

  prepare() {
    const lines = this.lines()
    this.message
      .to(this.notice.to)
      .text(lines.join('\n\n') + '\n')
      .html(lines.map((l) => `<p>${escape(l)}</p>`).join('\n'))
  }
}

/**
 * Mails the carrier company's user that a booking was cancelled by its shipper (or an admin),
 * with the fee it earns. A booking the platform cancelled for want of payment is not mailed:
 * the carrier never had to plan a truck for an unpaid booking. A mail that fails is logged.
 */
export async function mailCancellation(bookingId: number): Promise<void> {
  const row = await db
    .from('bookings')
    .join('carriers', 'carriers.id', 'bookings.carrier_id')
    .join('users', 'users.id', 'carriers.user_id')
    .where('bookings.id', bookingId)
    .where('bookings.status', 'cancelled')
    .select(
      'users.email as email',
      'bookings.pickup_city as pickupCity',
      'bookings.pickup_state as pickupState',
      'bookings.delivery_city as deliveryCity',
      'bookings.delivery_state as deliveryState',
      'bookings.pickup_date as pickupDate',
      'bookings.cancellation_fee_cents as feeCents'
    )
    .first()
  if (!row?.email) return
  const place = (city: string | null, state: string | null) =>
    [city, state].filter(Boolean).join(', ') || 'unknown'
  try {
    await mail.send(
      new BookingCancelledMail({
        to: row.email,
        reference: bookingReference(bookingId),
        lane: `${place(row.pickupCity, row.pickupState)} to ${place(row.deliveryCity, row.deliveryState)}`,
        pickupDate: isoDay(row.pickupDate),
        feeCents: Number(row.feeCents ?? 0),
      })
    )
  } catch (error) {
    logger.error({ err: error, bookingId }, 'cancellation mail to the carrier failed')
  }
}
