import * as React from 'react'
import { ShieldCheck } from 'lucide-react'
import { LoadStates } from '@/components/load-states'
import { Badge } from '@/components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { Skeleton } from '@/components/ui/skeleton'
import { StatCard, StatCardSkeleton } from '@/components/ui/stat-card'
import { useEscrow } from '@/features/tms/api/get-escrow'
import { formatCurrency, formatDate } from '@/lib/format'

// recharts is its own chunk, loaded only when a shipper opens this tab with funds to chart.
const EscrowChart = React.lazy(() => import('@/features/tms/components/escrow-chart'))

const STATUS_LABEL = { HELD: 'Held', RELEASED: 'Released', REFUNDED: 'Refunded' } as const
const STATUS_VARIANT = { HELD: 'warning', RELEASED: 'success', REFUNDED: 'secondary' } as const

/** Payment Escrow: the shipper's funds held, released to carriers and refunded, per shipment. */
export function PaymentEscrow({ isShipper }: { isShipper: boolean }) {
  const query = useEscrow(isShipper)
  if (!isShipper) {
    return (
      <EmptyState
        icon={ShieldCheck}
        title="Escrow is the shipper's view"
        description="Shippers' payments are held in escrow until delivery, then released to the carrier (or refunded). Carriers follow their payouts on the carrier dashboard."
      />
    )
  }
  const totals = query.data?.totals
  return (
    <div className="space-y-6">
      {query.isLoading ? (
        <div className="grid gap-4 sm:grid-cols-3" aria-label="Loading escrow totals">
          <StatCardSkeleton />
          <StatCardSkeleton />
          <StatCardSkeleton />
        </div>
      ) : totals ? (
        <div className="grid gap-4 sm:grid-cols-3">
          <StatCard
            label="Held"
            value={formatCurrency(totals.held)}
            detail="Paid, awaiting delivery"
          />
          <StatCard
            label="Released"
            value={formatCurrency(totals.released)}
            detail="Paid out to carriers"
          />
          <StatCard label="Refunded" value={formatCurrency(totals.refunded)} detail="Back to you" />
        </div>
      ) : null}
      {totals && totals.held + totals.released + totals.refunded > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle>Escrow totals</CardTitle>
          </CardHeader>
          <CardContent>
            <React.Suspense fallback={<Skeleton className="h-48 w-full" />}>
              <EscrowChart totals={totals} />
            </React.Suspense>
          </CardContent>
        </Card>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle>Per shipment</CardTitle>
          <CardDescription>Each paid shipment and where its money is.</CardDescription>
        </CardHeader>
        <CardContent>
          <LoadStates
            query={{ ...query, data: query.data?.shipments }}
            loadingLabel="Loading escrow"
            errorTitle="Could not load your escrow"
            empty={{
              icon: ShieldCheck,
              title: 'No funds in escrow',
              description: 'A payment is held here from the moment you pay a booking.',
            }}
          >
            {(rows) => (
              <ul
                aria-label="Escrow by shipment"
                className="divide-y divide-slate-200 rounded-md border"
              >
                {rows.map((row) => (
                  <li
                    key={row.shipmentId}
                    className="flex flex-col gap-1 px-3 py-3 sm:flex-row sm:items-center sm:justify-between"
                  >
                    <div className="min-w-0 text-sm">
                      <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                        {row.reference}
                        <Badge variant={STATUS_VARIANT[row.status]}>
                          {STATUS_LABEL[row.status]}
                        </Badge>
                      </p>
                      <p className="text-slate-600">
                        {[row.route.from, row.route.to].filter(Boolean).join(' → ') ||
                          'Route unknown'}{' '}
                        · held {formatDate(row.heldAt)}
                        {row.updatedAt && row.status !== 'HELD'
                          ? ` · ${STATUS_LABEL[row.status].toLowerCase()} ${formatDate(row.updatedAt)}`
                          : ''}
                      </p>
                    </div>
                    <p className="text-base font-semibold tabular-nums text-slate-900">
                      {formatCurrency(row.amount)}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </LoadStates>
        </CardContent>
      </Card>
    </div>
  )
}
