import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
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
  place,
  type InvoiceSubject,
  type ItemisedInvoiceContent,
} from '#tms/services/pdf_renderer'
import { Clock } from '#core/clock'
import { businessDateOf } from '#core/business_time'
import { invoiceIssueDate } from '#marketplace/services/invoice_terms'

/**
 * Document types of the Document Hub (docs/decisions/0084): the platform's BOL and INVOICE, and
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
export const DOCUMENT_TYPES = ['BOL', 'INVOICE', ...UPLOAD_TYPES] as const
export type DocumentType = (typeof DOCUMENT_TYPES)[number]

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

  /** Stores a bill of lading (generated here or fetched from a partner) and records it once. */
  async storeBillOfLading(
    booking: Pick<BookingDocumentFacts, 'id' | 'shipperId' | 'carrierId'>,
    bolNumber: string,
    pdf: Uint8Array
  ): Promise<Document | null> {
    const safe = bolNumber.replace(/[^A-Za-z0-9-]/g, '_')
    const doc = await this.store(booking, 'BOL', `bookings/${booking.id}/bol-${safe}.pdf`, pdf)
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
    })
    const key = `bookings/${bookingId}/invoice-${invoice.invoiceNumber}.pdf`
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
    bytes: Uint8Array
  ): Promise<Document> {
    await drive.use().put(key, bytes, { contentType: mimeOfKey(key) })
    return Document.create({
      bookingId: booking.id,
      shipperId: booking.shipperId,
      carrierId: booking.carrierId,
      type,
      url: key,
    })
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
      .select('first_name', 'last_name', 'email', 'phone')
      .first()
    const name = [user?.first_name, user?.last_name].filter(Boolean).join(' ').trim()
    return { name: name || 'Shipper', email: user?.email ?? null, phone: user?.phone ?? null }
  }
}
