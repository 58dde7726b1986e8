import type { ProfileInput } from '@/features/auth/api/update-profile'

export type ProfileField = keyof ProfileInput
export type ProfileValues = Record<ProfileField, string>
export type ProfileErrors = Partial<Record<ProfileField, string>>

/** The server's rules (PUT /api/account/profile), checked before sending. */
export function validateProfile(values: ProfileValues): ProfileErrors {
  const errors: ProfileErrors = {}
  const name = (field: 'firstName' | 'lastName', label: string) => {
    const value = values[field].trim()
    if (value.length < 2) errors[field] = `${label} is required`
    else if (value.length > 100) errors[field] = `${label} must be at most 100 characters`
  }
  name('firstName', 'First name')
  name('lastName', 'Last name')
  const phone = values.phone.trim()
  if (phone && (phone.length < 10 || phone.length > 32)) {
    errors.phone = 'Valid phone number is required'
  }
  return errors
}

/** What is sent: trimmed names, and no phone when the field is empty. */
export function toProfileInput(values: ProfileValues): ProfileInput {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    phone: values.phone.trim() || null,
  }
}
