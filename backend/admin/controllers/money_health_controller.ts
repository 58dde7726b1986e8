import db from '@adonisjs/lucid/services/db'
import AuditService from '#payments/services/audit_service'
import { verifyChain } from '#core/hash_chain'
import { ADMIN_AUDIT_CHAIN } from '#admin/chains'
import ReconciliationService from '#payments/services/reconciliation_service'

/** One chain's verdict as the API sends it: the failure fields are null when the chain holds. */
export type ChainStatus = {
  chain: string
  ok: boolean
  rows: number
  brokenRowId: number | null
  reason: string | null
}

/**
 * The admin's view of the money checks that `node ace audit:verify` and
 * `node ace payments:reconcile` run (docs/decisions/0044), for the console and the CLI.
 */
export default class MoneyHealthController {
  /** GET /api/admin/audit/verify: every tamper-evident chain walked from its first row. */
  async verify() {
    // The payments chains, and the admin audit log of actions on accounts (decision 0210).
    const verdicts = [
      ...(await new AuditService().verifyAll()),
      await verifyChain(db.connection(), ADMIN_AUDIT_CHAIN),
    ]
    const chains: ChainStatus[] = verdicts.map((verdict) =>
      verdict.ok
        ? { chain: verdict.chain, ok: true, rows: verdict.rows, brokenRowId: null, reason: null }
        : {
            chain: verdict.chain,
            ok: false,
            rows: verdict.rows,
            brokenRowId: verdict.brokenRowId,
            reason: verdict.reason,
          }
    )
    return { chains }
  }

  /**
   * GET /api/admin/payments/reconciliation: the ledger against every booking, in cents; every
   * problem is counted in `problemCount`, the first 500 are listed.
   */
  async reconciliation() {
    const report = await new ReconciliationService().reconcile()
    return {
      bookings: report.bookings,
      transactions: report.transactions,
      totals: report.totals,
      problemCount: report.problemCount,
      problems: report.problems,
    }
  }
}
