import type * as React from 'react'
import { TextField } from '@/components/ui/text-field'
import { FreightClassPreview, FreightDetailsFields } from '@/components/freight-details-fields'
import { usePlatformConstants } from '@/lib/platform-constants'
import { formatCount } from '@/lib/format'
import {
  previewBookingClass,
  type BookingFreightField,
  type BookingFreightValues,
} from '@/lib/booking-freight'

const FREIGHT_ORDER: BookingFreightField[] = [
  'weightLbs',
  'length',
  'width',
  'height',
  'commodity',
  'consignee',
  'packaging',
  'pieces',
  'unNumber',
  'hazardClass',
]

/** Focuses the first input in error; answers it, or undefined when there is none. */
export function focusFirstFreightError(found: Partial<Record<BookingFreightField, string>>) {
  const first = FREIGHT_ORDER.find((f) => found[f])
  if (first) document.getElementById(`booking-freight-${first}`)?.focus()
  return first
}

/**
 * What is shipping (docs/decisions/0257): weight and the size of one pallet, with the density
 * and class the server will compute as the shipper types, and the Post a Load form's freight
 * fields. Optional: left untouched, the booking declares nothing. A partner booking's weight is
 * its quote's (`fixedWeightLbs`): shown, not asked.
 */
export function BookingFreightSection({
  pallets,
  values,
  errors,
  onChange,
  fixedWeightLbs,
  priceNote,
}: {
  pallets: number
  values: BookingFreightValues
  errors: Partial<Record<BookingFreightField, string>>
  onChange: (field: BookingFreightField, value: string) => void
  fixedWeightLbs?: number
  /** what the class does to this booking's price, in a sentence */
  priceNote: string
}) {
  const defaults = usePlatformConstants().data?.load.defaults
  const field = (name: 'weightLbs' | 'length' | 'width' | 'height') => ({
    id: `booking-freight-${name}`,
    value: values[name],
    error: errors[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => onChange(name, e.target.value),
    type: 'number',
    inputMode: 'numeric' as const,
    min: 1,
    step: 1,
  })
  const perPallet = defaults ? defaults.weightLbs / defaults.pallets : undefined
  const fixed = fixedWeightLbs !== undefined
  const inputs = ['weightLbs', 'length', 'width', 'height']
    .filter((name) => !(fixed && name === 'weightLbs'))
    .map((name) => `booking-freight-${name}`)
    .join(' ')
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">Freight details</legend>
      <p className="text-xs text-slate-500">
        Optional. Printed on the bill of lading and the rate confirmation. {priceNote}
      </p>
      {fixed ? (
        <p className="text-sm text-slate-700">
          Weight <strong>{formatCount(fixedWeightLbs)} lb</strong>, as quoted
        </p>
      ) : null}
      <div className={`grid grid-cols-2 gap-3 ${fixed ? 'sm:grid-cols-3' : 'sm:grid-cols-4'}`}>
        {fixed ? null : (
          <TextField
            {...field('weightLbs')}
            label="Weight (lbs)"
            placeholder={perPallet ? String(pallets * perPallet) : undefined}
          />
        )}
        <TextField
          {...field('length')}
          label="Length (in)"
          placeholder={defaults ? String(defaults.dims.l) : undefined}
        />
        <TextField
          {...field('width')}
          label="Width (in)"
          placeholder={defaults ? String(defaults.dims.w) : undefined}
        />
        <TextField
          {...field('height')}
          label="Height (in)"
          placeholder={defaults ? String(defaults.dims.h) : undefined}
        />
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <FreightClassPreview
          preview={previewBookingClass(values, pallets, defaults, fixedWeightLbs)}
          inputs={inputs}
          when={`for ${formatCount(pallets)} pallet${pallets === 1 ? '' : 's'} when you book`}
        />
        <FreightDetailsFields
          idPrefix="booking-freight"
          values={values}
          errors={errors}
          onChange={onChange}
        />
      </div>
    </fieldset>
  )
}
