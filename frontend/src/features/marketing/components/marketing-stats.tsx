import {
  usePlatformFigures,
  type PlatformFigures,
} from '@/features/marketing/api/get-platform-figures'
import { formatCount } from '@/lib/format'

type Stat = { value: string; label: string }

/** `0.955` -> `95.5%`, `0.75` -> `75%` (the server gives three decimals). */
function percent(rate: number): string {
  const tenths = Math.round(rate * 1000) / 10
  return `${Number.isInteger(tenths) ? tenths : tenths.toFixed(1)}%`
}

/**
 * The strip under the hero of the landing and about pages: the platform's own figures
 * (approved carriers, delivered shipments, on-time rate) once it has them; until then, and
 * while they load or if they cannot be read, what each stands for in words, never a number
 * (docs/decisions/0190). The prerendered HTML is the wording.
 */
export function marketingStats(figures: PlatformFigures | undefined): Stat[] {
  return [
    figures && figures.approvedCarriers > 0
      ? { value: formatCount(figures.approvedCarriers), label: 'Approved carriers' }
      : { value: 'Vetted', label: 'Carriers, checked against FMCSA records' },
    figures && figures.deliveredShipments > 0
      ? { value: formatCount(figures.deliveredShipments), label: 'Shipments delivered' }
      : { value: 'Tracked', label: 'Shipments, from pickup to delivery' },
    figures && figures.onTimeRate !== null
      ? { value: percent(figures.onTimeRate), label: 'Delivered on time' }
      : { value: 'Measured', label: 'On-time record of every carrier' },
  ]
}

export function MarketingStats({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  const { data } = usePlatformFigures()
  const dark = tone === 'dark'
  return (
    <dl className="grid grid-cols-1 gap-6 text-center sm:grid-cols-3">
      {marketingStats(data).map((s) => (
        <div key={s.label} className="flex flex-col">
          <dt className={dark ? 'text-sm text-slate-300' : 'text-sm text-slate-500'}>{s.label}</dt>
          <dd
            className={`order-first text-3xl font-bold ${dark ? 'text-brand-400' : 'text-brand-700'}`}
          >
            {s.value}
          </dd>
        </div>
      ))}
    </dl>
  )
}
