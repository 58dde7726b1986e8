import type * as React from 'react'
import { Lock } from 'lucide-react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { formatCurrency } from '@/lib/format'
import type { PaymentFailure } from '@/features/payments/utils/outcome'

/** What every card form takes, whatever is being paid for (a booking, a load's funding). */
export type CardFormProps = {
  /** The PaymentIntent's client secret, from the server */
  clientSecret: string
  /** Dollars, shown on the Pay button; the server has priced the intent already */
  amount: number
  /** Runs once the provider accepted the card (Stripe: succeeded, or still processing) */
  onSucceeded: () => void
  /** The way out beside Pay: a link back, or a button that closes a dialog */
  cancel: React.ReactNode
  /** Runs after an attempt failed, so the caller can read the payment's state again */
  onFailed?: () => void
}

/** Cancel and `Pay $1,234.00`, stacked full width on a phone, side by side from `sm`. */
export function PayActions({
  amount,
  cancel,
  disabled,
  processing,
}: {
  amount: number
  cancel: React.ReactNode
  disabled: boolean
  processing: boolean
}) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      {cancel}
      <Button type="submit" disabled={disabled || processing}>
        <Lock className="h-4 w-4" aria-hidden="true" />
        {processing ? 'Processing...' : `Pay ${formatCurrency(amount)}`}
      </Button>
    </div>
  )
}

/**
 * The last attempt's failure, kept on the form above Pay until the next attempt (a toast went
 * away in 8 seconds): what happened and what to do now (docs/decisions/0189).
 */
export function PaymentFailureAlert({ failure }: { failure: PaymentFailure | null }) {
  if (!failure) return null
  return (
    <Alert variant="error" title={failure.title}>
      <p>{failure.message}</p>
      <p className="mt-1">{failure.next}</p>
    </Alert>
  )
}
