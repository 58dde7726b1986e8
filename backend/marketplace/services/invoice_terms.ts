import type { DateTime } from 'luxon'
import { businessDateOf } from '#core/business_time'

/** Days a shipper has to pay an invoice left unpaid at delivery. */
export const INVOICE_PAYMENT_TERMS_DAYS = 30

/** The day an invoice issued at `issuedAt` is dated: its business day (America/New_York). */
export function invoiceIssueDate(issuedAt: DateTime): DateTime {
  return businessDateOf(issuedAt)
}

/**
 * When an invoice is due: its issue date plus its terms, both business days, so never before
 * the day it was issued whatever the hour or the process's zone (decision 0165). A paid
 * invoice is due the day it is issued; an unpaid one INVOICE_PAYMENT_TERMS_DAYS later.
 */
export function invoiceDueDate(issuedAt: DateTime, paid: boolean): DateTime {
  const issued = invoiceIssueDate(issuedAt)
  return paid ? issued : issued.plus({ days: INVOICE_PAYMENT_TERMS_DAYS })
}
