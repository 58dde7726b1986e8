/** The product's marketing figures (SPEC point 1): claims, not live metrics. */
export const MARKETING_STATS = [
  { value: '2017', label: 'Moving freight since' },
  { value: '500+', label: 'Carriers' },
  { value: '10,000+', label: 'Shipments delivered' },
  { value: '99.5%', label: 'On-time delivery' },
  { value: '24/7', label: 'Support' },
] as const

export function MarketingStats({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  const dark = tone === 'dark'
  return (
    <dl className="grid grid-cols-2 gap-6 text-center sm:grid-cols-3 lg:grid-cols-5">
      {MARKETING_STATS.map((s) => (
        <div key={s.label}>
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
