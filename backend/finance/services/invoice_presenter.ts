import { fromCents } from '#core/money'
import { bookingReference } from '#core/reference'
import { isoUtc } from '#core/timestamps'
import { drayageReference } from '#logistics/services/drayage_states'
import type AdvancedInvoice from '#finance/models/advanced_invoice'
import type { Audit as AuditFigures, InvoiceLine } from '#finance/invoice_rules'

/** Where the parties download an advanced invoice's PDF. */
export const invoicePdfUrl = (invoiceId: number) => `/api/advanced-invoices/${invoiceId}/pdf`

export const lineView = (line: InvoiceLine) => ({
  code: line.code,
  description: line.description,
  quantity: line.quantity,
  unitPrice: fromCents(line.unitCents),
  amount: fromCents(line.amountCents),
  evidence: line.evidence,
})

const auditView = (figures: AuditFigures, createdAt: unknown) => ({
  result: figures.result,
  billed: fromCents(figures.billedCents),
  expected: fromCents(figures.expectedCents),
  variance: fromCents(figures.varianceCents),
  tolerance: fromCents(figures.toleranceCents),
  lines: figures.lines.map((l) => ({
    code: l.code,
    description: l.description,
    billed: fromCents(l.billedCents),
    expected: fromCents(l.expectedCents),
    variance: fromCents(l.varianceCents),
    finding: l.finding,
  })),
  createdAt: isoUtc(createdAt)!,
})

/** An advanced invoice on the wire: dollars with two decimals, times in ISO UTC. */
export function invoiceView(invoice: AdvancedInvoice) {
  const audits = invoice.$preloaded.audits ? invoice.audits : []
  const latest = [...audits].sort((a, b) => b.id - a.id)[0]
  return {
    id: invoice.id,
    number: invoice.number,
    bookingId: invoice.shipmentId,
    bookingReference: invoice.shipmentId === null ? null : bookingReference(invoice.shipmentId),
    drayageMoveId: invoice.drayageMoveId ?? null,
    drayageReference: invoice.drayageMoveId ? drayageReference(invoice.drayageMoveId) : null,
    kind: invoice.kind,
    status: invoice.status,
    currency: invoice.currency,
    amount: invoice.amount,
    lines: (invoice.items ?? []).map(lineView),
    flagged: invoice.flagged,
    shipperDecision: invoice.shipperDecision,
    disputeReason: invoice.disputeReason,
    audit: latest?.details ? auditView(latest.details, latest.createdAt) : null,
    createdAt: isoUtc(invoice.createdAt)!,
    issuedAt: isoUtc(invoice.issuedAt),
    paidAt: isoUtc(invoice.paidAt),
    voidedAt: isoUtc(invoice.voidedAt),
    decidedAt: isoUtc(invoice.decidedAt),
    pdfUrl: invoice.status === 'DRAFT' ? null : invoicePdfUrl(invoice.id),
  }
}

export type InvoiceView = ReturnType<typeof invoiceView>
