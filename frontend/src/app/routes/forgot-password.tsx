import { Link } from '@/components/ui/link'
import { paths } from '@/config/paths'
import { AuthShell } from '@/features/auth/components/auth-shell'
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form'

export default function ForgotPasswordRoute() {
  return (
    <AuthShell
      title="Forgot your password?"
      description="We will mail you a link to set a new one"
      footer={
        <p>
          Remembered it?{' '}
          <Link to={paths.login.getHref()} className="font-medium text-brand-700 hover:underline">
            Sign in
          </Link>
        </p>
      }
    >
      <ForgotPasswordForm />
    </AuthShell>
  )
}
