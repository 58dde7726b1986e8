import * as React from 'react'
import { Send } from 'lucide-react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { TextAreaField, TextField } from '@/components/ui/text-field'
import { useHydrated } from '@/hooks/use-hydrated'
import { api, isApiError } from '@/lib/api-client'
import { fieldErrorsOf, serverMessage } from '@/lib/api-errors'
import {
  emptyContactMessage,
  validateContact,
  type ContactErrors,
  type ContactMessage,
} from '@/features/contact/utils/validate-contact'

/** How long the thank-you notice stays once the server has the message. */
export const CONTACT_THANKS_MS = 5000

type Status = 'idle' | 'sending' | 'sent'

/**
 * The contact form (docs/decisions/0185): POST /api/contact stores the message, mails it to the
 * operators and confirms it to the sender. The thank-you notice shows only once the server has
 * it; a refusal shows the server's own words (per field for a 422, the wait for a 429). The
 * `website` field is a honeypot: hidden from people and from assistive technology.
 */
export function ContactForm() {
  const [values, setValues] = React.useState<ContactMessage>(emptyContactMessage)
  const [errors, setErrors] = React.useState<ContactErrors>({})
  const [attempted, setAttempted] = React.useState(false)
  const [status, setStatus] = React.useState<Status>('idle')
  const [failure, setFailure] = React.useState<string | null>(null)
  const [website, setWebsite] = React.useState('')
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
    setFailure(null)
    void send()
  }

  const send = async () => {
    try {
      await api.post('/api/contact', {
        name: values.name.trim(),
        email: values.email.trim(),
        company: values.company.trim() || undefined,
        subject: values.subject.trim(),
        message: values.message.trim(),
        ...(website ? { website } : {}),
      })
      setValues(emptyContactMessage)
      setErrors({})
      setAttempted(false)
      setStatus('sent')
      timers.current.push(setTimeout(() => setStatus('idle'), CONTACT_THANKS_MS))
    } catch (error) {
      setStatus('idle')
      const fields = fieldErrorsOf(error) as ContactErrors
      if (Object.keys(fields).length > 0) {
        setErrors(fields)
        setFailure('Please correct the highlighted fields.')
      } else if (isApiError(error) && error.status === 429) {
        setFailure(
          'You have sent several messages in a short time. Please wait a few minutes and try again.'
        )
      } else {
        setFailure(
          serverMessage(error, 'Your message could not be sent. Please try again in a moment.')
        )
      }
    }
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="relative space-y-4"
      aria-label="Contact us"
      inert={!hydrated}
    >
      {status === 'sent' ? (
        <Alert variant="success" title="Thank you for your message!">
          We've received it and will get back to you within 24 hours.
        </Alert>
      ) : null}
      {failure ? (
        <Alert variant="error" title="Your message was not sent">
          {failure}
        </Alert>
      ) : null}
      {/* Honeypot: people never see it; a bot that fills it is answered but not heard. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">Website</label>
        <input
          id="contact-website"
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={website}
          onChange={(event) => setWebsite(event.target.value)}
        />
      </div>
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
