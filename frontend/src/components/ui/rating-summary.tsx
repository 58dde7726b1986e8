import { Star } from 'lucide-react'
import { cn } from '@/lib/utils'
import { formatPercent } from '@/lib/format'

/** Five stars filled to `value` (0-5), for display only. */
export function Stars({ value, className }: { value: number; className?: string }) {
  return (
    <span className={cn('inline-flex', className)} aria-hidden="true">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          className={cn(
            'h-3.5 w-3.5',
            value >= n - 0.25 ? 'fill-amber-400 text-amber-400' : 'text-slate-300'
          )}
        />
      ))}
    </span>
  )
}

/** `4.7` from `4.67`: the average as the cards show it. */
export const formatRating = (average: number) => average.toFixed(1)

/**
 * A rating as cards show it: stars, the average, the number of reviews and, for carriers, the
 * measured on-time rate. "No reviews yet" until a review is published.
 */
export function RatingSummary({
  average,
  count,
  onTimeRate,
  className,
}: {
  average: number | null
  count: number
  onTimeRate?: number | null
  className?: string
}) {
  const reviews = `${count} review${count === 1 ? '' : 's'}`
  const onTime = onTimeRate == null ? null : `${formatPercent(onTimeRate)} on time`
  const label =
    average == null
      ? ['No reviews yet', onTime].filter(Boolean).join(', ')
      : [`Rated ${formatRating(average)} out of 5 from ${reviews}`, onTime]
          .filter(Boolean)
          .join(', ')
  return (
    <span
      className={cn(
        'inline-flex flex-wrap items-center gap-x-1.5 text-xs text-slate-600',
        className
      )}
      role="img"
      aria-label={label}
    >
      {average == null ? (
        <span>No reviews yet</span>
      ) : (
        <>
          <Stars value={average} />
          <span className="font-semibold text-slate-900">{formatRating(average)}</span>
          <span>({reviews})</span>
        </>
      )}
      {onTime ? <span>· {onTime}</span> : null}
    </span>
  )
}
