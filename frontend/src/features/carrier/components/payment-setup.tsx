import { useEffect, useRef, useState } from 'react'
import { CheckCircle2, Clock, Wallet } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { LoadError } from '@/components/ui/load-error'
import { Skeleton } from '@/components/ui/skeleton'
import { toast } from '@/components/ui/use-toast'
import { payoutHoldKey } from '@/features/carrier/api/get-payout-hold'
import { carrierPayoutsKey } from '@/features/carrier/api/get-payouts'
import { useStripeStatus, type StripeStatus } from '@/features/carrier/api/get-stripe-status'
import { under, useRefresh } from '@/features/carrier/api/refresh'
import type { PayoutAccountReplaced } from '@/features/carrier/api/replace-payout-account'
import { startStripeOnboarding } from '@/features/carrier/api/start-stripe-onboarding'
import { PayoutHoldNotice } from '@/features/carrier/components/payout-hold-notice'
import { ReplacePayoutAccountDialog } from '@/features/carrier/components/replace-payout-account-dialog'
import { SectionHeader } from '@/features/carrier/components/section-header'
import { serverMessage } from '@/lib/api-errors'
import { formatDateTime } from '@/lib/format'
import { redirectTo } from '@/features/carrier/utils/redirect'

export type PaymentSetupState = 'not_connected' | 'in_progress' | 'complete'

/** Which of the card's three states a provider status is. */
export function paymentSetupState(status: StripeStatus): PaymentSetupState {
  if (!status.connected) return 'not_connected'
  return status.onboardingComplete ? 'complete' : 'in_progress'
}

/**
 * When the status turns to onboarding complete (the first status seen, or a later poll), the
 * server has just paid the payouts it held for the unfinished onboarding (stripe-status pays
 * them), so a cached Payout History is fetched again: the carrier sees Paid without a reload.
 * Cached data is never revalidated on mount, so a plain mutate would not reach it while the
 * Payout History section is not on screen.
 */
function useRefreshPayoutsOnOnboarding(onboardingComplete: boolean | undefined) {
  const refresh = useRefresh()
  const seen = useRef<boolean | undefined>(undefined)
  useEffect(() => {
    if (onboardingComplete === undefined) return
    const before = seen.current
    seen.current = onboardingComplete
    if (onboardingComplete && before !== true) void refresh(under(carrierPayoutsKey))
  }, [onboardingComplete, refresh])
}

/** Payment Setup: connect a payout account at the provider and follow its onboarding. */
export function PaymentSetup() {
  const { data, error, isLoading, isValidating, mutate } = useStripeStatus()
  const [connecting, setConnecting] = useState(false)
  const [replacing, setReplacing] = useState(false)
  const [onboardingUrl, setOnboardingUrl] = useState<string | null>(null)
  const refresh = useRefresh()
  useRefreshPayoutsOnOnboarding(data?.onboardingComplete)

  const onReplaced = ({ url, payoutsHeldUntil }: PayoutAccountReplaced) => {
    setOnboardingUrl(url)
    void mutate()
    void refresh(under(payoutHoldKey))
    toast({
      variant: 'success',
      title: 'Payout account replaced',
      description: `Set up the new account to receive payouts. Payouts are held until ${formatDateTime(payoutsHeldUntil)}; a notice went to the email on your account.`,
    })
  }

  const onConnect = async () => {
    setConnecting(true)
    try {
      const { url } = await startStripeOnboarding()
      redirectTo(url)
    } catch (err) {
      setConnecting(false)
      toast({
        variant: 'destructive',
        title: 'Onboarding Failed',
        description: serverMessage(err, 'Failed to start payment setup'),
      })
    }
  }

  return (
    <div className="space-y-6">
      <SectionHeader
        title="Payment Setup"
        description="Set up a bank account to receive payments from shipments"
      />
      {isLoading ? (
        <Card>
          <CardContent
            className="pt-6"
            role="status"
            aria-busy="true"
            aria-label="Loading payment setup"
          >
            <Skeleton className="h-24 w-full" />
          </CardContent>
        </Card>
      ) : error && !data ? (
        <Card>
          <CardContent className="pt-6">
            <LoadError
              title="Could not load your payment setup"
              error={error}
              onRetry={() => void mutate()}
              retrying={isValidating}
            />
          </CardContent>
        </Card>
      ) : data ? (
        <>
          <PayoutHoldNotice />
          <PaymentSetupCard
            status={data}
            connecting={connecting}
            onConnect={onConnect}
            onReplace={() => setReplacing(true)}
            onboardingUrl={onboardingUrl}
          />
          <ReplacePayoutAccountDialog
            open={replacing}
            onOpenChange={setReplacing}
            onReplaced={onReplaced}
          />
        </>
      ) : null}
    </div>
  )
}

/**
 * The card in one of its three states; `onConnect` starts (or continues) the onboarding,
 * `onReplace` (when given) offers to replace a connected account, and `onboardingUrl` is the
 * link a replacement answered with, used to set up the new account.
 */
export function PaymentSetupCard({
  status,
  connecting,
  onConnect,
  onReplace,
  onboardingUrl,
}: {
  status: StripeStatus
  connecting: boolean
  onConnect: () => void
  onReplace?: () => void
  onboardingUrl?: string | null
}) {
  const state = paymentSetupState(status)

  if (state === 'complete') {
    return (
      <Card aria-label="Payout account">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <CheckCircle2 className="h-5 w-5 text-emerald-600" aria-hidden="true" />
            Payment Setup Complete
          </CardTitle>
          <CardDescription>
            Your bank account is connected. Payouts for your shipments are sent to it.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <p className="text-sm text-slate-700">
            Payouts:{' '}
            <span className="font-medium text-slate-900">
              {status.payoutsEnabled ? 'Enabled' : 'Not yet enabled by the payment provider'}
            </span>
          </p>
          <p className="mt-1 text-sm text-slate-700">
            Paid to:{' '}
            <span className="font-medium text-slate-900" data-testid="payout-destination">
              {status.payoutDestination
                ? `${status.payoutDestination.bankName ?? 'Bank account'} ending in ${status.payoutDestination.last4}`
                : 'Not shown by the payment provider'}
            </span>
          </p>
          {onReplace ? (
            <Button variant="outline" className="mt-4" onClick={onReplace}>
              Replace payout account
            </Button>
          ) : null}
        </CardContent>
      </Card>
    )
  }

  if (state === 'in_progress') {
    return (
      <Card aria-label="Payout account">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Clock className="h-5 w-5 text-amber-600" aria-hidden="true" />
            Setup In Progress
          </CardTitle>
          <CardDescription>
            Your payout account is created but its setup is not finished. Continue where you left
            off to start receiving payouts.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {onboardingUrl ? (
            <Button asChild>
              <a href={onboardingUrl}>Set Up New Account</a>
            </Button>
          ) : (
            <Button onClick={onConnect} disabled={connecting}>
              {connecting ? 'Connecting...' : 'Continue Setup'}
            </Button>
          )}
        </CardContent>
      </Card>
    )
  }

  return (
    <Card aria-label="Payout account">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Wallet className="h-5 w-5 text-slate-500" aria-hidden="true" />
          Connect Your Bank Account
        </CardTitle>
        <CardDescription>
          Connect a bank account through our payment provider to receive your share of each shipment
          once it is delivered.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button onClick={onConnect} disabled={connecting}>
          {connecting ? 'Connecting...' : 'Connect Bank Account'}
        </Button>
      </CardContent>
    </Card>
  )
}
