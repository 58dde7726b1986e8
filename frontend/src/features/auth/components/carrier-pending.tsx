import { Clock, Mail, Phone, XCircle } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { SUPPORT } from '@/config/support'
import { useAuth } from '@/features/auth/hooks/use-auth'
import { AuthShell } from '@/features/auth/components/auth-shell'

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

/** /carrier-pending: an unapproved carrier waits here; a rejected one learns the outcome. */
export function CarrierPending() {
  const { user, logout, isLoggingOut } = useAuth()
  const rejected = user?.approvalStatus === 'rejected'

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
