import { Badge } from '@/components/ui/badge'
import { formatCount, formatCurrency, formatMiles } from '@/lib/format'
import type { RateRecommendation } from '@/features/freight-board/api/types'
import { formatHours } from '@/features/freight-board/utils/format-load'
import { recommendationBasisLine } from '@/features/freight-board/utils/recommendation-basis'

const CONFIDENCE_VARIANT = { high: 'success', medium: 'info', low: 'warning' } as const

/** The suggested price range and what it rests on, so the shipper sees why. */
export function RateEstimate({ recommendation }: { recommendation: RateRecommendation }) {
  const { low, mid, high, distance_miles, eta_hours, confidence, basis } = recommendation
  const { pallets, per_pallet_mile } = recommendation
  return (
    <section
      aria-label="Rate estimate"
      className="space-y-3 rounded-lg border border-brand-200 bg-brand-50 p-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm font-medium text-slate-700">Suggested range</p>
        <p className="text-lg font-semibold text-slate-900">
          {formatCurrency(low)} – {formatCurrency(high)}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-slate-600">Mid</dt>
          <dd className="font-semibold text-slate-900">{formatCurrency(mid)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Per pallet-mile</dt>
          <dd className="font-semibold text-slate-900">{formatCurrency(per_pallet_mile)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Distance</dt>
          <dd className="font-semibold text-slate-900">{formatMiles(distance_miles)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Transit</dt>
          <dd className="font-semibold text-slate-900">{formatHours(eta_hours)}</dd>
        </div>
      </dl>
      <div className="space-y-1 border-t border-brand-200 pt-3 text-sm text-slate-700">
        <p className="flex flex-wrap items-center gap-2">
          <Badge variant={CONFIDENCE_VARIANT[confidence]}>{confidence} confidence</Badge>
          <span>
            {recommendationBasisLine({
              ...recommendation,
              method: basis.method,
              scope: basis.scope,
            })}
          </span>
        </p>
        <p>
          Mid of {formatCurrency(mid)} for {formatCount(pallets)}{' '}
          {pallets === 1 ? 'pallet' : 'pallets'} over {formatMiles(distance_miles)}. A truck&apos;s
          cost is mostly the truck, so a larger load pays less per pallet-mile.
        </p>
        <p>{basis.description}</p>
      </div>
    </section>
  )
}
