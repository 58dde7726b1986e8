import { Star } from 'lucide-react'
import { cn } from '@/lib/utils'

/**
 * 1-5 stars as a radio group: Tab reaches the group, arrow keys move between stars (native
 * radios), Space selects. Each star is labelled "3 stars" for screen readers.
 */
export function StarRatingInput({
  name,
  label,
  value,
  onChange,
  error,
  disabled,
}: {
  name: string
  label: string
  value: number | undefined
  onChange: (value: number) => void
  error?: string
  disabled?: boolean
}) {
  const errorId = `${name}-error`
  return (
    <fieldset
      className="space-y-1"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      disabled={disabled}
    >
      <legend className="text-sm font-medium text-slate-800">{label}</legend>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            className="cursor-pointer rounded focus-within:ring-2 focus-within:ring-brand-500"
          >
            <input
              type="radio"
              className="sr-only"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              aria-label={`${n} star${n === 1 ? '' : 's'}`}
            />
            <Star
              aria-hidden="true"
              className={cn(
                'h-7 w-7',
                value !== undefined && n <= value
                  ? 'fill-amber-400 text-amber-400'
                  : 'text-slate-300'
              )}
            />
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
