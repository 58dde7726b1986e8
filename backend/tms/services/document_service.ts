import { randomBytes } from 'node:crypto'
import { inject } from '@adonisjs/core'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import logger from '@adonisjs/core/services/logger'
import drive from '@adonisjs/drive/services/main'
import Document from '#tms/models/document'
import BookingDocumentsService, {
  formatBolNumber,
  type BookingDocumentFacts,
} from '#marketplace/services/booking_documents_service'
import IdentityRevealService, { revealsIdentity } from '#payments/services/identity_reveal_service'
import {
  renderBillOfLading,
  renderInvoice,
  renderItemisedInvoice,
  renderRateConfirmation,
  place,
  type InvoiceSubject,
  type ItemisedInvoiceContent,
} from '#tms/services/pdf_renderer'
import { Clock } from '#core/clock'
import { deliveryNotes } from '#tms/services/delivery_notes'
import { businessDateOf } from '#core/business_time'
import { invoiceIssueDate } from '#marketplace/services/invoice_terms'
import RateConfirmationService, {
  formatRateConfirmationNumber,
} from '#marketplace/services/rate_confirmation_service'
import { QUICK_PAY_FEE_PERCENT, quickPayFee, splitPayout, toCents } from '#core/money'
import { AUTO_RELEASE_HOURS } from '#payments/services/payout_rules'

/**
 * Document types of the Document Hub (docs/decisions/0084): the platform's BOL, INVOICE and
 * RATE_CONFIRMATION (0226), and
 * what a carrier uploads: POD (proof of delivery), SIGNED_BOL (the BOL signed at a stop),
 * WEIGHT_TICKET, LUMPER_RECEIPT, OTHER.
 */
export const UPLOAD_TYPES = [
  'POD',
  'SIGNED_BOL',
  'WEIGHT_TICKET',
  'LUMPER_RECEIPT',
  'OTHER',
] as const
export const DOCUMENT_TYPES = ['BOL', 'INVOICE', 'RATE_CONFIRMATION', ...UPLOAD_TYPES] as const
export type DocumentType = (typeof DOCUMENT_TYPES)[number]

/** How many numbers a revision tries before giving up (each loss is another run's revision). */
const REVISION_ATTEMPTS = 10

/** Where parties download a document: the only way a stored file leaves the store. */
export const downloadUrl = (documentId: number) => `/api/tms/documents/${documentId}/download`

const MIME_BY_EXTENSION: Record<string, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  png: 'image/png',
}

export function mimeOfKey(key: string): string {
  return MIME_BY_EXTENSION[key.split('.').pop()!.toLowerCase()] ?? 'application/octet-stream'
}

/**
 * Renders, stores and indexes a booking's paperwork. Files go to the drive disk under
 * `bookings/<id>/`; each gets a `documents` row (the hub's index, tms's table) whose id names its
 * download; the marketplace rows (bills_of_lading, invoices.pdf_url, bookings.bol_url and
 * invoice_url) are written by marketplace's BookingDocumentsService.
 */
/**
 * Where one run stores a booking's issued document: a folder of its own per run, so two runs
 * issuing at once never write the same file, and the one that loses the race to record it
 * deletes only its own (the file keeps its plain name for the download).
 */
function runKey(bookingId: number, kind: string, name: string): string {
  return `bookings/${bookingId}/${kind}-${randomBytes(4).toString('hex')}/${name}`
}

@inject()
export default class DocumentService {
  constructor(
    private bookings: BookingDocumentsService,
    private identities: IdentityRevealService,
    private clock: Clock
  ) {}

  /**
   * The bill of lading of a paid marketplace booking, generated once. A partner booking's comes
   * from the partner through the fetch queue instead (BolFetchService).
   */
  async issueBillOfLading(bookingId: number): Promise<Document | null> {
    const booking = await this.bookings.facts(bookingId)
    if (!booking || booking.provider !== 'internal') return null
    if (await this.bookings.billOfLading(bookingId)) return null
    const now = this.clock.now()
    const bolNumber = formatBolNumber(businessDateOf(now).year, bookingId)
    const carrier = revealsIdentity(booking)
      ? ((await this.identities.identities([booking.carrierId!])).get(booking.carrierId!) ?? null)
      : null
    const pdf = await renderBillOfLading({
      bolNumber,
      issuedAt: now.toUTC().toISO()!,
      booking,
      shipper: await this.shipper(booking.shipperId),
      carrier,
    })
    return this.storeBillOfLading(booking, bolNumber, pdf)
  }

  /**
   * The rate confirmation of a paid booking, any kind (instant, claimed, partner), issued once
   * (docs/decisions/0226): a second call, or one that loses a race, stores nothing. A partner
   * booking's is accepted at issue, by the partner that took the booking at this rate.
   */
  async issueRateConfirmation(bookingId: number): Promise<void> {
    const confirmations = await app.container.make(RateConfirmationService)
    if (await confirmations.find(bookingId)) return
    await this.renderRateConfirmationRevision(bookingId, 0, null, true)
  }

  /**
   * The next revision of a booking's rate confirmation (docs/decisions/0250): rendered with
   * the booking's figures now, numbered `-R<n>` after the latest, recorded as superseding it.
   * A run that loses the number to another tries the next, so two revisions at once get two
   * numbers.
   */
  async reviseRateConfirmation(
    bookingId: number,
    reason: string,
    holdsPickup: boolean
  ): Promise<void> {
    const confirmations = await app.container.make(RateConfirmationService)
    for (let attempt = 0; attempt < REVISION_ATTEMPTS; attempt++) {
      const latest = await confirmations.find(bookingId)
      if (!latest) return
      const recorded = await this.renderRateConfirmationRevision(
        bookingId,
        latest.revision + 1,
        { supersedes: latest.number, reason },
        holdsPickup
      )
      if (recorded !== false) return
    }
    throw new Error(`could not number a revision of booking ${bookingId}'s rate confirmation`)
  }

  /** Renders, stores and records one revision; false when another run recorded it first. */
  private async renderRateConfirmationRevision(
    bookingId: number,
    revision: number,
    revised: { supersedes: string; reason: string } | null,
    holdsPickup: boolean
  ): Promise<boolean | null> {
    const booking = await this.bookings.facts(bookingId)
    if (!booking || booking.paymentStatus !== 'paid') return null
    const confirmations = await app.container.make(RateConfirmationService)
    const now = this.clock.now()
    const number = formatRateConfirmationNumber(businessDateOf(now).year, bookingId, revision)
    const partner = booking.provider !== 'internal'
    const carrier = partner
      ? { partner: booking.provider }
      : booking.carrierId === null
        ? null
        : ((await this.identities.identities([booking.carrierId])).get(booking.carrierId) ?? null)
    if (!carrier) return null
    const lineHaulCents = toCents(booking.totalAmount ?? 0)
    const accessorials = await this.agreedAccessorials(bookingId)
    const payoutCents = splitPayout(lineHaulCents).payoutCents
    const shipper = await this.shipper(booking.shipperId)
    const pdf = await renderRateConfirmation({
      number,
      issuedAt: now.toUTC().toISO()!,
      booking,
      shipper,
      carrier,
      equipment: await this.equipmentOf(booking),
      lineHaulCents,
      accessorials,
      pay: partner
        ? null
        : {
            payoutCents,
            quickPayFeeCents: quickPayFee(payoutCents),
            quickPayFeePercent: QUICK_PAY_FEE_PERCENT,
          },
      payoutHours: AUTO_RELEASE_HOURS,
      termsVersion: shipper.termsVersion,
      revision: revised,
    })
    const key = runKey(bookingId, 'rc', `rate-confirmation-${number}.pdf`)
    const doc = await this.store(booking, 'RATE_CONFIRMATION', key, pdf)
    const recorded = await confirmations.record(bookingId, {
      number,
      revision,
      reason: revised?.reason ?? null,
      holdsPickup,
      documentId: doc.id,
      downloadUrl: downloadUrl(doc.id),
      lineHaulCents,
      accessorialsCents: accessorials.reduce((sum, line) => sum + line.amountCents, 0),
      carrierPayCents: partner ? null : payoutCents,
      termsVersion: shipper.termsVersion,
      issuedAt: now,
      // a partner confirmed the rate when it took the booking; a revision of it too
      acceptedBy: partner ? { name: booking.provider, at: now } : undefined,
    })
    if (!recorded) await this.discard(doc)
    return recorded
  }

  /**
   * The accessorials on the booking (finance's rows, read only): those the shipper asked for at
   * booking, then those added after it, named as such (docs/decisions/0250).
   */
  private async agreedAccessorials(bookingId: number) {
    const rows = await db
      .from('booking_accessorials')
      .where('booking_id', bookingId)
      .orderByRaw("case when source = 'BOOKING' then 0 else 1 end")
      .orderBy('id')
      .select('code', 'description', 'amount', 'source')
    return rows.map((row) => ({
      code: String(row.code),
      description:
        row.source === 'BOOKING'
          ? String(row.description)
          : `${String(row.description)} (added after booking)`,
      amountCents: toCents(row.amount),
    }))
  }

  /** The equipment: the booked truck's type, a claimed load's, else a partner's payload's. */
  private async equipmentOf(booking: BookingDocumentFacts): Promise<string | null> {
    if (booking.truckId !== null) {
      const truck = await db
        .from('trucks')
        .where('id', booking.truckId)
        .select('truck_type')
        .first()
      if (truck?.truck_type) return String(truck.truck_type)
    }
    const load = await db
      .from('freight_listings')
      .where('shipment_id', booking.id)
      .select('equipment')
      .first()
    return load?.equipment ? String(load.equipment) : null
  }

  /** Stores a bill of lading (generated here or fetched from a partner) and records it once. */
  async storeBillOfLading(
    booking: Pick<BookingDocumentFacts, 'id' | 'shipperId' | 'carrierId'>,
    bolNumber: string,
    pdf: Uint8Array
  ): Promise<Document | null> {
    const safe = bolNumber.replace(/[^A-Za-z0-9-]/g, '_')
    const doc = await this.store(booking, 'BOL', runKey(booking.id, 'bol', `bol-${safe}.pdf`), pdf)
    const { created } = await this.bookings.recordBillOfLading(booking.id, {
      bolNumber,
      pdfPath: doc.url,
      downloadUrl: downloadUrl(doc.id),
    })
    if (created) return doc
    await this.discard(doc)
    return null
  }

  /** The PDF of a delivered booking's invoice (the invoice row is created if it is missing). */
  async issueInvoicePdf(bookingId: number, deliveredAt?: string): Promise<Document | null> {
    const invoice = await this.bookings.deliveryInvoice(bookingId, deliveredAt)
    if (!invoice || invoice.pdfUrl) return null
    const booking = (await this.bookings.facts(bookingId))!
    const pdf = await renderInvoice({
      invoiceNumber: invoice.invoiceNumber,
      // Both business days: the due date counts from the issue date (decision 0165).
      issueDate: invoiceIssueDate(invoice.createdAt).toISODate()!,
      dueDate: invoice.dueDate?.toISODate() ?? null,
      status: invoice.status,
      amount: invoice.amount,
      booking,
      shipper: await this.shipper(booking.shipperId),
      notes: await deliveryNotes(bookingId),
    })
    const key = runKey(bookingId, 'invoice', `invoice-${invoice.invoiceNumber}.pdf`)
    const doc = await this.store(booking, 'INVOICE', key, pdf)
    if (await this.bookings.attachInvoicePdf(invoice.id, doc.url, downloadUrl(doc.id))) return doc
    await this.discard(doc)
    return null
  }

  /** The PDF of a booking's itemised freight invoice, billed to its shipper (not stored). */
  async itemisedInvoicePdf(
    bookingId: number,
    content: Omit<ItemisedInvoiceContent, 'subject' | 'billTo'>
  ): Promise<Uint8Array | null> {
    const booking = await this.bookings.facts(bookingId)
    if (!booking) return null
    const subject: InvoiceSubject = {
      label: 'Booking',
      reference: booking.reference,
      service: [
        ['Lane', `${place(booking.pickup)} to ${place(booking.delivery)}`],
        ['Pallets', booking.pallets],
        ['Pickup', booking.pickupDate],
      ],
    }
    const billTo = await this.shipper(booking.shipperId)
    return renderItemisedInvoice({ ...content, subject, billTo })
  }

  /** The PDF of an itemised invoice for something other than a booking (a drayage move). */
  async subjectInvoicePdf(
    shipperId: number,
    content: Omit<ItemisedInvoiceContent, 'billTo'>
  ): Promise<Uint8Array> {
    return renderItemisedInvoice({ ...content, billTo: await this.shipper(shipperId) })
  }

  /** Writes the file, then its index row; a file without a row is the only possible leftover. */
  async store(
    booking: Pick<BookingDocumentFacts, 'id' | 'shipperId' | 'carrierId'>,
    type: DocumentType,
    key: string,
    bytes: Uint8Array,
    client?: TransactionClientContract
  ): Promise<Document> {
    await drive.use().put(key, bytes, { contentType: mimeOfKey(key) })
    return Document.create(
      {
        bookingId: booking.id,
        shipperId: booking.shipperId,
        carrierId: booking.carrierId,
        type,
        url: key,
      },
      { client }
    )
  }

  /** Drops the file and row of a document that lost a race to another run's. */
  private async discard(doc: Document) {
    await doc.delete()
    await drive
      .use()
      .delete(doc.url)
      .catch((err) => logger.warn({ err, key: doc.url }, 'could not delete a discarded file'))
  }

  private async shipper(shipperId: number) {
    const user = await db
      .from('users')
      .where('id', shipperId)
      .select('first_name', 'last_name', 'email', 'phone', 'terms_version')
      .first()
    const name = [user?.first_name, user?.last_name].filter(Boolean).join(' ').trim()
    return {
      name: name || 'Shipper',
      email: user?.email ?? null,
      phone: user?.phone ?? null,
      termsVersion: (user?.terms_version as string | null) ?? null,
    }
  }
}
