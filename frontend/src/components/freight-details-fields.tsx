import type * as React from 'react'
import { FormField } from '@/components/ui/form-field'
import { NativeSelect } from '@/components/ui/native-select'
import { TextField } from '@/components/ui/text-field'
import { PACKAGING_TYPES, type FreightClass } from '@/lib/freight-class'
import {
  PACKAGING_LABELS,
  type FreightDetailsField,
  type FreightDetailsValues,
} from '@/lib/freight-details'

/** The density and NMFC class of what is typed, as the server will store them (decision 0228). */
export function FreightClassPreview({
  preview,
  inputs,
  when,
}: {
  preview: { densityPcf: number; freightClass: FreightClass } | null
  /** the ids of the inputs it is computed from */
  inputs: string
  /** when the server computes it: "when you publish", "when you book" */
  when: string
}) {
  return (
    <output
      htmlFor={inputs}
      aria-live="polite"
      aria-label="Density and freight class"
      className="flex flex-wrap items-baseline gap-x-6 gap-y-1 rounded-md border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700 sm:col-span-2"
    >
      {preview ? (
        <>
          <span>
            Density <strong className="text-slate-900">{preview.densityPcf} lb/cu ft</strong>
          </span>
          <span>
            NMFC class <strong className="text-slate-900">{preview.freightClass}</strong>
          </span>
          <span className="text-xs text-slate-500">
            2025 density scale; the server computes the same {when}.
          </span>
        </>
      ) : (
        <span>Density and class show once pallets, weight and dimensions are numbers.</span>
      )}
    </output>
  )
}

/**
 * What the freight is: commodity, consignee, packaging, pieces, and the hazmat box with its UN
 * number and hazard class (docs/decisions/0228, 0257). The Post a Load form and the instant
 * booking form both show it; each keeps the values and passes `idPrefix` for its own ids.
 */
export function FreightDetailsFields({
  idPrefix,
  values,
  errors,
  onChange,
  commodityHint,
}: {
  idPrefix: string
  values: FreightDetailsValues
  errors: Partial<Record<FreightDetailsField, string>>
  onChange: (field: FreightDetailsField, value: string) => void
  commodityHint?: string
}) {
  const field = (name: FreightDetailsField) => ({
    id: `${idPrefix}-${name}`,
    value: values[name],
    error: errors[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => onChange(name, e.target.value),
  })
  return (
    <>
      <TextField
        {...field('commodity')}
        label="Commodity"
        placeholder="e.g. Canned tomatoes"
        maxLength={100}
        hint={commodityHint}
      />
      <TextField
        {...field('consignee')}
        label="Consignee"
        placeholder="Who receives it"
        maxLength={100}
      />
      <FormField id={`${idPrefix}-packaging`} label="Packaging" error={errors.packaging}>
        <NativeSelect
          id={`${idPrefix}-packaging`}
          value={values.packaging}
          onChange={(e) => onChange('packaging', e.target.value)}
        >
          {PACKAGING_TYPES.map((value) => (
            <option key={value} value={value}>
              {PACKAGING_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <TextField
        {...field('pieces')}
        label="Pieces"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        placeholder="Cartons, drums..."
      />
      <div className="flex items-center gap-3 sm:col-span-2">
        <input
          id={`${idPrefix}-hazmat`}
          type="checkbox"
          className="h-4 w-4 shrink-0 rounded border-slate-300 accent-brand-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          checked={values.hazmat === 'yes'}
          onChange={(e) => onChange('hazmat', e.target.checked ? 'yes' : '')}
        />
        <label htmlFor={`${idPrefix}-hazmat`} className="text-sm text-slate-700">
          Hazardous materials (hazmat)
        </label>
      </div>
      {values.hazmat === 'yes' ? (
        <>
          <TextField
            {...field('unNumber')}
            label="UN number"
            placeholder="e.g. UN1263"
            maxLength={6}
            autoComplete="off"
            aria-required="true"
          />
          <TextField
            {...field('hazardClass')}
            label="Hazard class"
            placeholder="e.g. 3 or 2.1"
            maxLength={5}
            autoComplete="off"
            aria-required="true"
          />
        </>
      ) : null}
    </>
  )
}
