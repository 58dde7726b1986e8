import { inject } from '@adonisjs/core'
import { Clock } from '#core/clock'
import { businessYear } from '#core/business_time'
import { ConflictException, NotFoundException } from '#core/exceptions/http_errors'
import { formatUsd, fromCents, toCents } from '#core/money'
import DocumentService from '#tms/services/document_service'
import { writeTransaction } from '#core/transactions'
import BookingDocumentsService, {
  type BookingDocumentFacts,
} from '#marketplace/services/booking_documents_service'
import AdvancedInvoice from '#finance/models/advanced_invoice'
import BookingEvidenceService, {
  BOOKING_NOT_FOUND,
} from '#finance/services/booking_evidence_service'
import DrayageInvoiceService from '#finance/services/drayage_invoice_service'
import FuelIndexService from '#finance/services/fuel_index_service'
import { FRESH, LIST_LIMIT, STATUS_MESSAGE, issueAudited } from '#finance/services/invoice_issuing'
import { bookingTransaction } from '#finance/services/booking_lock'
import { invoiceView } from '#finance/services/invoice_presenter'
import {
  FSC,
  LINEHAUL,
  canTransition,
  invoiceTotalCents,
  makeLine,
  splitBookedPrice,
  type InvoiceActor,
  type InvoiceLine,
  type InvoiceStatus,
} from '#finance/invoice_rules'

export const INVOICE_NOT_FOUND = 'Invoice not found'
export const NOT_DELIVERED = 'An invoice is drafted once the booking is delivered'
export const ALREADY_INVOICED = 'This booking already has an issued invoice'
export const NOT_FLAGGED = 'Only a flagged invoice awaits your answer'
export const ALREADY_DECIDED = 'You already answered this invoice'
export const DISPUTED = 'The shipper disputes this invoice: resolve the dispute before paying'
export const PARTNER_ONLY = 'Partner invoices are recorded for partner bookings only'
export const CARRIER_ONLY = 'Partner bookings are invoiced by the partner'
export { LIST_LIMIT }
export const NO_PDF = 'A draft has no PDF yet: issue it first'

/**
 * Advanced invoices (docs/decisions/0132, 0133): drafted by the booked carrier from the booking
 * (line haul and fuel surcharge) and the recorded evidence (accessorials, detention), or
 * recorded by an admin for a partner booking; issued with an AINV- number and audited against
 * what was booked; paid or voided through the status machine. Lines are generic (code,
 * description, quantity, unit price, amount, evidence), so other sources add lines alike.
 */
@inject()
export default class AdvancedInvoiceService {
  constructor(
    private clock: Clock,
    private bookings: BookingDocumentsService,
    private evidence: BookingEvidenceService,
    private fuel: FuelIndexService,
    private documents: DocumentService,
    private drayage: DrayageInvoiceService
  ) {}

  async forBooking(bookingId: number) {
    const rows = await AdvancedInvoice.query()
      .where('shipmentId', bookingId)
      .preload('audits')
      .orderBy('id', 'desc')
      .limit(LIST_LIMIT)
    return rows.map(invoiceView)
  }

  /**
   * The numbers of the booking's invoices its shipper disputed, oldest first: a dispute names
   * the booking, so admins may read its message thread (docs/decisions/0231).
   */
  async disputesNaming(bookingId: number): Promise<string[]> {
    const rows = await AdvancedInvoice.query()
      .where('shipmentId', bookingId)
      .where('shipperDecision', 'DISPUTED')
      .orderBy('id', 'asc')
      .select('id', 'number')
    return rows.map((row) => row.number ?? `invoice ${row.id}`)
  }

  async show(invoiceId: number) {
    return invoiceView(await this.load(invoiceId))
  }

  /** Invoices a shipper is billed (not drafts), newest first. */
  async forShipper(userId: number) {
    const rows = await AdvancedInvoice.query()
      .where('shipperId', userId)
      .whereNot('status', 'DRAFT')
      .preload('audits')
      .orderBy('id', 'desc')
      .limit(LIST_LIMIT)
    return rows.map(invoiceView)
  }

  /** A carrier's invoices, drafts included, newest first. */
  async forCarrier(carrierId: number) {
    const rows = await AdvancedInvoice.query()
      .where('carrierId', carrierId)
      .preload('audits')
      .orderBy('id', 'desc')
      .limit(LIST_LIMIT)
    return rows.map(invoiceView)
  }

  /** Issued invoices whose audit flagged them, for the admin console. */
  async flagged() {
    const rows = await AdvancedInvoice.query()
      .where('flagged', true)
      .whereIn('status', ['ISSUED', 'PAID'])
      .preload('audits')
      .orderBy('id', 'desc')
      .limit(LIST_LIMIT)
    return rows.map(invoiceView)
  }

  /** The carrier's draft for its delivered booking; drafting again refreshes the draft. */
  async draft(bookingId: number, userId: number) {
    const booking = await this.delivered(bookingId)
    if (booking.carrierId === null) throw new ConflictException(CARRIER_ONLY)
    const lines = await this.carrierLines(booking)
    return bookingTransaction(bookingId, async (trx) => {
      const open = await AdvancedInvoice.query({ client: trx })
        .where('shipmentId', bookingId)
        .whereNot('status', 'VOID')
        .first()
      if (open && open.status !== 'DRAFT') throw new ConflictException(ALREADY_INVOICED)
      const invoice = open ?? new AdvancedInvoice()
      invoice.useTransaction(trx)
      invoice.merge({
        shipmentId: bookingId,
        shipperId: booking.shipperId,
        carrierId: booking.carrierId,
        currency: 'USD',
        kind: 'CARRIER',
        items: lines,
        amount: fromCents(invoiceTotalCents(lines)),
        status: 'DRAFT',
        createdByUserId: userId,
      })
      if (!open) invoice.merge({ ...FRESH, createdAt: this.clock.now() })
      await invoice.save()
      await invoice.load('audits')
      return invoiceView(invoice)
    })
  }

  /** Issues a carrier's draft: lines again from the evidence, a number, then the audit. */
  async issue(invoiceId: number, actor: InvoiceActor) {
    const invoice = await this.load(invoiceId)
    this.assertTransition(invoice, 'ISSUED', actor)
    if (invoice.drayageMoveId !== null) {
      // A completed move's charges are final: the draft's lines are billed as drafted.
      const expected = await this.drayage.expectedLines(invoice.drayageMoveId)
      await issueAudited(invoice.id, invoice.items ?? [], expected, this.issueTime())
      return this.show(invoice.id)
    }
    const booking = await this.delivered(invoice.shipmentId!)
    const lines =
      invoice.kind === 'CARRIER' ? await this.carrierLines(booking) : (invoice.items ?? [])
    return this.issueWith(invoice, booking, lines)
  }

  /**
   * A partner's invoice for a partner booking, as the admin recorded it from the partner: the
   * lines' amounts are recomputed from quantity and unit price, then issued and audited.
   */
  async recordPartnerInvoice(
    bookingId: number,
    userId: number,
    input: { code: string; description: string; quantity: number; unitPrice: number }[]
  ) {
    const booking = await this.delivered(bookingId)
    if (booking.carrierId !== null || booking.provider === 'internal') {
      throw new ConflictException(PARTNER_ONLY)
    }
    const lines = input.map((l) =>
      makeLine(l.code, l.description, l.quantity, toCents(l.unitPrice))
    )
    const invoice = await bookingTransaction(bookingId, async (trx) => {
      const open = await AdvancedInvoice.query({ client: trx })
        .where('shipmentId', bookingId)
        .whereNot('status', 'VOID')
        .first()
      if (open) throw new ConflictException(ALREADY_INVOICED)
      return AdvancedInvoice.create(
        {
          shipmentId: bookingId,
          shipperId: booking.shipperId,
          carrierId: null,
          currency: 'USD',
          kind: 'PARTNER',
          items: lines,
          amount: fromCents(invoiceTotalCents(lines)),
          ...FRESH,
          status: 'DRAFT',
          createdByUserId: userId,
          createdAt: this.clock.now(),
        },
        { client: trx }
      )
    })
    return this.issueWith(invoice, booking, lines)
  }

  async void(invoiceId: number, actor: InvoiceActor) {
    const invoice = await this.load(invoiceId)
    this.assertTransition(invoice, 'VOID', actor)
    return this.move(invoice, 'VOID', { voidedAt: this.clock.now() })
  }

  /** An admin marks an issued invoice paid; a disputed one waits for the dispute's end. */
  async pay(invoiceId: number) {
    const invoice = await this.load(invoiceId)
    this.assertTransition(invoice, 'PAID', 'admin')
    if (invoice.flagged && invoice.shipperDecision === 'DISPUTED') {
      throw new ConflictException(DISPUTED)
    }
    return this.move(invoice, 'PAID', { paidAt: this.clock.now() })
  }

  /** The PDF of an issued (or paid, or void) invoice; a draft has none yet. */
  async pdf(invoiceId: number) {
    const invoice = await this.load(invoiceId)
    if (invoice.status === 'DRAFT' || !invoice.number) throw new ConflictException(NO_PDF)
    const view = invoiceView(invoice)
    const notes = (invoice.items ?? []).flatMap((line) =>
      line.evidence?.startedAt && line.evidence.endedAt
        ? [`${line.description}: ${line.evidence.startedAt} to ${line.evidence.endedAt}`]
        : line.evidence?.note
          ? [`${line.description}: ${line.evidence.note}`]
          : []
    )
    if (view.audit) {
      notes.push(`Audit ${view.audit.result}: variance ${formatUsd(toCents(view.audit.variance))}`)
    }
    const content = {
      number: invoice.number,
      status: invoice.status,
      issuedAt: view.issuedAt,
      lines: invoice.items ?? [],
      totalCents: toCents(invoice.amount),
      notes,
    }
    if (invoice.drayageMoveId !== null) {
      const { shipperId, subject } = await this.drayage.subject(invoice.drayageMoveId)
      const bytes = await this.documents.subjectInvoicePdf(shipperId, { ...content, subject })
      return { bytes, fileName: `${invoice.number}.pdf` }
    }
    const bytes = await this.documents.itemisedInvoicePdf(invoice.shipmentId!, content)
    if (!bytes) throw new NotFoundException(BOOKING_NOT_FOUND)
    return { bytes, fileName: `${invoice.number}.pdf` }
  }

  /** The shipper accepts or disputes a flagged invoice, once. */
  async decide(invoiceId: number, decision: 'ACCEPTED' | 'DISPUTED', reason: string | null) {
    await this.locked(invoiceId, (invoice) => {
      if (!invoice.flagged || invoice.status !== 'ISSUED') throw new ConflictException(NOT_FLAGGED)
      if (invoice.shipperDecision !== null) throw new ConflictException(ALREADY_DECIDED)
      invoice.merge({
        shipperDecision: decision,
        disputeReason: decision === 'DISPUTED' ? reason : null,
        decidedAt: this.clock.now(),
      })
    })
    return this.show(invoiceId)
  }

  /** The line haul and fuel surcharge the booking's price holds, and its booked accessorials. */
  async expectedLines(booking: BookingDocumentFacts): Promise<InvoiceLine[]> {
    const evidence = await this.evidence.lines(booking.id)
    return [
      ...(await this.bookedPrice(booking)),
      ...evidence.filter((e) => e.booked).map((e) => e.line),
    ]
  }

  private async carrierLines(booking: BookingDocumentFacts): Promise<InvoiceLine[]> {
    const evidence = await this.evidence.lines(booking.id)
    return [...(await this.bookedPrice(booking)), ...evidence.map((e) => e.line)]
  }

  /** The booked total split into line haul and the surcharge of the week in force at pickup. */
  private async bookedPrice(booking: BookingDocumentFacts): Promise<InvoiceLine[]> {
    const totalCents = toCents(booking.totalAmount ?? 0)
    const day = booking.pickupDate ?? booking.createdAt.slice(0, 10)
    const week = await this.fuel.weekOn(day)
    const pct = week?.fscPct ?? 0
    const { lineHaulCents, fscCents } = splitBookedPrice(totalCents, pct)
    const lines = [makeLine(LINEHAUL, `Line haul, ${booking.reference}`, 1, lineHaulCents)]
    if (fscCents > 0) {
      lines.push(makeLine(FSC, `Fuel surcharge ${pct}% (week of ${week!.indexDate})`, 1, fscCents))
    }
    return lines
  }

  private async issueWith(
    invoice: AdvancedInvoice,
    booking: BookingDocumentFacts,
    lines: InvoiceLine[]
  ) {
    await issueAudited(invoice.id, lines, await this.expectedLines(booking), this.issueTime())
    return this.show(invoice.id)
  }

  private issueTime() {
    return { now: this.clock.now(), year: businessYear(this.clock) }
  }

  private async move(invoice: AdvancedInvoice, to: InvoiceStatus, times: Partial<AdvancedInvoice>) {
    await this.locked(invoice.id, (fresh) => {
      // Read again under the lock: a concurrent change decides, not the copy read before.
      if (fresh.status !== invoice.status)
        throw new ConflictException(STATUS_MESSAGE(fresh.status, to))
      if (to === 'PAID' && fresh.shipperDecision === 'DISPUTED')
        throw new ConflictException(DISPUTED)
      fresh.merge({ status: to, ...times })
    })
    return this.show(invoice.id)
  }

  /** Changes one invoice under its row lock (the write lock on SQLite). */
  private async locked(invoiceId: number, change: (invoice: AdvancedInvoice) => void) {
    await writeTransaction(async (trx) => {
      const invoice = await AdvancedInvoice.query({ client: trx })
        .where('id', invoiceId)
        .forUpdate()
        .first()
      if (!invoice) throw new NotFoundException(INVOICE_NOT_FOUND)
      change(invoice)
      await invoice.useTransaction(trx).save()
    })
  }

  private assertTransition(invoice: AdvancedInvoice, to: InvoiceStatus, actor: InvoiceActor) {
    if (!canTransition(invoice.status, to, actor)) {
      throw new ConflictException(STATUS_MESSAGE(invoice.status, to))
    }
  }

  private async delivered(bookingId: number): Promise<BookingDocumentFacts> {
    const booking = await this.bookings.facts(bookingId)
    if (!booking) throw new NotFoundException(BOOKING_NOT_FOUND)
    if (booking.status !== 'delivered') throw new ConflictException(NOT_DELIVERED)
    return booking
  }

  private async load(invoiceId: number) {
    const invoice = await AdvancedInvoice.query().where('id', invoiceId).preload('audits').first()
    if (!invoice) throw new NotFoundException(INVOICE_NOT_FOUND)
    return invoice
  }
}
