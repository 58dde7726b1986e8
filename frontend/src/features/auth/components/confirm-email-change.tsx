import * as React from 'react'
import { useSWRConfig } from 'swr'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Link } from '@/components/ui/link'
import { paths } from '@/config/paths'
import { serverMessage } from '@/lib/api-errors'
import { carrierPayoutHoldKey } from '@/features/auth/api/account-change-hold'
import { confirmEmailChange, emailChangeKey } from '@/features/auth/api/change-email'
import { userKey } from '@/features/auth/api/get-user'
import { useAuth } from '@/features/auth/hooks/use-auth'
import { AuthShell } from '@/features/auth/components/auth-shell'

type Outcome = { kind: 'done'; email: string } | { kind: 'failed'; message: string } | null

const linkClass = 'font-medium text-brand-700 hover:underline'

/**
 * The page the link mailed to a new sign-in email opens (decision 0167). The change applies
 * on a click, not on opening the page, so a mail scanner that opens links changes nothing;
 * the browser need not be signed in (the token proves the address).
 */
export function ConfirmEmailChange({ token }: { token: string | null }) {
  const { user } = useAuth()
  const { mutate } = useSWRConfig()
  const [confirming, setConfirming] = React.useState(false)
  const [outcome, setOutcome] = React.useState<Outcome>(null)

  const confirm = async () => {
    if (!token) return
    setConfirming(true)
    try {
      const { email } = await confirmEmailChange(token)
      setOutcome({ kind: 'done', email })
      // A browser signed in to the account sees the new email, and a carrier's payout hold.
      if (user) {
        void mutate(userKey)
        void mutate(emailChangeKey)
        if (user.role === 'carrier') void mutate(carrierPayoutHoldKey)
      }
    } catch (error) {
      setOutcome({
        kind: 'failed',
        message: serverMessage(error, 'The email could not be changed'),
      })
    } finally {
      setConfirming(false)
    }
  }

  const settingsLink = user ? (
    <Link to={paths.settings.getHref()} className={linkClass}>
      Back to Settings
    </Link>
  ) : (
    <Link to={paths.auth.getHref()} className={linkClass}>
      Sign in
    </Link>
  )

  return (
    <AuthShell
      title="Confirm your new email"
      description="The link we mailed to your new address brought you here."
    >
      <div className="space-y-4">
        {!token ? (
          <Alert variant="error" title="Email not changed">
            This link is incomplete: open the whole link from the mail, or ask for a new link in
            Settings.
          </Alert>
        ) : outcome?.kind === 'done' ? (
          <Alert variant="success" title="Email changed">
            You now sign in with {outcome.email}. A notice went to your previous address.
          </Alert>
        ) : (
          <>
            {outcome?.kind === 'failed' ? (
              <Alert variant="error" title="Email not changed">
                <p>{outcome.message}</p>
                <p>You can ask for a new link in Settings.</p>
              </Alert>
            ) : (
              <p className="text-sm text-slate-700">
                Confirm to make this address the email you sign in with. Until then nothing changes.
              </p>
            )}
            <Button
              type="button"
              className="w-full"
              disabled={confirming}
              onClick={() => void confirm()}
            >
              {confirming ? 'Confirming...' : 'Confirm new email'}
            </Button>
          </>
        )}
        {token && outcome === null ? null : <p className="text-center text-sm">{settingsLink}</p>}
      </div>
    </AuthShell>
  )
}
