import * as React from 'react'
import { WhenVisible } from '@/components/when-visible'
import { Alert } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { LoadError } from '@/components/ui/load-error'
import { Skeleton } from '@/components/ui/skeleton'
import {
  useAuditVerification,
  useReconciliation,
  type AuditChain,
  type Reconciliation,
  type ReconciliationTotals,
} from '@/features/admin/api/get-money-health'
import type { MoneyBar } from '@/features/admin/components/money-totals-chart'
import { formatCount, formatCurrency } from '@/lib/format'

const MoneyTotalsChart = React.lazy(() => import('@/features/admin/components/money-totals-chart'))

/** The reconciliation totals in the order money moves: in, then where it went or still is. */
const TOTALS: { key: keyof ReconciliationTotals; label: string }[] = [
  { key: 'chargedCents', label: 'Charged' },
  { key: 'payoutCents', label: 'Paid out' },
  { key: 'platformShareCents', label: 'Platform share' },
  { key: 'refundedCents', label: 'Refunded' },
  { key: 'escrowCents', label: 'Held in escrow' },
  { key: 'payableCents', label: 'Owed to carriers' },
  { key: 'recoveryDeductedCents', label: 'Claim recoveries netted from payouts' },
  { key: 'recoveryAdvancedCents', label: 'Claim recoveries advanced to shippers' },
  { key: 'recoveryOutstandingCents', label: 'Claim recoveries still owed by carriers' },
]

/** Cents become dollars only here, for display. */
const dollars = (cents: number) => cents / 100

function ChartSkeleton() {
  return (
    <div
      className="flex h-72 items-end gap-4"
      role="status"
      aria-busy="true"
      aria-label="Loading reconciliation"
    >
      {[90, 55, 20, 15, 40, 25].map((h, i) => (
        <Skeleton key={i} className="flex-1" style={{ height: `${h}%` }} />
      ))}
    </div>
  )
}

/** The totals as a chart, the same figures as a table for screen readers, and the verdict. */
function ReconciliationSection({ report }: { report: Reconciliation }) {
  const bars: MoneyBar[] = TOTALS.map(({ key, label }) => ({
    label,
    amount: dollars(report.totals[key]),
  }))
  return (
    <div className="space-y-4">
      <WhenVisible fallback={<ChartSkeleton />}>
        <React.Suspense fallback={<ChartSkeleton />}>
          <MoneyTotalsChart bars={bars} />
        </React.Suspense>
      </WhenVisible>
      {/* A table ignores sr-only's 1px box and would stretch the page: wrap it. */}
      <div className="sr-only">
        <table>
          <caption>Reconciliation totals</caption>
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.label}>
                <th scope="row">{bar.label}</th>
                <td>{formatCurrency(bar.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-sm text-slate-600">
        {/* Every booking, where the analytics count leaves cancelled ones out: say which. */}
        {formatCount(report.bookings)} {report.bookings === 1 ? 'booking' : 'bookings'} checked
        (cancelled ones included), {formatCount(report.transactions)} ledger{' '}
        {report.transactions === 1 ? 'transaction' : 'transactions'}
      </p>
      {report.problems.length === 0 ? (
        <Alert variant="success" title="Ledger reconciles to the cent" />
      ) : (
        <Alert
          variant="error"
          title={`${formatCount(report.problemCount)} reconciliation ${
            report.problemCount === 1 ? 'problem' : 'problems'
          }`}
        >
          <ul aria-label="Reconciliation problems" className="list-disc space-y-1 pl-4">
            {report.problems.map((p, i) => (
              <li key={`${p.reference}-${i}`}>
                <span className="font-semibold">{p.reference}</span>: {p.problem}
              </li>
            ))}
          </ul>
        </Alert>
      )}
    </div>
  )
}

function chainLabel(chain: AuditChain): string {
  if (chain.ok) return `${chain.chain}: ${formatCount(chain.rows)} rows intact`
  const where =
    chain.brokenRowId === null ? 'broken at its end' : `broken at row ${chain.brokenRowId}`
  return `${chain.chain}: ${where}: ${chain.reason ?? 'no reason given'}`
}

function ChainBadges({ chains }: { chains: AuditChain[] }) {
  return (
    <ul aria-label="Audit chains" className="flex flex-wrap gap-2">
      {chains.map((chain) => (
        <li key={chain.chain}>
          <Badge
            variant={chain.ok ? 'success' : 'destructive'}
            className="whitespace-normal text-left normal-case"
          >
            {chainLabel(chain)}
          </Badge>
        </li>
      ))}
    </ul>
  )
}

/**
 * Money & audit: the ledger reconciled against every booking and the tamper-evident chains
 * verified, the same checks as `node ace payments:reconcile` and `node ace audit:verify`.
 */
export function MoneyHealth() {
  const reconciliation = useReconciliation()
  const audit = useAuditVerification()

  return (
    <Card id="money" className="scroll-mt-20">
      <CardHeader>
        <CardTitle>Money &amp; audit</CardTitle>
        <CardDescription>
          Every charge against payouts, the platform share, refunds and escrow, and the
          tamper-evident audit trails checked from their first row.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <section aria-label="Reconciliation">
          {reconciliation.isLoading && !reconciliation.data ? (
            <ChartSkeleton />
          ) : reconciliation.error && !reconciliation.data ? (
            <LoadError
              title="Could not load the reconciliation"
              error={reconciliation.error}
              onRetry={() => void reconciliation.mutate()}
              retrying={reconciliation.isValidating}
            />
          ) : reconciliation.data ? (
            <ReconciliationSection report={reconciliation.data} />
          ) : null}
        </section>

        <section aria-label="Audit chains status" className="space-y-2">
          <h3 className="text-sm font-semibold text-slate-900">Audit chains</h3>
          {audit.isLoading && !audit.data ? (
            <div
              className="flex gap-2"
              role="status"
              aria-busy="true"
              aria-label="Loading audit chains"
            >
              <Skeleton className="h-6 w-56" />
              <Skeleton className="h-6 w-56" />
            </div>
          ) : audit.error && !audit.data ? (
            <LoadError
              title="Could not verify the audit chains"
              error={audit.error}
              onRetry={() => void audit.mutate()}
              retrying={audit.isValidating}
            />
          ) : audit.data ? (
            <ChainBadges chains={audit.data.chains} />
          ) : null}
        </section>
      </CardContent>
    </Card>
  )
}
