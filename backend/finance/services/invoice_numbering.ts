import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { formatAdvancedInvoiceNumber, nextAdvancedInvoiceSequence } from '#finance/invoice_rules'

/**
 * Advanced invoice numbers are handed out one at a time, like marketplace's INV- numbers: on
 * PostgreSQL a transaction-scoped advisory lock serialises read-the-highest-then-write across
 * instances; SQLite runs one write transaction at a time. The unique column is the last line.
 */
const NUMBER_LOCK = 73_110_640

export async function nextAdvancedInvoiceNumber(trx: TransactionClientContract, year: number) {
  if (trx.dialect.name === 'postgres') {
    await trx.rawQuery('select pg_advisory_xact_lock(?)', [NUMBER_LOCK])
  }
  const last = await trx
    .from('advanced_invoices')
    .where('number', 'like', `AINV-${year}-%`)
    .orderByRaw('length(number) desc, number desc')
    .select('number')
    .first()
  return formatAdvancedInvoiceNumber(year, nextAdvancedInvoiceSequence(last?.number, year))
}
