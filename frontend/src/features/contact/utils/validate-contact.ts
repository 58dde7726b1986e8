export type ContactMessage = {
  name: string
  email: string
  company: string
  subject: string
  message: string
}
export type ContactErrors = Partial<Record<keyof ContactMessage, string>>

export const emptyContactMessage: ContactMessage = {
  name: '',
  email: '',
  company: '',
  subject: '',
  message: '',
}

/** docs/spec.md §5, contact rules. Company is optional. */
export function validateContact(values: ContactMessage): ContactErrors {
  const errors: ContactErrors = {}
  if (!values.name.trim()) errors.name = 'Name is required'
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim()))
    errors.email = 'Please enter a valid email address'
  if (!values.subject.trim()) errors.subject = 'Subject is required'
  if (values.message.trim().length < 10) errors.message = 'Message must be at least 10 characters'
  return errors
}
