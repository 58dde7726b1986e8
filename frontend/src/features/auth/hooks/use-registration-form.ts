import type * as React from 'react'
import { useCallback, useMemo, useState } from 'react'
import { isApiError } from '@/lib/api-client'
import { todayInLosAngeles } from '@/lib/calendar-dates'
import type { RegisterInput } from '@/features/auth/api/register'
import {
  emptyRegistration,
  formFieldForServerField,
  validateRegistration,
  type RegistrationErrors,
  type RegistrationField,
  type RegistrationRules,
  type RegistrationValues,
} from '@/features/auth/utils/validation'

const FIELD_ORDER: RegistrationField[] = [
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
  'confirmPassword',
  'termsAccepted',
]

/**
 * State of a registration form (the /register screen and the /auth Sign Up tab): values,
 * client errors (shown once the user has tried to submit, then live), and server field errors
 * (cleared as soon as the field changes).
 */
export function useRegistrationForm(rules: RegistrationRules, idPrefix: string) {
  const [values, setValues] = useState<RegistrationValues>(emptyRegistration)
  const [attempted, setAttempted] = useState(false)
  const [serverErrors, setServerErrors] = useState<RegistrationErrors>({})

  const clientErrors = useMemo(
    () => (attempted ? validateRegistration(values, rules) : {}),
    [attempted, values, rules]
  )

  const setField = useCallback(
    <K extends RegistrationField>(field: K, value: RegistrationValues[K]) => {
      setValues((prev) => ({ ...prev, [field]: value }))
      setServerErrors((prev) => {
        if (!prev[field]) return prev
        const next = { ...prev }
        delete next[field]
        return next
      })
    },
    []
  )

  const errorFor = useCallback(
    (field: RegistrationField) => clientErrors[field] ?? serverErrors[field],
    [clientErrors, serverErrors]
  )

  /** Marks the form as submitted; returns false (and focuses the first bad field) when invalid. */
  const validate = useCallback(() => {
    setAttempted(true)
    const errors = validateRegistration(values, rules)
    const first = FIELD_ORDER.find((field) => errors[field])
    if (first) {
      document.getElementById(`${idPrefix}${first}`)?.focus()
      return false
    }
    return true
  }, [values, rules, idPrefix])

  /** Show a 422's field errors under their fields; returns messages no field could show. */
  const applyServerErrors = useCallback((error: unknown): string[] => {
    if (!isApiError(error)) return []
    const mapped: RegistrationErrors = {}
    const unplaced: string[] = []
    for (const fieldError of error.fieldErrors) {
      const field = formFieldForServerField(fieldError.field)
      if (field && !mapped[field]) mapped[field] = fieldError.message
      else if (!field) unplaced.push(fieldError.message)
    }
    setServerErrors(mapped)
    return unplaced
  }, [])

  const toPayload = useCallback((): RegisterInput => {
    const trim = (v: string) => v.trim()
    const email = trim(values.email)
    const payload: RegisterInput = {
      email,
      password: values.password,
      role: values.role === 'carrier' ? 'carrier' : 'shipper',
      firstName: trim(values.firstName),
      lastName: trim(values.lastName),
      // One sign-in name: the email (the server makes it the username either way).
      username: email,
      termsAccepted: values.termsAccepted,
      effectiveDateString: todayInLosAngeles(),
    }
    if (trim(values.phone)) payload.phone = trim(values.phone)
    if (payload.role === 'carrier') {
      payload.companyName = trim(values.companyName)
      payload.businessAddress = trim(values.businessAddress)
      payload.city = trim(values.city)
      payload.state = values.state
      payload.zipCode = trim(values.zipCode)
      if (trim(values.dotNumber)) payload.dotNumber = trim(values.dotNumber)
      if (trim(values.mcNumber)) payload.mcNumber = trim(values.mcNumber)
    }
    return payload
  }, [values])

  /** A text field's wiring: its id, value, change handler and error, for `<TextField {...}>`. */
  const textField = useCallback(
    (field: TextRegistrationField) => ({
      id: `${idPrefix}${field}`,
      value: values[field],
      onChange: (e: React.ChangeEvent<HTMLInputElement>) => setField(field, e.target.value),
      error: errorFor(field),
    }),
    [values, setField, errorFor, idPrefix]
  )

  return { values, setField, errorFor, textField, validate, applyServerErrors, toPayload }
}

/** The registration fields typed as text (every one but the role and the terms box). */
export type TextRegistrationField = Exclude<RegistrationField, 'role' | 'termsAccepted'>
