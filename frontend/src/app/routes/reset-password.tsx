import { useSearchParams } from 'react-router-dom'
import { AuthShell } from '@/features/auth/components/auth-shell'
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form'

/** The page a password reset link opens: `/reset-password?token=...` (decision 0216). */
export default function ResetPasswordRoute() {
  const [params] = useSearchParams()
  return (
    <AuthShell title="Set a new password" description="Choose the password you will sign in with">
      <ResetPasswordForm token={params.get('token') || null} />
    </AuthShell>
  )
}
