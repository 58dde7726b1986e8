import { Truck } from 'lucide-react'
import { StateSelectField } from '@/components/state-select-field'
import { TextField } from '@/components/ui/text-field'
import type { RegistrationField, RegistrationValues } from '@/features/auth/utils/validation'
import type { useRegistrationForm } from '@/features/auth/hooks/use-registration-form'

type CarrierDetailsFieldsProps = {
  idPrefix: string
  values: RegistrationValues
  setField: <K extends RegistrationField>(field: K, value: RegistrationValues[K]) => void
  errorFor: (field: RegistrationField) => string | undefined
  textField: ReturnType<typeof useRegistrationForm>['textField']
  disabled?: boolean
}

/** The carrier-only block of the registration forms. */
export function CarrierDetailsFields({
  idPrefix,
  values,
  setField,
  errorFor,
  textField,
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
      <TextField {...textField('companyName')} label="Company Name" autoComplete="organization" />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          {...textField('dotNumber')}
          label="DOT Number"
          hint="Optional"
          inputMode="numeric"
        />
        <TextField {...textField('mcNumber')} label="MC Number" hint="Optional" />
      </div>
      <TextField
        {...textField('businessAddress')}
        label="Business Address"
        autoComplete="street-address"
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <TextField {...textField('city')} label="City" autoComplete="address-level2" />
        <StateSelectField
          id={id('state')}
          value={values.state}
          onChange={(code) => setField('state', code)}
          error={errorFor('state')}
        />
        <TextField
          {...textField('zipCode')}
          label="ZIP Code"
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={10}
        />
      </div>
    </fieldset>
  )
}
