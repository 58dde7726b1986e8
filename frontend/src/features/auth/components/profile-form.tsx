import * as React from 'react'
import { Link } from 'react-router-dom'
import { useSWRConfig } from 'swr'
import { Pencil } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { DetailList } from '@/components/detail-list'
import { TextField } from '@/components/ui/text-field'
import { paths } from '@/config/paths'
import { toast } from '@/components/ui/use-toast'
import {
  carrierPayoutHoldKey,
  changeNoticeText,
  payoutHoldAfterChange,
} from '@/features/auth/api/account-change-hold'
import { userKey, type User } from '@/features/auth/api/get-user'
import { updateProfile } from '@/features/auth/api/update-profile'
import { useAuth } from '@/features/auth/hooks/use-auth'
import {
  toProfileInput,
  validateProfile,
  type ProfileErrors,
  type ProfileField,
  type ProfileValues,
} from '@/features/auth/utils/profile'
import { isApiError } from '@/lib/api-client'
import { formatDate } from '@/lib/format'

const FIELDS: ProfileField[] = ['firstName', 'lastName', 'phone']

/**
 * The person signed in: a company member's own name, email and phone (decision 0223: the user
 * is the company's account, `member` the login that acts as it), else the user's.
 */
const personOf = (user: User) =>
  user.member
    ? {
        firstName: user.member.firstName,
        lastName: user.member.lastName,
        phone: user.member.phone,
        email: user.member.email,
        username: user.member.email,
      }
    : user

const valuesOf = (user: User): ProfileValues => {
  const person = personOf(user)
  return {
    firstName: person.firstName ?? '',
    lastName: person.lastName ?? '',
    phone: person.phone ?? '',
  }
}

const roleName = (role: string) => (role ? `${role[0].toUpperCase()}${role.slice(1)}` : 'User')

/**
 * Profile: the signed-in account, and its name and phone edited in place. Email and username
 * are the sign-in names: the email changes in Settings with the password (docs/decisions/0099).
 */
export function ProfileForm({
  title = 'Profile',
  description = 'Your account details.',
}: {
  title?: string
  description?: string
}) {
  const { user } = useAuth()
  const { mutate } = useSWRConfig()
  const [editing, setEditing] = React.useState(false)
  const [values, setValues] = React.useState<ProfileValues>(() =>
    user ? valuesOf(user) : { firstName: '', lastName: '', phone: '' }
  )
  const [errors, setErrors] = React.useState<ProfileErrors>({})
  const [saving, setSaving] = React.useState(false)
  const editButton = React.useRef<HTMLButtonElement>(null)
  const opened = React.useRef(false)
  React.useEffect(() => {
    // Keyboard and screen-reader users land in the form on open and back on Edit on close.
    if (editing) document.getElementById('profile-firstName')?.focus()
    else if (opened.current) editButton.current?.focus()
    opened.current = editing
  }, [editing])
  if (!user) return null

  const startEditing = () => {
    setValues(valuesOf(user))
    setErrors({})
    setEditing(true)
  }

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const found = validateProfile(values)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    setSaving(true)
    try {
      const updated = await updateProfile(toProfileInput(values))
      await mutate(userKey, updated, { revalidate: false })
      setEditing(false)
      if ((personOf(updated).phone ?? null) === (personOf(user).phone ?? null)) {
        toast({ variant: 'success', title: 'Profile saved' })
      } else {
        // A new phone is an account change: its owner is told and a carrier's payouts wait (0098).
        const holdState = await payoutHoldAfterChange(updated)
        if (holdState) void mutate(carrierPayoutHoldKey, holdState, { revalidate: false })
        toast({
          variant: 'success',
          title: 'Profile saved',
          description: changeNoticeText(personOf(user).email, holdState?.hold?.endsAt ?? null),
        })
      }
    } catch (err) {
      const fieldErrors: ProfileErrors = {}
      if (isApiError(err)) {
        for (const e of err.fieldErrors) {
          if ((FIELDS as string[]).includes(e.field))
            fieldErrors[e.field as ProfileField] = e.message
        }
      }
      setErrors(fieldErrors)
      if (Object.keys(fieldErrors).length === 0) {
        toast({
          variant: 'destructive',
          title: 'Profile not saved',
          description: err instanceof Error ? err.message : String(err),
        })
      }
    } finally {
      setSaving(false)
    }
  }

  const person = personOf(user)
  const name = [person.firstName, person.lastName].filter(Boolean).join(' ') || person.username
  const rows: [string, string][] = [
    ['Name', name],
    ['Username', person.username],
    ['Email', person.email],
    ['Phone', person.phone || 'Not provided'],
    [
      'Account type',
      user.member && user.member.userId !== user.id
        ? `${roleName(user.role)} · ${roleName(user.member.role)} at ${user.member.companyName}`
        : roleName(user.role),
    ],
  ]
  if (user.createdAt) rows.push(['Member since', formatDate(user.createdAt)])
  const field = (id: ProfileField) => ({
    id: `profile-${id}`,
    value: values[id],
    error: errors[id],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
      setValues((v) => ({ ...v, [id]: e.target.value })),
  })

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 space-y-0">
        <div className="space-y-1.5">
          <CardTitle>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        {editing ? null : (
          <Button ref={editButton} variant="outline" size="sm" onClick={startEditing}>
            <Pencil className="h-4 w-4" aria-hidden="true" /> Edit profile
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {editing ? (
          <form noValidate onSubmit={onSubmit} aria-label="Edit profile" className="space-y-4">
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <TextField label="First name" autoComplete="given-name" {...field('firstName')} />
              <TextField label="Last name" autoComplete="family-name" {...field('lastName')} />
            </div>
            <TextField
              label="Phone"
              type="tel"
              autoComplete="tel"
              placeholder="e.g. (312) 555-0100"
              hint="Optional"
              {...field('phone')}
            />
            <div className="space-y-2 rounded-md border border-slate-200 p-4">
              <DetailList
                label="Sign-in details"
                rows={[
                  ['Username', user.username],
                  ['Email', user.email],
                ]}
              />
              <p className="text-sm text-slate-700">
                Change your email address in{' '}
                <Link
                  to={paths.settings.getHref()}
                  className="font-medium text-brand-700 hover:underline"
                >
                  Settings
                </Link>
                , with your password.
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={saving}>
                {saving ? 'Saving...' : 'Save profile'}
              </Button>
              <Button
                type="button"
                variant="outline"
                disabled={saving}
                onClick={() => setEditing(false)}
              >
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <DetailList rows={rows} label="Account details" />
        )}
      </CardContent>
    </Card>
  )
}
