import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { transaction } from '#core/transactions'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import logger from '@adonisjs/core/services/logger'
import { DateTime } from 'luxon'
import Invoice from '#marketplace/models/invoice'
import CarrierProfileService from '#fleet/services/carrier_profile_service'
import { isUniqueViolation } from '#core/validation'
import { bookingReference } from '#core/reference'
import { readTimestamp } from '#core/timestamps'
import { Clock } from '#core/clock'
import { businessDateOf } from '#core/business_time'
import { money } from '#marketplace/services/carrier_bookings_service'
import { invoiceDueDate, invoiceIssueDate } from '#marketplace/services/invoice_terms'

export { INVOICE_PAYMENT_TERMS_DAYS } from '#marketplace/services/invoice_terms'

export type InvoiceView = {
  id: number
  invoiceNumber: string
  bookingId: number
  bookingReference: string
  amount: number
  status: string
  dueDate: string | null
  /** the business day it was issued (America/New_York), the day `dueDate` counts from */
  issueDate: string
  createdAt: string
  pickupCity: string | null
  pickupState: string | null
  deliveryCity: string | null
  deliveryState: string | null
}

/** "INV-2026-000042": the year of delivery and a sequence that restarts every year. */
export function formatInvoiceNumber(year: number, sequence: number): string {
  return `INV-${year}-${String(sequence).padStart(6, '0')}`
}

/** The sequence after the highest number issued in `year` (1 when none was). */
export function nextInvoiceSequence(lastNumber: string | null | undefined, year: number): number {
  const match = lastNumber?.match(/^INV-(\d{4})-(\d+)$/)
  if (!match || Number(match[1]) !== year) return 1
  return Number(match[2]) + 1
}

/**
 * Invoice numbers are handed out one at a time: on PostgreSQL a transaction-scoped advisory
 * lock serialises the read-the-highest-then-insert step across every instance; SQLite already
 * runs one write transaction at a time. The unique constraints stay the last line of defence.
 */
const INVOICE_NUMBER_LOCK = 73_110_001

async function lockInvoiceNumbering(trx: TransactionClientContract) {
  if (trx.dialect.name === 'postgres') {
    await trx.rawQuery('select pg_advisory_xact_lock(?)', [INVOICE_NUMBER_LOCK])
  }
}

const MAX_NUMBER_ATTEMPTS = 5
const INVOICES_LIMIT = 500

/**
 * Invoices of delivered bookings: created exactly once per booking when it is delivered
 * (docs/decisions/0013), and listed for the booking's carrier and shipper.
 */
@inject()
export default class InvoiceService {
  constructor(
    private carriers: CarrierProfileService,
    private clock: Clock
  ) {}

  /**
   * The invoice of a delivered booking, created on first call: amount = the booking total;
   * paid when the booking is paid, else pending. Issued now (the clock's), and due its issue
   * date plus its terms (`invoiceDueDate`): normally the delivery's moment, later when the
   * invoice is made afterwards, never due before it was issued. Numbered in the year of
   * delivery. Idempotent: a second call (or a concurrent one) returns the same invoice.
   */
  async invoiceDelivery(bookingId: number, deliveredAt?: string): Promise<Invoice | null> {
    const existing = await Invoice.findBy('bookingId', bookingId)
    if (existing) return existing

    const booking = await db
      .from('bookings')
      .where('id', bookingId)
      .select('id', 'status', 'total_amount', 'payment_status', 'delivered_at')
      .first()
    if (!booking || booking.status !== 'delivered' || booking.total_amount === null) {
      logger.warn({ bookingId }, 'invoice not created: booking is not delivered or has no total')
      return null
    }
    const fromEvent = deliveredAt ? DateTime.fromISO(deliveredAt) : null
    const delivered = fromEvent?.isValid ? fromEvent : readTimestamp(booking.delivered_at)
    // Lucid writes a timestamp in its DateTime's own zone and SQLite reads it back as local time.
    const issuedAt = this.clock.now().toLocal()
    // Numbered by the business day of delivery, like every other calendar date.
    const year = businessDateOf(delivered ?? issuedAt).year
    const paid = booking.payment_status === 'paid'

    for (let attempt = 1; attempt <= MAX_NUMBER_ATTEMPTS; attempt++) {
      try {
        return await transaction(async (trx) => {
          await lockInvoiceNumbering(trx)
          const last = await trx
            .from('invoices')
            .where('invoice_number', 'like', `INV-${year}-%`)
            .orderByRaw('length(invoice_number) desc, invoice_number desc')
            .select('invoice_number')
            .first()
          return Invoice.create(
            {
              bookingId,
              invoiceNumber: formatInvoiceNumber(
                year,
                nextInvoiceSequence(last?.invoice_number, year)
              ),
              amount: money(booking.total_amount)!,
              status: paid ? 'paid' : 'pending',
              dueDate: invoiceDueDate(issuedAt, paid),
              createdAt: issuedAt,
              updatedAt: issuedAt,
            },
            { client: trx }
          )
        })
      } catch (error) {
        if (!isUniqueViolation(error)) throw error
        // Either this booking was invoiced meanwhile, or the number was taken: look, then retry.
        const raced = await Invoice.findBy('bookingId', bookingId)
        if (raced) return raced
      }
    }
    throw new Error(`Could not allocate an invoice number for booking ${bookingId}`)
  }

  async listForCarrierUser(userId: number): Promise<InvoiceView[]> {
    const carrierId = await this.carriers.requireCarrierId(userId)
    return this.list('carrier_id', carrierId)
  }

  async listForShipper(userId: number): Promise<InvoiceView[]> {
    return this.list('shipper_id', userId)
  }

  private async list(owner: 'carrier_id' | 'shipper_id', id: number): Promise<InvoiceView[]> {
    const invoices = await Invoice.query()
      .join('bookings', 'bookings.id', 'invoices.booking_id')
      .where(`bookings.${owner}`, id)
      .select('invoices.*')
      .select(
        'bookings.pickup_city as booking_pickup_city',
        'bookings.pickup_state as booking_pickup_state',
        'bookings.delivery_city as booking_delivery_city',
        'bookings.delivery_state as booking_delivery_state'
      )
      .orderBy('invoices.created_at', 'desc')
      .orderBy('invoices.id', 'desc')
      .limit(INVOICES_LIMIT)
    return invoices.map((i) => ({
      id: i.id,
      invoiceNumber: i.invoiceNumber,
      bookingId: i.bookingId,
      bookingReference: bookingReference(i.bookingId),
      amount: money(i.amount)!,
      status: i.status,
      dueDate: i.dueDate ? i.dueDate.toISODate() : null,
      issueDate: invoiceIssueDate(i.createdAt).toISODate()!,
      createdAt: i.createdAt.toUTC().toISO()!,
      pickupCity: i.$extras.booking_pickup_city ?? null,
      pickupState: i.$extras.booking_pickup_state ?? null,
      deliveryCity: i.$extras.booking_delivery_city ?? null,
      deliveryState: i.$extras.booking_delivery_state ?? null,
    }))
  }
}
