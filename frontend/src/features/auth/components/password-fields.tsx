import { TextField } from '@/components/ui/text-field'
import type { useRegistrationForm } from '@/features/auth/hooks/use-registration-form'

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
