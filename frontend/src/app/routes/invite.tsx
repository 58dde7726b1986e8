import { useParams } from 'react-router-dom'
import { AuthShell } from '@/features/auth/components/auth-shell'
import { AcceptInviteForm } from '@/features/auth/components/accept-invite-form'

/** The page a company invite link opens: `/invite/:token` (decision 0223). */
export default function InviteRoute() {
  const { token = '' } = useParams()
  return (
    <AuthShell title="Join your company" description="Set up your own PalletLine login">
      <AcceptInviteForm token={token} />
    </AuthShell>
  )
}
