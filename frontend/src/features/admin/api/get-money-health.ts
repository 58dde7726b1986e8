import useSWR from 'swr'
import { api } from '@/lib/api-client'

/** One tamper-evident chain; brokenRowId and reason are null when it holds. */
export type AuditChain = {
  chain: string
  ok: boolean
  rows: number
  /** null when broken only at the end (rows after the last good one were removed) */
  brokenRowId: number | null
  reason: string | null
}

export type AuditVerification = { chains: AuditChain[] }

/** Ledger totals over every booking, in integer cents. */
export type ReconciliationTotals = {
  chargedCents: number
  payoutCents: number
  platformShareCents: number
  refundedCents: number
  escrowCents: number
  payableCents: number
  /** cargo-claim recoveries netted from carriers' payouts, advanced to shippers, still owed (0254) */
  recoveryDeductedCents: number
  recoveryAdvancedCents: number
  recoveryOutstandingCents: number
}

export type ReconciliationProblem = {
  /** null for a ledger transaction that does not balance; `reference` is then its key */
  bookingId: number | null
  reference: string
  problem: string
}

export type Reconciliation = {
  bookings: number
  transactions: number
  totals: ReconciliationTotals
  /** every problem found; `problems` lists the first 500 */
  problemCount: number
  problems: ReconciliationProblem[]
}

export const auditVerificationKey = '/api/admin/audit/verify'
export const reconciliationKey = '/api/admin/payments/reconciliation'

/** GET /api/admin/audit/verify: every chain walked from its first row. */
export function getAuditVerification(): Promise<AuditVerification> {
  return api.get<AuditVerification>(auditVerificationKey)
}

/** GET /api/admin/payments/reconciliation: the ledger checked against every booking. */
export function getReconciliation(): Promise<Reconciliation> {
  return api.get<Reconciliation>(reconciliationKey)
}

export function useAuditVerification() {
  return useSWR<AuditVerification>(auditVerificationKey, getAuditVerification)
}

export function useReconciliation() {
  return useSWR<Reconciliation>(reconciliationKey, getReconciliation)
}
