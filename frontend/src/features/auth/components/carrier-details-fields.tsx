import { Truck } from 'lucide-react'
import { StateSelectField } from '@/components/state-select-field'
import { TextField } from '@/components/ui/text-field'
import type { RegistrationField, RegistrationValues } from '@/features/auth/utils/validation'

type CarrierDetailsFieldsProps = {
  idPrefix: string
  values: RegistrationValues
  setField: <K extends RegistrationField>(field: K, value: RegistrationValues[K]) => void
  errorFor: (field: RegistrationField) => string | undefined
  disabled?: boolean
}

/** The carrier-only block of the registration forms. */
export function CarrierDetailsFields({
  idPrefix,
  values,
  setField,
  errorFor,
  disabled,
}: CarrierDetailsFieldsProps) {
  const id = (field: RegistrationField) => `${idPrefix}${field}`
  return (
    <fieldset
      className="space-y-4 rounded-lg border border-brand-200 bg-brand-50/50 p-4"
      disabled={disabled}
    >
      <legend className="flex items-center gap-2 px-1 text-sm font-semibold text-brand-800">
        <Truck className="h-4 w-4" aria-hidden="true" /> Carrier Information
      </legend>
      <TextField
        id={id('companyName')}
        label="Company Name"
        autoComplete="organization"
        value={values.companyName}
        onChange={(e) => setField('companyName', e.target.value)}
        error={errorFor('companyName')}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          id={id('dotNumber')}
          label="DOT Number"
          hint="Optional"
          inputMode="numeric"
          value={values.dotNumber}
          onChange={(e) => setField('dotNumber', e.target.value)}
          error={errorFor('dotNumber')}
        />
        <TextField
          id={id('mcNumber')}
          label="MC Number"
          hint="Optional"
          value={values.mcNumber}
          onChange={(e) => setField('mcNumber', e.target.value)}
          error={errorFor('mcNumber')}
        />
      </div>
      <TextField
        id={id('businessAddress')}
        label="Business Address"
        autoComplete="street-address"
        value={values.businessAddress}
        onChange={(e) => setField('businessAddress', e.target.value)}
        error={errorFor('businessAddress')}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <TextField
          id={id('city')}
          label="City"
          autoComplete="address-level2"
          value={values.city}
          onChange={(e) => setField('city', e.target.value)}
          error={errorFor('city')}
        />
        <StateSelectField
          id={id('state')}
          value={values.state}
          onChange={(code) => setField('state', code)}
          error={errorFor('state')}
        />
        <TextField
          id={id('zipCode')}
          label="ZIP Code"
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={10}
          value={values.zipCode}
          onChange={(e) => setField('zipCode', e.target.value)}
          error={errorFor('zipCode')}
        />
      </div>
    </fieldset>
  )
}
