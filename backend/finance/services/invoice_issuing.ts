import { ConflictException } from '#core/exceptions/http_errors'
import { fromCents } from '#core/money'
import { writeTransaction } from '#core/transactions'
import AdvancedInvoice from '#finance/models/advanced_invoice'
import Audit from '#finance/models/audit'
import { nextAdvancedInvoiceNumber } from '#finance/services/invoice_numbering'
import { auditInvoice, type InvoiceLine, type InvoiceStatus } from '#finance/invoice_rules'
import type { DateTime } from 'luxon'

/** The most invoices a list returns. */
export const LIST_LIMIT = 200

/** What a new invoice starts with (the columns' defaults, set here so the model holds them). */
export const FRESH = {
  number: null,
  flagged: false,
  shipperDecision: null,
  disputeReason: null,
  issuedAt: null,
  paidAt: null,
  voidedAt: null,
  decidedAt: null,
} as const

export const STATUS_MESSAGE = (from: InvoiceStatus, to: InvoiceStatus) =>
  `${from === 'ISSUED' ? 'An' : 'A'} ${from.toLowerCase()} invoice cannot be ${to === 'ISSUED' ? 'issued' : to === 'PAID' ? 'paid' : 'voided'}`

/**
 * Issues a draft under its row lock: the billed lines, an AINV- number of `year`, and the
 * audit of the lines against the expected ones (docs/decisions/0132, 0133). A draft issued or
 * voided meanwhile is a 409.
 */
export async function issueAudited(
  invoiceId: number,
  lines: InvoiceLine[],
  expected: InvoiceLine[],
  at: { now: DateTime; year: number }
) {
  const audit = auditInvoice(lines, expected)
  await writeTransaction(async (trx) => {
    const fresh = await AdvancedInvoice.query({ client: trx })
      .where('id', invoiceId)
      .forUpdate()
      .first()
    if (!fresh || fresh.status !== 'DRAFT')
      throw new ConflictException(STATUS_MESSAGE(fresh?.status ?? 'VOID', 'ISSUED'))
    fresh.useTransaction(trx)
    fresh.merge({
      items: lines,
      amount: fromCents(audit.billedCents),
      status: 'ISSUED',
      number: await nextAdvancedInvoiceNumber(trx, at.year),
      issuedAt: at.now,
      flagged: audit.result === 'FLAGGED',
    })
    await fresh.save()
    await Audit.create(
      {
        invoiceId,
        result: audit.result,
        varianceAmount: fromCents(audit.varianceCents),
        details: audit,
        createdAt: at.now,
      },
      { client: trx }
    )
  })
}
