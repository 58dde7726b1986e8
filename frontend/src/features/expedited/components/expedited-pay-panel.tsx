import * as React from 'react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import {
  createExpeditedPaymentIntent,
  type ExpeditedPaymentIntent,
} from '@/features/expedited/api/pay-expedited-job'
import type { ExpeditedJob } from '@/features/expedited/api/types'
import { laneOf } from '@/features/expedited/utils/format-expedited'
import { serverMessage } from '@/lib/api-errors'
import { formatCurrency } from '@/lib/format'

export type ExpeditedPaymentFormProps = {
  clientSecret: string
  /** dollars, the job's price as the server charges it */
  amount: number
  onSucceeded: () => void
  onFailed?: () => void
  /** the way out beside Pay */
  cancel: React.ReactNode
}

/** Renders the payments feature's card form; expedited may not import it (app/ composes). */
export type RenderExpeditedPaymentForm = (props: ExpeditedPaymentFormProps) => React.ReactNode

/**
 * Paying a requested job (docs/decisions/0188): the price first, then the card. The job is
 * offered to carriers once the provider confirms the charge; a declined card says why here and
 * on the job, and another card can be tried at once.
 */
export function ExpeditedPayPanel({
  job,
  renderPaymentForm,
  onPaid,
  onFailed,
  onClose,
}: {
  job: ExpeditedJob
  renderPaymentForm: RenderExpeditedPaymentForm
  onPaid: () => void
  onFailed: () => void
  onClose: () => void
}) {
  const [intent, setIntent] = React.useState<ExpeditedPaymentIntent | null>(null)
  const [error, setError] = React.useState<string | null>(null)
  const [attempt, setAttempt] = React.useState(0)
  // The card form says why its own attempt failed: the job's failure is then not said twice.
  const [failedHere, setFailedHere] = React.useState(false)

  React.useEffect(() => {
    let live = true
    setError(null)
    createExpeditedPaymentIntent(job.id)
      .then((answer) => live && setIntent(answer))
      .catch((e) => live && setError(serverMessage(e, 'Could not set up the payment')))
    return () => {
      live = false
    }
  }, [job.id, attempt])

  const later = (
    <Button type="button" variant="outline" onClick={onClose}>
      Pay later
    </Button>
  )
  return (
    <section
      aria-label={`Pay for ${job.reference}`}
      className="space-y-4 rounded-lg border border-slate-200 bg-slate-50 p-4"
    >
      <div>
        <h3 className="font-semibold text-slate-900">
          Pay {job.price !== null ? formatCurrency(job.price) : ''} for {job.reference}
        </h3>
        <p className="text-sm text-slate-600">
          {laneOf(job)}. It is offered to carriers as soon as your payment is confirmed; cancelled
          before pickup or not accepted by its deadline, it is refunded in full.
        </p>
      </div>
      {job.paymentStatus === 'failed' && !failedHere ? (
        <Alert variant="error" title="Payment failed">
          {job.paymentFailure ?? 'The card was not charged.'} Try another card.
        </Alert>
      ) : null}
      {error ? (
        <div className="space-y-2">
          <Alert variant="error">{error}</Alert>
          <Button type="button" variant="outline" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </Button>
        </div>
      ) : intent ? (
        renderPaymentForm({
          clientSecret: intent.clientSecret,
          amount: intent.amount,
          onSucceeded: onPaid,
          onFailed: () => {
            setFailedHere(true)
            onFailed()
          },
          cancel: later,
        })
      ) : (
        <div className="flex items-center gap-3 py-4 text-sm text-slate-600">
          <Spinner className="h-5 w-5" label="Setting up payment" />
          Setting up payment...
        </div>
      )}
    </section>
  )
}
