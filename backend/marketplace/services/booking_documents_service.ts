import { inject } from '@adonisjs/core'
import type { VettingSnapshot } from '#marketplace/contracts/dispatch_vetting'
import db from '@adonisjs/lucid/services/db'
import { transaction } from '#core/transactions'
import type { DateTime } from 'luxon'
import Booking from '#marketplace/models/booking'
import BillOfLading from '#marketplace/models/bill_of_lading'
import Invoice from '#marketplace/models/invoice'
import InvoiceService from '#marketplace/services/invoice_service'
import { bookingReference } from '#core/reference'
import type { FreightDetails } from '#core/freight_details'
import { isUniqueViolation } from '#core/validation'
import { money } from '#marketplace/services/carrier_bookings_service'

/** What a bill of lading or an invoice prints about its booking. */
export type BookingDocumentFacts = {
  id: number
  reference: string
  shipperId: number
  carrierId: number | null
  provider: string
  status: string
  paymentStatus: string
  pickup: { address: string | null; city: string | null; state: string | null; zip: string | null }
  delivery: {
    address: string | null
    city: string | null
    state: string | null
    zip: string | null
  }
  pallets: number
  /** the booking's declared weight (a claimed load's, a partner's payload), else null */
  weightLbs: number | null
  distanceMiles: number | null
  totalAmount: number | null
  proNumber: string | null
  partnerShipmentId: string | null
  pickupDate: string | null
  deliveryDate: string | null
  /** the agreed pickup window (ISO moments), null when none was set */
  pickupWindow: { start: string | null; end: string | null }
  /** the carrier's truck (its equipment type) the booking was made on, null when none */
  truckId: number | null
  specialInstructions: string | null
  /** a claimed load's commodity, pieces, class and hazmat (docs/decisions/0228); else null */
  freight: FreightDetails | null
  createdAt: string
  /** the carrier's vetting frozen at booking or claim; null on partner and older bookings */
  vetting: VettingSnapshot | null
}

export type BookingParties = { id: number; shipperId: number; carrierId: number | null }

/** "BOL-2026-0000042": the year issued and the booking id; one bill of lading per booking. */
export function formatBolNumber(year: number, bookingId: number): string {
  return `BOL-${year}-${String(bookingId).padStart(7, '0')}`
}

const dateOf = (value: DateTime | null | undefined) => (value ? value.toISODate() : null)

/**
 * The marketplace side of a booking's paperwork: the facts a document prints, the
 * bills_of_lading rows and the files' locations on bookings and invoices. tms renders and
 * stores the files; the rows are marketplace's, so they are written here.
 */
@inject()
export default class BookingDocumentsService {
  constructor(private invoices: InvoiceService) {}

  async parties(bookingId: number): Promise<BookingParties | null> {
    const row = await db
      .from('bookings')
      .where('id', bookingId)
      .select('id', 'shipper_id', 'carrier_id')
      .first()
    if (!row) return null
    return {
      id: Number(row.id),
      shipperId: Number(row.shipper_id),
      carrierId: row.carrier_id === null ? null : Number(row.carrier_id),
    }
  }

  async facts(bookingId: number): Promise<BookingDocumentFacts | null> {
    const b = await Booking.find(bookingId)
    if (!b) return null
    const payload = (b.partnerPayload ?? {}) as Record<string, unknown>
    const weight = Number(payload.weightLbs ?? payload.weight_lbs)
    return {
      id: b.id,
      reference: bookingReference(b.id),
      shipperId: b.shipperId,
      carrierId: b.carrierId ?? null,
      provider: b.provider ?? 'internal',
      status: b.status,
      paymentStatus: b.paymentStatus,
      pickup: {
        address: b.pickupAddress ?? null,
        city: b.pickupCity ?? null,
        state: b.pickupState ?? null,
        zip: b.pickupZip ?? null,
      },
      delivery: {
        address: b.deliveryAddress ?? null,
        city: b.deliveryCity ?? null,
        state: b.deliveryState ?? null,
        zip: b.deliveryZip ?? null,
      },
      pallets: b.numberOfPallets,
      weightLbs: b.weightLbs ?? (Number.isFinite(weight) && weight > 0 ? weight : null),
      distanceMiles: b.distance === null || b.distance === undefined ? null : Number(b.distance),
      totalAmount: money(b.totalAmount),
      proNumber: b.partnerProNumber ?? null,
      partnerShipmentId: b.partnerShipmentId ?? null,
      pickupDate: dateOf(b.pickupDate),
      deliveryDate: dateOf(b.deliveryDate),
      pickupWindow: {
        start: b.pickupWindowStart?.toUTC().toISO() ?? null,
        end: b.pickupWindowEnd?.toUTC().toISO() ?? null,
      },
      truckId: b.truckId ?? null,
      specialInstructions: b.specialInstructions ?? null,
      freight: b.freightDetails ?? null,
      createdAt: b.createdAt.toUTC().toISO()!,
      vetting: b.vettingSnapshot ?? null,
    }
  }

  async billOfLading(bookingId: number): Promise<BillOfLading | null> {
    return BillOfLading.findBy('bookingId', bookingId)
  }

  /**
   * Records the booking's bill of lading once: a second call (or one that lost a race) gets
   * the row already there and `created: false`, and the caller drops its own file.
   */
  async recordBillOfLading(
    bookingId: number,
    bol: { bolNumber: string; pdfPath: string; downloadUrl: string }
  ): Promise<{ bol: BillOfLading; created: boolean }> {
    const existing = await this.billOfLading(bookingId)
    if (existing) return { bol: existing, created: false }
    try {
      const created = await transaction(async (trx) => {
        const row = await BillOfLading.create(
          { bookingId, bolNumber: bol.bolNumber, pdfUrl: bol.pdfPath },
          { client: trx }
        )
        await trx.from('bookings').where('id', bookingId).update({ bol_url: bol.downloadUrl })
        return row
      })
      return { bol: created, created: true }
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
      const raced = await this.billOfLading(bookingId)
      if (raced) return { bol: raced, created: false }
      throw error
    }
  }

  /** The invoice of a delivered booking (created on first call, see InvoiceService). */
  async deliveryInvoice(bookingId: number, deliveredAt?: string): Promise<Invoice | null> {
    return this.invoices.invoiceDelivery(bookingId, deliveredAt)
  }

  /** Records where the invoice's PDF is, once; false when another run recorded it first. */
  async attachInvoicePdf(invoiceId: number, pdfPath: string, downloadUrl: string) {
    return transaction(async (trx) => {
      const invoice = await Invoice.query({ client: trx }).where('id', invoiceId).firstOrFail()
      const updated = await trx
        .from('invoices')
        .where('id', invoiceId)
        .whereNull('pdf_url')
        .update({ pdf_url: pdfPath })
      const claimed = Number(Array.isArray(updated) ? updated[0] : updated) === 1
      if (claimed) {
        await trx
          .from('bookings')
          .where('id', invoice.bookingId)
          .update({ invoice_url: downloadUrl })
      }
      return claimed
    })
  }
}
