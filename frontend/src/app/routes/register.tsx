import { Link } from 'react-router-dom'
import { paths } from '@/config/paths'
import { AuthShell } from '@/features/auth/components/auth-shell'
import { RegisterForm } from '@/features/auth/components/register-form'

export default function RegisterRoute() {
  return (
    <AuthShell
      wide
      title="Create your account"
      description="Join PalletLine to ship pallets or fill your trucks"
      footer={
        <p>
          Already have an account?{' '}
          <Link to={paths.login.getHref()} className="font-medium text-brand-700 hover:underline">
            Sign in
          </Link>
        </p>
      }
    >
      <RegisterForm />
    </AuthShell>
  )
}
