import * as React from 'react'
import useSWR from 'swr'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Link } from '@/components/ui/link'
import { Skeleton } from '@/components/ui/skeleton'
import { TextField } from '@/components/ui/text-field'
import { paths } from '@/config/paths'
import { fieldErrorsOf, serverMessage } from '@/lib/api-errors'
import { isApiError } from '@/lib/api-client'
import { acceptInvite, lookupInvite } from '@/features/auth/api/company-invite'
import { TermsAcceptance } from '@/features/auth/components/terms-acceptance'
import { MESSAGES, PASSWORD_HINT, PASSWORD_MIN_LENGTH } from '@/features/auth/utils/validation'

type Field = 'firstName' | 'lastName' | 'password' | 'termsAccepted'
const ROLE_NAMES: Record<string, string> = {
  owner: 'an owner',
  dispatcher: 'a dispatcher',
  driver: 'a driver',
  accounts: 'accounts',
  planner: 'a planner',
}

/**
 * The page a company invite opens (`/invite/:token`, decision 0223): which company, which role,
 * then the member's own name, password and the terms. The link works once; nobody is signed in
 * by it: the new member signs in with the password they chose.
 */
export function AcceptInviteForm({ token }: { token: string }) {
  const invite = useSWR(['invite', token], () => lookupInvite(token))
  const [values, setValues] = React.useState({
    firstName: '',
    lastName: '',
    password: '',
    termsAccepted: false,
  })
  const [errors, setErrors] = React.useState<Partial<Record<Field, string>>>({})
  const [linkError, setLinkError] = React.useState<string | null>(null)
  const [banner, setBanner] = React.useState<string | null>(null)
  const [joined, setJoined] = React.useState<string | null>(null)
  const [saving, setSaving] = React.useState(false)

  if (invite.isLoading) {
    return (
      <div aria-busy="true" aria-label="Loading the invite" className="space-y-3">
        <Skeleton className="h-6 w-3/4" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    )
  }
  const refusedLink =
    linkError ??
    (invite.error
      ? isApiError(invite.error) && (invite.error.status === 404 || invite.error.status === 422)
        ? (fieldErrorsOf(invite.error).token ??
          serverMessage(invite.error, 'This invite link is not valid'))
        : null
      : null)
  if (invite.error && !refusedLink) {
    return (
      <Alert variant="error" title="The invite could not be loaded">
        <p>{serverMessage(invite.error, 'Check your connection and try again.')}</p>
        <p>
          <Button variant="outline" size="sm" onClick={() => void invite.mutate()}>
            Try again
          </Button>
        </p>
      </Alert>
    )
  }
  if (refusedLink) {
    return (
      <Alert variant="error" title="This invite cannot be used">
        <p>{refusedLink}</p>
        <p>Ask the company’s owner to send you a new invite.</p>
      </Alert>
    )
  }
  if (joined) {
    return (
      <div className="space-y-4">
        <Alert variant="success" title="You have joined">
          Your login {joined} is ready. Sign in with the password you chose.
        </Alert>
        <Button asChild className="w-full">
          <Link to={paths.login.getHref()}>Sign in</Link>
        </Button>
      </div>
    )
  }
  const offer = invite.data!

  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) =>
    setValues((v) => ({ ...v, [key]: value }))

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setBanner(null)
    const found: Partial<Record<Field, string>> = {}
    if (values.firstName.trim().length < 2)
      found.firstName = 'First name must be at least 2 characters'
    if (values.lastName.trim().length < 2)
      found.lastName = 'Last name must be at least 2 characters'
    if (values.password.length < PASSWORD_MIN_LENGTH) found.password = MESSAGES.passwordTooShort
    if (!values.termsAccepted) found.termsAccepted = 'You must accept the User Agreement'
    setErrors(found)
    const first = (['firstName', 'lastName', 'password', 'termsAccepted'] as Field[]).find(
      (f) => found[f]
    )
    if (first) {
      document.getElementById(`invite-${first}`)?.focus()
      return
    }
    setSaving(true)
    try {
      const made = await acceptInvite(token, {
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        password: values.password,
        termsAccepted: true,
      })
      setJoined(made.email)
    } catch (err) {
      const fields = fieldErrorsOf(err)
      if (fields.token) setLinkError(fields.token)
      else if (Object.keys(fields).length > 0) setErrors(fields)
      else setBanner(serverMessage(err, 'You could not join yet. Try again.'))
    } finally {
      setSaving(false)
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Join the company" className="space-y-4">
      <p className="text-sm text-slate-700">
        <strong className="text-slate-900">{offer.companyName}</strong> invites{' '}
        <strong className="break-all text-slate-900">{offer.email}</strong> to join as{' '}
        {ROLE_NAMES[offer.role] ?? offer.role}. You sign in with this address and a password of your
        own.
      </p>
      {banner ? <Alert variant="error">{banner}</Alert> : null}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          id="invite-firstName"
          label="First name"
          autoComplete="given-name"
          value={values.firstName}
          onChange={(e) => set('firstName', e.target.value)}
          error={errors.firstName}
        />
        <TextField
          id="invite-lastName"
          label="Last name"
          autoComplete="family-name"
          value={values.lastName}
          onChange={(e) => set('lastName', e.target.value)}
          error={errors.lastName}
        />
      </div>
      <TextField
        id="invite-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={PASSWORD_HINT}
        value={values.password}
        onChange={(e) => set('password', e.target.value)}
        error={errors.password}
      />
      <TermsAcceptance
        id="invite-termsAccepted"
        checked={values.termsAccepted}
        onChange={(checked) => set('termsAccepted', checked)}
        error={errors.termsAccepted}
      />
      <Button type="submit" className="w-full" disabled={saving}>
        {saving ? 'Joining...' : `Join ${offer.companyName}`}
      </Button>
    </form>
  )
}
