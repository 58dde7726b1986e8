import { TextField } from '@/components/ui/text-field'
import type { useRegistrationForm } from '@/features/auth/hooks/use-registration-form'
import { PASSWORD_HINT } from '@/features/auth/utils/validation'

/** Password and its confirmation, for both sign-up forms. */
export function PasswordFields({
  textField,
}: {
  textField: ReturnType<typeof useRegistrationForm>['textField']
}) {
  return (
    <>
      <TextField
        {...textField('password')}
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={PASSWORD_HINT}
      />
      <TextField
        {...textField('confirmPassword')}
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
      />
    </>
  )
}
