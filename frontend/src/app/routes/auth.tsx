import { AuthShell } from '@/features/auth/components/auth-shell'
import { AuthTabs } from '@/features/auth/components/auth-tabs'

export default function AuthRoute() {
  return (
    <AuthShell title="PalletLine" description="Sign in or create an account to get started" wide>
      <AuthTabs />
    </AuthShell>
  )
}
