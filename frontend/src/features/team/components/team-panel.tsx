import * as React from 'react'
import { MailPlus, Users } from 'lucide-react'
import { LoadStates } from '@/components/load-states'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { FormField } from '@/components/ui/form-field'
import { NativeSelect } from '@/components/ui/native-select'
import { TextField } from '@/components/ui/text-field'
import { toast } from '@/components/ui/use-toast'
import { fieldErrorsOf, serverMessage } from '@/lib/api-errors'
import { formatDate } from '@/lib/format'
import {
  ROLES,
  changeMemberRole,
  inviteMember,
  removeMember,
  roleLabel,
  useCompany,
  useCompanyInvites,
  withdrawInvite,
  type Company,
  type CompanyInvite,
  type CompanyMember,
  type CompanyRole,
} from '@/features/team/api/team'

const nameOf = (m: CompanyMember) => [m.firstName, m.lastName].filter(Boolean).join(' ') || m.email

/**
 * The company's team, for its owners (issue 35, decision 0223): the members and their roles,
 * an invite by email, the invites waiting, and removal after a confirmation. `personId` is the
 * signed-in login (shown as "you").
 */
export function TeamPanel({ personId }: { personId: number }) {
  const company = useCompany()
  const invites = useCompanyInvites()
  const [removing, setRemoving] = React.useState<CompanyMember | null>(null)
  const [withdrawing, setWithdrawing] = React.useState<CompanyInvite | null>(null)
  const [busy, setBusy] = React.useState(false)

  const setRole = async (member: CompanyMember, role: CompanyRole) => {
    try {
      await changeMemberRole(member.id, role)
      toast({ variant: 'success', title: `${nameOf(member)} is now ${roleLabel(role)}` })
    } catch (err) {
      toast({
        variant: 'destructive',
        title: 'Role not changed',
        description: serverMessage(err, 'Try again.'),
      })
    } finally {
      await company.mutate()
    }
  }

  const remove = async (member: CompanyMember) => {
    setBusy(true)
    try {
      await removeMember(member.id)
      toast({ variant: 'success', title: `${nameOf(member)} was removed` })
      setRemoving(null)
    } catch (err) {
      toast({
        variant: 'destructive',
        title: 'Member not removed',
        description: serverMessage(err, 'Try again.'),
      })
    } finally {
      setBusy(false)
      await company.mutate()
    }
  }

  const withdraw = async (invite: CompanyInvite) => {
    setBusy(true)
    try {
      await withdrawInvite(invite.id)
      toast({ variant: 'success', title: `The invite to ${invite.email} was withdrawn` })
      setWithdrawing(null)
    } catch (err) {
      toast({
        variant: 'destructive',
        title: 'Invite not withdrawn',
        description: serverMessage(err, 'Try again.'),
      })
    } finally {
      setBusy(false)
      await invites.mutate()
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Team</CardTitle>
        <CardDescription>
          Everyone here signs in with their own login and works for the company within their role.
          Only owners manage the team.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <LoadStates
          query={company}
          loadingLabel="Loading the team"
          errorTitle="Could not load the team"
          empty={{ icon: Users, title: 'No members yet' }}
        >
          {(data) => (
            <>
              <ul
                aria-label="Members"
                className="divide-y divide-slate-200 rounded-md border border-slate-200"
              >
                {data.members.map((member) => (
                  <MemberRow
                    key={member.id}
                    kind={data.kind}
                    member={member}
                    isYou={member.userId === personId}
                    onRole={(role) => void setRole(member, role)}
                    onRemove={() => setRemoving(member)}
                  />
                ))}
              </ul>
              <InviteForm kind={data.kind} onInvited={() => void invites.mutate()} />
            </>
          )}
        </LoadStates>
        <InviteList query={invites} onWithdraw={setWithdrawing} />
      </CardContent>
      <ConfirmDialog
        open={removing != null}
        title={`Remove ${removing ? nameOf(removing) : 'this member'}?`}
        description="Their login stops working at once: every browser they are signed in on is signed out and their API tokens are revoked. This cannot be undone; invite them again to bring them back."
        confirmLabel="Remove member"
        busyLabel="Removing..."
        cancelLabel="Keep member"
        busy={busy}
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(null)}
      />
      <ConfirmDialog
        open={withdrawing != null}
        title={`Withdraw the invite to ${withdrawing?.email ?? 'this address'}?`}
        description="The link in the mail stops working. This cannot be undone; send a new invite if you change your mind."
        confirmLabel="Withdraw invite"
        busyLabel="Withdrawing..."
        cancelLabel="Keep invite"
        busy={busy}
        onConfirm={() => withdrawing && void withdraw(withdrawing)}
        onCancel={() => setWithdrawing(null)}
      />
    </Card>
  )
}

function MemberRow({
  kind,
  member,
  isYou,
  onRole,
  onRemove,
}: {
  kind: Company['kind']
  member: CompanyMember
  isYou: boolean
  onRole: (role: CompanyRole) => void
  onRemove: () => void
}) {
  const selectId = `member-role-${member.id}`
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          <span className="break-all">{nameOf(member)}</span>
          {isYou ? <Badge variant="secondary">You</Badge> : null}
        </p>
        <p className="break-all text-sm text-slate-700">
          {member.email} · joined {formatDate(member.joinedAt)}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={selectId} className="sr-only">
          Role of {nameOf(member)}
        </label>
        <NativeSelect
          id={selectId}
          value={member.role}
          className="w-40"
          onChange={(e) => onRole(e.target.value as CompanyRole)}
        >
          {ROLES[kind].map((role) => (
            <option key={role.value} value={role.value}>
              {role.label}
            </option>
          ))}
        </NativeSelect>
        <Button
          variant="outline"
          size="sm"
          onClick={onRemove}
          aria-label={`Remove ${nameOf(member)}`}
        >
          Remove
        </Button>
      </div>
    </li>
  )
}

function InviteForm({ kind, onInvited }: { kind: Company['kind']; onInvited: () => void }) {
  const roles = ROLES[kind].filter((r) => r.value !== 'owner')
  const [email, setEmail] = React.useState('')
  const [role, setRole] = React.useState<CompanyRole>(roles[0].value)
  const [errors, setErrors] = React.useState<Record<string, string>>({})
  const [saving, setSaving] = React.useState(false)

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) {
      setErrors({ email: 'Invalid email address' })
      document.getElementById('invite-email')?.focus()
      return
    }
    setSaving(true)
    setErrors({})
    try {
      const invite = await inviteMember({ email: email.trim(), role })
      toast({
        variant: 'success',
        title: 'Invite sent',
        description: `${invite.email} has 7 days to join as ${roleLabel(invite.role)}.`,
      })
      setEmail('')
      onInvited()
    } catch (err) {
      const fields = fieldErrorsOf(err)
      if (Object.keys(fields).length > 0) setErrors(fields)
      else setErrors({ email: serverMessage(err, 'The invite was not sent. Try again.') })
    } finally {
      setSaving(false)
    }
  }

  const chosen = roles.find((r) => r.value === role)
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Invite a member"
      className="grid gap-3 rounded-md border border-slate-200 p-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start"
    >
      <TextField
        id="invite-email"
        label="Email"
        type="email"
        autoComplete="off"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
      />
      <FormField id="invite-role" label="Role" error={errors.role} hint={chosen?.does}>
        <NativeSelect
          id="invite-role"
          value={role}
          onChange={(e) => setRole(e.target.value as CompanyRole)}
          aria-invalid={errors.role ? true : undefined}
        >
          {roles.map((r) => (
            <option key={r.value} value={r.value}>
              {r.label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <Button type="submit" className="sm:mt-7" disabled={saving}>
        <MailPlus className="mr-2 h-4 w-4" aria-hidden="true" />
        {saving ? 'Sending...' : 'Send invite'}
      </Button>
    </form>
  )
}

function InviteList({
  query,
  onWithdraw,
}: {
  query: ReturnType<typeof useCompanyInvites>
  onWithdraw: (invite: CompanyInvite) => void
}) {
  return (
    <section aria-labelledby="invites-heading" className="space-y-2">
      <h3 id="invites-heading" className="text-sm font-semibold text-slate-900">
        Invites
      </h3>
      <LoadStates
        query={query}
        loadingLabel="Loading invites"
        errorTitle="Could not load the invites"
        empty={{ icon: MailPlus, title: 'No invites sent yet' }}
      >
        {(data) => (
          <ul
            aria-label="Invites"
            className="divide-y divide-slate-200 rounded-md border border-slate-200"
          >
            {data.map((invite) => (
              <li
                key={invite.id}
                className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
              >
                <div className="min-w-0">
                  <p className="break-all font-medium text-slate-900">{invite.email}</p>
                  <p className="text-sm text-slate-700">
                    {roleLabel(invite.role)} ·{' '}
                    {invite.status === 'pending'
                      ? `link works until ${formatDate(invite.expiresAt)}`
                      : invite.status === 'used'
                        ? 'joined'
                        : 'expired'}
                  </p>
                </div>
                {invite.status === 'pending' ? (
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => onWithdraw(invite)}
                    aria-label={`Withdraw the invite to ${invite.email}`}
                  >
                    Withdraw
                  </Button>
                ) : (
                  <Badge variant="secondary">
                    {invite.status === 'used' ? 'Joined' : 'Expired'}
                  </Badge>
                )}
              </li>
            ))}
          </ul>
        )}
      </LoadStates>
    </section>
  )
}
