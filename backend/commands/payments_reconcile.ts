import { stripVTControlCharacters } from 'node:util'
import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { formatUsd as usd } from '#core/money'

/**
 * Reconciles the ledger with every booking to the cent: charged = payout + platform share +
 * refunds + held (docs/decisions/0044). Exits 1 when anything does not add up.
 */
export default class PaymentsReconcile extends BaseCommand {
  static commandName = 'payments:reconcile'
  static description = 'Check that every booking’s charge equals payout + platform share + refunds'
  static options: CommandOptions = { startApp: true }

  async run() {
    // Written to a file or a pipe: plain text, no colour codes (an explicit --ansi still wins).
    // (A test's raw mode, whose colours print as `green(...)`, is left as it is.)
    const raw = this.ui.colors.green('x') === 'green(x)'
    const plain = !raw && this.parsed.flags.ansi === undefined && !process.stdout.isTTY
    if (plain) this.ui.switchMode('silent')
    const { default: ReconciliationService } =
      await import('#payments/services/reconciliation_service')
    const report = await new ReconciliationService().reconcile()
    const t = report.totals
    const table = this.ui.table()
    if (plain) {
      // The table's borders are dimmed by its own styling, whatever the mode: strip it.
      const renderer = table.getRenderer()
      table.useRenderer({
        ...renderer,
        getLogs: () => renderer.getLogs(),
        flushLogs: () => renderer.flushLogs(),
        log: (message: string) => renderer.log(stripVTControlCharacters(message)),
        logError: (message: string) => renderer.logError(stripVTControlCharacters(message)),
        logUpdate: (message: string) => renderer.logUpdate(stripVTControlCharacters(message)),
        logUpdatePersist: () => renderer.logUpdatePersist(),
      })
    }
    table.head(['', 'Amount'])
    table.row(['Charged', usd(t.chargedCents)])
    table.row(['Paid out to carriers', usd(t.payoutCents)])
    table.row(['Platform share', usd(t.platformShareCents)])
    table.row(['Refunded', usd(t.refundedCents)])
    table.row(['Held in escrow', usd(t.escrowCents)])
    table.row(['Owed to carriers', usd(t.payableCents)])
    table.render()
    this.logger.info(`${report.bookings} bookings, ${report.transactions} ledger transactions`)
    if (report.problems.length === 0) {
      this.logger.success('Every booking reconciles to the cent')
      return
    }
    for (const p of report.problems) this.logger.error(`${p.reference}: ${p.problem}`)
    if (report.problemCount > report.problems.length) {
      this.logger.error(`... and ${report.problemCount - report.problems.length} more`)
    }
    this.logger.error(`${report.problemCount} problem(s)`)
    this.exitCode = 1
  }
}
