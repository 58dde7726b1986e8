import { WithBackToDashboard } from '@/app/layouts/back-to-dashboard'
import { ApiTokens } from '@/features/auth/components/api-tokens'
import { ChangeEmailForm } from '@/features/auth/components/change-email-form'
import { ChangePasswordForm } from '@/features/auth/components/change-password-form'
import { TwoFactorSettings } from '@/features/auth/components/two-factor-settings'

export default function SettingsRoute() {
  return (
    <WithBackToDashboard>
      <main className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Settings</h1>
        <TwoFactorSettings />
        <ChangeEmailForm />
        <ChangePasswordForm />
        <ApiTokens />
      </main>
    </WithBackToDashboard>
  )
}
