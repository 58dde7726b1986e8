import { useBookableAccessorials } from '@/features/shipper/api/get-accessorials'
import { formatCurrency } from '@/lib/format'

/** Detention is billed from the carrier's documented times, never asked for up front. */
const NOT_BOOKABLE = new Set(['DETENTION_HR'])

/**
 * Accessorials the shipper asks for with the booking (liftgate, residential, appointment...):
 * priced by the server from the list and billed on the carrier's invoice as booked.
 */
export function AccessorialPicker({
  value,
  onChange,
  error,
}: {
  value: string[]
  onChange: (codes: string[]) => void
  error?: string
}) {
  const { data, isLoading } = useBookableAccessorials()
  const choices = (data?.accessorials ?? []).filter((a) => !NOT_BOOKABLE.has(a.code))
  if (isLoading) return <p className="text-sm text-slate-500">Loading accessorials…</p>
  if (choices.length === 0) return null
  return (
    <fieldset className="rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">Accessorials (optional)</legend>
      <p className="mb-2 text-xs text-slate-500">
        Billed with the carrier&apos;s invoice at these prices.
      </p>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {choices.map((a) => (
          <label key={a.code} className="flex items-start gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              className="mt-0.5 h-4 w-4"
              checked={value.includes(a.code)}
              onChange={(e) =>
                onChange(e.target.checked ? [...value, a.code] : value.filter((c) => c !== a.code))
              }
            />
            <span>
              {a.description} ({formatCurrency(a.defaultPrice)})
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
