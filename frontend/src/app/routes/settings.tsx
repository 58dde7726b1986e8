import { WithBackToDashboard } from '@/app/layouts/back-to-dashboard'
import { useUser } from '@/features/auth/api/get-user'
import { ApiTokens } from '@/features/auth/components/api-tokens'
import { ChangeEmailForm } from '@/features/auth/components/change-email-form'
import { ChangePasswordForm } from '@/features/auth/components/change-password-form'
import { TwoFactorSettings } from '@/features/auth/components/two-factor-settings'
import { NotificationPreferences } from '@/features/notifications/components/notification-preferences'

export default function SettingsRoute() {
  const { data: user } = useUser()
  return (
    <WithBackToDashboard>
      <main className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Settings</h1>
        <TwoFactorSettings />
        <ChangeEmailForm />
        <ChangePasswordForm />
        <NotificationPreferences
          email={user?.email}
          canEdit={!user?.member || user.member.role === 'owner'}
        />
        <ApiTokens />
      </main>
    </WithBackToDashboard>
  )
}
