import * as React from 'react'
import { Send } from 'lucide-react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { TextAreaField, TextField } from '@/components/ui/text-field'
import { useHydrated } from '@/hooks/use-hydrated'
import {
  emptyContactMessage,
  validateContact,
  type ContactErrors,
  type ContactMessage,
} from '@/features/contact/utils/validate-contact'

/** Simulated send time and how long the thank-you notice stays (SPEC point 9). */
export const CONTACT_SEND_MS = 1000
export const CONTACT_THANKS_MS = 5000

type Status = 'idle' | 'sending' | 'sent'

/**
 * The contact form. Sending is simulated on purpose (no request is made): one second of
 * "Sending...", then a thank-you notice for five seconds and an empty form.
 */
export function ContactForm() {
  const [values, setValues] = React.useState<ContactMessage>(emptyContactMessage)
  const [errors, setErrors] = React.useState<ContactErrors>({})
  const [attempted, setAttempted] = React.useState(false)
  const [status, setStatus] = React.useState<Status>('idle')
  const timers = React.useRef<ReturnType<typeof setTimeout>[]>([])
  const hydrated = useHydrated()

  React.useEffect(() => () => timers.current.forEach(clearTimeout), [])

  const set =
    (field: keyof ContactMessage) =>
    (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const next = { ...values, [field]: event.target.value }
      setValues(next)
      if (attempted) setErrors(validateContact(next))
    }

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (status === 'sending') return
    setAttempted(true)
    const found = validateContact(values)
    setErrors(found)
    const first = (Object.keys(emptyContactMessage) as (keyof ContactMessage)[]).find(
      (f) => found[f]
    )
    if (first) {
      document.getElementById(`contact-${first}`)?.focus()
      return
    }
    setStatus('sending')
    timers.current.push(
      setTimeout(() => {
        setValues(emptyContactMessage)
        setErrors({})
        setAttempted(false)
        setStatus('sent')
        timers.current.push(setTimeout(() => setStatus('idle'), CONTACT_THANKS_MS))
      }, CONTACT_SEND_MS)
    )
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="space-y-4"
      aria-label="Contact us"
      inert={!hydrated}
    >
      {status === 'sent' ? (
        <Alert variant="success" title="Thank you for your message!">
          We've received it and will get back to you within 24 hours.
        </Alert>
      ) : null}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          id="contact-name"
          label="Full Name"
          autoComplete="name"
          value={values.name}
          onChange={set('name')}
          error={errors.name}
        />
        <TextField
          id="contact-email"
          label="Email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={set('email')}
          error={errors.email}
        />
      </div>
      <TextField
        id="contact-company"
        label="Company (optional)"
        autoComplete="organization"
        value={values.company}
        onChange={set('company')}
        error={errors.company}
      />
      <TextField
        id="contact-subject"
        label="Subject"
        value={values.subject}
        onChange={set('subject')}
        error={errors.subject}
      />
      <TextAreaField
        id="contact-message"
        label="Message"
        rows={6}
        value={values.message}
        onChange={set('message')}
        error={errors.message}
      />
      <Button type="submit" className="w-full sm:w-auto" disabled={status === 'sending'}>
        <Send className="h-4 w-4" aria-hidden="true" />
        {status === 'sending' ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  )
}
