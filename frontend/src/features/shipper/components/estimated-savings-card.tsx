import { PiggyBank } from 'lucide-react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { formatCurrency } from '@/lib/format'
import { useDashboardMetrics } from '@/features/shipper/api/get-dashboard-metrics'
import { LoadError } from '@/components/ui/load-error'

/**
 * Estimated savings against a reference LTL market rate over the past months, with the
 * assumption spelled out: it is an estimate, not money returned.
 */
export function EstimatedSavingsCard() {
  const { data, error, isLoading, isValidating, mutate } = useDashboardMetrics()
  const basis = data?.savingsBasis
  const months = basis?.periodMonths ?? 6

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <span className="flex items-center gap-2">
            <PiggyBank className="h-5 w-5 text-emerald-600" aria-hidden="true" />
            Estimated Savings
          </span>
        </CardTitle>
        <CardDescription>
          Estimated against the market over the past {months} months.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <div
            className="space-y-3"
            role="status"
            aria-busy="true"
            aria-label="Loading estimated savings"
          >
            <Skeleton className="h-10 w-40" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : error ? (
          <LoadError
            title="Could not load estimated savings"
            error={error}
            onRetry={() => void mutate()}
            retrying={isValidating}
          />
        ) : data && basis ? (
          <div className="space-y-3">
            <p className="text-3xl font-bold text-emerald-700" aria-label="Estimated savings">
              {formatCurrency(data.estimatedSavings)}
            </p>
            <p className="text-sm text-slate-600">
              {basis.bookings > 0 ? (
                <>
                  Estimated over your {basis.bookings} booking{basis.bookings === 1 ? '' : 's'} of
                  the past {basis.periodMonths} months: for each, what it would have cost at a
                  reference LTL market rate of {formatCurrency(basis.referenceRatePerPalletMile)}{' '}
                  per pallet-mile minus what you paid here ({formatCurrency(basis.paid)} in total).
                </>
              ) : (
                <>
                  No bookings in the past {basis.periodMonths} months yet. Savings are estimated
                  against a reference LTL market rate of{' '}
                  {formatCurrency(basis.referenceRatePerPalletMile)} per pallet-mile.
                </>
              )}
            </p>
            <p className="text-xs text-slate-500">
              Market rates vary by lane and season; this figure is an estimate, not a refund.
            </p>
          </div>
        ) : null}
      </CardContent>
    </Card>
  )
}
