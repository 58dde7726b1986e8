import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * Verifies the hash chains of the identity reveal log and the money ledger and names the
 * first broken row (docs/decisions/0044). Exits 1 when a chain is broken.
 */
export default class AuditVerify extends BaseCommand {
  static commandName = 'audit:verify'
  static description = 'Verify the tamper-evident chains (identity reveals, ledger)'
  static options: CommandOptions = { startApp: true }

  async run() {
    const { default: AuditService } = await import('#payments/services/audit_service')
    const verdicts = await new AuditService().verifyAll()
    for (const verdict of verdicts) {
      if (verdict.ok) {
        this.logger.success(`${verdict.chain}: ${verdict.rows} rows, chain intact`)
      } else {
        const where = verdict.brokenRowId === null ? 'at its end' : `at row ${verdict.brokenRowId}`
        this.logger.error(`${verdict.chain}: broken ${where}: ${verdict.reason}`)
        this.exitCode = 1
      }
    }
  }
}
