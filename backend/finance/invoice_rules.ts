/**
 * Advanced invoices (docs/decisions/0132, 0133). Pure: line amounts and totals, the status
 * machine and the audit of billed lines against what was booked.
 */
import { roundCents } from '#core/money'

export const INVOICE_STATUSES = ['DRAFT', 'ISSUED', 'PAID', 'VOID'] as const
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number]
export type InvoiceActor = 'carrier' | 'admin'

/** Line codes beside the accessorials_master codes; drayage adds DEMURRAGE and PER_DIEM. */
export const LINEHAUL = 'LINEHAUL'
export const FSC = 'FSC'

export type LineEvidence = {
  note: string | null
  documentId: number | null
  stop: string | null
  startedAt: string | null
  endedAt: string | null
}

/** One invoice line: any source (booking, evidence, later drayage) gives these fields. */
export type InvoiceLine = {
  code: string
  description: string
  quantity: number
  unitCents: number
  amountCents: number
  evidence: LineEvidence | null
}

/** A line's amount: quantity times unit price, rounded half away from zero once. */
export function lineAmountCents(quantity: number, unitCents: number): number {
  return roundCents((Math.round(quantity * 100) * unitCents) / 100)
}

/** A line from its quantity and unit price, its amount computed here, never taken as given. */
export function makeLine(
  code: string,
  description: string,
  quantity: number,
  unitCents: number,
  evidence: LineEvidence | null = null
): InvoiceLine {
  return {
    code,
    description,
    quantity,
    unitCents,
    amountCents: lineAmountCents(quantity, unitCents),
    evidence,
  }
}

export function invoiceTotalCents(lines: Pick<InvoiceLine, 'amountCents'>[]): number {
  return lines.reduce((sum, line) => sum + line.amountCents, 0)
}

/**
 * A booked all-in price split into line haul and the fuel surcharge it contains at `fscPct`:
 * fsc = total x pct / (100 + pct), rounded; line haul the rest, so the two add up exactly.
 */
export function splitBookedPrice(totalCents: number, fscPct: number) {
  const fscCents = Math.round((totalCents * fscPct) / (100 + fscPct))
  return { lineHaulCents: totalCents - fscCents, fscCents }
}

const TRANSITIONS: Record<InvoiceStatus, Partial<Record<InvoiceStatus, InvoiceActor[]>>> = {
  DRAFT: { ISSUED: ['carrier', 'admin'], VOID: ['carrier', 'admin'] },
  ISSUED: { PAID: ['admin'], VOID: ['admin'] },
  PAID: {},
  VOID: {},
}

/** Whether `actor` may move an invoice from `from` to `to`. */
export function canTransition(from: InvoiceStatus, to: InvoiceStatus, actor: InvoiceActor) {
  return TRANSITIONS[from]?.[to]?.includes(actor) ?? false
}

/** The larger of $25 and 2 percent of what was booked (decision 0133). */
export const TOLERANCE_FLOOR_CENTS = 2500
export const TOLERANCE_PERCENT = 2

export function toleranceCents(expectedCents: number): number {
  return Math.max(
    TOLERANCE_FLOOR_CENTS,
    Math.round((Math.abs(expectedCents) * TOLERANCE_PERCENT) / 100)
  )
}

export type AuditResult = 'PASS' | 'FLAGGED'

export type AuditLine = {
  code: string
  description: string
  billedCents: number
  expectedCents: number
  varianceCents: number
  /** why the line differs from the booking, or that it matches */
  finding: string
}

export type Audit = {
  result: AuditResult
  billedCents: number
  expectedCents: number
  varianceCents: number
  toleranceCents: number
  lines: AuditLine[]
}

/**
 * Audits billed lines against the expected ones (what was booked, keyed by code). Lines match
 * by code in order; a billed line with no booked counterpart is expected at zero, unless it
 * has evidence, which the finding says (the shipper still sees it as an unbooked charge).
 * Flagged when the invoice bills more than booked by over the tolerance.
 */
export function auditInvoice(billed: InvoiceLine[], expected: InvoiceLine[]): Audit {
  const pool = [...expected]
  const lines: AuditLine[] = billed.map((line) => {
    const index = pool.findIndex((e) => e.code === line.code)
    const match = index >= 0 ? pool.splice(index, 1)[0] : null
    const expectedCents = match?.amountCents ?? 0
    const varianceCents = line.amountCents - expectedCents
    let finding = 'As booked'
    if (!match) {
      finding = line.evidence
        ? `Not booked; added after booking with evidence${describeEvidence(line.evidence)}`
        : 'Not booked and no evidence'
    } else if (varianceCents !== 0) finding = 'Differs from the booked amount'
    return {
      code: line.code,
      description: line.description,
      billedCents: line.amountCents,
      expectedCents,
      varianceCents,
      finding,
    }
  })
  for (const missing of pool) {
    lines.push({
      code: missing.code,
      description: missing.description,
      billedCents: 0,
      expectedCents: missing.amountCents,
      varianceCents: -missing.amountCents,
      finding: 'Booked but not billed',
    })
  }
  const billedCents = invoiceTotalCents(billed)
  const expectedCents = invoiceTotalCents(expected)
  const varianceCents = billedCents - expectedCents
  const tolerance = toleranceCents(expectedCents)
  return {
    result: varianceCents > tolerance ? 'FLAGGED' : 'PASS',
    billedCents,
    expectedCents,
    varianceCents,
    toleranceCents: tolerance,
    lines,
  }
}

function describeEvidence(evidence: LineEvidence): string {
  const parts: string[] = []
  if (evidence.startedAt && evidence.endedAt)
    parts.push(`${evidence.startedAt} to ${evidence.endedAt}`)
  if (evidence.documentId !== null) parts.push(`document ${evidence.documentId}`)
  if (evidence.note) parts.push(`"${evidence.note.slice(0, 80)}"`)
  return parts.length ? ` (${parts.join('; ')})` : ''
}

/** "AINV-2026-000042": the year it was issued and a sequence that restarts every year. */
export function formatAdvancedInvoiceNumber(year: number, sequence: number): string {
  return `AINV-${year}-${String(sequence).padStart(6, '0')}`
}

export function nextAdvancedInvoiceSequence(last: string | null | undefined, year: number) {
  const match = last?.match(/^AINV-(\d{4})-(\d+)$/)
  if (!match || Number(match[1]) !== year) return 1
  return Number(match[2]) + 1
}
