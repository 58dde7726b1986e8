import { Badge } from '@/components/ui/badge'
import { formatDateTime } from '@/lib/format'
import type { AdminUser, AdminUserAction } from '@/features/admin/api/user-management'

type Variant = 'success' | 'warning' | 'destructive' | 'secondary' | 'info' | 'default'

const ROLE: Record<string, { text: string; variant: Variant }> = {
  shipper: { text: 'Shipper', variant: 'info' },
  carrier: { text: 'Carrier', variant: 'default' },
  admin: { text: 'Admin', variant: 'secondary' },
}

const APPROVAL: Record<AdminUser['approval'], { text: string; variant: Variant }> = {
  approved: { text: 'Approved', variant: 'success' },
  pending: { text: 'Pending', variant: 'warning' },
  rejected: { text: 'Rejected', variant: 'secondary' },
}

const STANDING: Record<AdminUser['standing'], { text: string; variant: Variant }> = {
  active: { text: 'Active', variant: 'success' },
  suspended: { text: 'Suspended', variant: 'destructive' },
  locked: { text: 'Locked', variant: 'warning' },
}

export function RoleBadge({ role }: { role: string }) {
  const shown = ROLE[role] ?? { text: role, variant: 'secondary' as const }
  return <Badge variant={shown.variant}>{shown.text}</Badge>
}

export function ApprovalBadge({ approval }: { approval: AdminUser['approval'] }) {
  const shown = APPROVAL[approval]
  return <Badge variant={shown.variant}>{shown.text}</Badge>
}

/** Active, suspended or locked; a lock says when it ends by itself. */
export function StandingBadge({ user }: { user: AdminUser }) {
  const shown = STANDING[user.standing]
  return (
    <span className="inline-flex flex-col items-start gap-0.5">
      <Badge variant={shown.variant}>{shown.text}</Badge>
      {user.standing === 'locked' && user.lockedUntil ? (
        <span className="text-xs text-slate-600">until {formatDateTime(user.lockedUntil)}</span>
      ) : null}
    </span>
  )
}

/** `short`: "On" or "Off" to the eye, under a Two-factor column heading. */
export function TwoFactorBadge({ on, short = false }: { on: boolean; short?: boolean }) {
  return (
    <Badge variant={on ? 'success' : 'secondary'} className="normal-case">
      <span className={short ? 'sr-only' : undefined}>2FA&nbsp;</span>
      {short ? (on ? 'On' : 'Off') : on ? 'on' : 'off'}
    </Badge>
  )
}

/** The name the screens show: "Ada Admin", or the email when the account has no name. */
export const userName = (user: Pick<AdminUser, 'name' | 'email'>) => user.name ?? user.email

/** Each action: its button, what it does, the dialog's button, the toast when it is done. */
export const ACTIONS: Record<
  AdminUserAction,
  {
    label: string
    effect: string
    submit: string
    done: string
    destructive: boolean
    /** the request's line in a list: "Suspend", "Reset two-factor of" */
    verb: string
  }
> = {
  'suspend': {
    label: 'Suspend',
    effect:
      'The account is suspended at once: its browser sessions end and its API tokens are refused. The user is mailed the reason. It can be reinstated.',
    submit: 'Suspend account',
    done: 'Account suspended',
    destructive: true,
    verb: 'Suspend',
  },
  'reinstate': {
    label: 'Reinstate',
    effect: 'The account is approved again and the user is mailed.',
    submit: 'Reinstate account',
    done: 'Account reinstated',
    destructive: false,
    verb: 'Reinstate',
  },
  'reset-two-factor': {
    label: 'Reset two-factor',
    effect:
      'Two-factor sign-in is turned off and every browser session ends; the user sets it up again at the next sign-in. Confirm who is asking before you do this.',
    submit: 'Reset two-factor',
    done: 'Two-factor reset',
    destructive: true,
    verb: 'Reset two-factor of',
  },
  'revoke-sessions': {
    label: 'Revoke sessions',
    effect: 'Every browser session of the account ends at once; the user signs in again.',
    submit: 'Revoke sessions',
    done: 'Sessions revoked',
    destructive: true,
    verb: 'Revoke the sessions of',
  },
  'revoke-tokens': {
    label: 'Revoke API tokens',
    effect:
      'Every API token of the account stops working at once. This cannot be undone: the user creates new tokens.',
    submit: 'Revoke API tokens',
    done: 'API tokens revoked',
    destructive: true,
    verb: 'Revoke the API tokens of',
  },
  'unlock': {
    label: 'Unlock',
    effect: 'The sign-in lock and the failed sign-in counts are cleared; the user can sign in now.',
    submit: 'Unlock account',
    done: 'Account unlocked',
    destructive: false,
    verb: 'Unlock',
  },
  'force-password-reset': {
    label: 'Force password reset',
    effect:
      'The password stops working at once, every browser session ends and every API token is revoked; the user is mailed a link to set a new password (docs/decisions/0216).',
    submit: 'Force password reset',
    done: 'Password reset forced',
    destructive: true,
    verb: 'Force a password reset of',
  },
  'change-email': {
    label: 'Change email',
    effect:
      'Nothing changes yet: the new address is mailed a confirmation link and the change applies when it is followed; the current address is told at once. A carrier’s payouts are held as after any email change.',
    submit: 'Send confirmation link',
    done: 'Confirmation link sent',
    destructive: false,
    verb: 'Change the email of',
  },
}

/** The actions the account's state allows now (the API refuses the others with a 409). */
export function availableActions(user: AdminUser, selfId: number | null): AdminUserAction[] {
  const actions: AdminUserAction[] = []
  if (user.standing === 'suspended') actions.push('reinstate')
  else if (user.approval === 'approved') actions.push('suspend')
  if (user.standing === 'locked') actions.push('unlock')
  if (user.twoFactor && user.id !== selfId) actions.push('reset-two-factor')
  actions.push('revoke-sessions', 'revoke-tokens')
  // One's own password and email are changed in Settings, with the current password.
  if (user.id !== selfId) actions.push('force-password-reset', 'change-email')
  return actions
}
