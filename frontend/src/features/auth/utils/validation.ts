/**
 * Client-side rules of docs/spec.md §5, with its exact messages; the sign-in name is the email and
 * a new password has at least 12 characters (decision 0167; the server also refuses common ones).
 */

export const PASSWORD_MIN_LENGTH = 12

/** Shown beside every new-password field. */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters, and not a common password.`

export const MESSAGES = {
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  invalidEmail: 'Invalid email address',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordsDontMatch: "Passwords don't match",
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  phoneRequired: 'Valid phone number is required',
  termsRequired: 'You must accept the User Agreement',
  carrierFieldsRequired: 'All carrier information fields are required',
  roleRequired: 'Please choose an account type',
} as const

/** The carrier fields registration needs (DOT and MC numbers are optional), with their messages. */
const CARRIER_REQUIRED = {
  companyName: 'Company name is required',
  businessAddress: 'Business address is required',
  city: 'City is required',
  state: 'State is required',
  zipCode: 'ZIP code is required',
} as const

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The sign-in form: `username` is the API's name for what users sign in with, their email. */
export type SignInValues = { username: string; password: string }
export type SignInErrors = Partial<Record<keyof SignInValues, string>>

export function validateSignIn(values: SignInValues): SignInErrors {
  const errors: SignInErrors = {}
  if (!values.username.trim()) errors.username = MESSAGES.emailRequired
  if (!values.password) errors.password = MESSAGES.passwordRequired
  return errors
}

export type AccountRole = 'shipper' | 'carrier'

export type RegistrationValues = {
  role: AccountRole | ''
  firstName: string
  lastName: string
  email: string
  phone: string
  companyName: string
  dotNumber: string
  mcNumber: string
  businessAddress: string
  city: string
  state: string
  zipCode: string
  password: string
  confirmPassword: string
  termsAccepted: boolean
}

export type RegistrationField = keyof RegistrationValues
export type RegistrationErrors = Partial<Record<RegistrationField, string>>

export const emptyRegistration: RegistrationValues = {
  role: 'shipper',
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  companyName: '',
  dotNumber: '',
  mcNumber: '',
  businessAddress: '',
  city: '',
  state: '',
  zipCode: '',
  password: '',
  confirmPassword: '',
  termsAccepted: false,
}

export type RegistrationRules = {
  /** Phone is optional on the /auth sign-up form (but still at least 10 characters when given). */
  phoneOptional?: boolean
}

export function validateRegistration(
  values: RegistrationValues,
  rules: RegistrationRules = {}
): RegistrationErrors {
  const errors: RegistrationErrors = {}
  if (values.role !== 'shipper' && values.role !== 'carrier') errors.role = MESSAGES.roleRequired
  if (values.firstName.trim().length < 2) errors.firstName = MESSAGES.firstNameRequired
  if (values.lastName.trim().length < 2) errors.lastName = MESSAGES.lastNameRequired
  if (!EMAIL_PATTERN.test(values.email.trim())) errors.email = MESSAGES.invalidEmail
  const phone = values.phone.trim()
  if (!(rules.phoneOptional && phone === '') && phone.length < 10)
    errors.phone = MESSAGES.phoneRequired
  if (values.password.length < PASSWORD_MIN_LENGTH) errors.password = MESSAGES.passwordTooShort
  if (values.confirmPassword !== values.password)
    errors.confirmPassword = MESSAGES.passwordsDontMatch
  if (!values.termsAccepted) errors.termsAccepted = MESSAGES.termsRequired
  if (values.role === 'carrier') {
    // Each missing field says so on itself, by name (issue 31 item 12), not one summary.
    for (const [field, message] of Object.entries(CARRIER_REQUIRED) as [
      keyof typeof CARRIER_REQUIRED,
      string,
    ][]) {
      if (!values[field].trim()) errors[field] = message
    }
  }
  return errors
}

/**
 * Which form field shows a server-side field error (the server names payload keys; the
 * username is the email, so its errors show there).
 */
export function formFieldForServerField(field: string): RegistrationField | null {
  const known: RegistrationField[] = [
    'role',
    'firstName',
    'lastName',
    'email',
    'phone',
    'companyName',
    'dotNumber',
    'mcNumber',
    'businessAddress',
    'city',
    'state',
    'zipCode',
    'password',
    'termsAccepted',
  ]
  if (field === 'username') return 'email'
  if (field === 'effectiveDateString' || field === 'termsVersion') return 'termsAccepted'
  return (known as string[]).includes(field) ? (field as RegistrationField) : null
}
