import type { Command } from 'commander'
import type {
  ReconciliationProblem,
  ReconciliationReport,
  ReconciliationTotals,
} from '../api/client.js'
import { CliError } from '../errors.js'
import { renderTable, type TableColumn } from '../ui/table.js'
import { renderTasks } from '../ui/tasks.js'
import type { ContextOf } from './types.js'

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** Money stays integer cents until it is shown. */
export function formatCents(cents: number): string {
  return usd.format(cents / 100)
}

const TOTALS: { key: keyof ReconciliationTotals; label: string }[] = [
  { key: 'chargedCents', label: 'Charged' },
  { key: 'payoutCents', label: 'Paid out to carriers' },
  { key: 'platformShareCents', label: 'Platform share' },
  { key: 'refundedCents', label: 'Refunded' },
  { key: 'escrowCents', label: 'Held in escrow' },
  { key: 'payableCents', label: 'Owed to carriers' },
  { key: 'recoveryDeductedCents', label: 'Claim recoveries netted from payouts' },
  { key: 'recoveryAdvancedCents', label: 'Claim recoveries advanced to shippers' },
  { key: 'recoveryOutstandingCents', label: 'Claim recoveries still owed by carriers' },
]

interface TotalRow {
  item: string
  amount: string
}

const totalColumns: TableColumn<TotalRow>[] = [
  { key: 'item', header: 'total' },
  { key: 'amount', header: 'amount' },
]

const problemColumns: TableColumn<ReconciliationProblem>[] = [
  { key: 'reference', header: 'reference' },
  { key: 'problem', header: 'problem' },
]

export function registerPaymentsCommands(program: Command, contextOf: ContextOf): void {
  const payments = program.command('payments').description('the money ledger')

  payments
    .command('reconcile')
    .description(
      'check that every charge equals payout + platform share + refunds + held; exits 1 on a problem'
    )
    .option('--json', 'print the raw JSON (amounts in cents)')
    .action(async (options: { json?: boolean }, command: Command) => {
      const ctx = contextOf(command)
      const api = ctx.api()
      // The spinner writes to stdout, so --json skips it and stdout stays one JSON document.
      const report = options.json
        ? await api.reconcilePayments()
        : ((
            await renderTasks(
              [{ title: 'Reconciling the ledger', run: () => api.reconcilePayments() }],
              ctx.io
            )
          )[0] as ReconciliationReport)
      if (options.json) ctx.printJson(report)
      else {
        const rows = TOTALS.map(({ key, label }) => ({
          item: label,
          amount: formatCents(report.totals[key]),
        }))
        await renderTable(rows, totalColumns, ctx.io)
        ctx.print(`${report.bookings} bookings, ${report.transactions} ledger transactions`)
        if (report.problems.length > 0) {
          ctx.print()
          await renderTable(report.problems, problemColumns, ctx.io)
        }
      }
      if (report.problems.length > 0) {
        throw new CliError(`${report.problemCount} reconciliation problem(s)`)
      }
      if (!options.json) ctx.print('The ledger reconciles to the cent.')
    })
}
