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

const RULES: RegistrationRules = { phoneOptional: true }
const ID_PREFIX = 'signup-'
const BANNER_MS = 5000

/**
 * The Sign Up tab of /auth: optional phone, role defaulting to shipper. Users sign in with
 * their email (the server makes it the username), so there is no username to choose.
 */
export function SignUpForm() {
  const { register, isRegistering } = useAuth()
  const { values, setField, errorFor, textField, validate, applyServerErrors, toPayload } =
    useRegistrationForm(RULES, ID_PREFIX)
  const [banner, showBanner, hideBanner] = useTransientValue<string[]>(BANNER_MS)
  const id = (field: string) => `${ID_PREFIX}${field}`

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!validate()) return
    hideBanner()
    try {
      await register(toPayload())
    } catch (error) {
      showBanner(applyServerErrors(error))
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Sign up">
      <RegistrationFailedBanner messages={banner} />
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
        hint="Optional"
      />
      <FormField id={id('role')} label="Role" error={errorFor('role')}>
        <NativeSelect
          id={id('role')}
          value={values.role}
          onChange={(e) => setField('role', e.target.value as AccountRole)}
        >
          <option value="shipper">Shipper</option>
          <option value="carrier">Carrier</option>
        </NativeSelect>
      </FormField>
      {values.role === 'carrier' ? (
        <CarrierDetailsFields
          idPrefix={ID_PREFIX}
          values={values}
          setField={setField}
          errorFor={errorFor}
          textField={textField}
        />
      ) : null}
      <PasswordFields textField={textField} />
      <TermsAcceptance
        id={id('termsAccepted')}
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
