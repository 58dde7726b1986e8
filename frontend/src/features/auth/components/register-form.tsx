import * as React from 'react'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { NativeSelect } from '@/components/ui/native-select'
import { TextField } from '@/components/ui/text-field'
import { useTransientValue } from '@/hooks/use-transient-value'
import { useAuth } from '@/features/auth/hooks/use-auth'
import { useRegistrationForm } from '@/features/auth/hooks/use-registration-form'
import { CarrierDetailsFields } from '@/features/auth/components/carrier-details-fields'
import { PasswordFields } from '@/features/auth/components/password-fields'
import { TermsAcceptance } from '@/features/auth/components/terms-acceptance'
import { RegistrationFailedBanner } from '@/features/auth/components/registration-failed-banner'
import type { AccountRole, RegistrationRules } from '@/features/auth/utils/validation'

const BANNER_MS = 5000
const RULES: RegistrationRules = {}
const ID_PREFIX = ''

/** The /register screen's form. The email doubles as the username. */
export function RegisterForm() {
  const { register, isRegistering } = useAuth()
  const { values, setField, errorFor, textField, validate, applyServerErrors, toPayload } =
    useRegistrationForm(RULES, ID_PREFIX)
  const [banner, showBanner, hideBanner] = useTransientValue<string[]>(BANNER_MS)

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!validate()) return
    hideBanner()
    try {
      await register(toPayload())
    } catch (error) {
      const unplaced = applyServerErrors(error)
      showBanner(unplaced)
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Create account">
      <RegistrationFailedBanner messages={banner} />

      <FormField id="role" label="Account Type" error={errorFor('role')}>
        <NativeSelect
          id="role"
          value={values.role}
          onChange={(e) => setField('role', e.target.value as AccountRole)}
          aria-invalid={errorFor('role') ? true : undefined}
        >
          <option value="shipper">I need to ship freight</option>
          <option value="carrier">I transport freight</option>
        </NativeSelect>
      </FormField>

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField {...textField('firstName')} label="First Name" autoComplete="given-name" />
        <TextField {...textField('lastName')} label="Last Name" autoComplete="family-name" />
      </div>

      <TextField
        {...textField('email')}
        label="Email"
        type="email"
        autoComplete="email"
        hint="You will sign in with this email."
      />
      <TextField
        {...textField('phone')}
        label="Phone"
        type="tel"
        autoComplete="tel"
        placeholder="(555) 123-4567"
      />

      {values.role === 'carrier' ? (
        <CarrierDetailsFields
          idPrefix={ID_PREFIX}
          values={values}
          setField={setField}
          errorFor={errorFor}
          textField={textField}
        />
      ) : null}

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <PasswordFields textField={textField} />
      </div>

      <TermsAcceptance
        id="termsAccepted"
        checked={values.termsAccepted}
        onChange={(checked) => setField('termsAccepted', checked)}
        error={errorFor('termsAccepted')}
      />

      <Button type="submit" className="w-full" disabled={isRegistering || !values.termsAccepted}>
        {isRegistering ? 'Creating Account...' : 'Create Account'}
      </Button>
    </form>
  )
}
