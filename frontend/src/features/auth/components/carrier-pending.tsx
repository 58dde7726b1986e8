import { Link } from 'react-router-dom'
import { Ban, Clock, Mail, Phone, XCircle } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { SUPPORT } from '@/config/support'
import { useAuth } from '@/features/auth/hooks/use-auth'
import { useAccountStanding } from '@/features/auth/api/standing'
import { AuthShell } from '@/features/auth/components/auth-shell'
import { formatDateTime } from '@/lib/format'

function SupportContact() {
  return (
    <div className="space-y-2 rounded-lg bg-slate-50 p-4 text-left text-sm">
      <p className="font-medium text-slate-900">Need help? Contact our support team:</p>
      <p className="flex items-center gap-2 text-slate-700">
        <Phone className="h-4 w-4 text-brand-500" aria-hidden="true" />
        <a href={SUPPORT.phoneHref} className="hover:underline">
          {SUPPORT.phone}
        </a>
      </p>
      <p className="flex items-center gap-2 text-slate-700">
        <Mail className="h-4 w-4 text-brand-500" aria-hidden="true" />
        <a href={`mailto:${SUPPORT.email}`} className="hover:underline">
          {SUPPORT.email}
        </a>
      </p>
    </div>
  )
}

/**
 * Why a suspended account is suspended (docs/decisions/0186), read from the server: the reason
 * the admin or the re-vetting gave, since when, and how to appeal.
 */
function SuspensionReason() {
  const { data, error, isLoading, mutate, isValidating } = useAccountStanding(true)
  if (isLoading) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading the reason" className="space-y-2">
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
      </div>
    )
  }
  if (error || !data) {
    return (
      <p className="text-sm text-slate-600">
        The reason could not be loaded.{' '}
        <button
          type="button"
          className="font-medium text-brand-700 hover:underline"
          onClick={() => void mutate()}
          disabled={isValidating}
        >
          Try again
        </button>
      </p>
    )
  }
  const suspension = data.suspension
  return (
    <div className="rounded-lg border border-red-200 bg-red-50 p-4 text-left text-sm text-red-900">
      <p className="font-medium">Reason</p>
      <p className="mt-1 whitespace-pre-line" data-testid="suspension-reason">
        {suspension?.reason ?? 'No reason was recorded. Contact us and we will tell you.'}
      </p>
      {suspension ? (
        <p className="mt-2 text-xs text-red-800">Suspended {formatDateTime(suspension.since)}</p>
      ) : null}
    </div>
  )
}

/**
 * /carrier-pending: an unapproved carrier waits here; a rejected one learns the outcome; a
 * suspended one learns that it is suspended, why, and how to appeal.
 */
export function CarrierPending() {
  const { user, logout, isLoggingOut } = useAuth()
  const rejected = user?.approvalStatus === 'rejected'
  const suspended = user?.approvalStatus === 'suspended'

  const signOut = (
    <Button
      variant="outline"
      className="w-full"
      onClick={() => void logout()}
      disabled={isLoggingOut}
    >
      {isLoggingOut ? 'Signing out...' : 'Sign Out'}
    </Button>
  )

  if (suspended) {
    return (
      <AuthShell title="Account Suspended">
        <div className="space-y-5 text-center">
          <Ban className="mx-auto h-12 w-12 text-red-500" aria-hidden="true" />
          <p className="text-slate-700">
            Your carrier account is suspended. While it is suspended your listings are hidden from
            shippers and you cannot take new loads.
          </p>
          <SuspensionReason />
          <p className="text-sm text-slate-600">
            To appeal, or if something has changed, reply to the email we sent you, contact our
            support team, or{' '}
            <Link to="/contact" className="font-medium text-brand-700 hover:underline">
              write to us through the contact form
            </Link>
            .
          </p>
          <SupportContact />
          {signOut}
        </div>
      </AuthShell>
    )
  }

  if (rejected) {
    return (
      <AuthShell title="Application Not Approved">
        <div className="space-y-5 text-center">
          <XCircle className="mx-auto h-12 w-12 text-red-500" aria-hidden="true" />
          <p className="text-slate-700">
            We're sorry: after review, your carrier application was not approved. If you believe
            this is a mistake or your details have changed, please contact our support team.
          </p>
          <SupportContact />
          {signOut}
        </div>
      </AuthShell>
    )
  }

  return (
    <AuthShell title="Account Pending Approval">
      <div className="space-y-5 text-center">
        <Clock className="mx-auto h-12 w-12 text-brand-500" aria-hidden="true" />
        <p className="text-slate-700">
          Thank you for registering as a carrier. Your account is currently under review by our
          admin team.
        </p>
        <p className="text-sm text-slate-600">
          Our team may contact you if we need more information to verify your company. You will
          receive an email as soon as your account has been approved.
        </p>
        <SupportContact />
        {signOut}
      </div>
    </AuthShell>
  )
}
