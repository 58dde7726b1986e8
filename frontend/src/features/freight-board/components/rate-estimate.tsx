import { Badge } from '@/components/ui/badge'
import { formatCount, formatCurrency, formatMiles } from '@/lib/format'
import type { RateRecommendation } from '@/features/freight-board/api/types'
import { formatHours } from '@/features/freight-board/utils/format-load'

const CONFIDENCE_VARIANT = { high: 'success', medium: 'info', low: 'warning' } as const

/** The suggested price range and what it rests on, so the shipper sees why. */
export function RateEstimate({ recommendation }: { recommendation: RateRecommendation }) {
  const { low, mid, high, distance_miles, eta_hours, sample_size, confidence, basis } =
    recommendation
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
      <dl className="grid grid-cols-3 gap-3 text-sm">
        <div>
          <dt className="text-slate-600">Mid</dt>
          <dd className="font-semibold text-slate-900">{formatCurrency(mid)}</dd>
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
            {basis.method === 'lane_history'
              ? `Based on ${formatCount(sample_size)} comparable ${sample_size === 1 ? 'load' : 'loads'}`
              : 'Based on the cost model'}
          </span>
        </p>
        <p>{basis.description}</p>
      </div>
    </section>
  )
}
