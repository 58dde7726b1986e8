import * as React from 'react'
import { WhenVisible } from '@/components/when-visible'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import type { MonthlyEarning } from '@/features/carrier/api/get-carrier-dashboard'
import { formatCount, formatCurrency } from '@/lib/format'

const EarningsChart = React.lazy(() => import('@/features/carrier/components/earnings-chart'))

function ChartSkeleton() {
  return (
    <div
      className="flex h-72 items-end gap-2"
      role="status"
      aria-busy="true"
      aria-label="Loading monthly earnings"
    >
      {[40, 65, 30, 80, 55, 70, 45, 90, 60, 35, 75, 50].map((h, i) => (
        <Skeleton key={i} className="flex-1" style={{ height: `${h}%` }} />
      ))}
    </div>
  )
}

/** Monthly Earnings: a bar chart of 12 months, with the same figures as a table for screen readers. */
export function MonthlyEarningsCard({ months }: { months: MonthlyEarning[] | undefined }) {
  const total = months?.reduce((sum, m) => sum + m.amount, 0) ?? 0
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-4 space-y-0">
        <div>
          <CardTitle>Monthly Earnings</CardTitle>
          <CardDescription>
            Totals of bookings delivered in each of the last 12 months.
          </CardDescription>
        </div>
        {months ? (
          <p className="text-right text-sm text-slate-500">
            12-month total
            <span className="block text-lg font-semibold text-slate-900">
              {formatCurrency(total)}
            </span>
          </p>
        ) : null}
      </CardHeader>
      <CardContent>
        {!months ? (
          <ChartSkeleton />
        ) : (
          <>
            <WhenVisible fallback={<ChartSkeleton />}>
              <React.Suspense fallback={<ChartSkeleton />}>
                <EarningsChart months={months} />
              </React.Suspense>
            </WhenVisible>
            {/* A table ignores sr-only's 1px box and would stretch the page: wrap it. */}
            <div className="sr-only">
              <table>
                <caption>Monthly earnings</caption>
                <thead>
                  <tr>
                    <th scope="col">Month</th>
                    <th scope="col">Earnings</th>
                    <th scope="col">Loads</th>
                  </tr>
                </thead>
                <tbody>
                  {months.map((m) => (
                    <tr key={m.month}>
                      <th scope="row">{m.label}</th>
                      <td>{formatCurrency(m.amount)}</td>
                      <td>{formatCount(m.loads)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  )
}
