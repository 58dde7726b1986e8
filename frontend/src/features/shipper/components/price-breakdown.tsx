import { formatCurrency, formatMiles } from '@/lib/format'
import { SharePercent } from '@/lib/platform-constants'
import type { PriceBreakdown as Breakdown } from '@/features/shipper/api/search-listings'

/**
 * Itemised price: line haul (pallets × miles × rate), the platform fee (its percent from the
 * server's constants, docs/decisions/0200) and total, exactly the figures the server computed
 * for this shipment.
 */
export function PriceBreakdown({
  breakdown,
  pallets,
  miles,
  rate,
  label = 'Price breakdown',
}: {
  breakdown: Breakdown
  pallets: number
  miles: number
  rate: number
  label?: string
}) {
  return (
    <dl className="space-y-1 text-sm" aria-label={label}>
      <div className="flex justify-between gap-3">
        <dt className="text-slate-600">
          Line haul{' '}
          <span className="text-xs text-slate-500">
            ({pallets} pallet{pallets === 1 ? '' : 's'} × {formatMiles(miles)} ×{' '}
            {formatCurrency(rate)})
          </span>
        </dt>
        <dd className="font-medium text-slate-900">{formatCurrency(breakdown.lineHaul)}</dd>
      </div>
      <div className="flex justify-between gap-3">
        <dt className="text-slate-600">
          Platform fee <SharePercent share="platform" />
        </dt>
        <dd className="font-medium text-slate-900">{formatCurrency(breakdown.platformFee)}</dd>
      </div>
      <div className="flex justify-between gap-3 border-t border-slate-200 pt-1">
        <dt className="font-semibold text-slate-900">Total</dt>
        <dd className="font-semibold text-slate-900">{formatCurrency(breakdown.total)}</dd>
      </div>
    </dl>
  )
}
