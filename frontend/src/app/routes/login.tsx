import { Link } from '@/components/ui/link'
import { paths } from '@/config/paths'
import { AuthShell } from '@/features/auth/components/auth-shell'
import { SignInForm } from '@/features/auth/components/sign-in-form'

export default function LoginRoute() {
  return (
    <AuthShell
      title="Welcome back"
      description="Sign in to your PalletLine account"
      footer={
        <div className="space-y-2">
          <p>
            Don't have an account?{' '}
            <Link
              to={paths.register.getHref()}
              className="font-medium text-brand-700 hover:underline"
            >
              Create one
            </Link>
          </p>
          <p>
            Having trouble signing in?{' '}
            <Link
              to={paths.contact.getHref()}
              className="font-medium text-brand-700 hover:underline"
            >
              Contact support
            </Link>
          </p>
        </div>
      }
    >
      <SignInForm />
    </AuthShell>
  )
}
