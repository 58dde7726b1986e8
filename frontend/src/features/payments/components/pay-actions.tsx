import type * as React from 'react'
import { Lock } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { formatCurrency } from '@/lib/format'

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
